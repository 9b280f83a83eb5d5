// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <vector>

namespace sl {

/// The nearest rank of percentile p among n ≥ 1 values: ceil(p/100 × n), 1-based, held to [1, n].
inline size_t nearestRankOf(size_t n, double p)
{
    return std::clamp<size_t>(size_t(std::ceil(p / 100.0 * double(n))), 1, n);
}

/// Nearest-rank percentile of an ascending vector: the value at rank nearestRankOf(n, p).
/// 0 for an empty vector.
inline qint64 nearestRank(const std::vector<qint64>& sorted, double p)
{
    return sorted.empty() ? 0 : sorted[nearestRankOf(sorted.size(), p) - 1];
}

/// Nearest-rank percentile without sorting everything (nth_element; reorders `v`).
inline qint64 nearestRankUnsorted(std::span<qint64> v, double p)
{
    if (v.empty())
        return 0;
    const size_t rank = nearestRankOf(v.size(), p);
    std::nth_element(v.begin(), v.begin() + ptrdiff_t(rank - 1), v.end());
    return v[rank - 1];
}

/// The same after nearestRankUnsorted(v, lower) with lower ≤ p: that call left every value of a
/// higher rank above its rank, so only that upper part is partitioned.
inline qint64 nearestRankAbove(std::span<qint64> v, double p, double lower)
{
    if (v.empty())
        return 0;
    const size_t rank = nearestRankOf(v.size(), p), from = nearestRankOf(v.size(), lower);
    std::nth_element(v.begin() + ptrdiff_t(from - 1), v.begin() + ptrdiff_t(rank - 1), v.end());
    return v[rank - 1];
}

/// a + b, held at the int64 limits instead of overflowing: byte totals of a damaged export (a
/// copy of 2^63 − 1 bytes) must not wrap into negative figures or undefined behaviour.
inline qint64 saturatingAdd(qint64 a, qint64 b)
{
    qint64 out = 0;
    if (__builtin_add_overflow(a, b, &out))
        return b > 0 ? std::numeric_limits<qint64>::max() : std::numeric_limits<qint64>::min();
    return out;
}

} // namespace sl
