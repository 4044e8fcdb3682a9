// The turn search's exact shortcuts, shared by the native entries (legal.cpp) and the native
// turn search (turn_search.hpp): finish._quick_verdict (the owed meld, the opening count by
// packing, the going-out bound), going_out.could_go_out and melds.fitting_ends, on the
// count-vector hand and the table melds as TableMeld.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "hand_melds.hpp"

namespace handgame::hand {

// finish._swap_possible / the cards of candidates.swap_candidates: the hand's cards that could
// take a wild card from a table meld
inline uint64_t swap_cards(const Config& cf, const int* counts, const std::vector<TableMeld>& table) {
    uint64_t out = 0;
    auto providers = [&](int nat) {
        uint64_t b = 0;
        for (int c = 0; c < 53; ++c)
            if (counts[c] && c != cf.wild && natural(cf, c) == nat) b |= uint64_t{1} << c;
        return b;
    };
    for (const TableMeld& m : table) {
        if (!m.wilds) continue;
        if (m.run) {
            for (int c = 0; c < 52; ++c)
                if (m.stands_for >> c & 1) out |= providers(c);
            continue;
        }
        uint64_t all = 0;
        bool each = true, any_missing = false;
        for (int s = 0; s < 4; ++s) {
            if (m.natural_suits >> s & 1) continue;
            any_missing = true;
            uint64_t p = providers(code_of(m.rank, s));
            if (!p) each = false;
            all |= p;
        }
        if (each && any_missing) out |= all;
    }
    return out;
}

inline bool wild_fits(const Config& cf, const TableMeld& m) {  // melds.fitting_ends of a wild card
    if (!wild_limit_ok(cf, m.size + 1, m.wilds + 1)) return false;
    if (!m.run) return m.size < 4;
    if (m.size >= 13) return false;
    return m.start > 1 || m.start + m.size - 1 < 14;
}

inline int run_reach(int start, int size, int held, int n_wild) {  // going_out._run_reach
    int end = start + size - 1;
    int bits = 0, gaps = 0;
    for (int r = start - 1; r > 0; --r) {
        if (r < start - 1 && !(held >> (r + 1) & 1)) ++gaps;
        if (gaps > n_wild || size + start - r > 13) break;
        bits |= 1 << r;
    }
    gaps = 0;
    for (int r = end + 1; r < 15; ++r) {
        if (r > end + 1 && !(held >> (r - 1) & 1)) ++gaps;
        if (gaps > n_wild || size + r - end > 13) break;
        bits |= 1 << (r == 14 ? 1 : r);
    }
    return bits;
}

// going_out.could_go_out (the caller has checked going_out_forbidden); stage 1 allows no
// more swaps, 2 no more new melds; -1: beyond the native limits
inline int could_go_out(const Config& cf, const int* counts, const std::vector<TableMeld>& table,
                 int stage) {
    uint64_t swaps = stage == 0 ? swap_cards(cf, counts, table) : 0;
    int extra = 0;
    if (swaps)
        for (const TableMeld& m : table) extra += m.wilds;
    int n_wild = (cf.wild >= 0 ? counts[cf.wild] : 0) + extra;
    int present[4] = {0, 0, 0, 0};
    for (int c = 0; c < 53; ++c) {
        if (!counts[c] || c == cf.wild) continue;
        int nat = natural(cf, c);
        if (nat < 52) present[nat / 13] |= 2 << (nat % 13);
    }
    int reach[4] = {0, 0, 0, 0};
    for (const TableMeld& m : table) {
        if (!m.run) {
            if (m.size < 4)
                for (int s = 0; s < 4; ++s)
                    if (!(m.natural_suits >> s & 1)) reach[s] |= 1 << m.rank;
            continue;
        }
        reach[m.suit] |= run_reach(m.start, m.size, present[m.suit], n_wild);
    }
    int wild_fit = -1;
    uint64_t loose = 0;
    int n_loose = 0;
    for (int c = 0; c < 53; ++c) {
        if (!counts[c] || (swaps >> c & 1)) continue;
        bool is_loose;
        if (c == cf.wild) {
            if (wild_fit < 0) {
                wild_fit = 0;
                for (const TableMeld& m : table)
                    if (wild_fits(cf, m)) wild_fit = 1;
            }
            is_loose = !wild_fit;
        } else {
            int nat = natural(cf, c);
            is_loose = nat >= 52 || !(reach[nat / 13] >> (nat % 13 + 1) & 1);
        }
        if (is_loose) {
            loose |= uint64_t{1} << c;
            n_loose += counts[c];
        }
    }
    if (n_loose <= 1) return 1;
    if (stage == 2) return 0;
    int pool[53];
    std::copy(counts, counts + 53, pool);
    if (extra && cf.wild >= 0) pool[cf.wild] += extra;
    std::vector<Meld> melds;
    candidates(cf, pool, kNone, 0, melds);
    uint64_t covered = covered_bits(melds);
    int bound = 0;
    for (int c = 0; c < 53; ++c)
        if ((loose >> c & 1) && (covered >> c & 1)) bound += pool[c];
    if (n_loose - bound > 1) return 0;
    std::vector<Meld> useful;
    std::vector<long long> values;
    uint64_t useful_bits = 0;
    for (const Meld& m : melds) {
        if (!(m.bits & loose)) continue;
        useful.push_back(m);
        useful_bits |= m.bits;
        int v = 0;
        for (int j = 0; j < m.n; ++j) v += loose >> m.cards[j] & 1;
        values.push_back(v);
    }
    int sub[53];
    for (int c = 0; c < 53; ++c) sub[c] = (useful_bits >> c & 1) ? pool[c] : 0;
    long long got = best_packing(sub, useful, values, 0, kNone);
    if (got == -2) return -1;
    return n_loose - got <= 1 ? 1 : 0;
}

// What finish._quick_verdict reads of a turn in progress (the seat to act's).
struct Turn {
    bool opened = false;
    int minimum = 0;         // turn.required_minimum
    bool forbidden = false;  // turn.going_out_forbidden is not None
    bool provisional = false;
    bool l44_pending = false;
    int reuse_owed = 0;
    bool owed = false;       // obligations.pickup_owed
    int must = kNone;        // the taken card owed in a new meld (taken_must_join), or -1
    int r_card = kNone;      // the restricted taken wild (L-66, O-6) while unused, or -1
    bool r_natural = false;  // its role is NATURAL (else ACE_ONLY or aces-set)
    int laid_value = 0;
    bool laid = false;       // a meld laid this turn
    bool add_route = false;  // O-5: new-meld-or-add and the discarder had opened
};

// finish._quick_verdict: 1 True, 0 False, -1 None (the search decides), -2 not native here
// (the reference answers: a meld list of its general generator, or beyond the native limits)
inline int quick_verdict(const Config& cf, const int* counts, const std::vector<TableMeld>& table,
                  const Turn& t, int stage, bool no_out) {
    int n = 0;
    for (int c = 0; c < 53; ++c) n += counts[c];
    if (!t.provisional && !t.l44_pending && t.reuse_owed == 0) {
        int keep = t.forbidden ? 2 : 1;
        int must = t.must;
        bool exact = !(t.r_card >= 0 && counts[t.r_card] > 1);  // see finish.py
        std::vector<Meld> melds;
        if (!candidates(cf, counts, t.r_card, t.r_natural, melds)) return -2;
        long long best = 0;
        if (t.opened) {
            bool fits = false;
            for (const Meld& m : melds)
                if (m.n <= n - keep && (must < 0 || (m.bits >> must & 1))) fits = true;
            best = fits ? 1 : (must >= 0 ? -1 : 0);
        } else {
            // meldgen.value_bound
            uint64_t covered = covered_bits(melds);
            int top_value = cf.gulf ? 25 : 11;
            long long bound = 0;
            for (int c = 0; c < 53; ++c) {
                if (!counts[c] || !(covered >> c & 1)) continue;
                int r = rank_of(natural(cf, c));
                int v = (c == cf.wild || r <= 1) ? top_value : std::min(10, r);
                bound += static_cast<long long>(v) * counts[c];
            }
            if (t.laid_value + bound < t.minimum) {
                best = -1;
            } else if (must >= 0 && !(covered >> must & 1)) {
                best = -1;  // meldgen.best_melds_value: no meld holds the owed card
            } else {
                std::vector<long long> values;
                values.reserve(melds.size());
                for (const Meld& m : melds) values.push_back(m.value);
                best = best_packing(counts, melds, values, keep, must);
                if (best == -2) return -2;
            }
        }
        if (exact && best >= 0 && (t.opened || t.laid_value + best >= t.minimum)) {
            if ((t.opened && !t.owed) || t.laid || best > 0) return 1;
        }
        if (!exact) return -1;
        if (t.opened) {
            if (!t.add_route && !swap_cards(cf, counts, table)) return 0;
            return -1;
        }
        if (cf.pair_plus_wild_free) {  // finish._o8_possible
            for (const TableMeld& m : table) {
                if (m.run || m.size != 3 || m.wilds != 1) continue;
                for (int c = 0; c < 53; ++c)
                    if (counts[c] && c != cf.wild && rank_of(natural(cf, c)) == m.rank) return -1;
            }
        }
        if (no_out || t.forbidden) return 0;
        int out = could_go_out(cf, counts, table, stage);
        if (out < 0) return -2;
        return out ? -1 : 0;
    }
    if (!t.opened && t.provisional) {
        if (no_out || t.forbidden) return 0;
        int out = could_go_out(cf, counts, table, stage);
        if (out < 0) return -2;
        if (!out) return 0;
    }
    return -1;
}

// melds.fitting_ends: a bit per end where card could be laid off on m (1 low, 2 high); a set
// answers 4 (no end)
inline int fitting_ends(const Config& cf, const TableMeld& m, int card) {
    if (card == cf.wild) {
        if (!wild_limit_ok(cf, m.size + 1, m.wilds + 1)) return 0;
        if (!m.run) return m.size < 4 ? 4 : 0;
        if (m.size >= 13) return 0;
        return (m.start > 1 ? 1 : 0) | (m.start + m.size - 1 < 14 ? 2 : 0);
    }
    int nat = natural(cf, card);
    if (nat >= 52) return 0;
    int rank = nat % 13 + 1, suit = nat / 13;
    if (!m.run) return (m.size < 4 && rank == m.rank && !(m.natural_suits >> suit & 1)) ? 4 : 0;
    if (suit != m.suit || m.size >= 13) return 0;
    int end = m.start + m.size - 1;
    int out = 0;
    if (rank == m.start - 1 || (rank == 1 && m.start == 2)) out |= 1;
    if (rank == end + 1 || (rank == 1 && end == 13)) out |= 2;
    return out;
}


}  // namespace handgame::hand
