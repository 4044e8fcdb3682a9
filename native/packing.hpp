// The exact packing search shared by the native extensions (kernel.cpp, legal.cpp): the best
// total value of disjoint melds from a hand, the reference being handgame/core/kernel.py
// (py_pack). The hand's distinct card codes are slots (ascending), the remaining cards one
// unsigned 128-bit integer with 5 bits per slot (a count of 0 to 15 under a guard bit).
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
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

// The recursion's memo: an open-addressing table (linear probing, a power-of-two capacity,
// grown at half full), one allocation instead of one per entry as std::unordered_map makes;
// clear() keeps the table (a slot is in use when it holds the current generation), so a memo
// used for many searches allocates only while it grows.
class Memo {
  public:
    void reserve(size_t n) {
        size_t cap = 16;
        while (cap < 2 * n) cap <<= 1;
        if (cap > slots_.size()) rehash(cap);
    }
    void clear() {
        size_ = 0;
        if (++gen_ == 0) {  // the generations wrapped: every slot is marked unused again
            for (Slot& s : slots_) s.gen = 0;
            gen_ = 1;
        }
    }
    const Value* find(const Key& k) const {
        if (slots_.empty()) return nullptr;
        size_t mask = slots_.size() - 1;
        for (size_t i = index(k);; i = (i + 1) & mask) {
            const Slot& s = slots_[i];
            if (s.gen != gen_) return nullptr;
            if (s.key == k) return &s.value;
        }
    }
    void emplace(const Key& k, const Value& v) {
        if (2 * (size_ + 1) > slots_.size()) rehash(slots_.empty() ? 16 : 2 * slots_.size());
        size_t mask = slots_.size() - 1;
        for (size_t i = index(k);; i = (i + 1) & mask) {
            Slot& s = slots_[i];
            if (s.gen != gen_) {
                s = Slot{k, v, gen_};
                ++size_;
                return;
            }
            if (s.key == k) return;  // as unordered_map::emplace: the first value stays
        }
    }
    const Value& at(const Key& k) const {
        const Value* v = find(k);
        if (!v) throw std::out_of_range("packing memo: no such key");
        return *v;
    }
    size_t size() const { return size_; }
    size_t capacity() const { return slots_.size(); }

  private:
    struct Slot {
        Key key;
        Value value;
        uint32_t gen;
    };
    std::vector<Slot> slots_;
    size_t size_ = 0;
    uint32_t gen_ = 1;
    int shift_ = 64;

    // the hash's bits spread over the top (Fibonacci hashing), the table index from them
    size_t index(const Key& k) const {
        return static_cast<size_t>((static_cast<uint64_t>(KeyHash()(k)) * 0x9E3779B97F4A7C15ULL) >>
                                   shift_);
    }

    void rehash(size_t cap) {
        std::vector<Slot> old;
        old.swap(slots_);
        slots_.assign(cap, Slot{Key{0, 0, false}, Value{0, 0}, 0});
        shift_ = 64 - __builtin_ctzll(static_cast<uint64_t>(cap));
        uint32_t live = gen_;
        size_ = 0;
        for (const Slot& s : old)
            if (s.gen == live) emplace(s.key, s.value);
    }
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
    Memo memo;

    // Give each card code held (counts[0..52]) a slot, ascending; set the guard bits and return
    // the packed start position. Returns false (nothing set) beyond the native limits: more
    // than 25 distinct cards, or a count above 15.
    // Ready for another search, keeping what was allocated (by_low's lists, the memo's table).
    void reset() {
        for (auto& v : by_low) v.clear();
        guard = 0;
        keep = 0;
        must_slot = -1;
        memo.clear();
    }

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
        if (const Value* got = memo.find(key)) return got->best;
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
