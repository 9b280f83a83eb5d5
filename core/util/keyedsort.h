// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

#include <algorithm>
#include <utility>
#include <vector>

namespace sl {

/// A row index with the value it is sorted by.
using KeyedRow = std::pair<qint64, quint32>;

/// Sorts `rows` by key, ascending or descending, ties by ascending index: exactly the order of
/// std::sort with those comparators. Large inputs take a stable least-significant-digit radix
/// sort, 8 bits a pass, skipping every byte that all rows share (a duration in ns varies in its
/// low 3–4 bytes): a few linear passes instead of n·log n compares. Uses a second buffer of
/// rows.size() pairs.
void sortKeyedRows(std::vector<KeyedRow>& rows, bool descending);

/// Sorts the row indices `rows` by `keys` (keys[j] is rows[j]'s key, a qint64 stored as its
/// bits), ascending or descending, ties by ascending index: the order sortKeyedRows gives the
/// pairs. `rows` must be ascending (sortRowsByKey sees to it). Where the key range and the
/// row positions fit in 64 bits together (durations of 5 M kernels: 23 + 23 bits), each key
/// becomes (key − min) << positionBits | position and only the key range's bits are
/// radix-sorted, in digits of up to 12 bits, skipping a digit every row shares: 8-byte values
/// instead of 16-byte pairs, and fewer passes.
/// The Kernels dock's sort of 5 M kernels by duration went from 0.48–0.69 s to 0.30–0.38 s
/// (issue 20). Otherwise the pairs of sortKeyedRows. `keys` is used as scratch.
void sortRowsByKeys(std::vector<quint32>& rows, std::vector<quint64>& keys, bool descending);

/// Whether sortRowsByKeys packs `rows` keys whose range (max − min, as unsigned) is `keyRange`
/// with their positions into one 64-bit value: from 16 384 rows on, when the range's bits and
/// the positions' bits (those of rows − 1) are 64 or fewer together.
bool packsKeys(size_t rows, quint64 keyRange);

/// Puts the row indices `rows` in ascending order: a radix sort of their 4 bytes for large
/// inputs (std::sort below the threshold); one check when they already are (the usual case).
void sortRowIndices(std::vector<quint32>& rows);

/// Sorts the row indices `rows` by key(row) (a qint64), as sortRowsByKeys: one tight pass of
/// key extraction (the caller's switch on the column stays outside the loop), then the sort.
template <class Key> void sortRowsByKey(std::vector<quint32>& rows, bool descending, Key&& key)
{
    sortRowIndices(rows);
    std::vector<quint64> keys(rows.size());
    for (size_t j = 0; j < rows.size(); ++j)
        keys[j] = quint64(qint64(key(rows[j])));
    sortRowsByKeys(rows, keys, descending);
}

} // namespace sl
