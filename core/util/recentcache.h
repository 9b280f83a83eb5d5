// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <cstddef>

namespace sl {

/// The values of a few keys that interleave row by row — ranks, their threads and streams —
/// in a small direct-mapped table in front of a slower lookup (a map, a hash): one compare per
/// row while the keys fit, where a last-key cache misses on nearly every row and a search of
/// the last few costs several. The caller gives each key's hash (any bits; the low ones pick the
/// slot) and the lookup to run on a miss, whose result the slot keeps; `none` is a key no row
/// has (it marks an empty slot without a flag to test per row).
template <typename Key, typename Value, size_t Slots = 64> class RecentCache
{
    static_assert((Slots & (Slots - 1)) == 0, "a power of two");

public:
    explicit RecentCache(const Key& none) { m_slots.fill({ none, Value {} }); }

    template <typename Lookup> Value& get(const Key& key, size_t hash, Lookup lookup)
    {
        Slot& s = m_slots[hash & (Slots - 1)];
        if (!(s.key == key)) [[unlikely]]
            s = { key, lookup() };
        return s.value;
    }

private:
    struct Slot
    {
        Key key;
        Value value;
    };
    std::array<Slot, Slots> m_slots;
};

} // namespace sl
