// SPDX-License-Identifier: MIT
#pragma once

#include <QChart>
#include <QChartView>
#include <QString>
#include <QVBoxLayout>

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

/// Fills `owner` with `view` (no margins), antialiased, its chart without animation and the
/// legend at the bottom: how every chart widget here starts.
inline QChartView* embedChartView(QWidget* owner, QChartView* view)
{
    auto* layout = new QVBoxLayout(owner);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view);
    view->setRenderHint(QPainter::Antialiasing);
    view->chart()->setAnimationOptions(QChart::NoAnimation);
    view->chart()->legend()->setAlignment(Qt::AlignBottom);
    return view;
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
