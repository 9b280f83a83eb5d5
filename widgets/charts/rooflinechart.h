// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QWidget>

// Qt Charts types stay out of this header (as BarChartView): docks and tests never see them.
class QAbstractSeries;
class QChart;
class QChartView;
class QComboBox;

namespace sl {

/// The roofline of one GPU the Nsight Compute kernels ran on: FLOP/s against arithmetic
/// intensity (FLOP per DRAM byte), both axes logarithmic. Roofs: DRAM up to the FP32 ceiling, L2
/// (when ncu collected its peak) up to the FP32 ceiling, DRAM up to the tensor-core ceiling (when
/// the GPU peak table knows the model), and DRAM up to the ceiling of every other tensor type a
/// plotted kernel runs on (FP8, TF32, INT8…: each kernel is held to its own type's, as the findings
/// are); the FP16 (no tensor cores) and FP64 ceilings as dashed lines. One point per kernel name profiled on that GPU,
/// its size growing with the name's time in the trace. With several GPUs a selector above the chart picks the GPU (one
/// roofline per device). Clicking a point emits kernelActivated with its index in CounterResult::ncu->kernels.
class RooflineChart : public QWidget
{
    Q_OBJECT
public:
    explicit RooflineChart(QWidget* parent = nullptr);
    void setAnalysis(const AnalysisPtr& analysis);
    /// Shows the roofline of ncu->roofs[index] (the selector's entry `index`).
    void setGpu(int index);
    int gpuCount() const; ///< roofs to choose from (for tests)
    int pointCount() const { return int(m_pointKernel.size()); } ///< for tests
    /// Index into ncu->kernels of point `i` (for tests).
    int kernelOfPoint(int i) const { return m_pointKernel.value(i, -1); }
    /// The drawn roofs and ceilings: name → FLOP/s of the flat part (for tests).
    QVector<QPair<QString, double>> ceilings() const { return m_ceilings; }

signals:
    void kernelActivated(int ncuKernel);

private:
    /// Axis ranges: intensity in FLOP/byte, y in FLOP/s.
    struct Range
    {
        double aiMin, aiMax, yMin, yMax;
    };
    static Range rangeOf(const NcuResult& n, const Roofline& roof);
    /// The tensor types of the kernels plotted on `roof` other than BF16/FP16 (whose roof is drawn
    /// anyway) that have a ceiling there, by NcuAnalysis::tensorPeakKey, sorted.
    static QStringList otherTensorTypes(const NcuResult& n, const Roofline& roof);
    QChart* chart() const;
    void draw();
    void addAxes(const Range& range);
    void addSeries(QAbstractSeries* series); ///< on both axes
    void drawRoofs(const NcuResult& n, const Roofline& roof, const Range& range);
    void drawPoints(const NcuResult& n, const Roofline& roof);
    QComboBox* m_gpu;
    QChartView* m_view;
    AnalysisPtr m_analysis;
    int m_roof = 0;
    QVector<int> m_pointKernel;
    QVector<QPair<QString, double>> m_ceilings;
};

} // namespace sl
