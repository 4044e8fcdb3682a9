// The observation entries of a seat's TableView (handgame.core.game.TableView), written into a
// float32 buffer: the same entries as handgame/rl/encode.py's encode (the definition) and
// handgame/rl/observe.py's numpy path, for the RL environments' every step. Built by
// the package build (`pip install .`, or `python native/build.py` in a checkout) into
// handgame/core/_table_native (loaded by core/table_native.py).
//
// encode(out, table, seat, players, at, slots, phase, prefix, offer): `out` is a writable
// float32 buffer of the observation's size, zeroed here; `at` the blocks' offsets in the
// layout's order (hand, known, discard_pile, pile_top, wild, table, melds, meld_owner,
// hand_counts, opened, totals, to_move, scalars, phase, prefix_counts, prefix_last); `slots`
// the melds with a block of their own; `phase` the phase block's entry; `prefix` the tokens
// chosen so far. Anything not of that shape raises (TypeError, ValueError).
#include <pybind11/pybind11.h>

#include <cstring>

namespace py = pybind11;

namespace {

constexpr int kVersion = 1;
constexpr int kCards = 53;

enum Block {
    kHand, kKnown, kPile, kPileTop, kWild, kTable, kMelds, kOwner,
    kCounts, kOpened, kTotals, kToMove, kScalars, kPhase, kPrefixCounts, kPrefixLast, kBlocks
};

long as_long(PyObject* o) {
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
    return v;
}

double as_double(PyObject* o) {
    double v = PyFloat_AsDouble(o);
    if (v == -1.0 && PyErr_Occurred()) throw py::error_already_set();
    return v;
}

// A Python sequence read as fast items; owns its reference.
struct Seq {
    PyObject* seq;
    Py_ssize_t n;
    PyObject** items;
    explicit Seq(PyObject* o) {
        seq = PySequence_Fast(o, "a TableView field must be a sequence");
        if (!seq) throw py::error_already_set();
        n = PySequence_Fast_GET_SIZE(seq);
        items = PySequence_Fast_ITEMS(seq);
    }
    ~Seq() { Py_DECREF(seq); }
    Seq(const Seq&) = delete;
    Seq& operator=(const Seq&) = delete;
};

struct Writer {
    float* out;
    long size;
    void add(long i, float v) {
        if (i < 0 || i >= size) throw py::value_error("an observation entry out of range");
        out[i] += v;
    }
    void set(long i, float v) {
        if (i < 0 || i >= size) throw py::value_error("an observation entry out of range");
        out[i] = v;
    }
    void cards(long base, PyObject* cards) {
        Seq s(cards);
        for (Py_ssize_t k = 0; k < s.n; ++k) {
            long c = as_long(s.items[k]);
            if (c < 0 || c >= kCards) throw py::value_error("a card code out of range");
            add(base + c, 1.0f);
        }
    }
};

long rel(long s, long seat, long players) { return ((s - seat) % players + players) % players; }

void encode(py::buffer out, py::tuple table, long seat, long players, py::tuple at, long slots,
            long phase, py::handle prefix, bool offer) {
    py::buffer_info info = out.request(true);
    if (info.format != py::format_descriptor<float>::format() || info.ndim != 1 ||
        info.strides[0] != static_cast<py::ssize_t>(sizeof(float)))
        throw py::type_error("out must be a contiguous float32 vector");
    if (table.size() != 13) throw py::type_error("table must be a TableView");
    if (at.size() != kBlocks) throw py::value_error("at must hold the layout's 16 offsets");
    if (players < 1 || seat < 0 || seat >= players) throw py::value_error("bad seat or players");
    long o[kBlocks];
    for (int b = 0; b < kBlocks; ++b) o[b] = as_long(at[b].ptr());
    Writer w{static_cast<float*>(info.ptr), static_cast<long>(info.shape[0])};
    std::memset(w.out, 0, sizeof(float) * static_cast<size_t>(w.size));
    PyObject* const* f = &PyTuple_GET_ITEM(table.ptr(), 0);
    // 0 phase (read by the caller), 1 hand, 2 known, 3 discard_pile, 4 wild, 5 meld_cards,
    // 6 meld_owners, 7 hand_counts, 8 opened, 9 totals, 10 turn, 11 stock_count, 12 round
    w.cards(o[kHand], f[1]);
    {
        Seq known(f[2]);
        for (Py_ssize_t s = 0; s < known.n; ++s)
            if (s != seat) w.cards(o[kKnown] + (rel(s, seat, players) - 1) * kCards, known.items[s]);
    }
    Py_ssize_t pile_size;
    {
        Seq pile(f[3]);
        pile_size = pile.n;
        for (Py_ssize_t k = 0; k < pile.n; ++k) {
            long c = as_long(pile.items[k]);
            if (c < 0 || c >= kCards) throw py::value_error("a card code out of range");
            w.add(o[kPile] + c, 1.0f);
        }
        if (pile.n) w.set(o[kPileTop] + as_long(pile.items[pile.n - 1]), 1.0f);
    }
    if (f[4] != Py_None) w.set(o[kWild] + as_long(f[4]), 1.0f);
    {
        Seq melds(f[5]);
        Seq owners(f[6]);
        if (melds.n != owners.n) throw py::value_error("a meld owner for each meld");
        for (Py_ssize_t i = 0; i < melds.n; ++i) {
            long owner = as_long(owners.items[i]);
            long r = (owner >= 0 && owner < players) ? rel(owner, seat, players) : 0;
            w.cards(o[kTable] + r * kCards, melds.items[i]);
            if (i < slots) {
                w.cards(o[kMelds] + i * kCards, melds.items[i]);
                w.set(o[kOwner] + i * players + r, 1.0f);
            }
        }
    }
    const struct { int field; int block; double scale; } per_seat[] = {
        {7, kCounts, 10.0}, {8, kOpened, 1.0}, {9, kTotals, 100.0}};
    for (const auto& p : per_seat) {
        Seq values(f[p.field]);
        for (Py_ssize_t s = 0; s < values.n && s < players; ++s) {
            PyObject* v = values.items[s];
            double x;
            if (p.field == 8) {  // opened: truth, as float(bool(v))
                int t = PyObject_IsTrue(v);
                if (t < 0) throw py::error_already_set();
                x = t;
            } else {
                x = as_double(v) / p.scale;
            }
            w.set(o[p.block] + rel(s, seat, players), static_cast<float>(x));
        }
    }
    if (f[10] != Py_None) w.set(o[kToMove] + rel(as_long(f[10]), seat, players), 1.0f);
    w.set(o[kScalars], static_cast<float>(as_double(f[11]) / 100.0));
    w.set(o[kScalars] + 1, static_cast<float>(static_cast<double>(pile_size) / 10.0));
    w.set(o[kScalars] + 2, static_cast<float>(as_double(f[12]) / 10.0));
    if (offer) w.set(o[kScalars] + 3, 1.0f);
    w.set(o[kPhase] + phase, 1.0f);
    Seq tokens(prefix.ptr());
    for (Py_ssize_t k = 0; k < tokens.n; ++k) w.add(o[kPrefixCounts] + as_long(tokens.items[k]), 1.0f);
    if (tokens.n) w.set(o[kPrefixLast] + as_long(tokens.items[tokens.n - 1]), 1.0f);
}

}  // namespace

PYBIND11_MODULE(_table_native, m) {
    m.doc() = "A TableView's observation entries in a float32 buffer (see native/table.cpp)";
    m.attr("TABLE_VERSION") = kVersion;
    m.def("encode", &encode, py::arg("out"), py::arg("table"), py::arg("seat"),
          py::arg("players"), py::arg("at"), py::arg("slots"), py::arg("phase"),
          py::arg("prefix"), py::arg("offer"));
}
