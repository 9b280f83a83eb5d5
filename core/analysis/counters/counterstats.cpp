// SPDX-License-Identifier: MIT
#include "core/analysis/counters/counterstats.h"

#include <algorithm>
#include <cmath>

namespace sl {

CounterSummary CounterStats::over(const CounterSeries& s, const IntervalList& intervals)
{
    return over(s, weights(s, intervals));
}

SampleWeights CounterStats::weights(const CounterSeries& s, const IntervalList& intervals)
{
    SampleWeights out;
    if (s.t.empty() || intervals.empty())
        return out;
    const qint64 first = s.periodStart(0);
    size_t k = 0; // current interval; intervals and sample periods both ascend
    // The first sample whose period can reach the first interval: its timestamp is past the start.
    const size_t from = size_t(std::upper_bound(s.t.begin(), s.t.end(), intervals.front().first) - s.t.begin());
    const qint64 lastEnd = intervals.back().second;
    for (size_t i = from; i < s.t.size() && k < intervals.size(); ++i) {
        if (i > 0 && s.t[i - 1] >= lastEnd)
            break; // this and every later period start after the last interval
        const qint64 a = i == 0 ? first : s.t[i - 1];
        const qint64 b = s.t[i];
        if (b <= a)
            continue; // a repeated timestamp has no period of its own
        while (k < intervals.size() && intervals[k].second <= a)
            ++k;
        qint64 overlap = 0;
        // A period may span several intervals; an interval may span several periods, so keep k.
        for (size_t j = k; j < intervals.size() && intervals[j].first < b; ++j)
            overlap += std::min(b, intervals[j].second) - std::max(a, intervals[j].first);
        if (overlap > 0) {
            out.index.push_back(quint32(i));
            out.weight.push_back(overlap);
        }
    }
    return out;
}

CounterSummary CounterStats::over(const CounterSeries& s, const SampleWeights& w)
{
    CounterSummary out;
    if (w.index.empty() || (!w.index.empty() && size_t(w.index.back()) >= s.v.size()))
        return out;
    // Weights per value for p90 without keeping every sample: nsys writes integer percentages
    // and clocks, so one bucket per integer value (no allocation per sample, O(n)); a series with
    // other values keeps (value, weight) pairs and sorts them.
    std::vector<qint64> bucket;
    std::vector<std::pair<double, qint64>> pairs;
    bool integral = true;
    double sum = 0;
    for (size_t j = 0; j < w.index.size(); ++j) {
        const double v = double(s.v[w.index[j]]);
        const qint64 wt = w.weight[j];
        sum += v * double(wt);
        out.max = out.samples == 0 ? v : std::max(out.max, v);
        out.coveredNs += wt;
        ++out.samples;
        // v == trunc(v) for 0 ≤ v < 65536, without a call to floor() per sample.
        if (integral && v >= 0 && v < 65536 && double(qint64(v)) == v) {
            if (bucket.size() <= size_t(v))
                bucket.resize(size_t(v) + 1, 0);
            bucket[size_t(v)] += wt;
            continue;
        }
        if (integral) { // the first non-integer value: move the buckets over to pairs
            integral = false;
            for (size_t b = 0; b < bucket.size(); ++b)
                if (bucket[b] > 0)
                    pairs.emplace_back(double(b), bucket[b]);
        }
        pairs.emplace_back(v, wt);
    }
    if (out.coveredNs == 0)
        return out;
    out.mean = sum / double(out.coveredNs);
    if (integral) {
        for (size_t b = 0; b < bucket.size(); ++b)
            if (bucket[b] > 0)
                pairs.emplace_back(double(b), bucket[b]);
    } else {
        std::sort(pairs.begin(), pairs.end());
    }
    // Nearest rank on the time axis: the value below which 90 % of the covered time lies.
    const double target = 0.9 * double(out.coveredNs);
    double acc = 0;
    for (const auto& [v, wt] : pairs) {
        acc += double(wt);
        if (acc >= target) {
            out.p90 = v;
            break;
        }
    }
    return out;
}

qint64 CounterStats::timeBelow(const CounterSeries& s, const IntervalList& intervals, double threshold)
{
    qint64 below = 0;
    size_t k = 0;
    for (size_t i = 0; i < s.t.size() && k < intervals.size(); ++i) {
        const qint64 a = s.periodStart(qsizetype(i));
        const qint64 b = s.t[i];
        if (b <= a || !(double(s.v[i]) < threshold))
            continue;
        while (k < intervals.size() && intervals[k].second <= a)
            ++k;
        for (size_t j = k; j < intervals.size() && intervals[j].first < b; ++j)
            below += std::max<qint64>(0, std::min(b, intervals[j].second) - std::max(a, intervals[j].first));
    }
    return below;
}

IntervalList CounterStats::unite(IntervalList intervals)
{
    std::erase_if(intervals, [](const auto& iv) { return iv.second <= iv.first; });
    // Merging needs the starts in order only. Kernels arrive start-sorted per device (millions of
    // them at 5 M kernels), so the sort is skipped after a linear check, and the merge is in place.
    const auto byStart = [](const auto& a, const auto& b) { return a.first < b.first; };
    if (!std::is_sorted(intervals.begin(), intervals.end(), byStart))
        std::sort(intervals.begin(), intervals.end(), byStart);
    size_t kept = 0;
    for (size_t i = 0; i < intervals.size(); ++i) {
        if (kept > 0 && intervals[i].first <= intervals[kept - 1].second)
            intervals[kept - 1].second = std::max(intervals[kept - 1].second, intervals[i].second);
        else
            intervals[kept++] = intervals[i];
    }
    intervals.resize(kept);
    return intervals;
}

IntervalList CounterStats::intersect(const IntervalList& a, const IntervalList& b)
{
    IntervalList out;
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const qint64 lo = std::max(a[i].first, b[j].first);
        const qint64 hi = std::min(a[i].second, b[j].second);
        if (lo < hi)
            out.emplace_back(lo, hi);
        if (a[i].second < b[j].second)
            ++i;
        else
            ++j;
    }
    return out;
}

qint64 CounterStats::length(const IntervalList& intervals)
{
    qint64 n = 0;
    for (const auto& iv : intervals)
        n += iv.second - iv.first;
    return n;
}

} // namespace sl
