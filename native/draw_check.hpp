// legal.legal_actions' check of Draw(seat, "discard") for the seat to act, shared by
// native/legal.cpp (the engine's native listing) and native/hand_batch.cpp (the batched RL
// tables, issue 39): 1 accepted, 0 refused, -1 undecided (the Python reference decides).
// counts: the seat's cards before the draw; top: the top discard; opened, minimum
// (turn.required_minimum), forbidden (turn.going_out_forbidden is not None),
// taken_from_opened (its discarder has opened).
#pragma once

#include <vector>

#include "turn_checks.hpp"

namespace handgame::hand {

inline int draw_discard_check(const Config& cf, const int* hand_counts, int top,
                              const std::vector<TableMeld>& table, bool opened, int minimum,
                              bool forbidden, bool taken_from_opened) {
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
    int counts[53];
    for (int c = 0; c < 53; ++c) counts[c] = hand_counts[c];
    ++counts[top];
    t.opened = opened;
    t.minimum = minimum;
    t.forbidden = forbidden;
    t.owed = true;
    t.must = (cf.pickup == NEW_MELD || cf.pickup == NEW_MELD_OR_ADD) ? top : kNone;
    t.add_route = cf.pickup == NEW_MELD_OR_ADD && taken_from_opened;
    int got = quick_verdict(cf, counts, table, t, 0, false);
    return got == 1 ? 1 : (got == 0 ? 0 : -1);
}

}  // namespace handgame::hand
