// SPDX-License-Identifier: MIT
#include "core/trace/counterseries.h"

#include <algorithm>

namespace sl {

void CounterSeries::finish(const CounterSeries* sameGrid)
{
    if (!std::is_sorted(t.begin(), t.end())) {
        std::vector<size_t> order(t.size());
        for (size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return t[a] < t[b]; });
        std::vector<qint64> st(order.size());
        std::vector<float> sv(order.size());
        for (size_t i = 0; i < order.size(); ++i) {
            st[i] = t[order[i]];
            sv[i] = v[order[i]];
        }
        t.swap(st);
        v.swap(sv);
    }
    // Trim only a real excess: a reader that reserved its share of the rows is within a few
    // samples, and trimming would copy the whole series for nothing.
    if (t.capacity() > t.size() + t.size() / 64)
        t.shrink_to_fit();
    if (v.capacity() > v.size() + v.size() / 64)
        v.shrink_to_fit();
    medianPeriodNs = 0;
    if (sameGrid && sameGrid != this && sameGrid->t == t) {
        medianPeriodNs = sameGrid->medianPeriodNs;
    } else if (t.size() >= 2) {
        // The median spacing: robust against the odd dropped or doubled sample.
        std::vector<qint64> d;
        d.reserve(t.size() - 1);
        for (size_t i = 1; i < t.size(); ++i)
            d.push_back(t[i] - t[i - 1]);
        auto mid = d.begin() + qsizetype(d.size() / 2);
        std::nth_element(d.begin(), mid, d.end());
        medianPeriodNs = *mid;
    }
    prefix.assign(v.size() + 1, 0.0);
    for (size_t i = 0; i < v.size(); ++i)
        prefix[i + 1] = prefix[i] + double(v[i]);
}

std::optional<double> CounterSeries::meanBetween(qint64 fromNs, qint64 toNs) const
{
    if (t.empty() || prefix.size() != v.size() + 1)
        return std::nullopt;
    const auto i0 = size_t(std::lower_bound(t.begin(), t.end(), fromNs) - t.begin());
    const auto i1 = size_t(std::lower_bound(t.begin(), t.end(), toNs) - t.begin());
    if (i1 > i0)
        return (prefix[i1] - prefix[i0]) / double(i1 - i0);
    // No timestamp in the column: the sample at i0 holds (t[i0 − 1], t[i0]], which covers fromNs.
    if (i0 >= t.size() || periodStart(qsizetype(i0)) > fromNs)
        return std::nullopt;
    return double(v[i0]);
}

QString CounterSeries::unitOf(const QString& name)
{
    const qsizetype open = name.lastIndexOf(QLatin1Char('['));
    const qsizetype close = name.lastIndexOf(QLatin1Char(']'));
    if (open < 0 || close <= open)
        return {};
    const QString inner = name.mid(open + 1, close - open - 1).trimmed();
    // "Throughput %", "Ratio %" → "%": Nsight Systems puts a qualifier before a percentage. Other
    // brackets are the unit whole: "MHz", "GB/s", and on B200 exports "Avg Warps per Cycle",
    // "Workloads", "Requests" (where the last word alone would read "Cycle").
    return inner.endsWith(QLatin1Char('%')) ? QStringLiteral("%") : inner;
}

const CounterSeries* CounterSet::find(int deviceId, const QString& prefix) const
{
    for (const auto& s : series)
        if (s.deviceId == deviceId && s.name.startsWith(prefix, Qt::CaseInsensitive))
            return &s;
    return nullptr;
}

QVector<int> CounterSet::devices() const
{
    QVector<int> out;
    for (const auto& s : series)
        if (!out.contains(s.deviceId))
            out.append(s.deviceId);
    std::sort(out.begin(), out.end());
    return out;
}

qint64 CounterSet::samples() const
{
    qint64 n = 0;
    for (const auto& s : series)
        n += s.size();
    return n;
}

qint64 CounterSet::memoryBytes() const
{
    qint64 n = 0;
    for (const auto& s : series)
        n += s.memoryBytes();
    return n;
}

} // namespace sl
