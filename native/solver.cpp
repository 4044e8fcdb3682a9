// The native meld solver (issue 19): solver.best_arrangement and solver.best_opening of
// src/handgame/games/hand/solver.py (the reference), in C++ with pybind11. Built by
// `python native/build.py` into handgame/games/hand/_solver_native; games/hand/native_solver.py
// hands the hand and the ruleset over as ints and builds the few chosen Meld objects.
//
// arrange(...) lists the hand's candidate melds, scores and packs them as the reference does
// (arrange.hpp, shared with the rollouts of rollout.cpp) and returns only the chosen melds, the
// cards left, the opening count and the penalty. Where the
// reference would take a path not ported here (its general generator: a restricted taken wild
// other than one natural-role copy in a hand without other wild cards; a hand beyond the
// packing's limits) it returns None and the caller asks the reference.
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <new>
#include <vector>

#include "arrange.hpp"

namespace py = pybind11;

namespace {

using handgame::hand::ArrangeWork;
using handgame::hand::Config;
using handgame::hand::Meld;
using handgame::hand::penalties;

constexpr int kVersion = 1;

// The Card instances by code (handgame.core.cards.ALL_CARDS), set once by the Python side.
py::object g_cards;

// The arguments of arrange, in order (all ints; bools are ints).
enum Arg {
    A_WILD, A_JOKER_AS, A_WILD_LIMIT_ONE, A_MAX_MELD_SIZE, A_OPEN_GULF, A_ACE_LOW, A_ACE_HIGH,
    A_PEN_GULF, A_ACE_IN_HAND, A_KEEP, A_NATURAL, A_MUST, A_OPENING, A_COUNT
};

// A new reference to the Card of code c.
inline PyObject* card_of(int c) {
    PyObject* card = PyTuple_GET_ITEM(g_cards.ptr(), c);
    Py_INCREF(card);
    return card;
}

// solver.best_arrangement (opening=0) or solver.best_opening's packing (opening=1).
// Returns None (ask the reference), -1 (the packing finds nothing: pack gave None), or
// (value, penalty, melds as tuples of Cards, the cards left as a tuple of Cards); nullptr
// with a Python error set on bad input.
PyObject* arrange(PyObject* hand, const long* v) {
    PyObject* seq = PySequence_Fast(hand, "hand must be a sequence of card codes");
    if (!seq) return nullptr;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject** items = PySequence_Fast_ITEMS(seq);
    int counts[53] = {0};
    for (Py_ssize_t i = 0; i < n; ++i) {
        long c = PyLong_AsLong(items[i]);
        if (c < 0 || c > 52) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a card code is 0..52");
            return nullptr;
        }
        ++counts[c];
    }
    Py_DECREF(seq);
    Config cf;
    cf.wild = static_cast<int>(v[A_WILD]);
    cf.joker_as = static_cast<int>(v[A_JOKER_AS]);
    cf.wild_limit_one = v[A_WILD_LIMIT_ONE] != 0;
    cf.max_meld_size = static_cast<int>(v[A_MAX_MELD_SIZE]);
    cf.gulf = v[A_OPEN_GULF] != 0;
    cf.ace_low = static_cast<int>(v[A_ACE_LOW]);
    cf.ace_high = static_cast<int>(v[A_ACE_HIGH]);
    int keep = static_cast<int>(v[A_KEEP]);
    int natural_card = static_cast<int>(v[A_NATURAL]);
    int must = static_cast<int>(v[A_MUST]);
    bool opening = v[A_OPENING] != 0;
    if (cf.wild < -1 || cf.wild > 52 || cf.joker_as < -1 || cf.joker_as > 51 || natural_card > 52
        || must > 52) {
        PyErr_SetString(PyExc_ValueError, "a card code is 0..52 (-1: none)");
        return nullptr;
    }
    int pen[53];
    penalties(cf, v[A_PEN_GULF] != 0, static_cast<int>(v[A_ACE_IN_HAND]), pen);
    // kept between calls (the GIL is held): what it allocated is reused
    static ArrangeWork w;
    int status = handgame::hand::arrange(cf, counts, keep, natural_card, must, opening, pen, w);
    if (status == handgame::hand::A_REFERENCE) Py_RETURN_NONE;
    if (status == handgame::hand::A_NOTHING) return PyLong_FromLong(-1);
    Py_ssize_t n_chosen = static_cast<Py_ssize_t>(w.chosen.size());
    PyObject* out_melds = PyTuple_New(n_chosen);
    if (!out_melds) return nullptr;
    for (Py_ssize_t i = 0; i < n_chosen; ++i) {
        const Meld& m = w.melds[w.chosen[i]];
        PyObject* t = PyTuple_New(m.n);
        if (!t) {
            Py_DECREF(out_melds);
            return nullptr;
        }
        for (int j = 0; j < m.n; ++j) PyTuple_SET_ITEM(t, j, card_of(m.cards[j]));
        PyTuple_SET_ITEM(out_melds, i, t);
    }
    int n_left = 0;
    for (int c = 0; c < 53; ++c) n_left += w.left[c];
    PyObject* left = PyTuple_New(n_left);
    if (!left) {
        Py_DECREF(out_melds);
        return nullptr;
    }
    int at = 0;
    for (int c = 0; c < 53; ++c)
        for (int k = 0; k < w.left[c]; ++k) PyTuple_SET_ITEM(left, at++, card_of(c));
    PyObject* out = PyTuple_New(4);
    if (!out) {
        Py_DECREF(out_melds);
        Py_DECREF(left);
        return nullptr;
    }
    PyTuple_SET_ITEM(out, 0, PyLong_FromLong(w.value));
    PyTuple_SET_ITEM(out, 1, PyLong_FromLong(w.penalty));
    PyTuple_SET_ITEM(out, 2, out_melds);
    PyTuple_SET_ITEM(out, 3, left);
    return out;
}

