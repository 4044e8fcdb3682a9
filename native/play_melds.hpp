// Table melds as the turn's steps change them (issue 19): a meld's cards as laid and each
// position's role, checked and rebuilt exactly as games/hand/melds.py does (analyze, add_card,
// swap; L-10…L-13, L-23, G-5, L-40, L-42, L-66), answering only whether a meld is valid and
// what it is (never the reference's error messages). Used by the native turn search
// (turn_search.hpp).
#pragma once

#include <algorithm>
#include <cstdint>

#include "hand_melds.hpp"

namespace handgame::hand {

// A position's role (melds.py AUTO, NATURAL, WILD, ACE_ONLY); a meld stores resolved roles.
enum Role : int8_t { R_AUTO = 0, R_NATURAL = 1, R_WILD = 2, R_ACE_ONLY = 3 };

constexpr int kMaxMeld = 14;

// melds.Meld: a valid meld (runs ascending, L-13: the positions fix what wild cards stand for)
struct PlayMeld {
    int8_t n = 0;
    int8_t cards[kMaxMeld] = {};
    int8_t roles[kMaxMeld] = {};  // R_NATURAL, R_WILD or R_ACE_ONLY
    bool run = false;
    int8_t suit = -1;  // run: its suit; set: -1
    int8_t rank = 0;   // set: its rank; run: 0
    int8_t start = 0;  // run: the rank of its first position (1..12); set: 0
    int8_t natural_suits = 0;  // set: a bit per suit of its natural cards

