// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QWidget>

// Qt Charts types stay out of this header (as BarChartView): docks and tests never see them.
class QChart;
class QChartView;

namespace sl {

/// Step time against batch size (generation requests per step) of the serving steps: decode
/// steps, and mixed steps apart, one point per step. The memory-bound plateau of decode and the
/// batch where it bends is what serving configurations tune.
class BatchScatterChart : public QWidget
{
    Q_OBJECT
public:
    explicit BatchScatterChart(QWidget* parent = nullptr);
    void setAnalysis(const AnalysisPtr& analysis);
    int pointCount() const { return m_points; } ///< for tests

private:
    QChart* chart() const;
    QChartView* m_view;
    int m_points = 0;
};

} // namespace sl
