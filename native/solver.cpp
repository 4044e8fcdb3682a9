// The native meld solver (issue 19): solver.best_arrangement and solver.best_opening of
// src/handgame/games/hand/solver.py (the reference), in C++ with pybind11. Built by
// `python native/build.py` into handgame/games/hand/_solver_native; games/hand/native_solver.py
// hands the hand and the ruleset over as ints and builds the few chosen Meld objects.
//
// arrange(...) lists the hand's candidate melds exactly as meldgen._fast_candidates does (the
// same melds in the same order: the runs of each suit, then the sets of each rank; a group's
// stack pops the wild card first, then the providers last to first), scores them as the
// reference does (penalty * 1024 + opening value, or opening value * 4096 + penalty), packs
// them with the reference's recursion and tie-breaks (packing.hpp, = kernel.py_pack) and
// returns only the chosen melds, the cards left, the opening count and the penalty. Where the
// reference would take a path not ported here (its general generator: a restricted taken wild
// other than one natural-role copy in a hand without other wild cards; a hand beyond the
// packing's limits) it returns None and the caller asks the reference.
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <new>
#include <vector>

#include "hand_melds.hpp"

namespace py = pybind11;

namespace {

using handgame::Entry;
using handgame::Key;
using handgame::lowest_slot;
using handgame::Solver;
using handgame::u128;
using handgame::hand::code_of;
using handgame::hand::Config;
using handgame::hand::kJoker;
using handgame::hand::kNone;
using handgame::hand::max_wilds;
using handgame::hand::Meld;
using handgame::hand::opening_value;
using handgame::hand::rank_value;

constexpr int kVersion = 1;

// The Card instances by code (handgame.core.cards.ALL_CARDS), set once by the Python side.
py::object g_cards;

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
void penalties(const Config& cf, bool pen_gulf, int ace_in_hand, int (&pen)[53]) {
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
    // meldgen._candidates: a natural-role taken copy binds while the hand holds it; the fast
    // generator then needs it to be the only copy and no other wild card in hand
    int gen_counts[53];
    std::copy(counts, counts + 53, gen_counts);
    if (natural_card >= 0 && counts[natural_card] == 0) natural_card = kNone;
    if (natural_card >= 0) {
        if (natural_card > 51 || counts[natural_card] > 1) Py_RETURN_NONE;
        --gen_counts[natural_card];
        if (cf.wild >= 0 && gen_counts[cf.wild] > 0) Py_RETURN_NONE;
    }
    // kept between calls (the GIL is held): what they allocated is reused
    static Solver s;
    static std::vector<Meld> melds;
    static std::vector<u128> needs;
    static std::vector<char> has_must;
    static std::vector<int> chosen;
    if (s.memo.capacity() > 8192) s.memo = handgame::Memo();  // after a huge search
    s.reset();
    if (must >= 0 && counts[must] == 0) return PyLong_FromLong(-1);  // kernel.pack: None
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
    if (!s.place(search_counts, slot, start)) Py_RETURN_NONE;  // beyond the packing's limits
    int pen[53];
    penalties(cf, v[A_PEN_GULF] != 0, static_cast<int>(v[A_ACE_IN_HAND]), pen);
    s.keep = keep;
    s.must_slot = must >= 0 ? slot[must] : -1;
    needs.assign(melds.size(), 0);
    has_must.assign(melds.size(), 0);
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
        needs[i] = need;
        has_must[i] = must >= 0 && (m.bits >> must & 1);
        s.by_low[low].push_back(Entry{need, score, has_must[i] != 0, static_cast<int>(i)});
    }
    s.memo.reserve(32);
    long long best = start ? s.solve(start, must >= 0, kept0)
                           : ((must < 0 && kept0 >= keep) ? 0 : handgame::kNeg);
    chosen.clear();
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
            chosen.push_back(choice);
            rest -= needs[choice];
            need_must = need_must && !has_must[choice];
        }
    } else if (opening) {
        return PyLong_FromLong(-1);
    }
    // solver._arrangement: the chosen melds, the cards left (ascending), value and penalty
    int value = 0;
    Py_ssize_t n_chosen = static_cast<Py_ssize_t>(chosen.size());
    PyObject* out_melds = PyTuple_New(n_chosen);
    if (!out_melds) return nullptr;
    for (Py_ssize_t i = 0; i < n_chosen; ++i) {
        const Meld& m = melds[chosen[i]];
        value += m.value;
        PyObject* t = PyTuple_New(m.n);
        if (!t) {
            Py_DECREF(out_melds);
            return nullptr;
        }
        for (int j = 0; j < m.n; ++j) {
            --counts[m.cards[j]];
            PyTuple_SET_ITEM(t, j, card_of(m.cards[j]));
        }
        PyTuple_SET_ITEM(out_melds, i, t);
    }
    int penalty = 0, n_left = 0;
    for (int c = 0; c < 53; ++c) {
        penalty += counts[c] * pen[c];
        n_left += counts[c];
    }
    PyObject* left = PyTuple_New(n_left);
    if (!left) {
        Py_DECREF(out_melds);
        return nullptr;
    }
    int at = 0;
    for (int c = 0; c < 53; ++c)
        for (int k = 0; k < counts[c]; ++k) PyTuple_SET_ITEM(left, at++, card_of(c));
    PyObject* out = PyTuple_New(4);
    if (!out) {
        Py_DECREF(out_melds);
        Py_DECREF(left);
        return nullptr;
    }
    PyTuple_SET_ITEM(out, 0, PyLong_FromLong(value));
    PyTuple_SET_ITEM(out, 1, PyLong_FromLong(penalty));
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
