// The native parts of Hand's legal_actions (issue 19), each answering exactly as its Python
// reference: draw_discard (legal.legal_actions' check of taking the top discard, through
// finish.accepts), quick_verdict (finish._quick_verdict, the turn search's shortcuts: the owed
// meld, the opening count by packing, the going-out bound), could_go_out
// (going_out.could_go_out), table_steps (the lay-offs and swaps of
// candidates.step_candidates, in its order), and the turn search itself: search_accepts
// (finish.accepts of candidate steps), search_finishable (finish.can_finish_turn) and
// search_play_steps (the play phase's accepted steps in legal_actions' order). Where the
// reference would need something not ported (a meld list only its general generator makes,
// a restricted taken wild, a hand beyond the packing's limits) the answer says so and the
// caller asks the Python reference. The headers: hand_melds.hpp (the meld list, values,
// packing adaptor), turn_checks.hpp (the shortcuts), play_melds.hpp (table melds checked and
// changed), turn_search.hpp (steps and the search), play_steps.hpp (the listing). Built by
// `python native/build.py` into handgame/games/hand/_legal_native; games/hand/native.py and
// native_search.py hand the state over as ints.
//
// Cards are int codes (suit * 13 + rank - 1, the joker 52); a hand is its codes.
#include <pybind11/pybind11.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "draw_check.hpp"
#include "play_steps.hpp"

namespace py = pybind11;

namespace {

using namespace handgame::hand;  // NOLINT: this file is the header's one user

constexpr int kVersion = 6;

long as_long(PyObject* o) {
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
    return v;
}

// a tuple of n ints into out (bools are ints)
void read_ints(py::handle tuple, long* out, Py_ssize_t n, const char* what) {
    PyObject* t = tuple.ptr();
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != n) throw py::value_error(what);
    for (Py_ssize_t j = 0; j < n; ++j) out[j] = as_long(PyTuple_GET_ITEM(t, j));
}

Config read_config(py::handle cfg) {
    long v[10];
    read_ints(cfg, v, 10, "config: a tuple of 10 ints");
    Config cf;
    cf.wild = static_cast<int>(v[0]);
    cf.joker_as = static_cast<int>(v[1]);
    cf.wild_limit_one = v[2] != 0;
    cf.max_meld_size = static_cast<int>(v[3]);
    cf.gulf = v[4] != 0;
    cf.ace_low = static_cast<int>(v[5]);
    cf.ace_high = static_cast<int>(v[6]);
    cf.pickup = static_cast<int>(v[7]);
    cf.discarded_wild = static_cast<int>(v[8]);
    cf.pair_plus_wild_free = v[9] != 0;
    return cf;
}

std::vector<TableMeld> read_table(py::handle table) {
    PyObject* seq = PySequence_Fast(table.ptr(), "table melds must be a sequence");
    if (!seq) throw py::error_already_set();
    py::object owner = py::reinterpret_steal<py::object>(seq);
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject** items = PySequence_Fast_ITEMS(seq);
    std::vector<TableMeld> out;
    out.reserve(n);
    for (Py_ssize_t i = 0; i < n; ++i) {
        PyObject* t = items[i];
        if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 8)
            throw py::value_error("a table meld: a tuple of 8 ints");
        long v[7];
        for (int j = 0; j < 7; ++j) v[j] = as_long(PyTuple_GET_ITEM(t, j));
        unsigned long long sf = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(t, 7));
        if (sf == static_cast<unsigned long long>(-1) && PyErr_Occurred())
            throw py::error_already_set();
        out.push_back(TableMeld{v[0] != 0, static_cast<int>(v[1]), static_cast<int>(v[2]),
                                static_cast<int>(v[3]), static_cast<int>(v[4]),
                                static_cast<int>(v[5]), static_cast<int>(v[6]), sf});
    }
    return out;
}


