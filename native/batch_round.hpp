// The round of one table of the native batch (issue 39, native/hand_batch.cpp): its values as
// ints, the legal actions of the seat to act (legal.legal_actions: the draw check of
// draw_check.hpp, the discards' turn problems L-60…L-71, O-7, O-11, the turn search's play
// steps of play_steps.hpp), their spelling as tokens (handgame/rl/tokens.py's numbering), the
// walk of the spelling (handgame/rl/observe.py's FastTree), the steps' effects
// (games/hand/turn.py: _draw, _lay, _add, _swap, _discard) and the observation (the entries of
// handgame/rl/encode.py's encode). Where the reference would go where this is not ported — the
// round's end, a restricted taken wild card (L-66, O-6), a reshuffle (O-9), a search answer left
// to the reference, a redeal claim (L-52) — the table's status says so and the Python engine
// takes it over (games/hand/batch.py).
#pragma once

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <vector>

#include "batch_tokens.hpp"
#include "draw_check.hpp"
#include "play_steps.hpp"

namespace handgame::hand::batch {

constexpr int kCards = 53;
constexpr int kMaxPlayers = 8;

// rounds.Phase as coded by games/hand/batch.py (PHASES)
enum PhaseCode { P_DEAL = 0, P_FIRST_DISCARD = 1, P_DRAW = 2, P_PLAY = 3, P_OVER = 4, P_N = 5 };

// the observation's blocks, in encode.py's layout order (as table.cpp)
enum Block {
    kHand, kKnown, kPile, kPileTop, kWild, kTable, kMelds, kOwner,
    kCounts, kOpened, kTotals, kToMove, kScalars, kPhase, kPrefixCounts, kPrefixLast, kBlocks
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

// The steps of a table's round under the batch's rules (each a function of the table).
struct Engine {
    const Rules& r_;
    std::vector<Act> legal_ = {};  // settle's listing, reused

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

    // the search's rules of the seat to act's turn, after taking `taken` (-1: from the stock)
    TurnRules turn_rules(const Table& t, int taken) const {
        const int seat = t.turn;
        TurnRules tr;
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
        return tr;
    }

    // the search's position of the seat to act now (its hand, the table, its opening)
    static Position position_of(const Table& t) {
        Position p;
        std::copy(t.hands[t.turn], t.hands[t.turn] + kCards, p.counts);
        p.n_hand = t.hand_n[t.turn];
        p.table = t.melds;
        p.opened = t.opened[t.turn];
        return p;
    }

    void start_turn(Table& t, int drew, int taken) {
        t.drew = drew;
        t.all_laid_value = 0;
        t.opened_now = false;
        t.search.reset();  // a new turn: new rules for the search
        t.tr = turn_rules(t, taken);
        t.pos = position_of(t);
        t.phase = P_PLAY;
    }

    // finish.accepts of Draw(seat, "discard") where the draw check left it undecided: the
    // turn search from the position after the draw (1, 0, or kAsk: the reference decides)
    int accepts_pile_draw(const Table& t) const {
        int top = t.pile.back();
        if ((top == t.cf.wild || top == kJoker) && t.cf.discarded_wild != DW_WILD)
            return kAsk;  // a restricted taken wild card (L-66, O-6): the reference's
        TurnRules tr = turn_rules(t, top);
        Position p = position_of(t);
        ++p.counts[top];
        ++p.n_hand;
        if (!obligated(tr, p)) return 1;
        TurnSearch search(tr);
        return search.finishable(p, 0, {}, 0, false);
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
                if (verdict < 0) verdict = accepts_pile_draw(t);
                if (verdict == kAsk) return false;
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
        std::vector<Act>& legal = legal_;  // one buffer for every table (kept allocated)
        while (t.status == S_DECIDE) {
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
            // the choices' buffers are reused from one decision to the next: only [0, n) count
            const size_t n = legal.size();
            if (t.choices.size() < n) t.choices.resize(n);
            for (size_t k = 0; k < n; ++k) {
                t.choices[k].act = legal[k];
                if (!spell(legal[k], t.choices[k].seq)) {
                    hand_over(t);
                    return;
                }
            }
            std::sort(t.choices.begin(), t.choices.begin() + static_cast<long>(n));
            t.hi = n;
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
            if (k < 0 || k >= size) throw std::out_of_range("an observation entry out of range");
            out[k] = v;
        };
        auto add = [&](long k, float v) {
            if (k < 0 || k >= size) throw std::out_of_range("an observation entry out of range");
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

}  // namespace handgame::hand::batch
