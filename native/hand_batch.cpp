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
#include <memory>
#include <vector>

#include "draw_check.hpp"
#include "play_steps.hpp"

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

// the action numbering of handgame/rl/tokens.py (ACTIONS_VERSION 1)
constexpr int T_STOP = 0, T_LIST_END = 2, T_FALSE = 4, T_CARD = 5, T_WORD = 58, T_INT = 75;
constexpr int N_TOKENS = 139, MAX_INT = 64;
enum Word { W_DRAW = 0, W_MELD = 2, W_ADD = 3, W_SWAP = 4, W_DISCARD = 7, W_TO = 9, W_END = 10,
            W_AT = 11, W_ANNOUNCE = 12, W_STOCK = 13, W_LOW = 14, W_HIGH = 15 };

// An engine action as ints (games/hand/actions.py): kind, then its values — lay: the cards;
// add: card, to, end (-1 none, 0 low, 1 high); swap: at, the cards; discard: card, announce,
// second (-1 none).
enum Kind { A_DRAW_STOCK = 0, A_DRAW_PILE = 1, A_LAY = 2, A_ADD = 3, A_SWAP = 4, A_DISCARD = 5 };
struct Act {
    int kind = 0;
    int seat = 0;  // who took it (set when applied)
    int n = 0;
    int v[kMaxMeld + 2] = {};
    void push(int x) { v[n++] = x; }
};

struct Choice {
    std::vector<int16_t> seq;  // the action's tokens (tokens.tokens_of), STOP last
    Act act;
    bool operator<(const Choice& o) const { return seq < o.seq; }
};

// What stays fixed for every table (the ruleset, the layout of the observation).
struct Rules {
    int players = 2;
    int minimum = 51;         // rules.initial_minimum (L-63)
    bool escalating = false;  // rules.escalating_minimum (O-4)
    bool announcements = true;  // L-70, L-71
    bool swap_needs_opening = true;  // L-40, F-8
    bool swap_must_reuse = false;    // O-7
    bool two_wilds = false;          // "two-wilds" among the bonuses (O-11)
    bool first_turn_win = false;     // L-67
    bool stock_end_players = false;  // rules.stock_end == "players" (O-10)
    long max_actions = 20000;        // the stepper's truncation
    long at[kBlocks] = {};
    long size = 0;
    long slots = 0;
    long phase_entry[P_N] = {};
};

enum Status { S_DECIDE = 0, S_PYTHON = 1 };

struct Table {
    Config cf;  // the ruleset and this round's wild cards (games/hand/native.py config)
    int status = S_PYTHON;
    int phase = P_DRAW;
    int turn = 0;
    int round_number = 0;
    int wild = -1;  // the TableView's wild card (rnd.wilds.wild)
    bool known_on = false;  // rnd.known is kept (a tuple per seat)
    int hands[kMaxPlayers][kCards] = {};
    int hand_n[kMaxPlayers] = {};
    int known[kMaxPlayers][kCards] = {};
    std::vector<int> stock;  // stock[stock_at] is drawn next
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
    long actions = 0;  // the match's engine actions (Stepper.actions)
    // the turn in progress (play phase): the search's rules and position (turn_search.hpp)
    TurnRules tr;
    Position pos;
    std::shared_ptr<TurnSearch> search;  // the turn's search (its memo kept during the turn)
    int drew = 0;  // 1 stock, 2 discard
    int all_laid_value = 0;
    bool opened_now = false;
    // the decision in progress: the legal actions' spellings, sorted, and the walk
    std::vector<Choice> choices;
    size_t lo = 0, hi = 0, at = 0;
    std::vector<int> prefix;
    // the handover: the action the Python engine is to play (when one is pending), and the
    // actions played natively since the load (for the round's log)
    bool has_pending = false;
    bool void_end = false;  // the pending discard ends the round with no score (O-10, L-81)
    Act pending;
    std::vector<Act> log;
};

int16_t card_token(int c) { return static_cast<int16_t>(T_CARD + c); }
int16_t word(int w) { return static_cast<int16_t>(T_WORD + w); }

