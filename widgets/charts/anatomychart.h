// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QStringList>
#include <QVector>
#include <QWidget>

// Qt Charts types stay out of this header (as BarChartView): docks and tests never see them.
class QChart;
class QChartView;

namespace sl {

class AnatomyTableModel;
class ChartBuildGate;

/// "Where the model spends the GPU": one vertical bar per phase, stacked by operator class, each
/// segment the class' kernel time in the phase (AnatomyTableModel::chartData), coloured by class
/// the same in every phase. Hovering a segment shows its row in words (time and share, FLOPs,
/// TFLOP/s, MFU, bound class). Redraws when the model resets, once on screen (ChartBuildGate):
/// the dock is tabbed behind others in the default layout. GUI thread only.
class AnatomyChart : public QWidget
{
    Q_OBJECT
public:
    explicit AnatomyChart(QWidget* parent = nullptr);
    void setModel(const AnatomyTableModel* model);
    /// Draws the chart now if the model changed since and the chart is visible (its dock's tab
    /// was just raised: a dock tabbed behind another is visible, moved off-screen).
    void updateIfVisible();

    /// What the chart on screen plots, read back from its bar sets and category axis: one row per
    /// series (class), one value per phase, in unitName(); tests check the chart, not a copy.
    QVector<QVector<qreal>> plottedValues() const;
    QStringList plottedCategories() const;
    QStringList plottedSeries() const;
    QVector<QColor> plottedColors() const;
    QString unitName() const;
    /// The tooltip of a segment (category = phase bar, series = class), empty where there is none.
    QString segmentTip(int category, int series) const;

private:
    void redraw();
    QChart* chart() const;

    QChartView* m_view;
    const AnatomyTableModel* m_model = nullptr;
    QString m_unit;
    ChartBuildGate* m_gate; ///< redraws once the chart is on screen
};

} // namespace sl
