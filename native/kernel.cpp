// The native meld kernel: the same functions as src/handgame/core/kernel.py (the reference),
// in C++ with pybind11. Built by `python native/build.py` into handgame/core/_kernel_native.
//
// pack(hand, melds, values, keep, must, choose): the hand's distinct card codes become slots
// (ascending, so the lowest slot is the lowest card, as in the reference), the remaining cards
// one unsigned 128-bit integer with 5 bits per slot (a count of 0 to 15 under a guard bit).
// The recursion, its order and its tie-breaking are the reference's, so the answers (value
// and chosen indices) are identical. Hands with more than 25 distinct cards or a count above
// 15 return NotImplemented and the caller takes the reference path.
#include <pybind11/pybind11.h>

#include "packing.hpp"

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace py = pybind11;

namespace {

using handgame::Entry;
using handgame::Key;
using handgame::kNeg;
using handgame::lowest_slot;
using handgame::Solver;
using handgame::u128;
constexpr int kVersion = 1;

long as_long(PyObject* o) {
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
    return v;
}

py::object pack(py::handle hand, py::handle melds, py::handle values, int keep, int must,
                bool choose) {
    PyObject* hand_seq = PySequence_Fast(hand.ptr(), "hand must be a sequence");
    if (!hand_seq) throw py::error_already_set();
    py::object hand_owner = py::reinterpret_steal<py::object>(hand_seq);
    Py_ssize_t n = PySequence_Fast_GET_SIZE(hand_seq);
    PyObject** items = PySequence_Fast_ITEMS(hand_seq);
    int count[64] = {0};
    for (Py_ssize_t i = 0; i < n; ++i) {
        long c = as_long(items[i]);
        if (c < 0 || c > 52) throw py::value_error("a card code is 0..52");
        ++count[c];
    }
    int slot[53];
    Solver s;
    u128 start = 0;
    if (!s.place(count, slot, start)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
    if (must >= 0 && (must > 52 || slot[must] < 0)) return py::none();
    s.keep = keep;
    s.must_slot = must >= 0 ? slot[must] : -1;
    PyObject* meld_seq = PySequence_Fast(melds.ptr(), "melds must be a sequence");
    if (!meld_seq) throw py::error_already_set();
    py::object meld_owner = py::reinterpret_steal<py::object>(meld_seq);
    PyObject* value_seq = PySequence_Fast(values.ptr(), "values must be a sequence");
    if (!value_seq) throw py::error_already_set();
    py::object value_owner = py::reinterpret_steal<py::object>(value_seq);
    Py_ssize_t m = PySequence_Fast_GET_SIZE(meld_seq);
    if (PySequence_Fast_GET_SIZE(value_seq) != m) throw py::value_error("one value per meld");
    PyObject** meld_items = PySequence_Fast_ITEMS(meld_seq);
    PyObject** value_items = PySequence_Fast_ITEMS(value_seq);
    std::vector<u128> needs(m);
    std::vector<char> usable(m, 0);
    for (Py_ssize_t i = 0; i < m; ++i) {
        PyObject* cards = PySequence_Fast(meld_items[i], "a meld is a sequence of cards");
        if (!cards) throw py::error_already_set();
        py::object cards_owner = py::reinterpret_steal<py::object>(cards);
        Py_ssize_t k = PySequence_Fast_GET_SIZE(cards);
        PyObject** ci = PySequence_Fast_ITEMS(cards);
        bool ok = k > 0;
        u128 need = 0;
        int low = 64;
        bool has_must = false;
        for (Py_ssize_t j = 0; j < k; ++j) {
            long c = as_long(ci[j]);
            if (c < 0 || c > 52 || slot[c] < 0) {
                ok = false;
                break;
            }
            need += static_cast<u128>(1) << (5 * slot[c]);
            low = std::min(low, slot[c]);
            if (c == must) has_must = true;
        }
        if (!ok || ((((start | s.guard) - need) & s.guard) != s.guard)) continue;
        long long v = PyLong_AsLongLong(value_items[i]);
        if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
        needs[i] = need;
        usable[i] = 1;
        s.by_low[low].push_back(Entry{need, v, must >= 0 && has_must, static_cast<int>(i)});
    }
    s.memo.reserve(256);
    long long best = s.solve(start, must >= 0, 0);
    if (best < 0) return py::none();
    py::tuple chosen_tuple;
    if (!choose) return py::make_tuple(best, py::tuple());
    std::vector<int> chosen;
    u128 rest = start;
    bool need_must = must >= 0;
    int kept = 0;
    while (rest) {
        int first = lowest_slot(rest);
        int choice = s.memo.at(Key{rest, kept, need_must}).choice;
        if (choice < 0) {
            rest -= static_cast<u128>(1) << (5 * first);
            kept = std::min(kept + 1, keep);
            continue;
        }
        chosen.push_back(choice);
        rest -= needs[choice];
        bool had = false;
        for (const Entry& e : s.by_low[lowest_slot(needs[choice])]) {
            if (e.index == choice) {
                had = e.has_must;
                break;
            }
        }
        need_must = need_must && !had;
    }
    py::tuple out(chosen.size());
    for (size_t i = 0; i < chosen.size(); ++i) out[i] = py::int_(chosen[i]);
    return py::make_tuple(best, out);
}

}  // namespace

PYBIND11_MODULE(_kernel_native, mod) {
    mod.doc() = "handgame's native meld kernel (see handgame/core/kernel.py, the reference)";
    mod.attr("KERNEL_VERSION") = kVersion;
    mod.def("pack", &pack, py::arg("hand"), py::arg("melds"), py::arg("values"),
            py::arg("keep") = 0, py::arg("must") = -1, py::arg("choose") = true,
            "The best total value of disjoint melds from hand and the indices chosen "
            "(kernel.py_pack); NotImplemented beyond 25 distinct cards.");
}
