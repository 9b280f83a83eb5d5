// SPDX-License-Identifier: MIT
#include "core/counters/counterseries.h"

#include <algorithm>

namespace sl {

qint64 CounterSeries::periodNs() const
{
    if (t.size() < 2)
        return 0;
    // The median spacing: robust against the odd dropped or doubled sample.
    std::vector<qint64> d;
    d.reserve(t.size() - 1);
    for (size_t i = 1; i < t.size(); ++i)
        d.push_back(t[i] - t[i - 1]);
    auto mid = d.begin() + qsizetype(d.size() / 2);
    std::nth_element(d.begin(), mid, d.end());
    return *mid;
}

QString CounterSeries::unitOf(const QString& name)
{
    const qsizetype open = name.lastIndexOf(QLatin1Char('['));
    const qsizetype close = name.lastIndexOf(QLatin1Char(']'));
    if (open < 0 || close <= open)
        return {};
    QString inner = name.mid(open + 1, close - open - 1).trimmed();
    // "Throughput %" → "%": Nsight Systems puts a qualifier before the unit.
    const qsizetype space = inner.lastIndexOf(QLatin1Char(' '));
    return space >= 0 ? inner.mid(space + 1) : inner;
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

qint64 CounterSet::memoryBytes() const
{
    qint64 n = 0;
    for (const auto& s : series)
        n += s.memoryBytes();
    return n;
}

} // namespace sl
