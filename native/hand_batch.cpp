// N tables of Hand's round held in C++ for the batched RL environment (issue 39): the first
// part of the native batch, the round's state, the effects of its steps and the observation.
//
// A table is loaded from the Python engine's state (load: cards as codes, table melds as
// Meld.as_play_ints), follows the engine's actions (draw, lay, add, swap, discard: the effects
// of games/hand/turn.py's _draw, _lay, _add, _swap and _discard on the round's values, never
// their checks: the Python engine decided the action is legal) and writes each seat's
// observation (the entries of handgame/rl/encode.py's encode, as native/table.cpp writes them
// from a TableView). Where an effect is not ported (a taken wild card still restricted, L-66 /
// O-6; the round's end and its scores, L-80…L-90; the stock's reshuffle, O-9; the stock ending
// early, O-10) the step answers false and the table is to be loaded again from the Python
// engine (the handover). What is not here yet: the legal actions and their spelling as tokens,
// the driver's decisions, the deal and the scores (docs/rl.md § Environment speed).
//
// Built by the package build into handgame/games/hand/_batch_native (games/hand/batch.py).
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "play_melds.hpp"

namespace py = pybind11;
using namespace handgame::hand;

namespace {

constexpr int kVersion = 1;
constexpr int kCards = 53;
constexpr int kMaxPlayers = 8;

// rounds.Phase as coded by games/hand/batch.py (PHASES)
enum PhaseCode { P_DEAL = 0, P_FIRST_DISCARD = 1, P_DRAW = 2, P_PLAY = 3, P_OVER = 4, P_N = 5 };

// the observation's blocks, in encode.py's layout order (as table.cpp)
enum Block {
    kHand, kKnown, kPile, kPileTop, kWild, kTable, kMelds, kOwner,
    kCounts, kOpened, kTotals, kToMove, kScalars, kPhase, kPrefixCounts, kPrefixLast, kBlocks
};

long as_long(PyObject* o) {
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
    return v;
}

std::vector<int> ints_of(py::handle seq) {
    std::vector<int> out;
    PyObject* fast = PySequence_Fast(seq.ptr(), "a sequence of ints was expected");
    if (!fast) throw py::error_already_set();
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    PyObject** items = PySequence_Fast_ITEMS(fast);
    out.reserve(static_cast<size_t>(n));
    for (Py_ssize_t k = 0; k < n; ++k) {
        long v = as_long(items[k]);
        if (PyErr_Occurred()) {
            Py_DECREF(fast);
            throw py::error_already_set();
        }
        out.push_back(static_cast<int>(v));
    }
    Py_DECREF(fast);
    return out;
}

int card_of(long c) {
    if (c < 0 || c >= kCards) throw py::value_error("a card code out of range");
    return static_cast<int>(c);
}

// rounds.TurnState: what the seat to act did so far this turn (the fields the effects read)
struct TurnFields {
    int drew = 0;  // 0 none, 1 stock, 2 discard
    int taken = -1;
    bool restricted = false;  // a taken wild card with a restriction not yet settled (L-66, O-6)
    std::vector<int> laid;
    int laid_value = 0;
    int all_laid_value = 0;
    bool provisional = false;
    bool opened_now = false;
};

// What stays fixed for every table (the ruleset, the layout of the observation).
struct Rules {
    int players = 2;
    int minimum = 51;         // rules.initial_minimum (L-63)
    bool escalating = false;  // rules.escalating_minimum (O-4)
    bool announcements = true;
    bool swap_needs_opening = true;
    bool stock_end_players = false;  // rules.stock_end == "players" (O-10)
    long at[kBlocks] = {};
    long size = 0;
    long slots = 0;
    long phase_entry[P_N] = {};
};

struct Table {
    Config cf;  // the ruleset and this round's wild cards (games/hand/native.py config)
    int phase = P_DEAL;
    int turn = 0;
    int round_number = 0;
    int wild = -1;  // the TableView's wild card (rnd.wilds.wild)
    bool known_on = false;  // rnd.known is kept (a tuple per seat)
    int hands[kMaxPlayers][kCards] = {};
    int hand_n[kMaxPlayers] = {};
    int known[kMaxPlayers][kCards] = {};
    std::vector<int> stock;  // stock[0] is drawn first
    size_t stock_at = 0;
    std::vector<int> pile;  // bottom first
    std::vector<PlayMeld> melds;
    std::vector<int> owners;
    bool opened[kMaxPlayers] = {};
    bool laid_before[kMaxPlayers] = {};
    int announced[kMaxPlayers] = {};  // -1: None
    bool missed[kMaxPlayers] = {};
    double totals[kMaxPlayers] = {};
    int turns_done = 0;
    int last_opening = 0;
    int pile_top_by = -1;
    TurnFields ts;
};

class Batch {
public:
    Batch(int n, int players, py::handle flags, py::handle at, long size, long slots,
          py::handle phase_entries)
        : tables_(static_cast<size_t>(n)) {
        if (n < 1) throw py::value_error("a batch needs at least one table");
        if (players < 2 || players > kMaxPlayers) throw py::value_error("2 to 8 players");
        r_.players = players;
        std::vector<int> f = ints_of(flags);
        if (f.size() != 5) throw py::value_error("flags: minimum, escalating, announcements, "
                                                 "swap_needs_opening, stock_end_players");
        r_.minimum = f[0];
        r_.escalating = f[1] != 0;
        r_.announcements = f[2] != 0;
        r_.swap_needs_opening = f[3] != 0;
        r_.stock_end_players = f[4] != 0;
        std::vector<int> o = ints_of(at);
        if (o.size() != kBlocks) throw py::value_error("at: the layout's 16 offsets");
        for (int b = 0; b < kBlocks; ++b) r_.at[b] = o[b];
        r_.size = size;
        r_.slots = slots;
        std::vector<int> p = ints_of(phase_entries);
        if (p.size() != P_N) throw py::value_error("phase_entries: one per phase");
        for (int k = 0; k < P_N; ++k) r_.phase_entry[k] = p[k];
    }

