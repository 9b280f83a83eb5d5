// SPDX-License-Identifier: MIT
#include "core/util/keyedsort.h"

#include <algorithm>
#include <array>

namespace sl {

namespace {

/// Below this many rows std::sort is as fast as the radix passes and needs no second buffer.
constexpr size_t kRadixMinRows = size_t(1) << 14;

using Counts = std::array<size_t, 256>;

/// One stable counting pass on byte `b` of digit(row, b) from `from` into `to`; false (nothing
/// moved) when every row has the same byte there.
template <typename Digit>
bool radixPass(const std::vector<KeyedRow>& from, std::vector<KeyedRow>& to, Counts counts, Digit digit, int b)
{
    if (std::find(counts.begin(), counts.end(), from.size()) != counts.end())
        return false;
    size_t sum = 0;
    for (size_t& n : counts)
        sum += std::exchange(n, sum);
    for (const KeyedRow& r : from)
        to[counts[digit(r, b)]++] = r;
    return true;
}

/// Stable LSD radix sort of `rows` on the `bytes` low bytes of digit(row, ·), with one
/// histogram pass for every byte.
template <int bytes, typename Digit>
void radixSort(std::vector<KeyedRow>& rows, std::vector<KeyedRow>& spare, Digit digit)
{
    std::array<Counts, bytes> counts {};
    for (const KeyedRow& r : rows)
        for (int b = 0; b < bytes; ++b)
            ++counts[size_t(b)][digit(r, b)];
    for (int b = 0; b < bytes; ++b)
        if (radixPass(rows, spare, counts[size_t(b)], digit, b))
            rows.swap(spare);
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
        radixSort<4>(rows, spare, [](const KeyedRow& r, int b) { return (r.second >> (8 * b)) & 0xffu; });
    // Signed keys as unsigned with the same order (the sign bit flipped); descending is the
    // complement of that.
    const quint64 flip = descending ? ~(quint64(1) << 63) : quint64(1) << 63;
    radixSort<8>(
        rows, spare, [flip](const KeyedRow& r, int b) { return ((quint64(r.first) ^ flip) >> (8 * b)) & 0xffu; });
}

} // namespace sl
