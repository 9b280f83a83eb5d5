// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

#include <utility>
#include <vector>

namespace sl {

/// A row index with the value it is sorted by.
using KeyedRow = std::pair<qint64, quint32>;

/// Sorts `rows` by key, ascending or descending, ties by ascending index: exactly the order of
/// std::sort with those comparators. Large inputs take a stable least-significant-digit radix
/// sort, 8 bits a pass, skipping every byte that all rows share (a duration in ns varies in its
/// low 3–4 bytes): a few linear passes instead of n·log n compares, which kept the Kernels dock's
/// sort of 5 M kernels at the 0.5 s limit (issue 20). Uses a second buffer of rows.size() pairs.
void sortKeyedRows(std::vector<KeyedRow>& rows, bool descending);

} // namespace sl
