// The turn search in C++ (issue 19): finish.accepts and finish._finishable on an int state,
// answering exactly what the Python reference answers. A position is the hand as a count
// vector, the table as PlayMelds (play_melds.hpp) and the turn's int fields; a step
// (turn._lay, turn._add, turn._swap) updates a copy of it. The shortcuts at every node are
// turn_checks.hpp's (finish._quick_verdict), the new melds hand_melds.hpp's generator. Where
// the reference would answer with something not ported (a restricted taken wild, L-66/O-6,
// needing the general meld generator and the physical copy tracked; a hand beyond the
// packing's limits) the search answers kAsk and the Python reference decides.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include "play_melds.hpp"
#include "turn_checks.hpp"

namespace handgame::hand {

constexpr int kAsk = -2;  // not answered natively: ask the Python reference

// What stays fixed during a turn (read once from the state, games/hand/native.py).
struct TurnRules {
    Config cf;
    int seat = 0;
    int minimum = 0;             // turn.required_minimum (L-63, O-4)
    bool forbidden = false;      // turn.going_out_forbidden is not None (L-67, L-71)
    bool other_one = false;      // L-44 (b): another seat is seen left with one card
    bool laid_before = false;    // the seat laid in an earlier turn (L-86)
    bool two_wilds = false;      // "two-wilds" among the bonuses (O-11)
    bool swap_needs_opening = true;  // L-40, F-8
    bool swap_must_reuse = false;    // O-7
    int taken = kNone;           // the top discard taken this turn (L-62), or -1
    bool taken_from_opened = false;  // its discarder had opened (O-5)
    std::vector<int> owners;     // the table melds' seats at the turn's start
};

// rounds.TurnState and the seat's hand and table: what the steps change.
struct Position {
    int counts[53] = {};
    int n_hand = 0;
    std::vector<PlayMeld> table;
    bool opened = false;
    bool taken_used = false;
    uint64_t laid = 0;  // a bit per meld number laid this turn
    int laid_value = 0;
    bool provisional = false;  // added or swapped before opening: must go out (L-63, L-64)
    bool touched_other = false;
    bool l44_pending = false;
    int reuse_owed = 0;  // O-7
};

// obligations.pickup_owed (L-62, O-5, F-4)
inline bool pickup_owed(const TurnRules& tr, const Position& p) {
    if (tr.taken < 0 || tr.cf.pickup == FREE) return false;
    if (tr.cf.pickup == MUST_MELD) return !p.laid;
    return !p.taken_used;
}

// finish.obligated: something owed that a discard alone would not settle
inline bool obligated(const TurnRules& tr, const Position& p) {
    if (pickup_owed(tr, p)) return true;
    if (!p.opened && (p.laid || p.laid_value || p.provisional)) return true;
    return p.l44_pending || p.reuse_owed > 0;
}

// turn.turn_problem(state, a held card, announce=True, going_out) is None
inline bool discard_ok(const TurnRules& tr, const Position& p, bool going_out) {
    bool out = p.n_hand == 1 || going_out;
    if (out && tr.forbidden) return false;                                         // L-67, L-71
    if (!p.opened && (p.laid || p.laid_value || p.provisional) && !out) return false;  // L-63
    if (pickup_owed(tr, p)) return false;                                          // L-62
    if (p.l44_pending && !out && p.n_hand != 2) return false;                      // L-44
    return p.reuse_owed == 0;                                                      // O-7
}

// turn.two_wilds_problem(state, hand) is None for a hand of two cards (O-11, L-86)
inline bool two_wilds_ok(const TurnRules& tr, const Position& p) {
    if (!tr.two_wilds || p.n_hand != 2 || tr.cf.wild < 0 || p.counts[tr.cf.wild] != 2)
        return false;
    if (tr.laid_before || p.touched_other) return false;
    int melded = 0;
    for (size_t i = 0; i < p.table.size(); ++i) {
        if (!(p.laid >> i & 1)) continue;
        if (p.table[i].wilds()) return false;
        melded += p.table[i].n;
    }
    return melded == 13 && discard_ok(tr, p, true);
}

// What finish._native_turn hands quick_verdict (no restricted taken wild here)
inline Turn turn_of(const TurnRules& tr, const Position& p) {
    Turn t;
    t.opened = p.opened;
    t.minimum = tr.minimum;
    t.forbidden = tr.forbidden;
    t.provisional = p.provisional;
    t.l44_pending = p.l44_pending;
    t.reuse_owed = p.reuse_owed;
    t.owed = pickup_owed(tr, p);
    bool join = tr.cf.pickup == NEW_MELD || tr.cf.pickup == NEW_MELD_OR_ADD;
    t.must = t.owed && tr.taken >= 0 && join ? tr.taken : kNone;
    t.laid_value = p.laid_value;
    t.laid = p.laid != 0;
    t.add_route = tr.cf.pickup == NEW_MELD_OR_ADD && tr.taken_from_opened;
    return t;
}

inline int owner_of(const TurnRules& tr, size_t index) {
    return index < tr.owners.size() ? tr.owners[index] : tr.seat;  // laid this turn
}

// turn._check_cards_left (L-65, L-67, L-71)
inline bool cards_left_ok(const TurnRules& tr, const Position& p) {
    return p.n_hand > 1 || (p.n_hand == 1 && !tr.forbidden);
}

// turn._lay of one meld (L-62, L-63, O-7): false where the reference raises IllegalAction;
// kAsk (-2) beyond what is ported (more than 64 melds on the table)
inline int lay(const TurnRules& tr, Position& p, const int8_t* cards, int n) {
    for (int i = 0; i < n; ++i)
        if (cards[i] < 0 || cards[i] > 52 || --p.counts[cards[i]] < 0) return 0;
    p.n_hand -= n;
    static const int8_t kAuto[kMaxMeld] = {};
    PlayMeld m;
    if (!analyze(tr.cf, cards, n, kAuto, m)) return 0;
    if (p.table.size() >= 64) return kAsk;
    bool uses = false;
    for (int i = 0; i < n; ++i) uses = uses || cards[i] == tr.taken;
    p.laid |= uint64_t{1} << p.table.size();
    p.table.push_back(m);
    p.taken_used = p.taken_used || (tr.taken >= 0 && uses);
    p.reuse_owed = std::max(0, p.reuse_owed - m.wilds());
    if (!p.opened && !p.provisional) {
        p.laid_value += m.value(tr.cf);
        if (p.laid_value >= tr.minimum) p.opened = true;
    }
    return cards_left_ok(tr, p) ? 1 : 0;
}

// turn._add (L-42, L-44, O-5, O-8, L-63, L-64, O-7); end -1 none named, 0 low, 1 high
inline int lay_off(const TurnRules& tr, Position& p, int card, int to, int end) {
    if (card < 0 || card > 52 || !p.counts[card]) return 0;
    if (to < 0 || to >= static_cast<int>(p.table.size())) return 0;
    const PlayMeld old = p.table[to];
    PlayMeld m;
    if (!add_card(tr.cf, old, card, end, m)) return 0;
    bool is_wild = card == tr.cf.wild;
    if (old.is_pair_plus_wild() && !is_wild && !tr.cf.pair_plus_wild_free && !tr.other_one)
        p.l44_pending = true;  // L-44 (b)
    if (tr.taken >= 0 && !p.taken_used && card == tr.taken && tr.cf.pickup == NEW_MELD_OR_ADD &&
        tr.taken_from_opened)
        p.taken_used = true;  // O-5
    bool o8 = tr.cf.pair_plus_wild_free && old.is_pair_plus_wild() && !is_wild;
    bool opened_before = p.opened;
    if (!p.opened && !p.provisional && o8) {  // O-8: counts toward an opening of this turn
        p.laid_value += m.value(tr.cf) - old.value(tr.cf);
        if (p.laid_value >= tr.minimum) p.opened = true;
    }
    p.provisional = p.provisional || (!opened_before && !o8);  // L-63, L-64
    p.touched_other = p.touched_other || owner_of(tr, to) != tr.seat;
    if (is_wild) p.reuse_owed = std::max(0, p.reuse_owed - 1);
    --p.counts[card];
    --p.n_hand;
    p.table[to] = m;
    return cards_left_ok(tr, p) ? 1 : 0;
}

// turn._swap (L-40, F-8, O-7, L-64)
inline int swap_step(const TurnRules& tr, Position& p, const int* put, int k, int at) {
    for (int j = 0; j < k; ++j)
        if (put[j] < 0 || put[j] > 52 || --p.counts[put[j]] < 0) return 0;
    if (at < 0 || at >= static_cast<int>(p.table.size())) return 0;
    PlayMeld m;
    int taken[kMaxMeld], n_taken = 0;
    if (!swap_wild(tr.cf, p.table[at], put, k, m, taken, &n_taken)) return 0;
    p.provisional = p.provisional || (!p.opened && tr.swap_needs_opening);
    p.touched_other = p.touched_other || owner_of(tr, at) != tr.seat;
    if (tr.swap_must_reuse) p.reuse_owed += n_taken;
    for (int j = 0; j < n_taken; ++j) ++p.counts[taken[j]];
    p.n_hand += n_taken - k;
    p.table[at] = m;
    return cards_left_ok(tr, p) ? 1 : 0;
}

// finish._finishable with its memo (answers by the whole search key; a position's hopeless and
// finishable marks), for one turn: the rules fixed, the positions those of this turn.
struct TurnSearch {
    const TurnRules& tr;
    std::unordered_map<std::string, bool> memo;
    std::unordered_map<std::string, char> marks;  // 'h' hopeless, 'f' finishable
    bool asked = false;  // an answer needed the reference: nothing of this search is kept

