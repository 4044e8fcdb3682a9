// Hand's meld list for the native legal actions (native/legal.cpp): the ruleset as ints, the
// fast meld generator of meldgen._fast_candidates, opening values (values.opening_value) and
// the packing of core.packing.best_packing (packing.hpp) over the list.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "packing.hpp"

namespace handgame::hand {

constexpr int kJoker = 52;
constexpr int kNone = -1;

// discard_pickup and discarded_wild option values, as coded by games/hand/native.py
enum Pickup { NEW_MELD = 0, NEW_MELD_OR_ADD = 1, MUST_MELD = 2, FREE = 3 };
enum DiscardedWild { DW_NATURAL = 0, DW_ACES_SET = 1, DW_NEVER = 2, DW_WILD = 3 };

struct Config {
    int wild = kNone;      // the wild card code (every copy), or -1
    int joker_as = kNone;  // the natural card a joker plays as, or -1
    bool wild_limit_one = false;
    int max_meld_size = 0;  // 0: no limit
    bool gulf = false;      // opening_values=gulf
    int ace_low = 11, ace_high = 11;
    int pickup = NEW_MELD;
    int discarded_wild = DW_NATURAL;
    bool pair_plus_wild_free = false;
};

struct TableMeld {
    bool run;
    int suit, rank, start, size, wilds, natural_suits;
    uint64_t stands_for;  // run: a bit per card code its wild positions stand for
};

struct Meld {
    std::array<int8_t, 14> cards;
    int n;
    int value;
    uint64_t bits;  // a bit per card code it holds
};

inline int rank_of(int c) { return c >= 52 ? 0 : c % 13 + 1; }
inline int code_of(int rank, int suit) { return suit * 13 + (rank == 14 ? 1 : rank) - 1; }

inline int max_wilds(const Config& cf, int size) {
    if (cf.wild_limit_one) return 1;
    return std::min(size <= 3 ? 1 : 2, size - 1);
}

inline bool wild_limit_ok(const Config& cf, int size, int wilds) {
    if (cf.wild_limit_one) return wilds <= 1;
    if (wilds >= size) return false;
    return wilds <= (size <= 3 ? 1 : 2);
}

inline int rank_value(int rank, int ace) {
    if (rank == 1 || rank == 14) return ace;
    return rank >= 10 ? 10 : rank;
}

// values.opening_value, position by position (wild_at: a bit per wild position)
inline int opening_value(const Config& cf, bool run, int start_or_rank, int n, int wild_at) {
    int total = 0;
    for (int i = 0; i < n; ++i) {
        if (cf.gulf && (wild_at >> i & 1)) {
            total += 25;
            continue;
        }
        int rank = run ? start_or_rank + i : start_or_rank;
        int ace = cf.gulf ? 15 : 11;
        if (!cf.gulf && run) {
            if (rank == 1) ace = cf.ace_low;
            else if (rank == 14) ace = cf.ace_high;
        }
        total += rank_value(rank, ace);
    }
    return total;
}

// meldgen._fast_candidates: every valid meld of a hand whose wild cards are ordinary wilds,
// with at most one taken wild ace playing as its natural card (natural_card). The reference's
// order and dedupe are not kept: what is asked of the list (existence, cards covered, the
// packing's best value) does not depend on them.
struct Generator {
    const Config& cf;
    std::array<std::array<int, 3>, 52> prov{};  // providers of each natural code
    std::array<int, 52> nprov{};
    int wild_token = kNone;
    int cap = 0;
    std::vector<Meld>& out;

    Generator(const Config& c, const int* counts, int natural_card, std::vector<Meld>& o)
        : cf(c), out(o) {
        int n_wild = 0;
        if (cf.wild >= 0) n_wild = counts[cf.wild] - (natural_card == cf.wild ? 1 : 0);
        for (int code = 0; code < 52; ++code) {
            if (counts[code] && code != cf.wild) prov[code][nprov[code]++] = code;
        }
        if (cf.joker_as >= 0 && counts[kJoker] > 0) prov[cf.joker_as][nprov[cf.joker_as]++] = kJoker;
        if (natural_card >= 0) prov[natural_card][nprov[natural_card]++] = natural_card;
        if (cf.wild >= 0 && n_wild > 0) wild_token = cf.wild;
        cap = std::min(n_wild, cf.wild_limit_one ? 1 : 2);
    }

    void emit(bool run, int start_or_rank, const int* cards, int n, int wild_at) {
        if (cf.max_meld_size && n > cf.max_meld_size) return;  // analyze: option max_meld_size
        Meld m;
        m.n = n;
        m.bits = 0;
        for (int i = 0; i < n; ++i) {
            m.cards[i] = static_cast<int8_t>(cards[i]);
            m.bits |= uint64_t{1} << cards[i];
        }
        m.value = opening_value(cf, run, start_or_rank, n, wild_at);
        out.push_back(m);
    }