int read_hand(py::handle hand, int* counts) {
    PyObject* seq = PySequence_Fast(hand.ptr(), "hand must be a sequence");
    if (!seq) throw py::error_already_set();
    py::object owner = py::reinterpret_steal<py::object>(seq);
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject** items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; ++i) {
        long c = as_long(items[i]);
        if (c < 0 || c > 52) throw py::value_error("a card code is 0..52");
        ++counts[c];
    }
    return static_cast<int>(n);
}

// legal.legal_actions' check of Draw(seat, "discard") for the seat to act: 1 accepted,
// 0 refused, -1 undecided (the reference decides). hand: the seat's cards before the draw;
// top: the top discard; opened, minimum (turn.required_minimum), forbidden
// (turn.going_out_forbidden is not None), taken_from_opened (its discarder has opened).
int draw_discard(py::handle hand, int top, py::handle table_melds, py::handle config, bool opened,
                 int minimum, bool forbidden, bool taken_from_opened) {
    Config cf = read_config(config);
    int counts[53] = {0};
    read_hand(hand, counts);
    if (top < 0 || top > 52) throw py::value_error("a card code is 0..52");
    return draw_discard_check(cf, counts, top, read_table(table_melds), opened, minimum,
                              forbidden, taken_from_opened);
}

// finish._quick_verdict of the seat to act (turn: Turn's fields in order, as ints)
int quick_verdict_of(py::handle hand, py::handle table_melds, py::handle config, py::handle turn,
                     int stage, bool no_out) {
    Config cf = read_config(config);
    int counts[53] = {0};
    read_hand(hand, counts);
    long v[13];
    read_ints(turn, v, 13, "turn: a tuple of 13 ints");
    Turn t;
    t.opened = v[0] != 0;
    t.minimum = static_cast<int>(v[1]);
    t.forbidden = v[2] != 0;
    t.provisional = v[3] != 0;
    t.l44_pending = v[4] != 0;
    t.reuse_owed = static_cast<int>(v[5]);
    t.owed = v[6] != 0;
    t.must = static_cast<int>(v[7]);
    t.r_card = static_cast<int>(v[8]);
    t.r_natural = v[9] != 0;
    t.laid_value = static_cast<int>(v[10]);
    t.laid = v[11] != 0;
    t.add_route = v[12] != 0;
    return quick_verdict(cf, counts, read_table(table_melds), t, stage, no_out);
}

// going_out.could_go_out for the seat to act holding hand (going_out_forbidden checked by
// the caller): 1 yes, 0 no, -1 beyond the native limits (the reference answers)
int could_go_out_of(py::handle hand, py::handle table_melds, py::handle config, int stage) {
    Config cf = read_config(config);
    int counts[53] = {0};
    read_hand(hand, counts);
    return could_go_out(cf, counts, read_table(table_melds), stage);
}

// candidates.step_candidates' lay-offs and swaps (play_steps.hpp table_steps), in its order:
// a lay-off (0, meld, card, end) with end -1 (none named), 0 (low) or 1 (high); a swap
// (1, meld, cards...).
py::list table_steps_of(py::handle hand, py::handle table_melds, py::handle config) {
    Config cf = read_config(config);
    int counts[53] = {0};
    read_hand(hand, counts);
    py::list out;
    for (const Step& st : handgame::hand::table_steps(cf, counts, read_table(table_melds))) {
        py::tuple t(st.n);
        t[0] = py::int_(st.v[0] - 1);
        for (int j = 1; j < st.n; ++j) t[j] = py::int_(st.v[j]);
        out.append(t);
    }
    return out;
}

// ---------------------------------------------------------------------- the turn search