    explicit TurnSearch(const TurnRules& rules) : tr(rules) {}

    static void put(std::string& s, int v) { s.push_back(static_cast<char>(v)); }

    // every field an answer depends on (the rules are the search's own)
    std::string position_key(const Position& p, bool no_out) const {
        std::string s;
        s.reserve(64 + 32 * p.table.size());
        for (int c = 0; c < 53; ++c) put(s, p.counts[c]);
        for (const PlayMeld& m : p.table) {
            put(s, m.n);
            s.append(reinterpret_cast<const char*>(m.cards), m.n);
            s.append(reinterpret_cast<const char*>(m.roles), m.n);
        }
        put(s, 100);
        s.append(reinterpret_cast<const char*>(&p.laid), sizeof p.laid);
        s.append(reinterpret_cast<const char*>(&p.laid_value), sizeof p.laid_value);
        s.append(reinterpret_cast<const char*>(&p.reuse_owed), sizeof p.reuse_owed);
        put(s, p.opened | p.taken_used << 1 | p.provisional << 2 | p.touched_other << 3 |
                   p.l44_pending << 4 | no_out << 5);
        return s;
    }

    // 1 finishable, 0 not, kAsk; last_meld: the cards of the last new meld (canonical order)
    int finishable(const Position& p, int stage, const std::vector<int8_t>& last_meld,
                   int last_add, bool no_out) {
        if (p.n_hand && discard_ok(tr, p, false)) return 1;
        if (p.n_hand == 2 && two_wilds_ok(tr, p)) return 1;  // O-11
        std::string pos = position_key(p, no_out);
        std::string key = pos;
        put(key, stage);
        put(key, last_add);
        key.append(reinterpret_cast<const char*>(last_meld.data()), last_meld.size());
        auto got = memo.find(key);
        if (got != memo.end()) return got->second;
        bool unrestricted = stage == 0 && last_meld.empty() && last_add == 0;
        auto mark = marks.find(pos);
        char seen = mark == marks.end() ? 0 : mark->second;
        if (seen == 'h') return memo[key] = false;
        if (unrestricted && seen == 'f') return memo[key] = true;
        memo[key] = false;
        std::vector<TableMeld> table;
        table.reserve(p.table.size());
        for (const PlayMeld& m : p.table) table.push_back(m.table_meld());
        int verdict = quick_verdict(tr.cf, p.counts, table, turn_of(tr, p), stage, no_out);
        if (verdict == -2) return ask();
        if (verdict >= 0) {
            memo[key] = verdict;
            if (verdict) marks[pos] = 'f';
            else if (unrestricted) marks[pos] = 'h';
            return verdict;
        }
        int found = steps(p, stage, last_meld, last_add);
        if (found == kAsk) return kAsk;
        if (found) {
            memo[key] = true;
            marks[pos] = 'f';
            return 1;
        }
        if (unrestricted) marks[pos] = 'h';
        return 0;
    }

