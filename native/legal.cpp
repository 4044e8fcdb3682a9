// The native parts of Hand's legal_actions (issue 19), each answering exactly as its Python
// reference: draw_discard (legal.legal_actions' check of taking the top discard, through
// finish.accepts), quick_verdict (finish._quick_verdict, the turn search's shortcuts: the owed
// meld, the opening count by packing, the going-out bound), could_go_out
// (going_out.could_go_out) and table_steps (the lay-offs and swaps of
// candidates.step_candidates, in its order). Where the reference would need its full turn
// search, or a meld list only its general generator makes (a restricted taken wild other than
// the common case), or a hand beyond the packing's limits, the answer says so and the caller
// asks the Python reference. The meld list is hand_melds.hpp's. Built by
// `python native/build.py` into handgame/games/hand/_legal_native; games/hand/native.py loads
// it and hands the state over as ints.
//
// Cards are int codes (suit * 13 + rank - 1, the joker 52); a hand is its codes.
#include <pybind11/pybind11.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "hand_melds.hpp"

namespace py = pybind11;

namespace {

using namespace handgame::hand;  // NOLINT: this file is the header's one user

constexpr int kVersion = 4;
// finish._swap_possible / the cards of candidates.swap_candidates: the hand's cards that could
// take a wild card from a table meld
uint64_t swap_cards(const Config& cf, const int* counts, const std::vector<TableMeld>& table) {
    uint64_t out = 0;
    auto providers = [&](int nat) {
        uint64_t b = 0;
        for (int c = 0; c < 53; ++c)
            if (counts[c] && c != cf.wild && natural(cf, c) == nat) b |= uint64_t{1} << c;
        return b;
    };
    for (const TableMeld& m : table) {
        if (!m.wilds) continue;
        if (m.run) {
            for (int c = 0; c < 52; ++c)
                if (m.stands_for >> c & 1) out |= providers(c);
            continue;
        }
        uint64_t all = 0;
        bool each = true, any_missing = false;
        for (int s = 0; s < 4; ++s) {
            if (m.natural_suits >> s & 1) continue;
            any_missing = true;
            uint64_t p = providers(code_of(m.rank, s));
            if (!p) each = false;
            all |= p;
        }
        if (each && any_missing) out |= all;
    }
    return out;
}

bool wild_fits(const Config& cf, const TableMeld& m) {  // melds.fitting_ends of a wild card
    if (!wild_limit_ok(cf, m.size + 1, m.wilds + 1)) return false;
    if (!m.run) return m.size < 4;
    if (m.size >= 13) return false;
    return m.start > 1 || m.start + m.size - 1 < 14;
}

int run_reach(int start, int size, int held, int n_wild) {  // going_out._run_reach
    int end = start + size - 1;
    int bits = 0, gaps = 0;
    for (int r = start - 1; r > 0; --r) {
        if (r < start - 1 && !(held >> (r + 1) & 1)) ++gaps;
        if (gaps > n_wild || size + start - r > 13) break;
        bits |= 1 << r;
    }
    gaps = 0;
    for (int r = end + 1; r < 15; ++r) {
        if (r > end + 1 && !(held >> (r - 1) & 1)) ++gaps;
        if (gaps > n_wild || size + r - end > 13) break;
        bits |= 1 << (r == 14 ? 1 : r);
    }
    return bits;
}

// going_out.could_go_out (the caller has checked going_out_forbidden); stage 1 allows no
// more swaps, 2 no more new melds; -1: beyond the native limits
int could_go_out(const Config& cf, const int* counts, const std::vector<TableMeld>& table,
                 int stage) {
    uint64_t swaps = stage == 0 ? swap_cards(cf, counts, table) : 0;
    int extra = 0;
    if (swaps)
        for (const TableMeld& m : table) extra += m.wilds;
    int n_wild = (cf.wild >= 0 ? counts[cf.wild] : 0) + extra;
    int present[4] = {0, 0, 0, 0};
    for (int c = 0; c < 53; ++c) {
        if (!counts[c] || c == cf.wild) continue;
        int nat = natural(cf, c);
        if (nat < 52) present[nat / 13] |= 2 << (nat % 13);
    }
    int reach[4] = {0, 0, 0, 0};
    for (const TableMeld& m : table) {
        if (!m.run) {
            if (m.size < 4)
                for (int s = 0; s < 4; ++s)
                    if (!(m.natural_suits >> s & 1)) reach[s] |= 1 << m.rank;
            continue;
        }
        reach[m.suit] |= run_reach(m.start, m.size, present[m.suit], n_wild);
    }
    int wild_fit = -1;
    uint64_t loose = 0;
    int n_loose = 0;
    for (int c = 0; c < 53; ++c) {
        if (!counts[c] || (swaps >> c & 1)) continue;
        bool is_loose;
        if (c == cf.wild) {
            if (wild_fit < 0) {
                wild_fit = 0;
                for (const TableMeld& m : table)
                    if (wild_fits(cf, m)) wild_fit = 1;
            }
            is_loose = !wild_fit;
        } else {
            int nat = natural(cf, c);
            is_loose = nat >= 52 || !(reach[nat / 13] >> (nat % 13 + 1) & 1);
        }
        if (is_loose) {
            loose |= uint64_t{1} << c;
            n_loose += counts[c];
        }
    }
    if (n_loose <= 1) return 1;
    if (stage == 2) return 0;
    int pool[53];
    std::copy(counts, counts + 53, pool);
    if (extra && cf.wild >= 0) pool[cf.wild] += extra;
    std::vector<Meld> melds;
    candidates(cf, pool, kNone, 0, melds);
    uint64_t covered = covered_bits(melds);
    int bound = 0;
    for (int c = 0; c < 53; ++c)
        if ((loose >> c & 1) && (covered >> c & 1)) bound += pool[c];
    if (n_loose - bound > 1) return 0;
    std::vector<Meld> useful;
    std::vector<long long> values;
    uint64_t useful_bits = 0;
    for (const Meld& m : melds) {
        if (!(m.bits & loose)) continue;
        useful.push_back(m);
        useful_bits |= m.bits;
        int v = 0;
        for (int j = 0; j < m.n; ++j) v += loose >> m.cards[j] & 1;
        values.push_back(v);
    }
    int sub[53];
    for (int c = 0; c < 53; ++c) sub[c] = (useful_bits >> c & 1) ? pool[c] : 0;
    long long got = best_packing(sub, useful, values, 0, kNone);
    if (got == -2) return -1;
    return n_loose - got <= 1 ? 1 : 0;
}

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

// What finish._quick_verdict reads of a turn in progress (the seat to act's).
struct Turn {
    bool opened = false;
    int minimum = 0;         // turn.required_minimum
    bool forbidden = false;  // turn.going_out_forbidden is not None
    bool provisional = false;
    bool l44_pending = false;
    int reuse_owed = 0;
    bool owed = false;       // obligations.pickup_owed
    int must = kNone;        // the taken card owed in a new meld (taken_must_join), or -1
    int r_card = kNone;      // the restricted taken wild (L-66, O-6) while unused, or -1
    bool r_natural = false;  // its role is NATURAL (else ACE_ONLY or aces-set)
    int laid_value = 0;
    bool laid = false;       // a meld laid this turn
    bool add_route = false;  // O-5: new-meld-or-add and the discarder had opened
};

// finish._quick_verdict: 1 True, 0 False, -1 None (the search decides), -2 not native here
// (the reference answers: a meld list of its general generator, or beyond the native limits)
int quick_verdict(const Config& cf, const int* counts, const std::vector<TableMeld>& table,
                  const Turn& t, int stage, bool no_out) {
    int n = 0;
    for (int c = 0; c < 53; ++c) n += counts[c];
    if (!t.provisional && !t.l44_pending && t.reuse_owed == 0) {
        int keep = t.forbidden ? 2 : 1;
        int must = t.must;
        bool exact = !(t.r_card >= 0 && counts[t.r_card] > 1);  // see finish.py
        std::vector<Meld> melds;
        if (!candidates(cf, counts, t.r_card, t.r_natural, melds)) return -2;
        long long best = 0;
        if (t.opened) {
            bool fits = false;
            for (const Meld& m : melds)
                if (m.n <= n - keep && (must < 0 || (m.bits >> must & 1))) fits = true;
            best = fits ? 1 : (must >= 0 ? -1 : 0);
        } else {
            // meldgen.value_bound
            uint64_t covered = covered_bits(melds);
            int top_value = cf.gulf ? 25 : 11;
            long long bound = 0;
            for (int c = 0; c < 53; ++c) {
                if (!counts[c] || !(covered >> c & 1)) continue;
                int r = rank_of(natural(cf, c));
                int v = (c == cf.wild || r <= 1) ? top_value : std::min(10, r);
                bound += static_cast<long long>(v) * counts[c];
            }
            if (t.laid_value + bound < t.minimum) {
                best = -1;
            } else if (must >= 0 && !(covered >> must & 1)) {
                best = -1;  // meldgen.best_melds_value: no meld holds the owed card
            } else {
                std::vector<long long> values;
                values.reserve(melds.size());
                for (const Meld& m : melds) values.push_back(m.value);
                best = best_packing(counts, melds, values, keep, must);
                if (best == -2) return -2;
            }
        }
        if (exact && best >= 0 && (t.opened || t.laid_value + best >= t.minimum)) {
            if ((t.opened && !t.owed) || t.laid || best > 0) return 1;
        }
        if (!exact) return -1;
        if (t.opened) {
            if (!t.add_route && !swap_cards(cf, counts, table)) return 0;
            return -1;
        }
        if (cf.pair_plus_wild_free) {  // finish._o8_possible
            for (const TableMeld& m : table) {
                if (m.run || m.size != 3 || m.wilds != 1) continue;
                for (int c = 0; c < 53; ++c)
                    if (counts[c] && c != cf.wild && rank_of(natural(cf, c)) == m.rank) return -1;
            }
        }
        if (no_out || t.forbidden) return 0;
        int out = could_go_out(cf, counts, table, stage);
        if (out < 0) return -2;
        return out ? -1 : 0;
    }
    if (!t.opened && t.provisional) {
        if (no_out || t.forbidden) return 0;
        int out = could_go_out(cf, counts, table, stage);
        if (out < 0) return -2;
        if (!out) return 0;
    }
    return -1;
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
    Turn t;
    // turn._draw: the restriction on a taken wild card (L-66, O-6)
    if (top == cf.wild) {
        if (cf.discarded_wild == DW_NEVER) return 0;
        if (cf.discarded_wild == DW_NATURAL) {
            t.r_card = top;
            t.r_natural = top != kJoker;  // the joker: ACE_ONLY
        } else if (cf.discarded_wild == DW_ACES_SET) {
            t.r_card = top;  // aces-set
        }
    }
    // finish.obligated: only an owed pickup (L-62, O-5, F-4) after a draw; then
    // finish._finishable: no discard ends the turn at once (the pickup is owed, L-62)
    if (cf.pickup == FREE) return 1;
    ++counts[top];
    t.opened = opened;
    t.minimum = minimum;
    t.forbidden = forbidden;
    t.owed = true;
    t.must = (cf.pickup == NEW_MELD || cf.pickup == NEW_MELD_OR_ADD) ? top : kNone;
    t.add_route = cf.pickup == NEW_MELD_OR_ADD && taken_from_opened;
    int got = quick_verdict(cf, counts, read_table(table_melds), t, 0, false);
    return got == 1 ? 1 : (got == 0 ? 0 : -1);
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

// melds.fitting_ends: a bit per end where card could be laid off on m (1 low, 2 high); a set
// answers 4 (no end)
int fitting_ends(const Config& cf, const TableMeld& m, int card) {
    if (card == cf.wild) {
        if (!wild_limit_ok(cf, m.size + 1, m.wilds + 1)) return 0;
        if (!m.run) return m.size < 4 ? 4 : 0;
        if (m.size >= 13) return 0;
        return (m.start > 1 ? 1 : 0) | (m.start + m.size - 1 < 14 ? 2 : 0);
    }
    int nat = natural(cf, card);
    if (nat >= 52) return 0;
    int rank = nat % 13 + 1, suit = nat / 13;
    if (!m.run) return (m.size < 4 && rank == m.rank && !(m.natural_suits >> suit & 1)) ? 4 : 0;
    if (suit != m.suit || m.size >= 13) return 0;
    int end = m.start + m.size - 1;
    int out = 0;
    if (rank == m.start - 1 || (rank == 1 && m.start == 2)) out |= 1;
    if (rank == end + 1 || (rank == 1 && end == 13)) out |= 2;
    return out;
}

// candidates.step_candidates after the new melds: for each table meld in turn, its lay-offs
// (the hand's distinct cards in card order, each at its fitting ends) then its swaps
// (candidates.swap_candidates), in the reference's order. A lay-off is (0, meld, card, end)
// with end -1 (none named), 0 (low) or 1 (high); a swap (1, meld, cards...).
py::list table_steps(py::handle hand, py::handle table_melds, py::handle config) {
    Config cf = read_config(config);
    int counts[53] = {0};
    read_hand(hand, counts);
    std::vector<TableMeld> table = read_table(table_melds);
    py::list out;
    auto providers = [&](int nat, int* got) {  // candidates.swap_candidates.providers, sorted
        int k = 0;
        for (int c = 0; c < 53; ++c)
            if (counts[c] && c != cf.wild && natural(cf, c) == nat) got[k++] = c;
        return k;
    };
    for (size_t i = 0; i < table.size(); ++i) {
        const TableMeld& m = table[i];
        int index = static_cast<int>(i);
        for (int c = 0; c < 53; ++c) {
            if (!counts[c]) continue;
            if (c != cf.wild) {  // only the cards listed for this meld's suit or rank
                int nat = natural(cf, c);
                if (nat >= 52) continue;
                if (m.run ? nat / 13 != m.suit : nat % 13 + 1 != m.rank) continue;
            }
            int ends = fitting_ends(cf, m, c);
            if (ends == 4 || ends == 1 || ends == 2) {
                out.append(py::make_tuple(0, index, c, -1));
            } else if (ends == 3) {
                out.append(py::make_tuple(0, index, c, 0));
                out.append(py::make_tuple(0, index, c, 1));
            }
        }
        if (!m.wilds) continue;
        int got[53];
        if (m.run) {
            // the wild positions in order: by rank, an ace high (start > 1) last
            int ace = code_of(1, m.suit);
            for (int c = 0; c < 52; ++c) {
                if (!(m.stands_for >> c & 1) || (c == ace && m.start > 1)) continue;
                int k = providers(c, got);
                for (int j = 0; j < k; ++j) out.append(py::make_tuple(1, index, got[j]));
            }
            if ((m.stands_for >> ace & 1) && m.start > 1) {
                int k = providers(ace, got);
                for (int j = 0; j < k; ++j) out.append(py::make_tuple(1, index, got[j]));
            }
            continue;
        }
        // a set: one provider for each missing suit, every combination (the first suit
        // varying slowest)
        int missing[4], nm = 0;
        for (int s = 0; s < 4; ++s)
            if (!(m.natural_suits >> s & 1)) missing[nm++] = s;
        if (!nm) continue;
        int prov[4][53], np[4];
        bool each = true;
        for (int j = 0; j < nm; ++j) {
            np[j] = providers(code_of(m.rank, missing[j]), prov[j]);
            if (!np[j]) each = false;
        }
        if (!each) continue;
        int idx[4] = {0, 0, 0, 0};
        while (true) {
            py::tuple t(2 + nm);
            t[0] = py::int_(1);
            t[1] = py::int_(index);
            for (int j = 0; j < nm; ++j) t[2 + j] = py::int_(prov[j][idx[j]]);
            out.append(t);
            int j = nm - 1;
            while (j >= 0 && ++idx[j] >= np[j]) idx[j--] = 0;
            if (j < 0) break;
        }
    }
    return out;
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
    mod.def("table_steps", &table_steps, py::arg("hand"), py::arg("table_melds"),
            py::arg("config"),
            "candidates.step_candidates' lay-offs and swaps, in its order, as int tuples.");
    mod.def("could_go_out", &could_go_out_of, py::arg("hand"), py::arg("table_melds"),
            py::arg("config"), py::arg("stage"),
            "going_out.could_go_out: 1 yes, 0 no, -1 beyond the native limits.");
}
