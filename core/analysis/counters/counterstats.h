// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/counterseries.h"

#include <utility>
#include <vector>

namespace sl {

/// Sorted, disjoint half-open time intervals [start, end) in ns.
using IntervalList = std::vector<std::pair<qint64, qint64>>;

/// Time-weighted statistics of one counter over a set of intervals.
struct CounterSummary
{
    qint64 coveredNs = 0; ///< time of the intervals that samples cover (ns)
    qint64 samples = 0; ///< samples whose period overlaps the intervals
    double mean = 0; ///< Σ value × overlap / coveredNs
    double p90 = 0; ///< smallest value v with weight(values ≤ v) ≥ 90 % of coveredNs
    double max = 0;
    bool valid() const { return coveredNs > 0; }
};

/// Which samples of a series overlap an interval set, and by how much (ns): the sample indices
/// ascending, with their weights (> 0). It depends only on the timestamps, so the metrics of one
/// GPU (sampled together) share one.
struct SampleWeights
{
    std::vector<quint32> index;
    std::vector<qint64> weight;
};

/// Time-weighted mean and p90 of counters (docs/analysis.md, "Hardware counters").
/// A sample covers the period that ends at its timestamp (CounterSeries); its weight in an
/// interval set is the length of that period inside the intervals. One pass over the samples
/// and the intervals together (both sorted), then a sort of the overlapping samples for p90.
class CounterStats
{
public:
    static CounterSummary over(const CounterSeries& s, const IntervalList& intervals);
    /// The same from weights computed once by weights() for a series with the same timestamps.
    static CounterSummary over(const CounterSeries& s, const SampleWeights& w);
    /// One pass over the samples and the intervals together (both sorted).
    static SampleWeights weights(const CounterSeries& s, const IntervalList& intervals);
    static CounterSummary over(const CounterSeries& s, qint64 startNs, qint64 endNs)
    {
        return over(s, IntervalList { { startNs, endNs } });
    }
    /// Time (ns) inside `intervals` during which the counter was below `threshold`.
    static qint64 timeBelow(const CounterSeries& s, const IntervalList& intervals, double threshold);
    /// Union of possibly overlapping, unsorted intervals (empty ones dropped).
    static IntervalList unite(IntervalList intervals);
    /// Intersection of two interval lists (both sorted and disjoint).
    static IntervalList intersect(const IntervalList& a, const IntervalList& b);
    static qint64 length(const IntervalList& intervals);
};

} // namespace sl
