// The exact packing search shared by the native extensions (kernel.cpp, legal.cpp): the best
// total value of disjoint melds from a hand, the reference being handgame/core/kernel.py
// (py_pack). The hand's distinct card codes are slots (ascending), the remaining cards one
// unsigned 128-bit integer with 5 bits per slot (a count of 0 to 15 under a guard bit).
#pragma once

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace handgame {

using u128 = unsigned __int128;
constexpr long long kNeg = -1000000000000LL;

struct Entry {
    u128 need;
    long long value;
    bool has_must;
    int index;
};

struct Key {
    u128 rest;
    int kept;
    bool need_must;
    bool operator==(const Key& o) const {
        return rest == o.rest && kept == o.kept && need_must == o.need_must;
    }
};

struct KeyHash {
    size_t operator()(const Key& k) const {
        uint64_t lo = static_cast<uint64_t>(k.rest), hi = static_cast<uint64_t>(k.rest >> 64);
        uint64_t h = lo * 0x9E3779B97F4A7C15ULL ^ (hi + 0x632BE59BD9B4E019ULL + (lo << 6));
        h ^= static_cast<uint64_t>(k.kept) * 0xC2B2AE3D27D4EB4FULL + (k.need_must ? 1 : 0);
        h ^= h >> 29;
        return static_cast<size_t>(h);
    }
};

struct Value {
    long long best;
    int choice;
};

inline int lowest_slot(u128 x) {
    uint64_t lo = static_cast<uint64_t>(x);
    if (lo) return __builtin_ctzll(lo) / 5;
    return (64 + __builtin_ctzll(static_cast<uint64_t>(x >> 64))) / 5;
}

// The memoised recursion: decide the lowest remaining card first (left in hand, or the lowest
// card of a meld holding it; among equal values the first meld in order wins).
struct Solver {
    std::vector<std::vector<Entry>> by_low;
    u128 guard = 0;
    int keep = 0;
    int must_slot = -1;
    std::unordered_map<Key, Value, KeyHash> memo;

    // Give each card code held (counts[0..52]) a slot, ascending; set the guard bits and return
    // the packed start position. Returns false (nothing set) beyond the native limits: more
    // than 25 distinct cards, or a count above 15.
    bool place(const int* counts, int (&slot)[53], u128& start) {
        int slots = 0;
        for (int c = 0; c < 53; ++c) {
            slot[c] = -1;
            if (counts[c]) {
                if (counts[c] > 15 || slots >= 25) return false;
                slot[c] = slots++;
            }
        }
        by_low.resize(slots);
        start = 0;
        for (int c = 0; c < 53; ++c) {
            if (slot[c] >= 0) {
                start += static_cast<u128>(counts[c]) << (5 * slot[c]);
                guard |= static_cast<u128>(16) << (5 * slot[c]);
            }
        }
        return true;
    }

    long long solve(u128 rest, bool need_must, int kept) {
        if (!rest) return (!need_must && kept >= keep) ? 0 : kNeg;
        Key key{rest, kept, need_must};
        auto it = memo.find(key);
        if (it != memo.end()) return it->second.best;
        int first = lowest_slot(rest);
        long long best = kNeg;
        int choice = -1;
        u128 one = static_cast<u128>(1) << (5 * first);
        if (!(need_must && first == must_slot && ((rest >> (5 * first)) & 15) == 1)) {
            best = solve(rest - one, need_must, std::min(kept + 1, keep));
        }
        u128 g = rest | guard;
        for (const Entry& e : by_low[first]) {
            if (((g - e.need) & guard) == guard) {
                long long v = e.value + solve(rest - e.need, need_must && !e.has_must, kept);
                if (v > best) {
                    best = v;
                    choice = e.index;
                }
            }
        }
        memo.emplace(key, Value{best, choice});
        return best;
    }
};

}  // namespace handgame