// tokens.tokens_of of an action (its to_json keys and values, STOP last); false: an index
// beyond the numbering (MAX_INT), which the reference refuses too
bool spell(const Act& a, std::vector<int16_t>& s) {
    s.clear();
    switch (a.kind) {
        case A_DRAW_STOCK: s = {word(W_DRAW), word(W_STOCK)}; break;
        case A_DRAW_PILE: s = {word(W_DRAW), word(W_DISCARD)}; break;
        case A_LAY:
            s.push_back(word(W_MELD));
            for (int j = 0; j < a.n; ++j) s.push_back(card_token(a.v[j]));
            s.push_back(T_LIST_END);
            s.push_back(T_LIST_END);
            break;
        case A_ADD:
            if (a.v[1] >= MAX_INT) return false;
            s = {word(W_ADD), card_token(a.v[0]), word(W_TO),
                 static_cast<int16_t>(T_INT + a.v[1])};
            if (a.v[2] >= 0) {
                s.push_back(word(W_END));
                s.push_back(word(a.v[2] == 0 ? W_LOW : W_HIGH));
            }
            break;
        case A_SWAP:
            if (a.v[0] >= MAX_INT) return false;
            s.push_back(word(W_SWAP));
            for (int j = 1; j < a.n; ++j) s.push_back(card_token(a.v[j]));
            s.push_back(T_LIST_END);
            s.push_back(word(W_AT));
            s.push_back(static_cast<int16_t>(T_INT + a.v[0]));
            break;
        case A_DISCARD:
            s.push_back(word(W_DISCARD));
            if (a.v[2] >= 0) {
                s.push_back(card_token(a.v[0]));
                s.push_back(card_token(a.v[2]));
                s.push_back(T_LIST_END);
            } else {
                s.push_back(card_token(a.v[0]));
            }
            if (!a.v[1]) {
                s.push_back(word(W_ANNOUNCE));
                s.push_back(T_FALSE);
            }
            break;
        default: return false;
    }
    s.push_back(T_STOP);
    return true;
}