// arrange(hand, wild, joker_as, wild_limit_one, max_meld_size, open_gulf, ace_low, ace_high,
// pen_gulf, ace_in_hand, keep, natural_card, must, opening): a plain CPython fast call (the
// solver is called very often with small work: pybind11's dispatch would cost as much).
PyObject* arrange_call(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
    if (nargs != 1 + A_COUNT) {
        PyErr_SetString(PyExc_TypeError, "arrange takes 14 positional arguments");
        return nullptr;
    }
    if (!g_cards) {
        PyErr_SetString(PyExc_RuntimeError, "set_cards was not called");
        return nullptr;
    }
    long v[A_COUNT];
    for (int j = 0; j < A_COUNT; ++j) {
        v[j] = PyLong_AsLong(args[1 + j]);
        if (v[j] == -1 && PyErr_Occurred()) return nullptr;
    }
    try {
        return arrange(args[0], v);
    } catch (const std::bad_alloc&) {
        return PyErr_NoMemory();
    } catch (const std::exception& e) {
        PyErr_SetString(PyExc_RuntimeError, e.what());
        return nullptr;
    }
}

PyMethodDef kMethods[] = {
    {"arrange", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(arrange_call)),
     METH_FASTCALL,
     "arrange(hand, wild, joker_as, wild_limit_one, max_meld_size, open_gulf, ace_low, "
     "ace_high, pen_gulf, ace_in_hand, keep, natural_card, must, opening): "
     "solver.best_arrangement / best_opening's packing: (value, penalty, melds, left), -1 when "
     "nothing qualifies, None to ask the Python reference."},
    {nullptr, nullptr, 0, nullptr}};

void set_cards(py::tuple cards) {
    if (PyTuple_GET_SIZE(cards.ptr()) != 53) throw py::value_error("53 cards, by code");
    g_cards = cards;
}

}  // namespace

PYBIND11_MODULE(_solver_native, mod) {
    mod.doc() = "handgame's native meld solver (see handgame/games/hand/native_solver.py)";
    mod.attr("SOLVER_VERSION") = kVersion;
    mod.def("set_cards", &set_cards, py::arg("cards"),
            "The Card instances by code (ALL_CARDS), returned in the answers.");
    if (PyModule_AddFunctions(mod.ptr(), kMethods) < 0) throw py::error_already_set();
    // the stored cards are dropped before the interpreter ends
    py::module_::import("atexit").attr("register")(py::cpp_function([]() { g_cards = py::object(); }));
}
