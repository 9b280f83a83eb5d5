// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/chartdata.h"
#include "widgets/categorypalette.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QStackedBarSeries>
#include <QString>
#include <QVBoxLayout>
#include <QValueAxis>

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

/// Draws `data` as vertical bars into `chart` (cleared first): one bar set per series in its
/// palette colour (CategoryPalette::forKey; by position without a key), side by side or stacked, the value axis in the
/// unit timeScaleFor picks. The numbers come from core (ChartData); this only draws them.
inline void drawColumns(QChart* chart, const ChartData& data)
{
    clearChart(chart);
    chart->setTitle(data.title);
    if (data.isEmpty())
        return;
    const TimeScale scale = timeScaleFor(double(data.maxBarNs()));
    QAbstractBarSeries* series = data.stacked ? static_cast<QAbstractBarSeries*>(new QStackedBarSeries)
                                              : static_cast<QAbstractBarSeries*>(new QBarSeries);
    for (int s = 0; s < data.series.size(); ++s) {
        auto* set = new QBarSet(data.series[s].name);
        const QColor known = CategoryPalette::forKey(data.series[s].paletteKey);
        set->setColor(known.isValid() ? known : CategoryPalette::trace(s));
        for (qsizetype c = 0; c < data.categories.size(); ++c)
            set->append(double(data.series[s].valuesNs.value(c)) / scale.divisor);
        series->append(set);
    }
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(data.categories);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    auto* y = new QValueAxis;
    y->setTitleText(QStringLiteral("%1 (%2)").arg(data.valueAxisTitle, scale.symbol));
    y->setLabelFormat(QStringLiteral("%.3g"));
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
}

/// The colour of every bar set of `chart`'s first series, in order (tests compare them to the palette).
inline QVector<QColor> barColors(const QChart* chart)
{
    QVector<QColor> out;
    const QList<QAbstractSeries*> all = chart->series();
    if (!all.isEmpty())
        for (QBarSet* set : static_cast<QAbstractBarSeries*>(all.front())->barSets()) // color() is not const
            out << set->color();
    return out;
}

} // namespace sl::charts