    int size() const { return static_cast<int>(tables_.size()); }

    // The table i set from the Python engine's values (games/hand/batch.py load).
    void load(int i, py::handle config, int phase, int turn, int round_number, int wild, py::handle hands,
              py::handle known, py::handle stock, py::handle pile, py::handle melds,
              py::handle owners, py::handle opened, py::handle laid_before, py::handle announced,
              py::handle missed, py::handle totals, py::handle fields, py::handle laid) {
        Table& t = at(i);
        t = Table();
        std::vector<int> c = ints_of(config);
        if (c.size() != 10) throw py::value_error("config: the 10 ints of native.config");
        t.cf = Config{c[0], c[1], c[2] != 0, c[3], c[4] != 0, c[5], c[6], c[7], c[8], c[9] != 0};
        if (phase < 0 || phase >= P_N) throw py::value_error("a phase code out of range");
        t.phase = phase;
        t.turn = turn;
        t.round_number = round_number;
        t.wild = wild;
        const int np = r_.players;
        py::sequence hs = py::reinterpret_borrow<py::sequence>(hands);
        if (static_cast<int>(hs.size()) != np && hs.size() != 0)
            throw py::value_error("a hand per seat");
        for (size_t s = 0; s < hs.size(); ++s)
            for (int c : ints_of(hs[s])) {
                ++t.hands[s][card_of(c)];
                ++t.hand_n[s];
            }
        py::sequence ks = py::reinterpret_borrow<py::sequence>(known);
        t.known_on = ks.size() != 0;
        if (t.known_on && static_cast<int>(ks.size()) != np)
            throw py::value_error("known: none, or a tuple per seat");
        for (size_t s = 0; s < ks.size(); ++s)
            for (int c : ints_of(ks[s])) ++t.known[s][card_of(c)];
        t.stock = ints_of(stock);
        t.pile = ints_of(pile);
        for (py::handle m : melds) {
            std::vector<int> v = ints_of(m);  // Meld.as_play_ints
            if (v.size() < 5 || (v.size() - 5) % 2) throw py::value_error("a meld's play ints");
            int k = static_cast<int>((v.size() - 5) / 2);
            if (k > kMaxMeld) throw py::value_error("a meld too long");
            PlayMeld pm;
            pm.run = v[0] != 0;
            pm.suit = static_cast<int8_t>(v[1]);
            pm.rank = static_cast<int8_t>(v[2]);
            pm.start = static_cast<int8_t>(v[3]);
            pm.natural_suits = static_cast<int8_t>(v[4]);
            pm.n = static_cast<int8_t>(k);
            for (int j = 0; j < k; ++j) {
                pm.cards[j] = static_cast<int8_t>(v[5 + j]);
                pm.roles[j] = static_cast<int8_t>(v[5 + k + j]);
            }
            t.melds.push_back(pm);
        }
        t.owners = ints_of(owners);
        seat_flags(opened, t.opened);
        seat_flags(laid_before, t.laid_before);
        seat_flags(missed, t.missed);
        std::vector<int> an = ints_of(announced);
        for (size_t s = 0; s < an.size() && s < kMaxPlayers; ++s) t.announced[s] = an[s];
        py::sequence ts = py::reinterpret_borrow<py::sequence>(totals);
        for (size_t s = 0; s < ts.size() && s < kMaxPlayers; ++s)
            t.totals[s] = ts[s].cast<double>();
        std::vector<int> fl = ints_of(fields);
        if (fl.size() != 10) throw py::value_error("fields: the round's and turn's 10 ints");
        t.turns_done = fl[0];
        t.last_opening = fl[1];
        t.pile_top_by = fl[2];
        t.ts.drew = fl[3];
        t.ts.taken = fl[4];
        t.ts.restricted = fl[5] != 0;
        t.ts.laid_value = fl[6];
        t.ts.all_laid_value = fl[7];
        t.ts.provisional = fl[8] != 0;
        t.ts.opened_now = fl[9] != 0;
        t.ts.laid = ints_of(laid);
    }

