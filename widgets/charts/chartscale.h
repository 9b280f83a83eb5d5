// SPDX-License-Identifier: MIT
#pragma once

#include <QChart>
#include <QString>

namespace sl::charts {

/// A time unit that keeps the largest bar between 1 and 1000: the divisor from ns and its symbol.
struct TimeScale
{
    double divisor = 1;
    QString symbol = QStringLiteral("ns");
};

inline TimeScale timeScaleFor(double maxNs)
{
    if (maxNs >= 1e9)
        return { 1e9, QStringLiteral("s") };
    if (maxNs >= 1e6)
        return { 1e6, QStringLiteral("ms") };
    if (maxNs >= 1e3)
        return { 1e3, QStringLiteral("µs") };
    return {};
}

/// Removes every series and axis of `chart` (the chart owns and deletes them).
inline void clearChart(QChart* chart)
{
    chart->removeAllSeries();
    for (auto* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
}

} // namespace sl::charts