    int ask() {
        asked = true;
        return kAsk;
    }

    // one step tried from p, then the search on (1 found, 0 not, kAsk)
    int try_step(const Position& next, int ok, int stage, const std::vector<int8_t>& last_meld,
                 int last_add) {
        if (ok == kAsk) return ask();
        if (!ok) return 0;
        return finishable(next, stage, last_meld, last_add, false);
    }

    // the steps in the canonical order (finish._finishable): swaps first, then new melds in
    // ascending order of their cards, then lay-offs by ascending meld number
    int steps(const Position& p, int stage, const std::vector<int8_t>& last_meld,
              int last_add) {
        const Config& cf = tr.cf;
        int got;
        for (size_t i = 0; i < p.table.size() && stage == 0; ++i) {
            got = swaps(p, static_cast<int>(i), last_meld, last_add);
            if (got) return got;
        }
        if (stage <= 1) {
            std::vector<Meld> melds;
            candidates(cf, p.counts, kNone, 0, melds);
            for (const Meld& m : melds) {
                std::vector<int8_t> cards(m.cards.begin(), m.cards.begin() + m.n);
                if (cards < last_meld) continue;
                Position next = p;
                got = try_step(next, lay(tr, next, cards.data(), m.n), 1, cards, last_add);
                if (got) return got;
            }
        }
        for (size_t i = static_cast<size_t>(last_add); i < p.table.size(); ++i) {
            TableMeld tm = p.table[i].table_meld();
            int to = static_cast<int>(i);
            for (int c = 0; c < 53; ++c) {
                if (!p.counts[c]) continue;
                if (c != cf.wild) {  // candidates.step_candidates: by suit or by rank
                    int nat = natural(cf, c);
                    if (nat >= 52 || (tm.run ? nat / 13 != tm.suit : nat % 13 + 1 != tm.rank))
                        continue;
                }
                int ends = fitting_ends(cf, tm, c);
                for (int end : {-1, 0, 1}) {
                    bool listed = end < 0 ? (ends == 4 || ends == 1 || ends == 2)
                                          : ends == 3;
                    if (!listed) continue;
                    Position next = p;
                    got = try_step(next, lay_off(tr, next, c, to, end), 2, last_meld, to);
                    if (got) return got;
                }
            }
        }
        return 0;
    }

