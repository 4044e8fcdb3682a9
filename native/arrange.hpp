// The meld solver's core (issue 19), shared by the native extensions that pack a hand the way
// solver.best_arrangement and solver.best_opening do: solver.cpp (their native path) and
// rollout.cpp (the search's cheap rollouts, issue 38). Lists a hand's candidate melds exactly as
// meldgen._fast_candidates does (the same melds in the same order: the runs of each suit, then
// the sets of each rank; a group's stack pops the wild card first, then the providers last to
// first), scores them as the reference does (penalty * 1024 + opening value, or opening value *
// 4096 + penalty) and packs them with the reference's recursion and tie-breaks (packing.hpp, =
// kernel.py_pack).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "hand_melds.hpp"

namespace handgame::hand {

// meldgen._fast_candidates in its order, each meld with its opening value.
struct OrderedGenerator {
    const Config& cf;
    int prov[52][3];  // the cards that play as each natural card: its own, the joker, the
                      // natural-role taken card (meldgen._generate's providers, in that order)
    int np[52] = {};
    int wild = kNone;  // the wild card when the hand holds one (besides a natural-role copy)
    int cap = 0;
    std::vector<Meld>& out;

    // counts: the hand's counts with the natural-role copy (natural_card) already taken out
    OrderedGenerator(const Config& c, const int* counts, int natural_card, std::vector<Meld>& o)
        : cf(c), out(o) {
        for (int code = 0; code < 52; ++code)
            if (counts[code] && code != cf.wild) prov[code][np[code]++] = code;
        if (cf.joker_as >= 0 && counts[kJoker] > 0) prov[cf.joker_as][np[cf.joker_as]++] = kJoker;
        if (natural_card >= 0) prov[natural_card][np[natural_card]++] = natural_card;
        int n_wild = cf.wild >= 0 ? counts[cf.wild] : 0;
        if (n_wild) wild = cf.wild;
        cap = std::min(n_wild, cf.wild_limit_one ? 1 : 2);
    }

