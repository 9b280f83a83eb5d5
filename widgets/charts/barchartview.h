// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/chartdata.h"

#include <QImage>
#include <QWidget>

// Qt Charts types stay behind this header (forward declarations only): Qt Charts is deprecated
// from Qt 6.10 and linked privately, so docks and tests never see its headers.
class QAbstractBarSeries;
class QBarSet;
class QChart;
class QChartView;

namespace sl {

class ChartBuildGate;

/// A horizontal bar chart of one ChartData: a few dozen bars at most, values shown in one
/// readable unit (ns, µs, ms or s) picked from the longest bar, a tooltip per bar with the exact
/// duration. Renders itself off-screen at any size for PNG export. GUI thread only.
class BarChartView : public QWidget
{
    Q_OBJECT
public:
    explicit BarChartView(QWidget* parent = nullptr);
    ~BarChartView() override;

    void setData(const ChartData& data);
    /// Builds the chart now if setData() deferred it and the chart is visible (e.g. its dock's
    /// tab was just raised: a dock tabbed behind another is visible, moved off-screen).
    void updateIfVisible();
    const ChartData& data() const { return m_data; }

    /// What the chart on screen plots, read back from its bar sets (one row per series, one value
    /// per category, in unitName()) and its category axis: lets tests check the chart, not just the data.
    QVector<QVector<qreal>> plottedValues() const;
    QStringList plottedCategories() const;
    /// The colour of each series' bar set, in series order (tests compare them with the palette).
    QVector<QColor> plottedColors() const;
    QString unitName() const { return m_unit; }

    /// Renders the chart alone (a fresh chart, not the widget) at `size` logical pixels on white,
    /// at twice the pixel density so that it stays sharp in documents.
    QImage render(const QSize& size = QSize(900, 520)) const;

    /// Writes `image` as PNG atomically (QSaveFile): the file appears whole or not at all.
    static bool savePng(const QImage& image, const QString& path, QString* error);

private:
    /// Builds the on-screen chart from m_data if setData() left it stale.
    void ensureChart() const;
    QChart* buildChart(bool interactive) const;
    QAbstractBarSeries* buildSeries() const; ///< one bar set per series, categories reversed
    void addAxes(QChart* chart, QAbstractBarSeries* series, bool interactive) const;
    void showBarTooltip(bool on, int index, QBarSet* set) const; ///< the hovered bar: name, time, share

    QChartView* m_view;
    ChartData m_data;
    double m_divisor = 1; ///< ns per displayed unit
    QString m_unit;
    ChartBuildGate* m_gate; ///< builds the chart from m_data when it is on screen
};

} // namespace sl
