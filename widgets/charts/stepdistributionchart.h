// SPDX-License-Identifier: MIT
#pragma once

#include "core/compare/comparison.h"

#include <QWidget>

// Qt Charts types stay out of this header (as BarChartView): docks and tests never see them.
class QChart;
class QChartView;

namespace sl {

/// Step-duration distributions side by side: one box per trace for one phase (whiskers min and
/// max, box p25–p75, line p50; Comparison::stepDistributions, nearest rank).
class StepDistributionChart : public QWidget
{
    Q_OBJECT
public:
    explicit StepDistributionChart(QWidget* parent = nullptr);
    /// `phase` indexes Comparison::phases; traces without steps in it get no box.
    void setComparison(const ComparisonPtr& comparison, int phase);
    int boxCount() const { return m_boxes; } ///< for tests

private:
    QChart* chart() const;
    QChartView* m_view;
    int m_boxes = 0;
};

} // namespace sl