    // candidates.swap_candidates of meld i: each wild position of a run with a card of the
    // hand it stands for; a set's missing suits, one card each, every combination (L-40)
    int swaps(const Position& p, int i, const std::vector<int8_t>& last_meld, int last_add) {
        const PlayMeld& m = p.table[i];
        if (!m.wilds()) return 0;
        const Config& cf = tr.cf;
        int prov[4][53], np[4] = {0, 0, 0, 0};
        auto providers = [&](int nat, int* out) {
            int k = 0;
            for (int c = 0; c < 53; ++c)
                if (p.counts[c] && c != cf.wild && natural(cf, c) == nat) out[k++] = c;
            return k;
        };
        int got;
        if (m.run) {
            for (int j = 0; j < m.n; ++j) {
                if (!m.wild_at(j)) continue;
                int k = providers(m.stands_for(j), prov[0]);
                for (int q = 0; q < k; ++q) {
                    Position next = p;
                    got = try_step(next, swap_step(tr, next, &prov[0][q], 1, i), 0, last_meld,
                                   last_add);
                    if (got) return got;
                }
            }
            return 0;
        }
        int missing[4], nm = 0;
        for (int s = 0; s < 4; ++s)
            if (!(m.natural_suits >> s & 1)) missing[nm++] = s;
        for (int j = 0; j < nm; ++j) {
            np[j] = providers(code_of(m.rank, missing[j]), prov[j]);
            if (!np[j]) return 0;
        }
        if (!nm) return 0;
        int idx[4] = {0, 0, 0, 0};
        while (true) {
            int put_cards[4];
            for (int j = 0; j < nm; ++j) put_cards[j] = prov[j][idx[j]];
            Position next = p;
            got = try_step(next, swap_step(tr, next, put_cards, nm, i), 0, last_meld, last_add);
            if (got) return got;
            int j = nm - 1;
            while (j >= 0 && ++idx[j] >= np[j]) idx[j--] = 0;
            if (j < 0) return 0;
        }
    }
};

}  // namespace handgame::hand