    // turn._draw's effect: from the stock (source 0) or the discard pile (1). False: not
    // followed (the table is to be loaded again).
    bool draw(int i, int source) {
        Table& t = at(i);
        if (t.phase != P_DRAW) return false;
        int seat = t.turn;
        if (source == 0) {
            if (t.stock_at >= t.stock.size()) return false;
            give(t, seat, t.stock[t.stock_at++]);
            t.ts = TurnFields();
            t.ts.drew = 1;
        } else {
            if (t.pile.empty()) return false;
            int top = t.pile.back();
            if ((top == t.cf.wild || top == kJoker) && t.cf.discarded_wild != DW_WILD)
                return false;  // a restricted taken wild card (L-66, O-6): not ported
            t.pile.pop_back();
            give(t, seat, top);
            known_change(t, seat, nullptr, 0, &top, 1);
            t.ts = TurnFields();
            t.ts.drew = 2;
            t.ts.taken = top;
        }
        t.phase = P_PLAY;
        return true;
    }

    // turn._lay's effect: new melds of the seat to act, each as its cards.
    bool lay(int i, py::handle melds) {
        Table& t = at(i);
        if (t.phase != P_PLAY || t.ts.restricted) return false;
        int seat = t.turn;
        std::vector<std::vector<int>> all;
        for (py::handle m : melds) all.push_back(ints_of(m));
        if (all.empty()) return false;
        int minimum = required_minimum(t);
        std::vector<PlayMeld> made;
        for (const auto& cards : all) {
            int8_t cs[kMaxMeld], roles[kMaxMeld] = {};
            int n = static_cast<int>(cards.size());
            if (n > kMaxMeld) return false;
            for (int j = 0; j < n; ++j) cs[j] = static_cast<int8_t>(card_of(cards[j]));
            PlayMeld pm;
            if (!analyze(t.cf, cs, n, roles, pm)) return false;
            made.push_back(pm);
        }
        for (size_t k = 0; k < made.size(); ++k) {
            const auto& cards = all[k];
            for (int c : cards)
                if (t.hands[seat][c]-- <= 0) return false;  // (checked by the engine)
            t.hand_n[seat] -= static_cast<int>(cards.size());
            int value = made[k].value(t.cf);
            t.melds.push_back(made[k]);
            t.owners.push_back(seat);
            t.ts.laid.push_back(static_cast<int>(t.melds.size()) - 1);
            t.ts.all_laid_value += value;
            if (t.ts.taken >= 0 &&
                std::find(cards.begin(), cards.end(), t.ts.taken) != cards.end())
                t.ts.restricted = false;
            if (!t.opened[seat] && !t.ts.provisional) {
                t.ts.laid_value += value;
                if (t.ts.laid_value >= minimum) {
                    t.opened[seat] = true;
                    t.ts.opened_now = true;
                }
            }
            known_change(t, seat, cards.data(), static_cast<int>(cards.size()), nullptr, 0);
        }
        return true;
    }

