// The search's cheap rollouts natively (issue 38): games/hand/bots/rollout.py's play_turn and
// run (the reference), then the fitted leaf's features and chances (bots/leaf.py), answering
// exactly as they do. Built by `python native/build.py` into
// handgame/games/hand/bots/_rollout_native; bots/native_rollout.py hands a sketch over as ints
// (hands, stock, the top discard, who has opened, the table's melds as Meld.as_play_ints) and
// reads back the outcome. The solver is arrange.hpp's (the native path of solver.py, the same
// answers); table melds are play_melds.hpp's (melds.add_card's answers). Where the reference
// would ask something not ported (a hand beyond the packing's limits) the answer is None and
// the caller plays the Python reference.
//
// Floating point: the leaf's sums are taken in the reference's order, one operation at a time,
// and the extension is built without contracting a*b+c into one rounding (-ffp-contract=off),
// so the chances are the reference's to the last bit.
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <exception>
#include <new>
#include <vector>

#include "arrange.hpp"
#include "play_melds.hpp"

namespace py = pybind11;

namespace {

using namespace handgame::hand;  // NOLINT: this file is the headers' one user here

constexpr int kVersion = 3;
constexpr int kSeats = 8;
constexpr int kFeatures = 8;

// The sketch could not be played here: the caller plays the Python reference.
struct AskReference {};

struct Sketch {
    int n = 0;
    std::vector<int> hands[kSeats];
    std::vector<int> stock;  // stock[at] is the next card drawn
    size_t at = 0;
    int top = kNone;
    bool opened[kSeats] = {};
    bool clean[kSeats] = {};
    int discard_rule[kSeats] = {};  // rollout.DISCARD_RULES: 0 loose, 1 greedy, 2 outs
    int gone[53] = {};               // the discard pile and the indicator, by code
    int deck[53] = {};               // the deck, by code
    std::vector<PlayMeld> melds;
    int turn = 0;
    bool drawn = false;
    int minimum = 0;
    int winner = kNone;
    bool is_void = false;
    int turns = 0;
    bool over() const { return winner != kNone || is_void; }
};

struct Context {
    Config cf;
    int pen[53];
    ArrangeWork work;
};

Context g;  // the GIL is held: one rollout at a time

bool is_wild(int c) { return c == g.cf.wild; }

void counts_of(const std::vector<int>& hand, int (&counts)[53]) {
    std::fill(counts, counts + 53, 0);
    for (int c : hand) ++counts[c];
}

// solver.best_arrangement(sorted(hand), keep) or best_opening(sorted(hand), minimum, 1, None,
// must): A_OK (g.work holds it) or A_NOTHING; a path the native solver does not take throws.
int solve(const std::vector<int>& hand, int keep, int must, bool opening, int minimum) {
    int counts[53];
    counts_of(hand, counts);
    int status = arrange(g.cf, counts, keep, kNone, must, opening, g.pen, g.work);
    if (status == A_REFERENCE) throw AskReference{};
    if (opening && status == A_OK && (g.work.value < minimum || g.work.chosen.empty()))
        return A_NOTHING;  // best_opening: None below the minimum or with no meld
    return status;
}

// solver.partners: cards of rest making a meld with card (same rank, or same suit within two)
int partners(int card, const std::vector<int>& rest) {
    if (is_wild(card)) return 99;
    int nat = natural(g.cf, card);
    int count = 0;
    for (int other : rest) {
        if (is_wild(other)) continue;
        int o = natural(g.cf, other);
        if (o == nat) continue;
        if (card_rank(o) == card_rank(nat)) {
            ++count;
        } else if (card_suit(o) == card_suit(nat)) {
            int d = std::abs(card_rank(o) - card_rank(nat));
            if (0 < d && d <= 2) ++count;
        }
    }
    return count;
}

// rollout.melds_with_two
bool melds_with_two(int card, const std::vector<int>& hand) {
    bool has_wild = false;
    for (int c : hand) has_wild = has_wild || is_wild(c);
    int nat = natural(g.cf, card);
    int nr = card_rank(nat), ns = card_suit(nat);
    int suits = 0;
    bool ranks[17] = {};
    for (int c : hand) {
        if (c == card || is_wild(c)) continue;
        int o = natural(g.cf, c);
        int r = card_rank(o), s = card_suit(o);
        if (r == nr && s != ns) {
            if (s >= 0) suits |= 1 << s;
        } else if (s == ns) {
            ranks[r] = true;
            if (r == 1) ranks[14] = true;
        }
    }
    if (__builtin_popcount(suits) + (has_wild ? 1 : 0) >= 2) return true;
    int spots[2] = {nr, 14};
    int n_spots = nr == 1 ? 2 : 1;
    for (int k = 0; k < n_spots; ++k) {
        int r = spots[k];
        for (int low = r - 2; low <= r; ++low) {
            int missing = 0;
            for (int x = low; x < low + 3; ++x)
                if (x != r && !(x >= 0 && ranks[x])) ++missing;
            if (1 <= low && low + 2 <= 14 && missing <= (has_wild ? 1 : 0)) return true;
        }
    }
    return false;
}

bool loose(const std::vector<int>& hand, int card) {
    return !is_wild(card) && !melds_with_two(card, hand);
}

void remove_one(std::vector<int>& hand, int card) {
    auto it = std::find(hand.begin(), hand.end(), card);
    if (it != hand.end()) hand.erase(it);
}

bool chosen_hold(int card) {
    for (int i : g.work.chosen) {
        const Meld& m = g.work.melds[i];
        for (int j = 0; j < m.n; ++j)
            if (m.cards[j] == card) return true;
    }
    return false;
}

// rollout._draw
void draw(Sketch& sk, std::vector<int>& hand, int seat) {
    int top = sk.top;
    if (top != kNone && !is_wild(top) && partners(top, hand) >= 2) {
        std::vector<int> with_top(hand);
        with_top.push_back(top);
        bool useful;
        if (sk.opened[seat]) {
            useful = solve(with_top, 1, kNone, false, 0) == A_OK && chosen_hold(top);
        } else {
            useful = solve(with_top, 1, top, true, sk.minimum) == A_OK;
        }
        if (useful) {
            hand.push_back(top);
            sk.top = kNone;
            --sk.gone[top];
            return;
        }
    }
    if (sk.at >= sk.stock.size()) {
        sk.is_void = true;
        return;
    }
    hand.push_back(sk.stock[sk.at++]);
}

// rollout._lay_off: every natural card that extends a meld, keeping one card to discard
void lay_off(Sketch& sk, std::vector<int>& hand) {
    bool changed = true;
    while (changed && hand.size() > 1) {
        changed = false;
        std::vector<int> cards(hand);
        std::sort(cards.begin(), cards.end());
        cards.erase(std::unique(cards.begin(), cards.end()), cards.end());
        for (int card : cards) {
            if (hand.size() <= 1 || is_wild(card)) continue;
            int nat = natural(g.cf, card);
            int nr = card_rank(nat), ns = card_suit(nat);
            for (PlayMeld& m : sk.melds) {
                int ends[2], n_ends = 0;
                if (!m.run) {
                    if (!(m.rank == nr && m.n < 4)) continue;
                    ends[n_ends++] = -1;
                } else {
                    int end = m.start + m.n - 1;
                    bool fits = m.suit == ns &&
                                (nr == m.start - 1 || nr == end + 1 || (nr == 1 && end == 13));
                    if (!fits) continue;
                    ends[n_ends++] = 0;
                    ends[n_ends++] = 1;
                }
                PlayMeld out;
                bool added = false;
                for (int k = 0; k < n_ends && !added; ++k) added = add_card(g.cf, m, card, ends[k], out);
                if (added) {
                    m = out;
                    remove_one(hand, card);
                    changed = true;
                    break;
                }
            }
        }
    }
}

// the chosen melds of g.work laid from hand onto the table (melds.analyze, roles AUTO)
void lay_chosen(Sketch& sk, std::vector<int>& hand) {
    std::vector<int> chosen(g.work.chosen);
    for (int i : chosen) {
        const Meld& m = g.work.melds[i];
        int8_t roles[kMaxMeld] = {};
        PlayMeld pm;
        if (!analyze(g.cf, m.cards.data(), m.n, roles, pm)) throw AskReference{};
        for (int j = 0; j < m.n; ++j) remove_one(hand, m.cards[j]);
        sk.melds.push_back(pm);
    }
}

// rollout._lay
void lay(Sketch& sk, std::vector<int>& hand, int seat) {
    if (!sk.opened[seat]) {
        if (solve(hand, 1, kNone, true, sk.minimum) != A_OK) return;
        sk.opened[seat] = true;
    } else {
        solve(hand, 1, kNone, false, 0);
    }
    lay_chosen(sk, hand);
    if (sk.opened[seat]) lay_off(sk, hand);
}

// rollout.partner_counts of one natural card (-1 for a wild card: not counted)
int partner_count(int card, const std::vector<int>& hand) {
    if (is_wild(card)) return -1;
    int nat = natural(g.cf, card);
    int rank = card_rank(nat), suit = card_suit(nat);
    int count = 0;
    for (int c : hand) {
        if (is_wild(c)) continue;
        int o = natural(g.cf, c);
        int r = card_rank(o), s = card_suit(o);
        if (r == rank) {
            count += s != suit;
        } else if (s == suit && std::abs(r - rank) <= 2) {
            ++count;
        }
    }
    return count;
}

// rollout._discard_choice: the loosest card (fewest partners, the costliest), a wild card last
int discard_choice(const std::vector<int>& hand, bool meldless) {
    if (hand.size() == 1) return hand[0];
    int count[53];
    std::fill(count, count + 53, -2);  // -2: not in hand; -1: wild
    for (int c : hand)
        if (count[c] == -2) count[c] = partner_count(c, hand);
    // min by (key, -penalty, card)
    auto better = [&](int a, int ka, int b, int kb) {
        if (ka != kb) return ka < kb;
        if (g.pen[a] != g.pen[b]) return g.pen[a] > g.pen[b];
        return a < b;
    };
    int best = kNone;
    for (int c = 0; c < 53; ++c)
        if (count[c] == 0 && (best == kNone || better(c, 0, best, 0))) best = c;
    if (best != kNone) return best;
    int left[53] = {};
    if (meldless) {
        for (int c : hand) ++left[c];
    } else {
        solve(hand, 1, kNone, false, 0);
        std::copy(g.work.left, g.work.left + 53, left);
    }
    bool any = false;
    for (int c = 0; c < 53; ++c) any = any || (left[c] && count[c] >= 0);
    if (!any) {  // pool = list(counts) or list(hand)
        bool naturals = false;
        for (int c = 0; c < 53; ++c) naturals = naturals || count[c] >= 0;
        std::fill(left, left + 53, 0);
        for (int c : hand)
            if (!naturals || count[c] >= 0) left[c] = 1;
    }
    int best_key = 0;
    for (int c = 0; c < 53; ++c) {
        if (!left[c]) continue;
        if (count[c] == -2) continue;  // only cards of the hand
        int key = count[c] >= 0 ? count[c] : 99;
        if (best == kNone || better(c, key, best, best_key)) {
            best = c;
            best_key = key;
        }
    }
    return best;
}

// solver.best_discard(hand) (no card forbidden): the least penalty left after the best melds;
// a wild card only when nothing else may; among equals the fewest partners, then the lowest
int best_discard(const std::vector<int>& hand) {
    int in_hand[53] = {};
    for (int c : hand) ++in_hand[c];
    bool naturals = false;
    for (int c = 0; c < 53; ++c) naturals = naturals || (in_hand[c] && !is_wild(c));
    solve(hand, 0, kNone, false, 0);
    int whole_penalty = g.work.penalty;
    int left[53];
    std::copy(g.work.left, g.work.left + 53, left);
    // the pool in the reference's order: the cards left by the best melds first, ascending
    int order[53], n = 0;
    for (int pass = 0; pass < 2; ++pass)
        for (int c = 0; c < 53; ++c)
            if (in_hand[c] && (!naturals || !is_wild(c)) && ((left[c] > 0) == (pass == 0)))
                order[n++] = c;
    int cost[53], costed[53], n_costed = 0;
    for (int i = 0; i < n; ++i) {
        int c = order[i];
        int bound = whole_penalty - g.pen[c];
        bool least_so_far = true;
        for (int j = 0; j < n_costed; ++j) least_so_far = least_so_far && bound < cost[costed[j]];
        if (left[c] > 0) {
            cost[c] = bound;
        } else if (!n_costed || least_so_far) {
            std::vector<int> rest(hand);
            remove_one(rest, c);
            solve(rest, 0, kNone, false, 0);
            cost[c] = g.work.penalty;
        } else {
            continue;
        }
        costed[n_costed++] = c;
    }
    int least = cost[costed[0]];
    for (int j = 1; j < n_costed; ++j) least = std::min(least, cost[costed[j]]);
    int best = kNone, best_p = 0;
    for (int j = 0; j < n_costed; ++j) {
        int c = costed[j];
        if (cost[c] != least) continue;
        int p = partners(c, hand);
        if (best == kNone || p < best_p || (p == best_p && c < best)) {
            best = c;
            best_p = p;
        }
    }
    return best;
}

int code_of_rank(int rank, int suit) { return suit * 13 + (rank == 14 ? 1 : rank) - 1; }

// rollout.outs_discard: the leftover card whose pairs with the other leftovers have the fewest
// live outs, then the costliest; kNone when no natural card is left over
int outs_discard(const Sketch& sk, const std::vector<int>& hand) {
    solve(hand, 0, kNone, false, 0);
    std::vector<int> left;
    for (int c = 0; c < 53; ++c)
        for (int k = 0; k < g.work.left[c]; ++k) left.push_back(c);
    int unseen[53];
    for (int c = 0; c < 53; ++c) unseen[c] = sk.deck[c] - sk.gone[c];
    for (int c : hand) --unseen[c];
    for (const PlayMeld& m : sk.melds)
        for (int j = 0; j < m.n; ++j) --unseen[m.cards[j]];
    int wild_outs = g.cf.wild >= 0 ? unseen[g.cf.wild] : 0;
    int best = kNone, best_total = 0;
    int prev = -1;
    for (int c : left) {  // ascending, each code once
        if (c == prev || is_wild(c)) {
            prev = c;
            continue;
        }
        prev = c;
        int n = natural(g.cf, c);
        int nr = card_rank(n), ns = card_suit(n);
        int total = 0;
        for (int p : left) {
            if (p == c || is_wild(p)) continue;
            int q = natural(g.cf, p);
            if (q == n) continue;
            int qr = card_rank(q), qs = card_suit(q);
            if (qr == nr) {
                total += wild_outs;
                for (int suit = 0; suit < 4; ++suit)
                    if (suit != ns && suit != qs) total += unseen[code_of_rank(nr, suit)];
            } else if (qs == ns) {
                int low = std::min(nr, qr), high = std::max(nr, qr);
                if (high - low == 1) {
                    if (low - 1 >= 1) total += unseen[code_of_rank(low - 1, ns)];
                    if (high + 1 <= 14) total += unseen[code_of_rank(high + 1, ns)];
                    total += wild_outs;
                } else if (high - low == 2) {
                    total += unseen[code_of_rank(low + 1, ns)] + wild_outs;
                }
            }
        }
        // min by (total, -penalty, card): cards come ascending, so a tie keeps the first
        if (best == kNone || total < best_total ||
            (total == best_total && g.pen[c] > g.pen[best])) {
            best = c;
            best_total = total;
        }
    }
    return best;
}

// rollout.play_turn
void play_turn(Sketch& sk) {
    int seat = sk.turn;
    std::vector<int>& hand = sk.hands[seat];
    bool loose_draw = false;
    if (!sk.drawn) {
        draw(sk, hand, seat);
        if (sk.over()) return;
        loose_draw = loose(hand, hand.back());
    }
    sk.drawn = false;
    if (hand.size() > 1) {
        if (sk.clean[seat] && loose_draw) {
            if (sk.opened[seat]) lay_off(sk, hand);
        } else {
            lay(sk, hand, seat);
            sk.clean[seat] = true;
        }
    }
    int card = kNone;
    if (sk.discard_rule[seat] == 1) card = best_discard(hand);
    else if (sk.discard_rule[seat] == 2) card = outs_discard(sk, hand);
    if (card == kNone) card = discard_choice(hand, sk.clean[seat] && sk.opened[seat]);
    remove_one(hand, card);
    sk.top = card;
    ++sk.gone[card];
    sk.turns += 1;
    if (hand.empty()) {
        sk.winner = seat;
        return;
    }
    sk.turn = (seat + 1) % sk.n;
}

// leaf.features of one seat
void features(const std::vector<int>& hand, bool opened, int minimum, int order, int players,
              double* row) {
    solve(hand, 0, kNone, false, 0);
    int left_pen = 0, left_n = 0;
    int nats_r[32], nats_s[32], nn = 0;
    for (int c = 0; c < 53; ++c)
        for (int k = 0; k < g.work.left[c]; ++k) {
            left_pen += g.pen[c];
            ++left_n;
            if (!is_wild(c) && nn < 32) {
                int o = natural(g.cf, c);
                nats_r[nn] = card_rank(o);
                nats_s[nn++] = card_suit(o);
            }
        }
    int n_loose = 0;
    for (int i = 0; i < nn; ++i) {
        bool partner = false;
        for (int j = 0; j < nn && !partner; ++j) {
            int r = nats_r[j], s = nats_s[j];
            int d = std::abs(r - nats_r[i]);
            partner = (r == nats_r[i] && s != nats_s[i]) || (s == nats_s[i] && 0 < d && d <= 2);
        }
        if (!partner) ++n_loose;
    }
    double can_open = 0.0;
    if (!opened && solve(hand, 1, kNone, true, minimum) == A_OK) can_open = 1.0;
    int wilds = 0;
    for (int c : hand) wilds += is_wild(c);
    row[0] = static_cast<double>(hand.size()) / 10.0;
    row[1] = static_cast<double>(left_pen) / 100.0;
    row[2] = static_cast<double>(left_n) / 10.0;
    row[3] = static_cast<double>(n_loose) / 10.0;
    row[4] = opened ? 1.0 : 0.0;
    row[5] = can_open;
    row[6] = static_cast<double>(wilds);
    row[7] = static_cast<double>(order) / static_cast<double>(players);
}

// ------------------------------------------------------------------------ reading the input

long as_long(PyObject* o) {
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
    return v;
}

void read_cards(PyObject* seq_in, std::vector<int>& out) {
    PyObject* seq = PySequence_Fast(seq_in, "cards must be a sequence of card codes");
    if (!seq) throw py::error_already_set();
    py::object owner = py::reinterpret_steal<py::object>(seq);
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject** items = PySequence_Fast_ITEMS(seq);
    out.clear();
    out.reserve(n + 4);
    for (Py_ssize_t i = 0; i < n; ++i) {
        long c = as_long(items[i]);
        if (c < 0 || c > 52) throw py::value_error("a card code is 0..52");
        out.push_back(static_cast<int>(c));
    }
}

// a table meld from Meld.as_play_ints: run, suit, rank, start, natural suits, cards, roles
PlayMeld read_meld(PyObject* t) {
    if (!PyTuple_Check(t)) throw py::value_error("a table meld: a tuple of ints");
    Py_ssize_t size = PyTuple_GET_SIZE(t);
    int n = static_cast<int>((size - 5) / 2);
    if (size < 11 || (size - 5) % 2 || n > kMaxMeld)
        throw py::value_error("a table meld: 5 ints, its cards, their roles");
    PlayMeld m;
    m.run = as_long(PyTuple_GET_ITEM(t, 0)) != 0;
    m.suit = static_cast<int8_t>(as_long(PyTuple_GET_ITEM(t, 1)));
    m.rank = static_cast<int8_t>(as_long(PyTuple_GET_ITEM(t, 2)));
    m.start = static_cast<int8_t>(as_long(PyTuple_GET_ITEM(t, 3)));
    m.natural_suits = static_cast<int8_t>(as_long(PyTuple_GET_ITEM(t, 4)));
    m.n = static_cast<int8_t>(n);
    for (int i = 0; i < n; ++i) {
        m.cards[i] = static_cast<int8_t>(as_long(PyTuple_GET_ITEM(t, 5 + i)));
        m.roles[i] = static_cast<int8_t>(as_long(PyTuple_GET_ITEM(t, 5 + n + i)));
    }
    return m;
}

PyObject* ints_tuple(const std::vector<int>& v) {
    PyObject* t = PyTuple_New(static_cast<Py_ssize_t>(v.size()));
    for (size_t i = 0; i < v.size(); ++i) PyTuple_SET_ITEM(t, i, PyLong_FromLong(v[i]));
    return t;
}

// run(hands, stock, top, opened, clean, melds, turn, drawn, minimum, config, turns, weights,
// full, discard_rule, gone, deck): play up to `turns` turns of the sketch, then (winner, void, chances): chances are the
// leaf's (one per seat) when the round goes on, else (). With full, a fourth item: the sketch
// after the rollout (hands, stock left, top, opened, clean, melds' cards, gone, turn, turns played).
// None: the reference must play it.
py::object run(py::sequence hands, py::object stock, int top, py::sequence opened,
               py::sequence clean, py::sequence melds, int turn, bool drawn, int minimum,
               py::sequence config, int turns, py::sequence weights, bool full,
               py::sequence discard_rule, py::sequence gone, py::sequence deck) {
    Sketch sk;
    sk.n = static_cast<int>(hands.size());
    if (sk.n < 2 || sk.n > kSeats || static_cast<int>(opened.size()) != sk.n ||
        static_cast<int>(clean.size()) != sk.n)
        throw py::value_error("2 to 8 seats, an opened and a clean flag each");
    if (static_cast<int>(config.size()) != 9 || static_cast<int>(weights.size()) != kFeatures)
        throw py::value_error("config: 9 ints; weights: 8 numbers");
    long v[9];
    for (int j = 0; j < 9; ++j) v[j] = as_long(config[j].ptr());
    Config& cf = g.cf;
    cf = Config();
    cf.wild = static_cast<int>(v[0]);
    cf.joker_as = static_cast<int>(v[1]);
    cf.wild_limit_one = v[2] != 0;
    cf.max_meld_size = static_cast<int>(v[3]);
    cf.gulf = v[4] != 0;
    cf.ace_low = static_cast<int>(v[5]);
    cf.ace_high = static_cast<int>(v[6]);
    if (cf.wild < -1 || cf.wild > 52 || cf.joker_as < -1 || cf.joker_as > 51)
        throw py::value_error("a card code is 0..52 (-1: none)");
    penalties(cf, v[7] != 0, static_cast<int>(v[8]), g.pen);
    for (int s = 0; s < sk.n; ++s) {
        read_cards(hands[s].ptr(), sk.hands[s]);
        sk.opened[s] = PyObject_IsTrue(opened[s].ptr()) == 1;
        sk.clean[s] = PyObject_IsTrue(clean[s].ptr()) == 1;
        sk.discard_rule[s] =
            static_cast<int>(discard_rule.size()) > s ? static_cast<int>(as_long(discard_rule[s].ptr())) : 0;
    }
    if (gone.size() != 53 || deck.size() != 53) throw py::value_error("gone, deck: 53 counts");
    for (int c = 0; c < 53; ++c) {
        sk.gone[c] = static_cast<int>(as_long(gone[c].ptr()));
        sk.deck[c] = static_cast<int>(as_long(deck[c].ptr()));
    }
    read_cards(stock.ptr(), sk.stock);
    if (top < -1 || top > 52) throw py::value_error("a card code is 0..52 (-1: none)");
    sk.top = top;
    for (size_t i = 0; i < melds.size(); ++i) sk.melds.push_back(read_meld(melds[i].ptr()));
    sk.turn = turn;
    sk.drawn = drawn;
    sk.minimum = minimum;
    double w[kFeatures];
    for (int j = 0; j < kFeatures; ++j) w[j] = PyFloat_AsDouble(weights[j].ptr());
    if (PyErr_Occurred()) throw py::error_already_set();
    py::tuple chances(0);
    try {
        for (int t = 0; t < turns && !sk.over(); ++t) play_turn(sk);
        if (!sk.over()) {
            // leaf.chances: exp(w.x - max) / their sum, the sums in the reference's order
            double scores[kSeats];
            double row[kFeatures];
            for (int s = 0; s < sk.n; ++s) {
                int order = ((s - sk.turn) % sk.n + sk.n) % sk.n;
                features(sk.hands[s], sk.opened[s], sk.minimum, order, sk.n, row);
                double acc = 0.0;
                for (int j = 0; j < kFeatures; ++j) {
                    double p = w[j] * row[j];
                    acc = acc + p;
                }
                scores[s] = acc;
            }
            double top_score = scores[0];
            for (int s = 1; s < sk.n; ++s) top_score = std::max(top_score, scores[s]);
            double exps[kSeats], total = 0.0;
            for (int s = 0; s < sk.n; ++s) {
                exps[s] = std::exp(scores[s] - top_score);
                total = total + exps[s];
            }
            chances = py::tuple(sk.n);
            for (int s = 0; s < sk.n; ++s) chances[s] = py::float_(exps[s] / total);
        }
    } catch (const AskReference&) {
        return py::none();
    }
    py::object winner = sk.winner == kNone ? py::object(py::none()) : py::int_(sk.winner);
    if (!full) return py::make_tuple(winner, sk.is_void, chances);
    py::tuple hs(sk.n), op(sk.n), cl(sk.n), ms(sk.melds.size());
    for (int s = 0; s < sk.n; ++s) {
        std::vector<int> h(sk.hands[s]);
        std::sort(h.begin(), h.end());
        hs[s] = py::reinterpret_steal<py::object>(ints_tuple(h));
        op[s] = py::bool_(sk.opened[s]);
        cl[s] = py::bool_(sk.clean[s]);
    }
    for (size_t i = 0; i < sk.melds.size(); ++i) {
        const PlayMeld& m = sk.melds[i];
        std::vector<int> cards(m.cards, m.cards + m.n);
        ms[i] = py::reinterpret_steal<py::object>(ints_tuple(cards));
    }
    std::vector<int> rest(sk.stock.begin() + static_cast<long>(sk.at), sk.stock.end());
    std::vector<int> gone_after(sk.gone, sk.gone + 53);
    py::tuple after = py::make_tuple(hs, py::reinterpret_steal<py::object>(ints_tuple(rest)),
                                     sk.top, op, cl, ms,
                                     py::reinterpret_steal<py::object>(ints_tuple(gone_after)), sk.turn,
                                     sk.turns);
    return py::make_tuple(winner, sk.is_void, chances, after);
}

}  // namespace

PYBIND11_MODULE(_rollout_native, mod) {
    mod.doc() = "handgame's native cheap rollouts (see handgame/games/hand/bots/native_rollout.py)";
    mod.attr("ROLLOUT_VERSION") = kVersion;
    mod.def("run", &run, py::arg("hands"), py::arg("stock"), py::arg("top"), py::arg("opened"),
            py::arg("clean"), py::arg("melds"), py::arg("turn"), py::arg("drawn"),
            py::arg("minimum"), py::arg("config"), py::arg("turns"), py::arg("weights"),
            py::arg("full"), py::arg("discard_rule"), py::arg("gone"), py::arg("deck"),
            "Play a sketch's rollout (rollout.run) and score it (leaf.chances): (winner, void, "
            "chances[, the sketch after]), or None when the Python reference must play it.");
}