    // _fast_group.emit: analyze refuses only a meld above max_meld_size among these
    void emit(bool run, int start_or_rank, const int* cards, int n, int wild_at) {
        if (cf.max_meld_size && n > cf.max_meld_size) return;
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

    void run_walk(int suit, int start, int r, int* cards, int size, int w, int nats, int wild_at) {
        if (size >= 3 && nats && w <= max_wilds(cf, size)) emit(true, start, cards, size, wild_at);
        if (r > 14 || size >= 13) return;
        if (w < cap && wild >= 0) {
            cards[size] = wild;
            run_walk(suit, start, r + 1, cards, size + 1, w + 1, nats, wild_at | (1 << size));
        }
        int code = code_of(r, suit);
        for (int k = np[code] - 1; k >= 0; --k) {
            cards[size] = prov[code][k];
            run_walk(suit, start, r + 1, cards, size + 1, w, nats + 1, wild_at);
        }
    }

    void sets_of(int rank) {
        int avail[4], na = 0;
        for (int s = 0; s < 4; ++s)
            if (np[code_of(rank, s)]) avail[na++] = s;
        if (na + cap < 3) return;
        for (int k = 1; k <= na; ++k) {
            int pick[4];  // itertools.combinations(avail, k) in its order
            for (int j = 0; j < k; ++j) pick[j] = j;
            while (true) {
                for (int w = 0; w <= std::min(cap, 4 - k); ++w) {
                    if (k + w < 3 || w > max_wilds(cf, k + w)) continue;
                    int idx[4] = {0, 0, 0, 0};  // every provider combination, first suit slowest
                    while (true) {
                        int cards[8], n = 0, wild_at = 0;
                        for (int j = 0; j < k; ++j)
                            cards[n++] = prov[code_of(rank, avail[pick[j]])][idx[j]];
                        for (int j = 0; j < w; ++j) {
                            wild_at |= 1 << n;
                            cards[n++] = wild;
                        }
                        emit(false, rank, cards, n, wild_at);
                        int j = k - 1;
                        while (j >= 0 && ++idx[j] >= np[code_of(rank, avail[pick[j]])])
                            idx[j--] = 0;
                        if (j < 0) break;
                    }
                }
                int j = k - 1;
                while (j >= 0 && pick[j] == na - k + j) --j;
                if (j < 0) break;
                ++pick[j];
                for (int q = j + 1; q < k; ++q) pick[q] = pick[q - 1] + 1;
            }
        }
    }

    void generate() {
        int cards[16];
        for (int suit = 0; suit < 4; ++suit)
            for (int start = 1; start <= 12; ++start) {
                if (!np[code_of(start, suit)] && !cap) continue;
                run_walk(suit, start, start, cards, 0, 0, 0, 0);
            }
        for (int rank = 1; rank <= 13; ++rank) sets_of(rank);
    }
};

// values.penalty_value of each card code (L-33, L-85, G-7, F-9)
inline void penalties(const Config& cf, bool pen_gulf, int ace_in_hand, int (&pen)[53]) {
    for (int c = 0; c < 53; ++c) {
        if (c == cf.wild) {
            pen[c] = pen_gulf ? 25 : 15;
            continue;
        }
        int nat = (c == kJoker && cf.joker_as >= 0) ? cf.joker_as : c;
        if (nat == kJoker) {
            pen[c] = pen_gulf ? 25 : 15;
            continue;
        }
        pen[c] = rank_value(nat % 13 + 1, pen_gulf ? 15 : ace_in_hand);
    }
}

// What arrange() found: the chosen melds (indices into ArrangeWork::melds, in the packing's
// order), the cards left (counts by code), the opening count and the penalty left.
enum ArrangeStatus { A_REFERENCE = -2, A_NOTHING = -1, A_OK = 0 };

struct ArrangeWork {
    Solver s;
    std::vector<Meld> melds;
    std::vector<u128> needs;
    std::vector<char> has_must;
    std::vector<int> chosen;
    int left[53];
    int value = 0;
    int penalty = 0;
};

// solver.best_arrangement (opening=false) or solver.best_opening's packing (opening=true) of the
// hand counts[0..52]: A_REFERENCE where the reference must answer (a path not ported here: its
// general generator, a hand beyond the packing's limits), A_NOTHING where the packing finds
// nothing (kernel.pack gave None), else A_OK with w.chosen, w.left, w.value, w.penalty.
inline int arrange(const Config& cf, const int* counts, int keep, int natural_card, int must,
                   bool opening, const int* pen, ArrangeWork& w) {
    // meldgen._candidates: a natural-role taken copy binds while the hand holds it; the fast
    // generator then needs it to be the only copy and no other wild card in hand
    int gen_counts[53];
    std::copy(counts, counts + 53, gen_counts);
    if (natural_card >= 0 && counts[natural_card] == 0) natural_card = kNone;
    if (natural_card >= 0) {
        if (natural_card > 51 || counts[natural_card] > 1) return A_REFERENCE;
        --gen_counts[natural_card];
        if (cf.wild >= 0 && gen_counts[cf.wild] > 0) return A_REFERENCE;
    }
    Solver& s = w.s;
    if (s.memo.capacity() > 8192) s.memo = Memo();  // after a huge search
    s.reset();
    if (must >= 0 && counts[must] == 0) return A_NOTHING;  // kernel.pack: None
    std::vector<Meld>& melds = w.melds;
    melds.clear();
    OrderedGenerator(cf, gen_counts, natural_card, melds).generate();
    // A card no meld holds is always left in hand: the search starts with those cards left
    // (kept counts them, saturating at keep as the recursion does) and decides the others.
    // The value of every search state depends on kept only through "kept reaches keep at the
    // end", so the values, and the choices, are the reference's.
    uint64_t covered = 0;
    for (const Meld& m : melds) covered |= m.bits;
    int search_counts[53];
    int stripped = 0;
    for (int c = 0; c < 53; ++c) {
        bool in = (covered >> c & 1) || c == must;
        search_counts[c] = in ? counts[c] : 0;
        if (!in) stripped += counts[c];
    }
    int kept0 = stripped ? std::min(stripped, keep) : 0;
    int slot[53];
    u128 start = 0;
    if (!s.place(search_counts, slot, start)) return A_REFERENCE;  // beyond the packing's limits
    s.keep = keep;
    s.must_slot = must >= 0 ? slot[must] : -1;
    w.needs.assign(melds.size(), 0);
    w.has_must.assign(melds.size(), 0);
    for (size_t i = 0; i < melds.size(); ++i) {
        const Meld& m = melds[i];
        u128 need = 0;
        int low = 64;
        long long p = 0;
        for (int j = 0; j < m.n; ++j) {
            int c = m.cards[j];
            need += static_cast<u128>(1) << (5 * slot[c]);
            low = std::min(low, slot[c]);
            p += pen[c];
        }
        if ((((start | s.guard) - need) & s.guard) != s.guard) continue;  // not held
        long long score = opening ? m.value * 4096LL + p : p * 1024 + m.value;
        w.needs[i] = need;
        w.has_must[i] = must >= 0 && (m.bits >> must & 1);
        s.by_low[low].push_back(Entry{need, score, w.has_must[i] != 0, static_cast<int>(i)});
    }
    s.memo.reserve(32);
    long long best = start ? s.solve(start, must >= 0, kept0)
                           : ((must < 0 && kept0 >= keep) ? 0 : kNeg);
    w.chosen.clear();
    if (best >= 0) {
        u128 rest = start;
        bool need_must = must >= 0;
        int kept = kept0;
        while (rest) {
            int first = lowest_slot(rest);
            int choice = s.memo.at(Key{rest, kept, need_must}).choice;
            if (choice < 0) {
                rest -= static_cast<u128>(1) << (5 * first);
                kept = std::min(kept + 1, keep);
                continue;
            }
            w.chosen.push_back(choice);
            rest -= w.needs[choice];
            need_must = need_must && !w.has_must[choice];
        }
    } else if (opening) {
        return A_NOTHING;
    }
    // solver._arrangement: the chosen melds, the cards left, value and penalty
    std::copy(counts, counts + 53, w.left);
    w.value = 0;
    for (int i : w.chosen) {
        const Meld& m = melds[i];
        w.value += m.value;
        for (int j = 0; j < m.n; ++j) --w.left[m.cards[j]];
    }
    w.penalty = 0;
    for (int c = 0; c < 53; ++c) w.penalty += w.left[c] * pen[c];
    return A_OK;
}

}  // namespace handgame::hand