    void run_from(int suit, int start, int r, int* cards, int size, int w, int nats, int wild_at) {
        if (size >= 3 && nats && w <= max_wilds(cf, size)) emit(true, start, cards, size, wild_at);
        if (r > 14 || size >= 13) return;
        int code = code_of(r, suit);
        for (int k = 0; k < nprov[code]; ++k) {
            cards[size] = prov[code][k];
            run_from(suit, start, r + 1, cards, size + 1, w, nats + 1, wild_at);
        }
        if (w < cap && wild_token >= 0) {
            cards[size] = wild_token;
            run_from(suit, start, r + 1, cards, size + 1, w + 1, nats, wild_at | (1 << size));
        }
    }

    void generate() {
        int cards[16];
        for (int suit = 0; suit < 4; ++suit) {
            for (int start = 1; start <= 12; ++start) {
                if (!nprov[code_of(start, suit)] && !cap) continue;
                run_from(suit, start, start, cards, 0, 0, 0, 0);
            }
        }
        for (int rank = 1; rank <= 13; ++rank) {
            int avail[4], na = 0;
            for (int s = 0; s < 4; ++s)
                if (nprov[code_of(rank, s)]) avail[na++] = s;
            if (na + cap < 3) continue;
            for (int mask = 1; mask < (1 << na); ++mask) {
                int chosen[4], k = 0;
                for (int j = 0; j < na; ++j)
                    if (mask >> j & 1) chosen[k++] = avail[j];
                for (int w = 0; w <= std::min(cap, 4 - k); ++w) {
                    if (k + w < 3 || w > max_wilds(cf, k + w)) continue;
                    // every combination of providers for the chosen suits
                    int idx[4] = {0, 0, 0, 0};
                    while (true) {
                        int n = 0;
                        for (int j = 0; j < k; ++j) cards[n++] = prov[code_of(rank, chosen[j])][idx[j]];
                        int wild_at = 0;
                        for (int j = 0; j < w; ++j) {
                            wild_at |= 1 << n;
                            cards[n++] = wild_token;
                        }
                        emit(false, rank, cards, n, wild_at);
                        int j = k - 1;
                        while (j >= 0 && ++idx[j] >= nprov[code_of(rank, chosen[j])]) idx[j--] = 0;
                        if (j < 0) break;
                    }
                }
            }
        }
    }
};

// What the reference's candidate_melds would list; false when only its general generator
// (not ported) would: a restricted taken wild other than one natural-role copy.
inline bool candidates(const Config& cf, const int* counts, int r_card, int r_role_natural,
                std::vector<Meld>& out) {
    int natural_card = kNone;
    if (r_card >= 0 && counts[r_card] > 0) {
        if (!r_role_natural || counts[r_card] > 1) return false;
        natural_card = r_card;
    }
    Generator g(cf, counts, natural_card, out);
    g.generate();
    return true;
}

inline uint64_t covered_bits(const std::vector<Meld>& melds) {
    uint64_t b = 0;
    for (const Meld& m : melds) b |= m.bits;
    return b;
}

// core.packing.best_packing over these melds (-1: nothing qualifies); -2: beyond the native
// limits (more than 25 distinct cards, a count above 15)
inline long long best_packing(const int* counts, const std::vector<Meld>& melds,
                       const std::vector<long long>& values, int keep, int must) {
    int slot[53];
    Solver s;
    u128 start = 0;
    if (!s.place(counts, slot, start)) return -2;
    if (must >= 0 && slot[must] < 0) return -1;
    s.keep = keep;
    s.must_slot = must >= 0 ? slot[must] : -1;
    for (size_t i = 0; i < melds.size(); ++i) {
        const Meld& m = melds[i];
        u128 need = 0;
        int low = 64;
        bool ok = true;
        for (int j = 0; j < m.n; ++j) {
            int c = m.cards[j];
            if (slot[c] < 0) {
                ok = false;
                break;
            }
            need += static_cast<u128>(1) << (5 * slot[c]);
            low = std::min(low, slot[c]);
        }
        if (!ok || ((((start | s.guard) - need) & s.guard) != s.guard)) continue;
        bool has_must = must >= 0 && (m.bits >> must & 1);
        s.by_low[low].push_back(Entry{need, values[i], has_must, static_cast<int>(i)});
    }
    s.memo.reserve(256);
    long long best = s.solve(start, must >= 0, 0);
    return best < 0 ? -1 : best;
}

inline int natural(const Config& cf, int c) {
    return (c == kJoker && cf.joker_as >= 0) ? cf.joker_as : c;
}

}  // namespace handgame::hand