    bool wild_at(int i) const { return roles[i] != R_NATURAL; }
    int wilds() const {
        int w = 0;
        for (int i = 0; i < n; ++i) w += wild_at(i);
        return w;
    }
    int wild_bits() const {
        int b = 0;
        for (int i = 0; i < n; ++i)
            if (wild_at(i)) b |= 1 << i;
        return b;
    }
    // Meld.stands_for of a run position: the natural card it plays as
    int stands_for(int i) const { return code_of(start + i, suit); }
    // Meld.is_pair_plus_wild: two equal natural cards and one wild (L-44)
    bool is_pair_plus_wild() const { return !run && n == 3 && wilds() == 1; }
    // values.opening_value (L-30…L-32, G-6, O-3)
    int value(const Config& cf) const {
        return opening_value(cf, run, run ? start : rank, n, wild_bits());
    }
    // Meld.as_ints: what the shortcuts read (turn_checks.hpp)
    TableMeld table_meld() const {
        uint64_t sf = 0;
        if (run)
            for (int i = 0; i < n; ++i)
                if (wild_at(i)) sf |= uint64_t{1} << stands_for(i);
        return TableMeld{run, suit, rank, start, n, wilds(), run ? 0 : natural_suits, sf};
    }
};

inline int card_rank(int c) { return c >= 52 ? 0 : c % 13 + 1; }  // Card.rank (joker 0)
inline int card_suit(int c) { return c >= 52 ? -1 : c / 13; }     // Card.suit (joker -1)

// melds._analyze: the meld these cards make with these roles (R_AUTO: wild if the card is wild
// this round, else natural); false where the reference raises MeldError.
inline bool analyze(const Config& cf, const int8_t* cards, int n, const int8_t* roles_in,
                    PlayMeld& out) {
    if (n < 3 || n > kMaxMeld) return false;                   // L-11, L-12
    if (cf.max_meld_size && n > cf.max_meld_size) return false;  // option max_meld_size
    int nat_pos[kMaxMeld], nat_card[kMaxMeld], nn = 0;
    int n_wild = 0;
    bool ace_only = false;
    for (int i = 0; i < n; ++i) {
        int c = cards[i];
        int role = roles_in[i];
        if (role == R_AUTO) role = c == cf.wild ? R_WILD : R_NATURAL;
        out.cards[i] = static_cast<int8_t>(c);
        out.roles[i] = static_cast<int8_t>(role);
        if (role == R_WILD || role == R_ACE_ONLY) {
            ++n_wild;
            ace_only = ace_only || role == R_ACE_ONLY;
        } else {
            nat_pos[nn] = i;
            nat_card[nn++] = c != cf.wild ? natural(cf, c) : c;
        }
    }
    if (!wild_limit_ok(cf, n, n_wild)) return false;  // L-23, G-5
    for (int j = 0; j < nn; ++j)
        if (nat_card[j] >= 52) return false;  // L-21: a joker that is not wild
    if (!nn) return false;
    out.n = static_cast<int8_t>(n);
    bool one_rank = true, one_suit = true;
    for (int j = 1; j < nn; ++j) {
        one_rank = one_rank && card_rank(nat_card[j]) == card_rank(nat_card[0]);
        one_suit = one_suit && card_suit(nat_card[j]) == card_suit(nat_card[0]);
    }
    if (one_rank && n <= 4) {  // melds._as_set (L-12): distinct suits
        int suits = 0;
        bool distinct = true;
        for (int j = 0; j < nn; ++j) {
            int bit = 1 << card_suit(nat_card[j]);
            distinct = distinct && !(suits & bit);
            suits |= bit;
        }
        if (distinct) {
            int rank = card_rank(nat_card[0]);
            if (ace_only && rank != 1) return false;  // L-66: the taken joker only as an ace
            out.run = false;
            out.suit = -1;
            out.rank = static_cast<int8_t>(rank);
            out.start = 0;
            out.natural_suits = static_cast<int8_t>(suits);
            return true;
        }
    }
    if (!one_suit || n > 13) return false;
    // melds._as_run (L-11, L-13): the first natural card fixes the start (an ace low or high)
    int r0 = card_rank(nat_card[0]);
    int starts[2] = {r0 - nat_pos[0], 14 - nat_pos[0]};
    int n_starts = r0 == 1 ? 2 : 1;
    if (r0 == 1) starts[0] = 1 - nat_pos[0];
    for (int k = 0; k < n_starts; ++k) {
        int start = starts[k];
        if (start < 1 || start + n - 1 > 14) continue;
        bool ok = true;
        for (int j = 0; j < nn && ok; ++j) {
            int r = start + nat_pos[j];
            int cr = card_rank(nat_card[j]);
            ok = (cr == 1 && r == 14 ? 14 : cr) == r;
        }
        if (!ok) continue;
        for (int i = 0; i < n; ++i)
            if (out.roles[i] == R_ACE_ONLY && start + i != 1 && start + i != 14) return false;
        out.run = true;
        out.suit = static_cast<int8_t>(card_suit(nat_card[0]));
        out.rank = 0;
        out.start = static_cast<int8_t>(start);
        out.natural_suits = 0;
        return true;
    }
    return false;
}

// melds.add_card with role AUTO: the meld with card laid off at end (-1 none named, 0 low,
// 1 high; L-10, L-42); false where the reference raises.
inline bool add_card(const Config& cf, const PlayMeld& m, int card, int end, PlayMeld& out) {
    int8_t cards[kMaxMeld + 1], roles[kMaxMeld + 1];
    int n = m.n;
    if (!m.run) {
        if (n >= 4) return false;  // L-12
        std::copy(m.cards, m.cards + n, cards);
        std::copy(m.roles, m.roles + n, roles);
        cards[n] = static_cast<int8_t>(card);
        roles[n] = R_AUTO;
        return analyze(cf, cards, n + 1, roles, out);
    }
    bool is_wild = card == cf.wild;
    int nat = is_wild ? kNone : natural(cf, card);
    int options = 0;  // a bit per end it fits
    int rs[2] = {m.start - 1, m.start + n};
    for (int side = 0; side < 2; ++side) {
        int r = rs[side];
        if (r < 1 || r > 14 || n >= 13) continue;
        if (is_wild || (card_suit(nat) == m.suit && card_rank(nat) == (r == 14 ? 1 : r)))
            options |= 1 << side;
    }
    if (!options) return false;
    if (end < 0) {
        if (options == 3) return false;  // it could go at either end: say which
        end = options == 1 ? 0 : 1;
    }
    if (!(options >> end & 1)) return false;
    int at = end == 0 ? 1 : 0;  // where the old cards start
    std::copy(m.cards, m.cards + n, cards + at);
    std::copy(m.roles, m.roles + n, roles + at);
    cards[end == 0 ? 0 : n] = static_cast<int8_t>(card);
    roles[end == 0 ? 0 : n] = R_AUTO;
    return analyze(cf, cards, n + 1, roles, out);
}

// melds.swap (L-40): natural card(s) put in place of wild card(s); the new meld and the wild
// cards taken (taken[0..*n_taken]); false where the reference raises.
inline bool swap_wild(const Config& cf, const PlayMeld& m, const int* put, int k, PlayMeld& out,
                      int* taken, int* n_taken) {
    if (!m.wilds() || !k) return false;
    for (int j = 0; j < k; ++j)
        if (put[j] == cf.wild) return false;
    *n_taken = 0;
    if (m.run) {
        int8_t cards[kMaxMeld], roles[kMaxMeld];
        std::copy(m.cards, m.cards + m.n, cards);
        std::copy(m.roles, m.roles + m.n, roles);
        for (int j = 0; j < k; ++j) {
            int nat = natural(cf, put[j]);
            int pos = -1;
            for (int i = 0; i < m.n && pos < 0; ++i)
                if (m.wild_at(i) && m.stands_for(i) == nat && roles[i] != R_NATURAL) pos = i;
            if (pos < 0) return false;
            taken[(*n_taken)++] = cards[pos];
            cards[pos] = static_cast<int8_t>(put[j]);
            roles[pos] = R_NATURAL;
        }
        return analyze(cf, cards, m.n, roles, out);
    }
    // a set: every missing suit put, making a natural set of four; all its wild cards taken
    int missing = 15 & ~m.natural_suits, put_suits = 0;
    for (int j = 0; j < k; ++j) {
        int nat = natural(cf, put[j]);
        if (card_rank(nat) != m.rank) return false;
        int bit = card_suit(nat) < 0 ? 16 : 1 << card_suit(nat);
        if (put_suits & bit) return false;  // the sorted suits must equal the missing ones
        put_suits |= bit;
    }
    if (put_suits != missing) return false;
    int8_t cards[kMaxMeld], roles[kMaxMeld];
    int n = 0;
    for (int i = 0; i < m.n; ++i) {
        if (m.wild_at(i)) {
            taken[(*n_taken)++] = m.cards[i];
        } else {
            cards[n] = m.cards[i];
            roles[n++] = R_NATURAL;
        }
    }
    for (int j = 0; j < k && n < kMaxMeld; ++j) {
        cards[n] = static_cast<int8_t>(put[j]);
        roles[n++] = R_NATURAL;
    }
    return analyze(cf, cards, n, roles, out);
}

}  // namespace handgame::hand
