// SPDX-License-Identifier: MIT
#include "core/util/keyedsort.h"

#include <array>
#include <bit>

namespace sl {

namespace {

/// Below this many rows std::sort is as fast as the radix passes and needs no second buffer.
constexpr size_t kRadixMinRows = size_t(1) << 14;

using Counts = std::array<size_t, 256>;

/// One stable counting pass on byte `b` of digit(row, b) from `from` into `to`; false (nothing
/// moved) when every row has the same byte there.
template <typename T, typename Digit>
bool radixPass(const std::vector<T>& from, std::vector<T>& to, Counts counts, Digit digit, int b)
{
    if (std::find(counts.begin(), counts.end(), from.size()) != counts.end())
        return false;
    size_t sum = 0;
    for (size_t& n : counts)
        sum += std::exchange(n, sum);
    for (const T& r : from)
        to[counts[digit(r, b)]++] = r;
    return true;
}

/// Stable LSD radix sort of `rows` on the `bytes` (≤ 8) low bytes of digit(row, ·), with one
/// histogram pass for every byte.
template <typename T, typename Digit>
void radixSort(std::vector<T>& rows, std::vector<T>& spare, int bytes, Digit digit)
{
    std::array<Counts, 8> counts {};
    for (const T& r : rows)
        for (int b = 0; b < bytes; ++b)
            ++counts[size_t(b)][digit(r, b)];
    for (int b = 0; b < bytes; ++b)
        if (radixPass(rows, spare, counts[size_t(b)], digit, b))
            rows.swap(spare);
}

/// The pairs' path of sortRowsByKeys, for few rows or a key range too wide to pack.
void sortAsPairs(std::vector<quint32>& rows, const std::vector<quint64>& keys, bool descending)
{
    std::vector<KeyedRow> keyed(rows.size());
    for (size_t j = 0; j < rows.size(); ++j)
        keyed[j] = { qint64(keys[j]), rows[j] };
    sortKeyedRows(keyed, descending);
    for (size_t j = 0; j < rows.size(); ++j)
        rows[j] = keyed[j].second;
}

/// Stable LSD radix sort of the packed keys on bits [positionBits, positionBits + keyBits), in
/// as few passes as digits of at most 12 bits allow (23 bits of durations: 2 passes of 12
/// bits, not 3 of 8): a pass streams 2 × 8 B a row, while 4 096 buckets still fit in L2.
void sortPackedKeys(std::vector<quint64>& keys, std::vector<quint64>& spare, int positionBits, int keyBits)
{
    constexpr int kMaxDigitBits = 12;
    const int passes = (keyBits + kMaxDigitBits - 1) / kMaxDigitBits;
    if (passes == 0)
        return;
    const int width = (keyBits + passes - 1) / passes;
    const size_t buckets = size_t(1) << width;
    const quint64 mask = buckets - 1;
    std::vector<size_t> counts(buckets * size_t(passes));
    for (quint64 r : keys)
        for (int p = 0; p < passes; ++p)
            ++counts[size_t(p) * buckets + size_t((r >> (positionBits + p * width)) & mask)];
    for (int p = 0; p < passes; ++p) {
        size_t* c = counts.data() + size_t(p) * buckets;
        if (std::find(c, c + buckets, keys.size()) != c + buckets)
            continue; // every key has this digit
        size_t sum = 0;
        for (size_t b = 0; b < buckets; ++b)
            sum += std::exchange(c[b], sum);
        const int shift = positionBits + p * width;
        for (quint64 r : keys)
            spare[c[(r >> shift) & mask]++] = r;
        keys.swap(spare);
    }
}

} // namespace

void sortKeyedRows(std::vector<KeyedRow>& rows, bool descending)
{
    const auto byIndex = [](const KeyedRow& a, const KeyedRow& b) { return a.second < b.second; };
    if (rows.size() < kRadixMinRows) {
        if (!descending)
            std::sort(rows.begin(), rows.end());
        else
            std::sort(rows.begin(), rows.end(), [](const KeyedRow& a, const KeyedRow& b) {
                return a.first != b.first ? a.first > b.first : a.second < b.second;
            });
        return;
    }
    std::vector<KeyedRow> spare(rows.size());
    // Ties keep their input order: put the rows in index order first unless they already are
    // (a selection of kernels in index order, the usual case, costs one check).
    if (!std::is_sorted(rows.begin(), rows.end(), byIndex))
        radixSort(rows, spare, 4, [](const KeyedRow& r, int b) { return (r.second >> (8 * b)) & 0xffu; });
    // Signed keys as unsigned with the same order (the sign bit flipped); descending is the
    // complement of that.
    const quint64 flip = descending ? ~(quint64(1) << 63) : quint64(1) << 63;
    radixSort(
        rows, spare, 8, [flip](const KeyedRow& r, int b) { return ((quint64(r.first) ^ flip) >> (8 * b)) & 0xffu; });
}

bool packsKeys(size_t rows, quint64 keyRange)
{
    return rows >= kRadixMinRows && std::bit_width(quint64(rows - 1)) + std::bit_width(keyRange) <= 64;
}

void sortRowIndices(std::vector<quint32>& rows)
{
    if (std::is_sorted(rows.begin(), rows.end()))
        return;
    if (rows.size() < kRadixMinRows)
        return std::sort(rows.begin(), rows.end());
    std::vector<quint32> spare(rows.size());
    radixSort(rows, spare, 4, [](quint32 r, int b) { return (r >> (8 * b)) & 0xffu; });
}

void sortRowsByKeys(std::vector<quint32>& rows, std::vector<quint64>& keys, bool descending)
{
    Q_ASSERT(keys.size() == rows.size());
    Q_ASSERT(std::is_sorted(rows.begin(), rows.end())); // else ties would follow positions, not indices
    const size_t n = rows.size();
    if (n < kRadixMinRows)
        return sortAsPairs(rows, keys, descending);
    const auto [lo, hi]
        = std::minmax_element(keys.begin(), keys.end(), [](quint64 a, quint64 b) { return qint64(a) < qint64(b); });
    const quint64 low = *lo, high = *hi;
    if (!packsKeys(n, high - low)) // the range as unsigned: no overflow
        return sortAsPairs(rows, keys, descending);
    const int positionBits = std::bit_width(quint64(n - 1));
    const int keyBits = std::bit_width(high - low);
    // Descending is ascending on high − key; ties stay in position order, which is index order.
    for (size_t j = 0; j < n; ++j)
        keys[j] = ((descending ? high - keys[j] : keys[j] - low) << positionBits) | j;
    std::vector<quint64> spare(n);
    sortPackedKeys(keys, spare, positionBits, keyBits);
    const quint64 positionMask = (quint64(1) << positionBits) - 1;
    for (size_t j = 0; j < n; ++j)
        spare[j] = rows[keys[j] & positionMask];
    for (size_t j = 0; j < n; ++j)
        rows[j] = quint32(spare[j]);
}

} // namespace sl
