// The native batch's actions (issue 39, native/hand_batch.cpp): an engine action as ints and
// its spelling in handgame/rl/tokens.py's numbering (tokens.tokens_of: its record notation's keys
// and values, STOP last; ACTIONS_VERSION 1).
#pragma once

#include <cstdint>
#include <vector>

#include "play_melds.hpp"

namespace handgame::hand::batch {

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

}  // namespace handgame::hand::batch