    // turn._add's effect: card laid off on meld `to` at `end` (-1 none named, 0 low, 1 high).
    bool add(int i, int card, int to, int end) {
        Table& t = at(i);
        if (t.phase != P_PLAY || t.ts.restricted) return false;
        if (to < 0 || to >= static_cast<int>(t.melds.size())) return false;
        int seat = t.turn;
        card = card_of(card);
        const PlayMeld old = t.melds[static_cast<size_t>(to)];
        PlayMeld pm;
        if (!add_card(t.cf, old, card, end, pm)) return false;
        if (t.hands[seat][card] <= 0) return false;
        bool is_wild = card == t.cf.wild;
        bool o8 = t.cf.pair_plus_wild_free && old.is_pair_plus_wild() && !is_wild;
        if (!t.opened[seat] && !t.ts.provisional && o8) {  // O-8
            int value = pm.value(t.cf) - old.value(t.cf);
            t.ts.laid_value += value;
            t.ts.all_laid_value += value;
            if (t.ts.laid_value >= required_minimum(t)) {
                t.opened[seat] = true;
                t.ts.opened_now = true;
            }
        }
        // L-44's pending flag and O-5's settling are not read by the observation: a table
        // with a pair-plus-wild or a taken card in play is still followed (the engine checks)
        if (!t.opened[seat] && !o8) t.ts.provisional = true;  // makes_provisional (L-63)
        --t.hands[seat][card];
        --t.hand_n[seat];
        t.melds[static_cast<size_t>(to)] = pm;
        known_change(t, seat, &card, 1, nullptr, 0);
        return true;
    }

    // turn._swap's effect: natural cards put in place of the wild cards of meld `at`.
    bool swap(int i, py::handle cards, int at_meld) {
        Table& t = at(i);
        if (t.phase != P_PLAY || t.ts.restricted) return false;
        if (at_meld < 0 || at_meld >= static_cast<int>(t.melds.size())) return false;
        int seat = t.turn;
        std::vector<int> put = ints_of(cards);
        if (put.empty() || put.size() > 4) return false;
        PlayMeld pm;
        int taken[kMaxMeld], n_taken = 0;
        if (!swap_wild(t.cf, t.melds[static_cast<size_t>(at_meld)], put.data(),
                       static_cast<int>(put.size()), pm, taken, &n_taken))
            return false;
        if (!t.opened[seat] && r_.swap_needs_opening) t.ts.provisional = true;  // L-64
        for (int c : put) {
            if (t.hands[seat][card_of(c)]-- <= 0) return false;
            --t.hand_n[seat];
        }
        for (int k = 0; k < n_taken; ++k) give(t, seat, taken[k]);
        t.melds[static_cast<size_t>(at_meld)] = pm;
        known_change(t, seat, put.data(), static_cast<int>(put.size()), taken, n_taken);
        return true;
    }

