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

/// Grouped bars: one group per kernel category with time in some trace, one bar per trace, the
/// height its GPU time per unit of work (total time when the comparison's unit is Total).
class CategoryBarChart : public QWidget
{
    Q_OBJECT
public:
    explicit CategoryBarChart(QWidget* parent = nullptr);
    void setComparison(const ComparisonPtr& comparison);
    /// Number of category groups shown (for tests).
    int groupCount() const { return int(m_data.categories.size()); }
    /// What it draws (ComparisonChartData::categories) and each trace's bar colour, in order.
    const ChartData& data() const { return m_data; }
    QVector<QColor> barColors() const;

private:
    QChart* chart() const;
    QChartView* m_view;
    ChartData m_data;
};

} // namespace sl
