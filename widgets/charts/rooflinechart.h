// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QWidget>

// Qt Charts types stay out of this header (as BarChartView): docks and tests never see them.
class QChart;
class QChartView;

namespace sl {

/// The roofline of the GPU the Nsight Compute kernels ran on: FLOP/s against arithmetic
/// intensity (FLOP per DRAM byte), both axes logarithmic; the DRAM roof (and the L2 roof when ncu
/// collected its peak) up to the FP32 ceiling, the FP16 and FP64 ceilings as lines; one point per
/// kernel name, its size growing with the name's time in the trace. Clicking a point emits
/// kernelActivated with its index in CounterResult::ncu->kernels.
class RooflineChart : public QWidget
{
    Q_OBJECT
public:
    explicit RooflineChart(QWidget* parent = nullptr);
    void setAnalysis(const AnalysisPtr& analysis);
    int pointCount() const { return int(m_pointKernel.size()); } ///< for tests
    /// Index into ncu->kernels of point `i` (for tests).
    int kernelOfPoint(int i) const { return m_pointKernel.value(i, -1); }

signals:
    void kernelActivated(int ncuKernel);

private:
    QChart* chart() const;
    QChartView* m_view;
    QVector<int> m_pointKernel;
};

} // namespace sl