    // turn._discard's effect when the next seat's turn follows in the same round; false (not
    // followed) when the round ends or the stock is reshuffled (O-9, O-10, L-80…).
    bool discard(int i, int card, bool announce, int second) {
        Table& t = at(i);
        if (t.phase != P_PLAY && t.phase != P_FIRST_DISCARD) return false;
        int seat = t.turn;
        int gone[2] = {card_of(card), second};
        int k = second >= 0 ? 2 : 1;
        if (k == 2) card_of(second);
        int n = t.hand_n[seat] - k;
        int stock_left = static_cast<int>(t.stock.size() - t.stock_at);
        bool passes = n > 0 && stock_left > 0 &&
                      !(r_.stock_end_players && stock_left <= r_.players);
        if (!passes) return false;  // the round's end, a reshuffle: the engine's own
        for (int j = 0; j < k; ++j) {
            if (t.hands[seat][gone[j]]-- <= 0) return false;
            --t.hand_n[seat];
        }
        if (!r_.announcements) announce = true;
        known_change(t, seat, gone, k, nullptr, 0);
        for (int j = 0; j < k; ++j) t.pile.push_back(gone[j]);
        t.pile_top_by = seat;
        t.announced[seat] = r_.announcements && n <= 3 && announce ? n : -1;
        t.missed[seat] = r_.announcements && n <= 3 && !announce;
        t.laid_before[seat] = t.laid_before[seat] || !t.ts.laid.empty();
        ++t.turns_done;
        if (t.ts.opened_now) t.last_opening = t.ts.all_laid_value;
        t.turn = (seat + 1) % r_.players;
        t.ts = TurnFields();
        t.phase = P_DRAW;
        return true;
    }

    // The observation of `seat` at table i into row `row` of `out` (float32, shape (rows,
    // size)): encode.encode's entries, with the tokens `prefix` chosen so far and `offer`.
    void observe(py::buffer out, int row, int i, int seat, py::handle prefix, bool offer) {
        py::buffer_info info = out.request(true);
        if (info.format != py::format_descriptor<float>::format() || info.ndim != 2 ||
            info.shape[1] != r_.size ||
            info.strides[1] != static_cast<py::ssize_t>(sizeof(float)) ||
            info.strides[0] != static_cast<py::ssize_t>(sizeof(float) * r_.size))
            throw py::type_error("out must be a C-contiguous float32 array (rows, size)");
        if (row < 0 || row >= info.shape[0]) throw py::index_error("no such row");
        if (seat < 0 || seat >= r_.players) throw py::value_error("no such seat");
        std::vector<int> tokens = ints_of(prefix);
        write(at(i), seat, static_cast<float*>(info.ptr) + static_cast<long>(row) * r_.size,
              tokens, offer);
    }

private:
    std::vector<Table> tables_;
    Rules r_;

    Table& at(int i) {
        if (i < 0 || i >= static_cast<int>(tables_.size())) throw py::index_error("no such table");
        return tables_[static_cast<size_t>(i)];
    }

    void seat_flags(py::handle seq, bool* out) {
        std::vector<int> v = ints_of(seq);
        for (size_t s = 0; s < v.size() && s < kMaxPlayers; ++s) out[s] = v[s] != 0;
    }

    static void give(Table& t, int seat, int card) {
        ++t.hands[seat][card];
        ++t.hand_n[seat];
    }

    // turn._known: the public knowledge after `seat` laid `gone` and took `got` openly
    static void known_change(Table& t, int seat, const int* gone, int n_gone, const int* got,
                             int n_got) {
        if (!t.known_on) return;
        for (int j = 0; j < n_gone; ++j)
            if (t.known[seat][gone[j]] > 0) --t.known[seat][gone[j]];
        for (int j = 0; j < n_got; ++j) ++t.known[seat][got[j]];
    }

    int required_minimum(const Table& t) const {  // turn.required_minimum (L-63, O-4)
        if (r_.escalating && t.last_opening) return std::max(r_.minimum, t.last_opening + 1);
        return r_.minimum;
    }

