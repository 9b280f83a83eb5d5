// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QWidget>

// Qt Charts types stay out of this header (as BarChartView): docks and tests never see them.
class QChart;
class QChartView;

namespace sl {

class ChartBuildGate;

/// Step time against batch size (generation requests per step) of the serving steps: decode
/// steps, and mixed steps apart, one point per step. The memory-bound plateau of decode and the
/// batch where it bends is what serving configurations tune. Drawn once on screen
/// (ChartBuildGate): the Serving dock is tabbed behind others in the default layout.
class BatchScatterChart : public QWidget
{
    Q_OBJECT
public:
    explicit BatchScatterChart(QWidget* parent = nullptr);
    void setAnalysis(const AnalysisPtr& analysis);
    /// Draws the chart now if the analysis changed since and the chart is visible (its dock's
    /// tab was just raised: a dock tabbed behind another is visible, moved off-screen).
    void updateIfVisible();
    int pointCount() const; ///< for tests: the points plotted

private:
    QChart* chart() const;
    void draw();
    QChartView* m_view;
    ChartBuildGate* m_gate; ///< draws once the chart is on screen
    AnalysisPtr m_analysis; ///< the analysis the chart plots once drawn
    int m_points = 0;
};

} // namespace sl
