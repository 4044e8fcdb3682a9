// N tables of Hand's rounds stepped natively for the batched RL environment (issue 39): one
// call steps every native table by its token (the spelling walked, the action applied, the
// steps with no choice made, up to the next decision with a choice) and one call writes every
// native table's observation and mask into numpy arrays (the buffer protocol). The round itself
// is batch_round.hpp's (the legal actions, their tokens, the steps' effects, the observation),
// on the engine's native headers (draw_check.hpp, play_steps.hpp, turn_search.hpp,
// play_melds.hpp). A table is loaded from the Python engine's state at a decision (load) and
// handed back where the batch does not follow the rules (status 1; snapshot, played): the
// Python reference plays on (games/hand/batch.py, handgame/rl/vector.py), and the results are
// the Python path's (tests/rl/test_native_round.py).
//
// Built by the package build into handgame/games/hand/_batch_native (games/hand/batch.py).
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "batch_round.hpp"

namespace py = pybind11;
using namespace handgame::hand;
using namespace handgame::hand::batch;

namespace {

constexpr int kVersion = 1;

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
            eng_.start_turn(t, fl[5], fl[6]);
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
        eng_.settle(t);
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
        for (const Act& a : t.log) log.append(flat(a, a.seat));
        py::object pending = py::none();
        if (t.has_pending) pending = flat(t.pending, t.turn);
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
            if (!eng_.allowed(t, tok[i * ts]))
                throw py::value_error("the token " + std::to_string(tok[i * ts]) +
                                      " is masked out at a table (none was stepped)");
        }
        py::list handed;
        for (long i = 0; i < n; ++i) {
            Table& t = tables_[static_cast<size_t>(i)];
            if (!act[i * as] || t.status != S_DECIDE) continue;
            eng_.take(t, static_cast<int>(tok[i * ts]));
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
            eng_.write(t, t.turn, o + i * r_.size, t.prefix, false);
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
        for (const Act& a : t.log) log.append(flat(a, a.seat));
        py::object pending = py::none();
        if (t.has_pending) pending = flat(t.pending, t.turn);
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
    Engine eng_{r_};

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

    // an action as one flat tuple: seat, kind, its values
    static py::tuple flat(const Act& a, int seat) {
        py::tuple out(2 + a.n);
        out[0] = py::int_(seat);
        out[1] = py::int_(a.kind);
        for (int j = 0; j < a.n; ++j) out[2 + j] = py::int_(a.v[j]);
        return out;
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