    void write(const Table& t, int seat, float* out, const std::vector<int>& prefix,
               bool offer) const {
        const long* o = r_.at;
        const long size = r_.size;
        const int np = r_.players;
        std::memset(out, 0, sizeof(float) * static_cast<size_t>(size));
        auto set = [&](long k, float v) {
            if (k < 0 || k >= size) throw py::value_error("an observation entry out of range");
            out[k] = v;
        };
        auto add = [&](long k, float v) {
            if (k < 0 || k >= size) throw py::value_error("an observation entry out of range");
            out[k] += v;
        };
        auto rel = [&](int s) { return ((s - seat) % np + np) % np; };
        bool in_round = t.phase != P_DEAL && t.phase != P_OVER;
        if (in_round) {
            for (int c = 0; c < kCards; ++c)
                if (t.hands[seat][c]) set(o[kHand] + c, static_cast<float>(t.hands[seat][c]));
            if (t.known_on)
                for (int s = 0; s < np; ++s)
                    if (s != seat)
                        for (int c = 0; c < kCards; ++c)
                            if (t.known[s][c])
                                add(o[kKnown] + (rel(s) - 1) * kCards + c,
                                    static_cast<float>(t.known[s][c]));
        }
        for (int c : t.pile) add(o[kPile] + c, 1.0f);
        if (!t.pile.empty()) set(o[kPileTop] + t.pile.back(), 1.0f);
        if (t.wild >= 0) set(o[kWild] + t.wild, 1.0f);
        for (size_t m = 0; m < t.melds.size(); ++m) {
            int owner = t.owners[m];
            int r = (owner >= 0 && owner < np) ? rel(owner) : 0;
            const PlayMeld& pm = t.melds[m];
            for (int j = 0; j < pm.n; ++j) add(o[kTable] + r * kCards + pm.cards[j], 1.0f);
            if (static_cast<long>(m) < r_.slots) {
                for (int j = 0; j < pm.n; ++j)
                    add(o[kMelds] + static_cast<long>(m) * kCards + pm.cards[j], 1.0f);
                set(o[kOwner] + static_cast<long>(m) * np + r, 1.0f);
            }
        }
        for (int s = 0; s < np; ++s) {
            set(o[kCounts] + rel(s), static_cast<float>(t.hand_n[s] / 10.0));
            set(o[kOpened] + rel(s), t.opened[s] ? 1.0f : 0.0f);
            set(o[kTotals] + rel(s), static_cast<float>(t.totals[s] / 100.0));
        }
        if (in_round) set(o[kToMove] + rel(t.turn), 1.0f);
        double stock_left = static_cast<double>(t.stock.size() - t.stock_at);
        set(o[kScalars], static_cast<float>(stock_left / 100.0));
        set(o[kScalars] + 1, static_cast<float>(static_cast<double>(t.pile.size()) / 10.0));
        set(o[kScalars] + 2, static_cast<float>(t.round_number / 10.0));
        if (offer) set(o[kScalars] + 3, 1.0f);
        set(o[kPhase] + r_.phase_entry[t.phase], 1.0f);
        for (int tok : prefix) add(o[kPrefixCounts] + tok, 1.0f);
        if (!prefix.empty()) set(o[kPrefixLast] + prefix.back(), 1.0f);
    }
};

}  // namespace

PYBIND11_MODULE(_batch_native, m) {
    m.doc() = "N tables of Hand's round in C++ for the batched RL environment (native/hand_batch.cpp)";
    m.attr("BATCH_VERSION") = kVersion;
    py::class_<Batch>(m, "Batch")
        .def(py::init<int, int, py::handle, py::handle, long, long, py::handle>(),
             py::arg("n"), py::arg("players"), py::arg("flags"), py::arg("at"),
             py::arg("size"), py::arg("slots"), py::arg("phase_entries"))
        .def("__len__", &Batch::size)
        .def("load", &Batch::load)
        .def("draw", &Batch::draw)
        .def("lay", &Batch::lay)
        .def("add", &Batch::add)
        .def("swap", &Batch::swap)
        .def("discard", &Batch::discard)
        .def("observe", &Batch::observe);
}