// The turn as games/hand/native.py's search_turn hands it over: the rules fixed for the turn
// (TurnRules) and the position (Position). hand: the seat's card codes; table: each meld as
// Meld.as_play_ints (run, suit, rank, start, natural suits, its cards, their roles); owners:
// each table meld's seat; turn: native.search_turn's 15 ints; search: (two_wilds,
// swap_needs_opening, swap_must_reuse).
Position read_position(py::handle hand, py::handle table, py::handle owners, py::handle turn,
                       py::handle config, py::handle search, TurnRules& tr) {
    tr.cf = read_config(config);
    long s[3];
    read_ints(search, s, 3, "search: a tuple of 3 ints");
    tr.two_wilds = s[0] != 0;
    tr.swap_needs_opening = s[1] != 0;
    tr.swap_must_reuse = s[2] != 0;
    long v[15];
    read_ints(turn, v, 15, "turn: a tuple of 15 ints");
    tr.seat = static_cast<int>(v[0]);
    tr.minimum = static_cast<int>(v[1]);
    tr.forbidden = v[2] != 0;
    tr.other_one = v[3] != 0;
    tr.laid_before = v[4] != 0;
    tr.taken = static_cast<int>(v[5]);
    tr.taken_from_opened = v[6] != 0;
    Position p;
    p.opened = v[7] != 0;
    p.taken_used = v[8] != 0;
    p.laid = static_cast<uint64_t>(v[9]);
    p.laid_value = static_cast<int>(v[10]);
    p.provisional = v[11] != 0;
    p.touched_other = v[12] != 0;
    p.l44_pending = v[13] != 0;
    p.reuse_owed = static_cast<int>(v[14]);
    p.n_hand = read_hand(hand, p.counts);
    for (py::handle o : owners) tr.owners.push_back(static_cast<int>(as_long(o.ptr())));
    for (py::handle m : table) {
        PyObject* t = m.ptr();
        Py_ssize_t len = PyTuple_Check(t) ? PyTuple_GET_SIZE(t) : 0;
        int n = static_cast<int>((len - 5) / 2);
        if (len < 11 || (len - 5) % 2 || n > kMaxMeld)
            throw py::value_error("a table meld: run, suit, rank, start, suits, cards, roles");
        PlayMeld pm;
        pm.run = as_long(PyTuple_GET_ITEM(t, 0)) != 0;
        pm.suit = static_cast<int8_t>(as_long(PyTuple_GET_ITEM(t, 1)));
        pm.rank = static_cast<int8_t>(as_long(PyTuple_GET_ITEM(t, 2)));
        pm.start = static_cast<int8_t>(as_long(PyTuple_GET_ITEM(t, 3)));
        pm.natural_suits = static_cast<int8_t>(as_long(PyTuple_GET_ITEM(t, 4)));
        pm.n = static_cast<int8_t>(n);
        for (int i = 0; i < n; ++i) {
            pm.cards[i] = static_cast<int8_t>(as_long(PyTuple_GET_ITEM(t, 5 + i)));
            pm.roles[i] = static_cast<int8_t>(as_long(PyTuple_GET_ITEM(t, 5 + n + i)));
        }
        p.table.push_back(pm);
    }
    if (tr.owners.size() != p.table.size()) throw py::value_error("an owner per table meld");
    return p;
}

// a candidate step as native_search.candidate_ints gives it: (kind, no_out, ...), the kinds
// those of play_steps.hpp's Step
Step read_step(PyObject* t, bool* no_out) {
    Py_ssize_t len = PyTuple_Check(t) ? PyTuple_GET_SIZE(t) : 0;
    if (len < 3 || len > 2 + kMaxMeld) throw py::value_error("a candidate: kind, no_out, ...");
    Step st;
    st.push(static_cast<int>(as_long(PyTuple_GET_ITEM(t, 0))));
    *no_out = as_long(PyTuple_GET_ITEM(t, 1)) != 0;
    for (Py_ssize_t j = 2; j < len; ++j) {
        long v = as_long(PyTuple_GET_ITEM(t, j));
        st.push(static_cast<int>(std::clamp(v, -1L, 99L)));
    }
    bool shape = (st.v[0] == 0) || (st.v[0] == 1 && st.n == 4) ||
                 (st.v[0] == 2 && st.n >= 3 && st.n <= 6);
    if (!shape) throw py::value_error("a candidate: a new meld, a lay-off or a swap");
    return st;
}

