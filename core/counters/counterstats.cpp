// SPDX-License-Identifier: MIT
#include "core/counters/counterstats.h"

#include <algorithm>

namespace sl {

CounterSummary CounterStats::over(const CounterSeries& s, const IntervalList& intervals)
{
    CounterSummary out;
    if (s.t.empty() || intervals.empty())
        return out;
    std::vector<std::pair<double, qint64>> weighted; // (value, overlap ns)
    const qint64 first = s.periodStart(0);
    size_t k = 0; // current interval; intervals and sample periods both ascend
    for (size_t i = 0; i < s.t.size() && k < intervals.size(); ++i) {
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
        if (overlap <= 0)
            continue;
        weighted.emplace_back(double(s.v[i]), overlap);
        out.coveredNs += overlap;
        ++out.samples;
    }
    if (out.coveredNs == 0)
        return out;
    double sum = 0;
    out.max = weighted.front().first;
    for (const auto& [v, w] : weighted) {
        sum += v * double(w);
        out.max = std::max(out.max, v);
    }
    out.mean = sum / double(out.coveredNs);
    std::sort(weighted.begin(), weighted.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    // Nearest rank on the time axis: the value below which 90 % of the covered time lies.
    const double target = 0.9 * double(out.coveredNs);
    double acc = 0;
    for (const auto& [v, w] : weighted) {
        acc += double(w);
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
    std::sort(intervals.begin(), intervals.end());
    IntervalList out;
    for (const auto& iv : intervals) {
        if (!out.empty() && iv.first <= out.back().second)
            out.back().second = std::max(out.back().second, iv.second);
        else
            out.push_back(iv);
    }
    return out;
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