class Batch {
public:
    Batch(int n, int players, py::handle flags, py::handle at, long size, long slots,
          py::handle phase_entries)
        : tables_(static_cast<size_t>(n)) {
        if (n < 1) throw py::value_error("a batch needs at least one table");
        if (players < 2 || players > kMaxPlayers) throw py::value_error("2 to 8 players");
        r_.players = players;
        std::vector<int> f = ints_of(flags);
        if (f.size() != 10) throw py::value_error("flags: the 10 ints of games/hand/batch.flags");
        r_.minimum = f[0];
        r_.escalating = f[1] != 0;
        r_.announcements = f[2] != 0;
        r_.swap_needs_opening = f[3] != 0;
        r_.swap_must_reuse = f[4] != 0;
        r_.two_wilds = f[5] != 0;
        r_.first_turn_win = f[6] != 0;
        r_.stock_end_players = f[7] != 0;
        r_.max_actions = f[8];
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

    // Table i set from the Python engine's round at a turn's start (the draw phase), then
    // moved to its first decision with a choice; its status says whether it is native now.
    int load(int i, py::handle config, int turn, int round_number, int wild, py::handle hands,
             py::handle known, py::handle stock, py::handle pile, py::handle melds,
             py::handle owners, py::handle opened, py::handle laid_before, py::handle announced,
             py::handle missed, py::handle totals, py::handle fields, py::handle laid) {
        Table& t = at(i);
        t = Table();
        std::vector<int> c = ints_of(config);
        if (c.size() != 10) throw py::value_error("config: the 10 ints of native.config");
        t.cf = Config{c[0], c[1], c[2] != 0, c[3], c[4] != 0, c[5], c[6], c[7], c[8], c[9] != 0};
        t.phase = P_DRAW;
        t.turn = turn;
        t.round_number = round_number;
        t.wild = wild;
        const int np = r_.players;
        py::sequence hs = py::reinterpret_borrow<py::sequence>(hands);
        if (static_cast<int>(hs.size()) != np) throw py::value_error("a hand per seat");
        for (size_t s = 0; s < hs.size(); ++s)
            for (int card : ints_of(hs[s])) {
                ++t.hands[s][card_of(card)];
                ++t.hand_n[s];
            }
        py::sequence ks = py::reinterpret_borrow<py::sequence>(known);
        t.known_on = ks.size() != 0;
        if (t.known_on && static_cast<int>(ks.size()) != np)
            throw py::value_error("known: none, or a tuple per seat");
        for (size_t s = 0; s < ks.size(); ++s)
            for (int card : ints_of(ks[s])) ++t.known[s][card_of(card)];
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
        if (t.owners.size() != t.melds.size()) throw py::value_error("an owner per meld");
        seat_flags(opened, t.opened);
        seat_flags(laid_before, t.laid_before);
        seat_flags(missed, t.missed);
        std::vector<int> an = ints_of(announced);
        for (size_t s = 0; s < an.size() && s < kMaxPlayers; ++s) t.announced[s] = an[s];
        py::sequence ts = py::reinterpret_borrow<py::sequence>(totals);
        for (size_t s = 0; s < ts.size() && s < kMaxPlayers; ++s)
            t.totals[s] = ts[s].cast<double>();
        std::vector<int> fl = ints_of(fields);
        if (fl.size() != 16) throw py::value_error("fields: the round's and turn's 16 ints");
        t.turns_done = fl[0];
        t.last_opening = fl[1];
        t.pile_top_by = fl[2];
        t.actions = fl[3];
        if (fl[4] == P_PLAY) {  // a turn under way: the search's position as the engine has it
            start_turn(t, fl[5], fl[6]);
            t.tr.taken_from_opened = fl[7] != 0;
            Position& p = t.pos;
            p.taken_used = fl[8] != 0;
            for (int k : ints_of(laid))
                if (k >= 0 && k < 64) p.laid |= uint64_t{1} << k;
            p.laid_value = fl[9];
            t.all_laid_value = fl[10];
            p.provisional = fl[11] != 0;
            p.touched_other = fl[12] != 0;
            t.opened_now = fl[13] != 0;
            p.l44_pending = fl[14] != 0;
            p.reuse_owed = fl[15];
        } else if (fl[4] == P_FIRST_DISCARD) {
            t.phase = P_FIRST_DISCARD;  // the first player's opening discard (L-60)
        } else if (fl[4] != P_DRAW) {
            throw py::value_error("a table is loaded at its first discard, draw or play phase");
        }
        t.status = S_DECIDE;
        settle(t);
        return t.status;
    }

    int status(int i) { return at(i).status; }

    // Whether table i was handed back at a discard that ends its round with no score.
    bool void_end(int i) { return at(i).void_end; }

    // The actions played natively since the load, (seat, kind, values) each, then the pending
    // one as (seat, kind, values) or None: the round's log for its end (games/hand/batch.py).
    py::tuple played(int i) {
        const Table& t = at(i);
        py::list log;
        for (const Act& a : t.log) log.append(py::make_tuple(a.seat, a.kind, act_values(a)));
        py::object pending = py::none();
        if (t.has_pending) pending = py::make_tuple(t.turn, t.pending.kind, act_values(t.pending));
        return py::make_tuple(log, pending, t.actions);
    }
    int seat(int i) { return at(i).turn; }

    py::list seats() const {
        py::list out;
        for (const Table& t : tables_) out.append(t.turn);
        return out;
    }

    // Python plays table i from now on (a table it took over, or reset).
    void release(int i) { at(i).status = S_PYTHON; }

    // Each native table (status 0) with active[i] takes tokens[i]; first every token is
    // checked (a masked-out one raises ValueError and no table is stepped). Returns the
    // tables handed over to the Python engine by this step.
    py::list step(py::buffer tokens, py::buffer active) {
        py::buffer_info ti = tokens.request(), ai = active.request();
        const long n = static_cast<long>(tables_.size());
        if (ti.ndim != 1 || ti.shape[0] != n || ti.itemsize != 8 ||
            (ti.format != "l" && ti.format != "q"))
            throw py::type_error("tokens: int64, one per table");
        if (ai.ndim != 1 || ai.shape[0] != n || ai.itemsize != 1)
            throw py::type_error("active: bool, one per table");
        const auto* tok = static_cast<const int64_t*>(ti.ptr);
        const auto* act = static_cast<const uint8_t*>(ai.ptr);
        const long ts = ti.strides[0] / 8, as = ai.strides[0];
        for (long i = 0; i < n; ++i) {
            const Table& t = tables_[static_cast<size_t>(i)];
            if (!act[i * as] || t.status != S_DECIDE) continue;
            if (!allowed(t, tok[i * ts]))
                throw py::value_error("the token " + std::to_string(tok[i * ts]) +
                                      " is masked out at a table (none was stepped)");
        }
        py::list handed;
        for (long i = 0; i < n; ++i) {
            Table& t = tables_[static_cast<size_t>(i)];
            if (!act[i * as] || t.status != S_DECIDE) continue;
            take(t, static_cast<int>(tok[i * ts]));
            if (t.status != S_DECIDE) handed.append(i);
        }
        return handed;
    }

    // The observations and masks of the native tables (status 0) into their rows of `obs`
    // (float32, (n, size)) and `masks` (int8, (n, 139)); the other rows are not touched.
    void observe(py::buffer obs, py::buffer masks) {
        py::buffer_info oi = obs.request(true), mi = masks.request(true);
        const long n = static_cast<long>(tables_.size());
        if (oi.format != py::format_descriptor<float>::format() || oi.ndim != 2 ||
            oi.shape[0] != n || oi.shape[1] != r_.size ||
            oi.strides[1] != static_cast<py::ssize_t>(sizeof(float)) ||
            oi.strides[0] != static_cast<py::ssize_t>(sizeof(float) * r_.size))
            throw py::type_error("obs: a C-contiguous float32 array (tables, size)");
        if (mi.itemsize != 1 || mi.ndim != 2 || mi.shape[0] != n || mi.shape[1] != N_TOKENS ||
            mi.strides[1] != 1 || mi.strides[0] != N_TOKENS)
            throw py::type_error("masks: a C-contiguous int8 array (tables, 139)");
        auto* o = static_cast<float*>(oi.ptr);
        auto* m = static_cast<int8_t*>(mi.ptr);
        for (long i = 0; i < n; ++i) {
            const Table& t = tables_[static_cast<size_t>(i)];
            if (t.status != S_DECIDE) continue;
            write(t, t.turn, o + i * r_.size, t.prefix, false);
            int8_t* row = m + i * N_TOKENS;
            std::memset(row, 0, N_TOKENS);
            for (size_t k = t.lo; k < t.hi; ++k) row[t.choices[k].seq[t.at]] = 1;
        }
    }

    // Table i's round as the Python engine holds it, for the handover (games/hand/batch.py
    // materialize): the values, the turn's fields, the pending action and the log.
    py::tuple snapshot(int i) {
        const Table& t = at(i);
        const int np = r_.players;
        py::list hands, known;
        for (int s = 0; s < np; ++s) {
            hands.append(sorted_cards(t.hands[s]));
            if (t.known_on) known.append(sorted_cards(t.known[s]));
        }
        py::list stock;
        for (size_t k = t.stock_at; k < t.stock.size(); ++k) stock.append(t.stock[k]);
        py::list pile;
        for (int card : t.pile) pile.append(card);
        py::list melds;
        for (const PlayMeld& pm : t.melds) {
            py::list cards, roles;
            for (int j = 0; j < pm.n; ++j) {
                cards.append(static_cast<int>(pm.cards[j]));
                roles.append(static_cast<int>(pm.roles[j]));
            }
            melds.append(py::make_tuple(cards, roles));
        }
        py::list owners, opened, laid_before, announced, missed;
        for (int o : t.owners) owners.append(o);
        for (int s = 0; s < np; ++s) {
            opened.append(t.opened[s]);
            laid_before.append(t.laid_before[s]);
            announced.append(t.announced[s]);
            missed.append(t.missed[s]);
        }
        py::object turn = py::none();
        if (t.phase == P_PLAY) {
            py::list laid;
            for (size_t k = 0; k < t.pos.table.size() && k < 64; ++k)
                if (t.pos.laid >> k & 1) laid.append(static_cast<int>(k));
            turn = py::make_tuple(t.drew, t.tr.taken, t.tr.taken_from_opened, t.pos.taken_used,
                                  laid, t.pos.laid_value, t.all_laid_value, t.pos.provisional,
                                  t.pos.touched_other, t.opened_now, t.pos.l44_pending,
                                  t.pos.reuse_owed);
        }
        py::list log;
        for (const Act& a : t.log) log.append(py::make_tuple(a.seat, a.kind, act_values(a)));
        py::object pending = py::none();
        if (t.has_pending) pending = act_tuple(t.pending);
        return py::make_tuple(PHASE_NAMES[t.phase], t.turn, hands, known, stock, pile, melds,
                              owners, opened, laid_before, announced, missed,
                              py::make_tuple(t.turns_done, t.last_opening, t.pile_top_by,
                                             t.actions),
                              turn, pending, log);
    }

private:
    static constexpr const char* PHASE_NAMES[P_N] = {"deal", "first-discard", "draw", "play",
                                                     "over"};
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

    static py::list sorted_cards(const int* counts) {
        py::list out;
        for (int c = 0; c < kCards; ++c)
            for (int k = 0; k < counts[c]; ++k) out.append(c);
        return out;
    }

    static py::list act_values(const Act& a) {
        py::list v;
        for (int j = 0; j < a.n; ++j) v.append(a.v[j]);
        return v;
    }

    static py::tuple act_tuple(const Act& a) { return py::make_tuple(a.kind, act_values(a)); }

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

    bool forbidden(const Table& t) const {  // turn.going_out_forbidden is not None
        return t.missed[t.turn] || (!r_.first_turn_win && t.turns_done < r_.players);
    }

    void hand_over(Table& t) {
        t.status = S_PYTHON;
        t.choices.clear();
    }

    bool allowed(const Table& t, long token) const {
        if (token < 0 || token >= N_TOKENS) return false;
        for (size_t k = t.lo; k < t.hi; ++k)
            if (t.choices[k].seq[t.at] == token) return true;
        return false;
    }

    // FastTree.push then take_forced: the token taken, then every token that is the only
    // choice; the action applied when spelt out
    void take(Table& t, int token) {
        size_t lo = t.lo, hi = t.hi, a = t.at;
        while (lo < hi && t.choices[lo].seq[a] != token) ++lo;
        size_t end = lo;
        while (end < hi && t.choices[end].seq[a] == token) ++end;
        t.lo = lo;
        t.hi = end;
        t.at = a + 1;
        t.prefix.push_back(token);
        if (advance(t)) {
            Act act = t.choices[t.lo].act;
            if (apply(t, act)) settle(t);
        }
    }

    // FastTree.advance; true when the prefix spells a whole action
    static bool advance(Table& t) {
        if (t.hi - t.lo == 1) {
            const auto& seq = t.choices[t.lo].seq;
            for (size_t k = t.at; k < seq.size(); ++k) t.prefix.push_back(seq[k]);
            t.at = seq.size();
            return true;
        }
        const auto& first = t.choices[t.lo].seq;
        const auto& last = t.choices[t.hi - 1].seq;
        while (first[t.at] == last[t.at]) t.prefix.push_back(first[t.at++]);
        return false;
    }

    void start_turn(Table& t, int drew, int taken) {
        const int seat = t.turn;
        t.drew = drew;
        t.all_laid_value = 0;
        t.opened_now = false;
        t.search.reset();  // a new turn: new rules for the search
        TurnRules& tr = t.tr;
        tr = TurnRules();
        tr.cf = t.cf;
        tr.seat = seat;
        tr.minimum = required_minimum(t);
        tr.forbidden = forbidden(t);
        tr.other_one = false;
        for (int o = 0; o < r_.players; ++o)
            if (o != seat && (t.announced[o] == 1 || !r_.announcements) && t.hand_n[o] == 1)
                tr.other_one = true;
        tr.laid_before = t.laid_before[seat];
        tr.two_wilds = r_.two_wilds;
        tr.swap_needs_opening = r_.swap_needs_opening;
        tr.swap_must_reuse = r_.swap_must_reuse;
        tr.taken = taken;
        tr.taken_from_opened = taken >= 0 && t.pile_top_by >= 0 && t.opened[t.pile_top_by];
        tr.owners = t.owners;
        Position& p = t.pos;
        p = Position();
        std::copy(t.hands[seat], t.hands[seat] + kCards, p.counts);
        p.n_hand = t.hand_n[seat];
        p.table = t.melds;
        p.opened = t.opened[seat];
        t.phase = P_PLAY;
    }

    // the table's values after a step of the turn search's position
    void sync(Table& t, const int* gone, int n_gone, const int* got, int n_got) {
        const int seat = t.turn;
        std::copy(t.pos.counts, t.pos.counts + kCards, t.hands[seat]);
        t.hand_n[seat] = t.pos.n_hand;
        while (t.owners.size() < t.pos.table.size()) t.owners.push_back(seat);
        t.melds = t.pos.table;
        if (t.pos.opened && !t.opened[seat]) {
            t.opened[seat] = true;
            t.opened_now = true;
        }
        known_change(t, seat, gone, n_gone, got, n_got);
    }

    // The engine's action applied (turn.py's step, its effects); false: handed over to the
    // Python engine instead, the action pending (a case not ported: a restricted taken wild
    // card, L-66 / O-6; the round's end, L-80…, O-9, O-10)
    bool apply(Table& t, const Act& a) {
        const int seat = t.turn;
        bool ok = true;
        switch (a.kind) {
            case A_DRAW_STOCK: {
                int card = t.stock[t.stock_at++];
                give(t, seat, card);
                start_turn(t, 1, -1);
                break;
            }
            case A_DRAW_PILE: {
                int top = t.pile.back();
                if ((top == t.cf.wild || top == kJoker) && t.cf.discarded_wild != DW_WILD) {
                    ok = false;  // a restricted taken wild card (L-66, O-6)
                    break;
                }
                t.pile.pop_back();
                give(t, seat, top);
                known_change(t, seat, nullptr, 0, &top, 1);
                start_turn(t, 2, top);
                break;
            }
            case A_LAY: {
                int8_t cs[kMaxMeld];
                for (int j = 0; j < a.n; ++j) cs[j] = static_cast<int8_t>(a.v[j]);
                size_t before = t.pos.table.size();
                if (lay(t.tr, t.pos, cs, a.n) == kAsk) { ok = false; break; }
                int value = t.pos.table[before].value(t.cf);
                t.all_laid_value += value;
                sync(t, a.v, a.n, nullptr, 0);
                break;
            }
            case A_ADD: {
                const PlayMeld old = t.pos.table[static_cast<size_t>(a.v[1])];
                bool o8 = t.cf.pair_plus_wild_free && old.is_pair_plus_wild() &&
                          a.v[0] != t.cf.wild;
                bool counts = !t.pos.opened && !t.pos.provisional && o8;
                lay_off(t.tr, t.pos, a.v[0], a.v[1], a.v[2]);
                if (counts)
                    t.all_laid_value += t.pos.table[static_cast<size_t>(a.v[1])].value(t.cf) -
                                        old.value(t.cf);
                sync(t, a.v, 1, nullptr, 0);
                break;
            }
            case A_SWAP: {
                int put[kMaxMeld] = {}, k = a.n - 1;
                for (int j = 0; j < k; ++j) put[j] = a.v[1 + j];
                int before[kCards];
                std::copy(t.pos.counts, t.pos.counts + kCards, before);
                swap_step(t.tr, t.pos, put, k, a.v[0]);
                // the wild cards taken: what the hand gained beyond the cards put
                int got[kMaxMeld], n_got = 0;
                for (int j = 0; j < k; ++j) --before[put[j]];
                for (int c = 0; c < kCards; ++c)
                    for (int d = before[c]; d < t.pos.counts[c]; ++d) got[n_got++] = c;
                sync(t, put, k, got, n_got);
                break;
            }
            case A_DISCARD: {
                int gone[2] = {a.v[0], a.v[2]};
                int k = a.v[2] >= 0 ? 2 : 1;
                int n = t.hand_n[seat] - k;
                int stock_left = static_cast<int>(t.stock.size() - t.stock_at);
                bool passes = n > 0 && stock_left > 0 &&
                              !(r_.stock_end_players && stock_left <= r_.players);
                if (!passes) {  // the round's end, a reshuffle
                    t.void_end = n > 0 && r_.stock_end_players && stock_left <= r_.players;
                    ok = false;
                    break;
                }
                for (int j = 0; j < k; ++j) {
                    --t.hands[seat][gone[j]];
                    --t.hand_n[seat];
                }
                bool announce = a.v[1] != 0 || !r_.announcements;
                known_change(t, seat, gone, k, nullptr, 0);
                for (int j = 0; j < k; ++j) t.pile.push_back(gone[j]);
                t.pile_top_by = seat;
                t.announced[seat] = r_.announcements && n <= 3 && announce ? n : -1;
                t.missed[seat] = r_.announcements && n <= 3 && !announce;
                t.laid_before[seat] = t.laid_before[seat] || t.pos.laid != 0;
                ++t.turns_done;
                if (t.opened_now) t.last_opening = t.all_laid_value;
                t.turn = (seat + 1) % r_.players;
                t.phase = P_DRAW;
                break;
            }
            default: ok = false;
        }
        if (!ok) {
            t.pending = a;
            t.has_pending = true;
            hand_over(t);
            return false;
        }
        ++t.actions;
        t.log.push_back(a);
        t.log.back().seat = seat;
        return true;
    }

    // legal.legal_actions of the seat to act, as acts; false: the Python engine decides
    bool list_legal(Table& t, std::vector<Act>& out) {
        out.clear();
        const int seat = t.turn;
        if (t.phase == P_DRAW) {
            if (t.stock_at < t.stock.size()) out.push_back(Act{A_DRAW_STOCK});
            if (!t.pile.empty()) {
                std::vector<TableMeld> table;
                for (const PlayMeld& m : t.melds) table.push_back(m.table_meld());
                int by = t.pile_top_by;
                int verdict = draw_discard_check(t.cf, t.hands[seat], t.pile.back(), table,
                                                 t.opened[seat], required_minimum(t),
                                                 forbidden(t), by >= 0 && t.opened[by]);
                if (verdict < 0) return false;
                if (verdict) out.push_back(Act{A_DRAW_PILE});
            }
            return true;
        }
        if (t.phase == P_FIRST_DISCARD) {  // any card opens the round (L-60)
            for (int c = 0; c < kCards; ++c) {
                if (!t.hands[seat][c]) continue;
                Act a{A_DISCARD};
                a.push(c); a.push(1); a.push(-1);
                out.push_back(a);
            }
            return true;
        }
        if (t.phase != P_PLAY) return false;
        if (t.melds.size() > 64) return false;
        const Position& p = t.pos;
        const TurnRules& tr = t.tr;
        bool missable = r_.announcements && p.n_hand <= 4;
        bool ok_true = p.n_hand > 0 && discard_ok(tr, p, false);
        bool out_now = p.n_hand == 1;
        // turn_problem(announce=False) differs only in L-44's clause, which it makes stricter
        bool ok_false = missable && ok_true && !(p.l44_pending && !out_now);
        for (int c = 0; c < kCards; ++c) {
            if (!p.counts[c]) continue;
            if (ok_true) {
                Act a{A_DISCARD};
                a.push(c); a.push(1); a.push(-1);
                out.push_back(a);
            }
            if (ok_false) {
                Act a{A_DISCARD};
                a.push(c); a.push(0); a.push(-1);
                out.push_back(a);
            }
        }
        if (p.n_hand == 2 && two_wilds_ok(tr, p)) {
            Act a{A_DISCARD};
            a.push(t.cf.wild); a.push(1); a.push(t.cf.wild);
            out.push_back(a);
        }
        if (!t.search) t.search = std::make_shared<TurnSearch>(tr);  // its memo: this turn's
        bool asked = false;
        std::vector<Step> steps = play_steps(*t.search, p, &asked);
        if (asked) {
            t.search.reset();
            return false;
        }
        for (const Step& st : steps) {
            Act a;
            if (st.v[0] == 0) {
                a.kind = A_LAY;
                for (int j = 1; j < st.n; ++j) a.push(st.v[j]);
            } else if (st.v[0] == 1) {
                a.kind = A_ADD;
                a.push(st.v[2]); a.push(st.v[1]); a.push(st.v[3]);
            } else {
                a.kind = A_SWAP;
                for (int j = 1; j < st.n; ++j) a.push(st.v[j]);
            }
            out.push_back(a);
        }
        return true;
    }

    // Stepper._settle: every step with no choice made, until a seat has one (status 0) or
    // the table is handed over (status 1)
    void settle(Table& t) {
        std::vector<Act> legal;
        while (t.status == S_DECIDE) {
            t.choices.clear();
            t.prefix.clear();
            t.lo = t.hi = t.at = 0;
            if (t.actions >= r_.max_actions || !list_legal(t, legal) || legal.empty()) {
                hand_over(t);
                return;
            }
            if (legal.size() == 1) {  // no choice: no spelling to walk
                apply(t, legal[0]);
                continue;
            }
            t.choices.resize(legal.size());
            for (size_t k = 0; k < legal.size(); ++k) {
                t.choices[k].act = legal[k];
                if (!spell(legal[k], t.choices[k].seq)) {
                    hand_over(t);
                    return;
                }
            }
            std::sort(t.choices.begin(), t.choices.end());
            t.hi = t.choices.size();
            if (!advance(t)) return;  // a choice: wait for the seat's token
            Act act = t.choices[t.lo].act;
            apply(t, act);
        }
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
        for (int c = 0; c < kCards; ++c)
            if (t.hands[seat][c]) set(o[kHand] + c, static_cast<float>(t.hands[seat][c]));
        if (t.known_on)
            for (int s = 0; s < np; ++s)
                if (s != seat)
                    for (int c = 0; c < kCards; ++c)
                        if (t.known[s][c])
                            add(o[kKnown] + (rel(s) - 1) * kCards + c,
                                static_cast<float>(t.known[s][c]));
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
        set(o[kToMove] + rel(t.turn), 1.0f);
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
    m.doc() = "N tables of Hand's round stepped natively for the batched RL environment "
              "(native/hand_batch.cpp)";
    m.attr("BATCH_VERSION") = kVersion;
    m.attr("N_TOKENS") = N_TOKENS;
    py::class_<Batch>(m, "Batch")
        .def(py::init<int, int, py::handle, py::handle, long, long, py::handle>(),
             py::arg("n"), py::arg("players"), py::arg("flags"), py::arg("at"),
             py::arg("size"), py::arg("slots"), py::arg("phase_entries"))
        .def("__len__", &Batch::size)
        .def("load", &Batch::load)
        .def("status", &Batch::status)
        .def("void_end", &Batch::void_end)
        .def("played", &Batch::played)
        .def("seat", &Batch::seat)
        .def("seats", &Batch::seats)
        .def("release", &Batch::release)
        .def("step", &Batch::step)
        .def("observe", &Batch::observe)
        .def("snapshot", &Batch::snapshot);
}
