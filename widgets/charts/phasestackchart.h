// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"
#include "core/models/chartdata.h"

#include <QColor>
#include <QWidget>

// Qt Charts types stay out of this header (as BarChartView): docks and tests never see them.
class QChart;
class QChartView;

namespace sl {

/// Stacked bars: one bar per trace, stacked by phase (prefill, decode, sampling, unattributed),
/// each segment the phase's kernel time per unit of work (total when the unit is Total).
class PhaseStackChart : public QWidget
{
    Q_OBJECT
public:
    explicit PhaseStackChart(QWidget* parent = nullptr);
    void setComparison(const ComparisonPtr& comparison);
    int segmentCount() const { return int(m_data.series.size()); } ///< phases shown (for tests)
    /// What it draws (ComparisonChartData::phases) and each phase's segment colour, in order.
    const ChartData& data() const { return m_data; }
    QVector<QColor> barColors() const;

private:
    QChart* chart() const;
    QChartView* m_view;
    ChartData m_data;
};

} // namespace sl
