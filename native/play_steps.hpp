// The play phase's candidate steps, listed natively in the reference's order (issue 19), and
// finish.accepts of one step: new melds (meldgen._fast_candidates: the runs of each suit, then
// the sets of each rank), then for each table meld its lay-offs and swaps
// (candidates.step_candidates). A step is ints: a new meld (0, cards...), a lay-off
// (1, meld, card, end: -1 none named, 0 low, 1 high), a swap (2, meld, cards...).
#pragma once

#include <vector>

#include "turn_search.hpp"

namespace handgame::hand {

struct Step {
    int n = 0;
    int v[2 + kMaxMeld] = {};
    void push(int x) { v[n++] = x; }
};

// meldgen._fast_candidates with no restricted taken wild (L-11, L-12, L-23, G-5): the same
// melds in the same order. Its groups' stacks pop the wild card first, then the providers
// last to first: a depth-first walk that tries them in that order.
struct OrderedMelds {
    const Config& cf;
    int prov[52][2];  // the cards that play as each natural card: its own, then the joker
    int np[52] = {};
    int wild = kNone;  // the wild card when the hand holds one
    int cap = 0;
    std::vector<Step>& out;

    OrderedMelds(const Config& c, const int* counts, std::vector<Step>& o) : cf(c), out(o) {
        for (int code = 0; code < 52; ++code)
            if (counts[code] && code != cf.wild) prov[code][np[code]++] = code;
        if (cf.joker_as >= 0 && counts[kJoker] > 0) prov[cf.joker_as][np[cf.joker_as]++] = kJoker;
        int n_wild = cf.wild >= 0 ? counts[cf.wild] : 0;
        if (n_wild) wild = cf.wild;
        cap = std::min(n_wild, cf.wild_limit_one ? 1 : 2);
    }

    void emit(const int* cards, int n) {  // _fast_group.emit: kept when analyze accepts it
        int8_t c8[kMaxMeld];
        static const int8_t kAuto[kMaxMeld] = {};
        for (int i = 0; i < n; ++i) c8[i] = static_cast<int8_t>(cards[i]);
        PlayMeld m;
        if (!analyze(cf, c8, n, kAuto, m)) return;
        Step st;
        st.push(0);
        for (int i = 0; i < n; ++i) st.push(cards[i]);
        out.push_back(st);
    }

    void run_walk(int suit, int r, int* cards, int size, int w, int nats) {
        if (size >= 3 && nats && w <= max_wilds(cf, size)) emit(cards, size);
        if (r > 14 || size >= 13) return;
        if (w < cap && wild >= 0) {
            cards[size] = wild;
            run_walk(suit, r + 1, cards, size + 1, w + 1, nats);
        }
        int code = code_of(r, suit);
        for (int k = np[code] - 1; k >= 0; --k) {
            cards[size] = prov[code][k];
            run_walk(suit, r + 1, cards, size + 1, w, nats + 1);
        }
    }

