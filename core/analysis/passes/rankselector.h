// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/passes/statistics.h"

#include <QtGlobal>

#include <algorithm>
#include <vector>

namespace sl {

/// Exact nearest-rank percentiles of values read twice, without holding them all. The first
/// pass counts the values per logarithmic bucket (64 per power of two above 256, one below);
/// each wanted rank then falls in one bucket, the second pass keeps only those buckets' values,
/// and nth_element ranks them. The result equals nearestRankUnsorted over every value (rank
/// nearestRankOf(n, p); 0 without values). A vector of every kernel's launch values cost 8
/// B per kernel at the analysis's peak, and its nth_element most of the launch statistics' time.
class RankSelector
{
public:
    /// Nearest-rank percentiles `ps`, each in (0, 100].
    explicit RankSelector(std::vector<double> ps)
        : m_ps(std::move(ps))
        , m_counts(kBuckets, 0)
    {
    }

    /// The first pass: one value.
    void count(qint64 v)
    {
        ++m_counts[size_t(bucketOf(v))];
        ++m_n;
    }
    qint64 size() const { return m_n; }
    /// Between the passes: the buckets the ranks fall in. False without values (then there is
    /// no second pass to make).
    bool startKeeping();
    /// The second pass: the same values again, in any order (ignored when startKeeping was
    /// false).
    void keep(qint64 v)
    {
        if (m_slotOfBucket.empty())
            return;
        const int slot = m_slotOfBucket[size_t(bucketOf(v))];
        if (slot >= 0)
            m_kept[size_t(slot)].push_back(v);
    }
    /// After the second pass: the percentile m_ps[i] (0 without values).
    qint64 at(size_t i);

    /// Monotonic in v: all values below 256 (negatives too) share bucket 0; above, 64 buckets
    /// per power of two (the six bits after the leading one).
    static int bucketOf(qint64 v)
    {
        if (v < 256)
            return 0;
        const int e = 63 - __builtin_clzll(quint64(v)); // 8 .. 62
        return 1 + (e - 8) * 64 + int((quint64(v) >> (e - 6)) & 63);
    }
    static constexpr int kBuckets = 1 + 55 * 64;

private:
    std::vector<double> m_ps;
    std::vector<qint64> m_counts; ///< values per bucket (first pass)
    qint64 m_n = 0;
    std::vector<int> m_slotOfBucket; ///< bucket → index into m_kept, −1 when not kept
    std::vector<std::vector<qint64>> m_kept; ///< the kept buckets' values (second pass)
    std::vector<std::pair<size_t, qint64>> m_target; ///< per percentile: kept slot, 1-based rank in it
};

inline bool RankSelector::startKeeping()
{
    if (m_n == 0)
        return false;
    m_slotOfBucket.assign(kBuckets, -1);
    m_target.clear();
    for (double p : m_ps) {
        const auto rank = qint64(nearestRankOf(size_t(m_n), p));
        qint64 before = 0;
        int b = 0;
        while (before + m_counts[size_t(b)] < rank)
            before += m_counts[size_t(b++)];
        if (m_slotOfBucket[size_t(b)] < 0) {
            m_slotOfBucket[size_t(b)] = int(m_kept.size());
            m_kept.emplace_back().reserve(size_t(m_counts[size_t(b)]));
        }
        m_target.emplace_back(size_t(m_slotOfBucket[size_t(b)]), rank - before);
    }
    return true;
}

inline qint64 RankSelector::at(size_t i)
{
    if (m_n == 0 || i >= m_target.size())
        return 0;
    auto& v = m_kept[m_target[i].first];
    const auto k = size_t(m_target[i].second - 1);
    if (k >= v.size()) // the second pass saw other values than the first: a caller's error
        return 0;
    std::nth_element(v.begin(), v.begin() + ptrdiff_t(k), v.end());
    return v[k];
}

} // namespace sl