// finish.accepts of each candidate step of the seat to act, in order (one search memo shared)
py::list search_accepts(py::handle hand, py::handle table, py::handle owners, py::handle turn,
                        py::handle config, py::handle search, py::handle candidates) {
    TurnRules tr;
    Position p = read_position(hand, table, owners, turn, config, search, tr);
    auto s = std::make_unique<TurnSearch>(tr);
    py::list out;
    for (py::handle c : candidates) {
        bool no_out = false;
        Step st = read_step(c.ptr(), &no_out);
        out.append(accept_step(*s, p, st, no_out));
        if (s->asked) s = std::make_unique<TurnSearch>(tr);  // its placeholders are not kept
    }
    return out;
}

// legal.legal_actions' steps of the play phase (after its discards): the accepted candidate
// steps in the reference's order, as play_steps.hpp's Step ints; None: ask the reference
py::object search_play_steps(py::handle hand, py::handle table, py::handle owners,
                             py::handle turn, py::handle config, py::handle search) {
    TurnRules tr;
    Position p = read_position(hand, table, owners, turn, config, search, tr);
    TurnSearch s(tr);
    bool asked = false;
    std::vector<Step> steps = play_steps(s, p, &asked);
    if (asked) return py::none();
    py::list out;
    for (const Step& st : steps) {
        py::tuple t(st.n);
        for (int j = 0; j < st.n; ++j) t[j] = py::int_(st.v[j]);
        out.append(t);
    }
    return out;
}

// finish.can_finish_turn of the seat to act: 1, 0, kAsk
// (no_out: could_go_out is known to be False, as finish.accepts passes it)
int search_finishable(py::handle hand, py::handle table, py::handle owners, py::handle turn,
                      py::handle config, py::handle search, bool no_out) {
    TurnRules tr;
    Position p = read_position(hand, table, owners, turn, config, search, tr);
    TurnSearch s(tr);
    return s.finishable(p, 0, {}, 0, no_out);
}

}  // namespace

PYBIND11_MODULE(_legal_native, mod) {
    mod.doc() = "handgame's native Hand legal actions (see handgame/games/hand/native_legal.py)";
    mod.attr("LEGAL_VERSION") = kVersion;
    mod.def("draw_discard", &draw_discard, py::arg("hand"), py::arg("top"),
            py::arg("table_melds"), py::arg("config"), py::arg("opened"), py::arg("minimum"),
            py::arg("forbidden"), py::arg("taken_from_opened"),
            "Whether the seat to act may take the top discard: 1 yes, 0 no, -1 undecided "
            "(ask the Python reference).");
    mod.def("quick_verdict", &quick_verdict_of, py::arg("hand"), py::arg("table_melds"),
            py::arg("config"), py::arg("turn"), py::arg("stage"), py::arg("no_out"),
            "finish._quick_verdict: 1 True, 0 False, -1 None (search), -2 ask the reference.");
    mod.def("table_steps", &table_steps_of, py::arg("hand"), py::arg("table_melds"),
            py::arg("config"),
            "candidates.step_candidates' lay-offs and swaps, in its order, as int tuples.");
    mod.def("could_go_out", &could_go_out_of, py::arg("hand"), py::arg("table_melds"),
            py::arg("config"), py::arg("stage"),
            "going_out.could_go_out: 1 yes, 0 no, -1 beyond the native limits.");
    mod.def("search_accepts", &search_accepts, py::arg("hand"), py::arg("table"),
            py::arg("owners"), py::arg("turn"), py::arg("config"), py::arg("search"),
            py::arg("candidates"),
            "finish.accepts of each candidate step: 1 yes, 0 no, -2 ask the reference.");
    mod.def("search_finishable", &search_finishable, py::arg("hand"), py::arg("table"),
            py::arg("owners"), py::arg("turn"), py::arg("config"), py::arg("search"),
            py::arg("no_out"),
            "finish.can_finish_turn: 1 yes, 0 no, -2 ask the reference.");
    mod.def("search_play_steps", &search_play_steps, py::arg("hand"), py::arg("table"),
            py::arg("owners"), py::arg("turn"), py::arg("config"), py::arg("search"),
            "legal_actions' accepted steps of the play phase, in order; None: ask the "
            "reference.");
}
