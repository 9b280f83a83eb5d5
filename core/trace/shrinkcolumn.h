// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

namespace sl {

/// Hands back a column's unused capacity only when it is more than an eighth of its size. The
/// readers reserve from MAX(rowid), which is the row count in every export we have seen: then
/// nothing is copied. shrink_to_fit copied every column of a table whenever a few rows were left
/// out (a second copy of a 5 M-row table, issue 20), and reserved but unwritten capacity is
/// never touched, so it costs address space, not resident memory.
template <typename T> void shrinkColumn(std::vector<T>& v)
{
    if (v.capacity() - v.size() > v.size() / 8)
        v.shrink_to_fit();
}

} // namespace sl