    void sets_of(int rank) {
        int avail[4], na = 0;
        for (int s = 0; s < 4; ++s)
            if (np[code_of(rank, s)]) avail[na++] = s;
        if (na + cap < 3) return;
        for (int k = 1; k <= na; ++k) {
            // itertools.combinations(avail, k) in its order
            int pick[4];
            for (int j = 0; j < k; ++j) pick[j] = j;
            while (true) {
                for (int w = 0; w <= std::min(cap, 4 - k); ++w) {
                    if (k + w < 3 || w > max_wilds(cf, k + w)) continue;
                    int idx[4] = {0, 0, 0, 0};  // every provider combination, first suit slowest
                    while (true) {
                        int cards[8], n = 0;
                        for (int j = 0; j < k; ++j)
                            cards[n++] = prov[code_of(rank, avail[pick[j]])][idx[j]];
                        for (int j = 0; j < w; ++j) cards[n++] = wild;
                        emit(cards, n);
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
                run_walk(suit, start, cards, 0, 0, 0);
            }
        for (int rank = 1; rank <= 13; ++rank) sets_of(rank);
    }
};

// candidates.step_candidates after the new melds: for each table meld in turn, its lay-offs
// (the hand's distinct cards in card order, each at its fitting ends) then its swaps
// (candidates.swap_candidates: a run's wild positions in order, a set's missing suits with
// one card each, every combination, the first suit varying slowest)
inline std::vector<Step> table_steps(const Config& cf, const int* counts,
                                     const std::vector<TableMeld>& table) {
    std::vector<Step> out;
    auto providers = [&](int nat, int* got) {  // candidates.swap_candidates.providers, sorted
        int k = 0;
        for (int c = 0; c < 53; ++c)
            if (counts[c] && c != cf.wild && natural(cf, c) == nat) got[k++] = c;
        return k;
    };
    auto add = [&](std::initializer_list<int> v) {
        Step st;
        for (int x : v) st.push(x);
        out.push_back(st);
    };
    for (size_t i = 0; i < table.size(); ++i) {
        const TableMeld& m = table[i];
        int index = static_cast<int>(i);
        for (int c = 0; c < 53; ++c) {
            if (!counts[c]) continue;
            if (c != cf.wild) {  // only the cards listed for this meld's suit or rank
                int nat = natural(cf, c);
                if (nat >= 52) continue;
                if (m.run ? nat / 13 != m.suit : nat % 13 + 1 != m.rank) continue;
            }
            int ends = fitting_ends(cf, m, c);
            if (ends == 4 || ends == 1 || ends == 2) {
                add({1, index, c, -1});
            } else if (ends == 3) {
                add({1, index, c, 0});
                add({1, index, c, 1});
            }
        }
        if (!m.wilds) continue;
        int got[53];
        if (m.run) {
            // the wild positions in order: by rank, an ace high (start > 1) last
            int ace = code_of(1, m.suit);
            for (int c = 0; c < 52; ++c) {
                if (!(m.stands_for >> c & 1) || (c == ace && m.start > 1)) continue;
                int k = providers(c, got);
                for (int j = 0; j < k; ++j) add({2, index, got[j]});
            }
            if ((m.stands_for >> ace & 1) && m.start > 1) {
                int k = providers(ace, got);
                for (int j = 0; j < k; ++j) add({2, index, got[j]});
            }
            continue;
        }
        int missing[4], nm = 0;
        for (int s = 0; s < 4; ++s)
            if (!(m.natural_suits >> s & 1)) missing[nm++] = s;
        if (!nm) continue;
        int prov[4][53], np[4];
        bool each = true;
        for (int j = 0; j < nm; ++j) {
            np[j] = providers(code_of(m.rank, missing[j]), prov[j]);
            if (!np[j]) each = false;
        }
        if (!each) continue;
        int idx[4] = {0, 0, 0, 0};
        while (true) {
            Step st;
            st.push(2);
            st.push(index);
            for (int j = 0; j < nm; ++j) st.push(prov[j][idx[j]]);
            out.push_back(st);
            int j = nm - 1;
            while (j >= 0 && ++idx[j] >= np[j]) idx[j--] = 0;
            if (j < 0) break;
        }
    }
    return out;
}

// finish.accepts(state, step, no_out): the step's own checks (turn.step), then, if the turn
// owes something (finish.obligated), the search: 1 accepted, 0 refused, kAsk
inline int accept_step(TurnSearch& search, const Position& p, const Step& st, bool no_out) {
    const TurnRules& tr = search.tr;
    Position next = p;
    int ok;
    if (st.v[0] == 0) {
        int8_t cards[kMaxMeld];
        for (int j = 1; j < st.n; ++j) cards[j - 1] = static_cast<int8_t>(st.v[j]);
        ok = lay(tr, next, cards, st.n - 1);
    } else if (st.v[0] == 1) {
        ok = lay_off(tr, next, st.v[2], st.v[1], st.v[3]);
    } else {
        ok = swap_step(tr, next, st.v + 2, st.n - 2, st.v[1]);
    }
    if (ok != 1) return ok;
    if (!obligated(tr, next)) return 1;
    return search.finishable(next, 0, {}, 0, no_out);
}

// legal.legal_actions' steps of the play phase: every candidate step that apply accepts, in
// the reference's order (kAsk in *asked when some answer needs the reference)
inline std::vector<Step> play_steps(TurnSearch& search, const Position& p, bool* asked) {
    std::vector<Step> candidates;
    OrderedMelds(search.tr.cf, p.counts, candidates).generate();
    std::vector<TableMeld> table;
    for (const PlayMeld& m : p.table) table.push_back(m.table_meld());
    for (const Step& st : table_steps(search.tr.cf, p.counts, table)) candidates.push_back(st);
    std::vector<Step> out;
    *asked = false;
    for (const Step& st : candidates) {
        int got = accept_step(search, p, st, false);
        if (got == kAsk) {
            *asked = true;
            return out;
        }
        if (got) out.push_back(st);
    }
    return out;
}

}  // namespace handgame::hand
