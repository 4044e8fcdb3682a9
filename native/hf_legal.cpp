// Hand and Foot's legal steps, natively (issue 34): a port of
// handgame/games/hand_and_foot/listing.py (play_steps, after_lay) with the helpers it reads from
// finish.py (countable, max_lay_value, _fits, _cap_new) and melds.py (books). The Python side is
// handgame/games/hand_and_foot/native_legal.py; tests/hand_and_foot/test_hf_native.py checks
// the two paths give the same lists over thousands of seeded matches.
//
// Cards are their codes (suit * 13 + rank - 1, joker 52). A table meld is (team, rank, size,
// wilds). A step comes back as (kind, a, b, c): 0 draw; 1 take a b (the two hand cards);
// 2 meld a b c; 3 add a to meld b; 4 ask; 5 discard a; a single (9, 0, 0, 0) asks the caller
// to list the turn in Python (a take onto a meld under pile_pickup=pair-or-add).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <tuple>
#include <vector>

namespace py = pybind11;

namespace {

constexpr int kVersion = 1;
constexpr int kJoker = 52;
constexpr int kBook = 7;
constexpr int kCodes = 53;
constexpr std::array<int, 11> kMeldRanks = {1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};

inline int rank_of(int c) { return c == kJoker ? 0 : c % 13 + 1; }
inline bool is_wild(int c) { return c == kJoker || rank_of(c) == 2; }
inline bool meldable_rank(int r) { return r == 1 || (r >= 4 && r <= 13); }
inline int value_of(int c) {  // HF-7
    if (c == kJoker) return 50;
    int r = rank_of(c);
    if (r == 1 || r == 2) return 20;
    if (r >= 8) return 10;
    if (r >= 4) return 5;
    int suit = c / 13;
    return (suit == 1 || suit == 2) ? 0 : 5;  // a red three is never counted
}

struct Meld {
    int team, rank, size, wilds;
    bool book() const { return size >= kBook; }
};

using Counts = std::array<int, kCodes>;
using Step = std::tuple<int, int, int, int>;

struct Turn {
    int seat, team, minimum, laid_value;
    bool opened_before, laid_any, asked, forbidden, picked, team_feet;
    std::vector<int> pile_left;
};

Counts counts_of(const std::vector<int>& cards) {
    Counts k{};
    for (int c : cards) ++k[c];
    return k;
}

bool books_ok(const std::vector<Meld>& melds, int team) {
    bool clean = false, dirty = false;
    for (const Meld& m : melds) {
        if (m.team != team || !m.book()) continue;
        if (m.wilds) dirty = true; else clean = true;
    }
    return clean && dirty;
}

bool may_go_out(const Turn& t, const std::vector<Meld>& melds) {
    return !t.forbidden && t.team_feet && books_ok(melds, t.team);
}

// finish.countable: the opening count of laying `laid` and the pile cards left unlaid
int countable(const std::vector<int>& laid, const std::vector<int>& hand,
              const std::vector<int>& pile_left, std::vector<int>& left_out) {
    if (pile_left.empty()) {
        int total = 0;
        for (int c : laid) total += value_of(c);
        left_out.clear();
        return total;
    }
    Counts held = counts_of(hand), left = counts_of(pile_left), k = counts_of(laid);
    int total = 0;
    for (int c = 0; c < kCodes; ++c) {
        if (!k[c]) continue;
        int own = std::max(0, held[c] - left[c]);
        total += value_of(c) * std::min(k[c], own);
        left[c] -= std::max(0, k[c] - own);
    }
    left_out.clear();
    for (int c = 0; c < kCodes; ++c)
        for (int i = 0; i < left[c]; ++i) left_out.push_back(c);
    return total;
}

// finish._cap_new: the most wild cards `total` cards hold as new melds of one rank, or -1
int cap_new(int total) {
    if (total == 0) return 0;
    int last = total % kBook;
    if (last == 1 || last == 2) return -1;
    int size = last == 0 ? kBook : last;
    return 3 * ((total - size) / kBook) + size / 2;
}

// finish._fits
bool fits(int naturals, int wilds, const Meld* existing) {
    int total = naturals + wilds;
    if (existing == nullptr) {
        int cap = cap_new(total);
        return cap >= 0 && wilds <= cap;
    }
    int size = existing->size + total;
    if (size <= kBook) return existing->wilds + wilds <= size / 2;
    int room = kBook - existing->size;
    int in_book = std::min({room, kBook / 2 - existing->wilds, wilds});
    if (room - in_book > naturals) return false;
    int cap = cap_new(total - room);
    return cap >= 0 && wilds - in_book <= cap;
}

const Meld* unfinished(const std::vector<Meld>& melds, int team, int rank) {
    for (const Meld& m : melds)
        if (m.team == team && m.rank == rank && !m.book()) return &m;
    return nullptr;
}

// finish.max_lay_value: the largest opening count the hand can still lay (exact)
int max_lay_value(const std::vector<int>& hand, const std::vector<int>& pile_left,
                  const std::vector<Meld>& melds, int team) {
    Counts held = counts_of(hand), left = counts_of(pile_left);
    std::vector<int> wild_values;
    for (int c = 0; c < kCodes; ++c) {
        if (!held[c] || !is_wild(c)) continue;
        int own = std::max(0, held[c] - left[c]);
        for (int i = 0; i < own; ++i) wild_values.push_back(value_of(c));
        for (int i = own; i < held[c]; ++i) wild_values.push_back(0);
    }
    std::sort(wild_values.rbegin(), wild_values.rend());
    int n_wild = static_cast<int>(wild_values.size());
    std::vector<int> top(n_wild + 1, 0);
    for (int i = 0; i < n_wild; ++i) top[i + 1] = top[i] + wild_values[i];
    constexpr int kNone = -1000000000;
    std::vector<int> best(n_wild + 1, kNone), next(n_wild + 1), most(n_wild + 1);
    best[0] = 0;
    for (int rank : kMeldRanks) {
        int total = 0, own = 0, worth = 0;
        for (int suit = 0; suit < 4; ++suit) {
            int c = suit * 13 + rank - 1;
            if (!held[c]) continue;
            total += held[c];
            own += std::max(0, held[c] - left[c]);
            worth = value_of(c);
        }
        const Meld* existing = unfinished(melds, team, rank);
        if (total == 0 && existing == nullptr) continue;
        for (int w = 0; w <= n_wild; ++w) {
            int k = total;
            while (k >= 0 && !fits(k, w, existing)) --k;
            most[w] = k;
        }
        std::fill(next.begin(), next.end(), kNone);
        for (int w0 = 0; w0 <= n_wild; ++w0) {
            if (best[w0] == kNone) continue;
            for (int w = 0; w + w0 <= n_wild; ++w) {
                int k = most[w];
                if (k < 0) continue;
                int v = best[w0] + worth * std::min(k, own);
                if (v > next[w0 + w]) next[w0 + w] = v;
            }
        }
        best.swap(next);
    }
    int out = kNone;
    for (int w = 0; w <= n_wild; ++w)
        if (best[w] != kNone) out = std::max(out, best[w] + top[w]);
    return out;
}

// listing.after_lay
bool after_lay(const Turn& t, const std::vector<int>& hand, const std::vector<Meld>& melds,
               int laid_value, const std::vector<int>& pile_left) {
    if (hand.empty()) {
        if (!t.picked) return t.opened_before || laid_value >= t.minimum;
        return may_go_out(t, melds);
    }
    if (!t.opened_before && laid_value < t.minimum)
        return max_lay_value(hand, pile_left, melds, t.team) >= t.minimum - laid_value;
    if (t.picked && hand.size() == 1 && !may_go_out(t, melds)) {
        if (t.forbidden || !t.team_feet) return false;
        int card = hand[0];
        bool wild = is_wild(card);
        std::vector<Meld> grown = melds;
        for (size_t i = 0; i < melds.size(); ++i) {
            const Meld& m = melds[i];
            if (m.team != t.team || m.book() || (rank_of(card) != m.rank && !wild)) continue;
            int size = m.size + 1, wilds = m.wilds + (wild ? 1 : 0);
            if (wilds > size - wilds) continue;
            grown[i] = Meld{m.team, m.rank, size, wilds};
            if (books_ok(grown, t.team)) return true;
            grown[i] = m;
        }
        return false;
    }
    return true;
}

std::vector<int> without(const std::vector<int>& hand, std::initializer_list<int> cards) {
    std::vector<int> rest = hand;
    for (int c : cards) rest.erase(std::find(rest.begin(), rest.end(), c));
    return rest;
}

// listing._lay
bool lay(const Turn& t, const std::vector<int>& hand, std::initializer_list<int> cards,
         const std::vector<Meld>& after) {
    if (t.opened_before && hand.size() - cards.size() >= 2) return true;
    std::vector<int> laid(cards), left;
    int worth = countable(laid, hand, t.pile_left, left);
    return after_lay(t, without(hand, cards), after, t.laid_value + worth, left);
}

std::vector<int> distinct_of(const std::vector<int>& cards) {
    std::vector<int> out;
    for (int c : cards)
        if (out.empty() || out.back() != c) out.push_back(c);
    return out;
}

// listing._pairs and _triples (sorted input, distinct multisets in lexicographic order)
std::vector<std::array<int, 2>> pairs_of(const std::vector<int>& cards) {
    std::vector<std::array<int, 2>> out;
    std::vector<int> d = distinct_of(cards);
    for (size_t i = 0; i < d.size(); ++i) {
        if (std::count(cards.begin(), cards.end(), d[i]) >= 2) out.push_back({d[i], d[i]});
        for (size_t j = i + 1; j < d.size(); ++j) out.push_back({d[i], d[j]});
    }
    return out;
}

std::vector<std::array<int, 3>> triples_of(const std::vector<int>& cards) {
    std::vector<std::array<int, 3>> out;
    std::vector<int> d = distinct_of(cards);
    std::vector<int> k;
    for (int c : d) k.push_back(static_cast<int>(std::count(cards.begin(), cards.end(), c)));
    size_t n = d.size();
    for (size_t i = 0; i < n; ++i)
        for (size_t j = i; j < n; ++j) {
            if (j == i && k[i] < 2) continue;
            for (size_t l = j; l < n; ++l) {
                if (l == j && k[j] < (j == i ? 3 : 2)) continue;
                out.push_back({d[i], d[j], d[l]});
            }
        }
    return out;
}

std::vector<Step> play_steps(int phase, int seat, int teams, const std::vector<int>& hand,
                             const std::vector<std::tuple<int, int, int, int>>& table,
                             std::tuple<bool, bool, int, bool, bool> turn_state,
                             const std::vector<int>& pile_left, bool picked, bool team_feet,
                             int minimum, std::tuple<bool, bool, int, bool> config,
                             int top, const std::vector<int>& taken) {
    Turn t;
    t.seat = seat;
    t.team = seat % teams;
    t.minimum = minimum;
    std::tie(t.opened_before, t.laid_any, t.laid_value, t.asked, t.forbidden) = turn_state;
    t.picked = picked;
    t.team_feet = team_feet;
    t.pile_left = pile_left;
    auto [pair_or_add, pile_meld_any, pile_take, may_ask] = config;
    (void)pile_take;  // `taken` is already the cards below the top that come with the pile
    std::vector<Meld> melds;
    melds.reserve(table.size() + 1);
    std::array<bool, 14> open{};
    for (auto [team, rank, size, wilds] : table) {
        melds.push_back(Meld{team, rank, size, wilds});
        if (team == t.team && size < kBook) open[rank] = true;
    }
    std::vector<Step> out;
    if (phase == 0) {
        out.emplace_back(0, 0, 0, 0);
        if (top >= 0 && !is_wild(top) && rank_of(top) != 3) {
            int r = rank_of(top);
            if (pair_or_add && open[r]) return {Step{9, 0, 0, 0}};
            std::vector<int> naturals;
            for (int c : hand)
                if (rank_of(c) == r && !is_wild(c)) naturals.push_back(c);
            std::vector<std::array<int, 2>> pairs;
            if (naturals.size() >= 2) pairs = pairs_of(naturals);
            if (pile_meld_any) {
                std::vector<int> wilds;
                for (int c : distinct_of(hand))
                    if (is_wild(c)) wilds.push_back(c);
                for (int n : distinct_of(naturals))
                    for (int w : wilds) pairs.push_back({n, w});
            }
            if (!pairs.empty() && !open[r]) {
                std::vector<Meld> after = melds;
                after.push_back(Meld{t.team, r, 3, 0});
                for (auto [a, b] : pairs) {
                    after.back().wilds = (is_wild(a) ? 1 : 0) + (is_wild(b) ? 1 : 0);
                    std::vector<int> left = without(hand, {a, b});
                    left.insert(left.end(), taken.begin(), taken.end());
                    std::sort(left.begin(), left.end());
                    int laid = t.laid_value + value_of(a) + value_of(b) + value_of(top);
                    if (after_lay(t, left, after, laid, taken)) out.emplace_back(1, a, b, 0);
                }
            }
        }
    } else {
        std::vector<int> wilds;
        std::array<std::vector<int>, 14> by_rank;
        for (int c : hand) {
            if (is_wild(c)) {
                if (wilds.empty() || wilds.back() != c) wilds.push_back(c);
            } else if (meldable_rank(rank_of(c))) {
                by_rank[rank_of(c)].push_back(c);
            }
        }
        std::vector<Meld> after = melds;
        after.push_back(Meld{t.team, 0, 3, 0});
        for (int rank : kMeldRanks) {
            const std::vector<int>& nat = by_rank[rank];
            if (nat.size() < 2 || open[rank]) continue;
            after.back().rank = rank;
            after.back().wilds = 0;
            for (auto [a, b, c] : triples_of(nat))
                if (lay(t, hand, {a, b, c}, after)) out.emplace_back(2, a, b, c);
            after.back().wilds = 1;
            for (auto [a, b] : pairs_of(nat))
                for (int w : wilds)
                    if (lay(t, hand, {a, b, w}, after)) out.emplace_back(2, a, b, w);
        }
        std::vector<int> distinct = distinct_of(hand);
        bool quick = t.opened_before && hand.size() >= 3;
        std::vector<Meld> grown = melds;
        for (size_t i = 0; i < melds.size(); ++i) {
            const Meld& m = melds[i];
            if (m.team != t.team || m.book()) continue;
            bool room_wild = 2 * m.wilds + 1 <= m.size;
            for (int c : distinct) {
                bool wild = is_wild(c);
                if (wild ? !room_wild : rank_of(c) != m.rank) continue;
                bool ok = quick;
                if (!ok) {
                    grown[i] = Meld{m.team, m.rank, m.size + 1, m.wilds + (wild ? 1 : 0)};
                    ok = lay(t, hand, {c}, grown);
                    grown[i] = m;
                }
                if (ok) out.emplace_back(3, c, static_cast<int>(i), 0);
            }
        }
    }
    if (!t.asked && may_ask && !(phase == 1 && t.picked && hand.size() < 2))
        out.emplace_back(4, 0, 0, 0);
    if (phase == 1 && (t.opened_before || !t.laid_any || t.laid_value >= t.minimum) &&
        (hand.size() != 1 || !t.picked || may_go_out(t, melds)))
        for (int c : distinct_of(hand)) out.emplace_back(5, c, 0, 0);
    return out;
}

int max_lay_value_of(const std::vector<int>& hand, const std::vector<int>& pile_left,
                     const std::vector<std::tuple<int, int, int, int>>& table, int team) {
    std::vector<Meld> melds;
    for (auto [tm, rank, size, wilds] : table) melds.push_back(Meld{tm, rank, size, wilds});
    std::vector<int> sorted_hand = hand;
    std::sort(sorted_hand.begin(), sorted_hand.end());
    return max_lay_value(sorted_hand, pile_left, melds, team);
}

}  // namespace

PYBIND11_MODULE(_legal_native, mod) {
    mod.doc() = "handgame's native Hand and Foot legal steps (see "
                "handgame/games/hand_and_foot/native_legal.py)";
    mod.attr("LEGAL_VERSION") = kVersion;
    mod.def("play_steps", &play_steps, py::arg("phase"), py::arg("seat"), py::arg("teams"),
            py::arg("hand"), py::arg("table"), py::arg("turn_state"), py::arg("pile_left"),
            py::arg("picked"), py::arg("team_feet"), py::arg("minimum"), py::arg("config"),
            py::arg("top"), py::arg("taken"),
            "listing.play_steps: the seat to act's legal steps as (kind, a, b, c) tuples.");
    mod.def("max_lay_value", &max_lay_value_of, py::arg("hand"), py::arg("pile_left"),
            py::arg("table"), py::arg("team"), "finish.max_lay_value, natively.");
}
