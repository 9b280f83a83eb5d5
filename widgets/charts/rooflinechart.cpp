// SPDX-License-Identifier: MIT
#include "widgets/charts/rooflinechart.h"

#include "core/analysis/counters/ncuanalysis.h"
#include "widgets/categorypalette.h"
#include "widgets/charts/chartscale.h"

#include <QComboBox>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace sl {

RooflineChart::RooflineChart(QWidget* parent)
    : QWidget(parent)
    , m_gpu(new QComboBox(this))
    , m_view(new QChartView(new QChart, this))
{
    charts::embedChartView(this, m_view);
    static_cast<QVBoxLayout*>(layout())->insertWidget(0, m_gpu);
    m_gpu->setToolTip(tr("The GPU whose roofline is shown: the profiled kernels that ran on it"));
    m_gpu->hide();
    connect(m_gpu, &QComboBox::activated, this, &RooflineChart::setGpu);
    setMinimumHeight(100); // laptop screens: the dock, not the chart, decides the height (tst_laptoplayout)
}

QChart* RooflineChart::chart() const { return m_view->chart(); }

int RooflineChart::gpuCount() const
{
    return m_analysis && m_analysis->counters.ncu ? int(m_analysis->counters.ncu->roofs.size()) : 0;
}

void RooflineChart::setAnalysis(const AnalysisPtr& a)
{
    m_analysis = a;
    m_roof = 0;
    const QSignalBlocker block(m_gpu);
    m_gpu->clear();
    if (a && a->counters.ncu)
        for (const Roofline& roof : a->counters.ncu->roofs)
            m_gpu->addItem(tr("GPU %1: %2").arg(roof.deviceId).arg(roof.gpuName));
    m_gpu->setVisible(m_gpu->count() > 1);
    draw();
}

void RooflineChart::setGpu(int index)
{
    if (index < 0 || index >= gpuCount())
        return;
    m_roof = index;
    if (m_gpu->currentIndex() != index) {
        const QSignalBlocker block(m_gpu);
        m_gpu->setCurrentIndex(index);
    }
    draw();
}

namespace {
/// Whether a kernel has a point on `roof`'s chart: it ran on that GPU and both coordinates are known and positive.
bool plotted(const NcuKernelFigures& k, const Roofline& roof)
{
    return k.deviceId == roof.deviceId && k.arithmeticIntensity && k.achievedFlopsPerSecond
        && *k.achievedFlopsPerSecond > 0 && *k.arithmeticIntensity > 0;
}
} // namespace

RooflineChart::Range RooflineChart::rangeOf(const NcuResult& n, const Roofline& roof)
{
    // Axis ranges: intensities 1/64 … 4096 FLOP/B cover memory-bound decode to dense GEMMs; the
    // top leaves room above the highest ceiling.
    double top = std::max({ roof.fp16FlopsPerSecond, roof.fp32FlopsPerSecond, roof.tensorFlopsPerSecond });
    for (const QString& type : otherTensorTypes(n, roof))
        top = std::max(top, roof.tensorPeaks.value(NcuAnalysis::tensorPeakKey(type)));
    Range r { 1.0 / 64, 4096, 0, top * 2 };
    double pointMin = std::numeric_limits<double>::max();
    for (const auto& k : n.kernels)
        if (plotted(k, roof)) {
            r.aiMin = std::min(r.aiMin, *k.arithmeticIntensity / 2);
            r.aiMax = std::max(r.aiMax, *k.arithmeticIntensity * 2);
            pointMin = std::min(pointMin, *k.achievedFlopsPerSecond / 2);
            r.yMax = std::max(r.yMax, *k.achievedFlopsPerSecond * 2);
        }
    // The bottom: where the DRAM roof enters at the lowest intensity, lower only for a point below it.
    r.yMin = std::min(
        roof.dramBytesPerSecond > 0 ? roof.dramBytesPerSecond * r.aiMin : std::max(1.0, top / 1e6), pointMin);
    r.yMax = std::max(r.yMax, r.yMin * 10);
    return r;
}

QStringList RooflineChart::otherTensorTypes(const NcuResult& n, const Roofline& roof)
{
    QStringList types;
    for (const auto& k : n.kernels) {
        const QString key = NcuAnalysis::tensorPeakKey(k.tensorType);
        if (plotted(k, roof) && k.onTensorPath() && !key.isEmpty() && key != QLatin1String("bf16")
            && key != QLatin1String("fp16") && roof.tensorPeaks.value(key) > 0 && !types.contains(k.tensorType))
            types << k.tensorType;
    }
    types.sort();
    return types;
}

void RooflineChart::draw()
{
    charts::clearChart(chart());
    chart()->setTitle(QString());
    m_pointKernel.clear();
    m_ceilings.clear();
    const AnalysisPtr& a = m_analysis;
    if (!a || !a->counters.ncu) {
        chart()->setTitle(tr("Import Nsight Compute results (File menu) to see the roofline"));
        return;
    }
    const NcuResult& n = *a->counters.ncu;
    if (n.roofs.isEmpty()) {
        chart()->setTitle(tr("The export does not describe the GPU (TARGET_INFO_GPU): no roofline"));
        return;
    }
    const Roofline& roof = n.roofs.at(std::clamp(m_roof, 0, int(n.roofs.size()) - 1));
    const Range range = rangeOf(n, roof);
    addAxes(range);
    drawRoofs(n, roof, range);
    drawPoints(n, roof);
    chart()->setTitle(tr("Roofline of %1 (GPU %2)").arg(roof.gpuName).arg(roof.deviceId));
    m_view->setToolTip(roof.source);
}

void RooflineChart::addAxes(const Range& range)
{
    auto* x = new QLogValueAxis;
    x->setTitleText(tr("Arithmetic intensity (FLOP per DRAM byte)"));
    x->setBase(10);
    x->setLabelFormat(QStringLiteral("%g"));
    x->setRange(range.aiMin, range.aiMax);
    auto* y = new QLogValueAxis;
    y->setTitleText(tr("GFLOP/s"));
    y->setBase(10);
    y->setLabelFormat(QStringLiteral("%g"));
    y->setRange(range.yMin / 1e9, range.yMax / 1e9);
    chart()->addAxis(x, Qt::AlignBottom);
    chart()->addAxis(y, Qt::AlignLeft);
}

void RooflineChart::addSeries(QAbstractSeries* series)
{
    chart()->addSeries(series);
    for (QAbstractAxis* axis : chart()->axes())
        series->attachAxis(axis);
}

void RooflineChart::drawRoofs(const NcuResult& n, const Roofline& roof, const Range& range)
{
    const auto addLine = [&](QLineSeries* line, const QString& name, double ceiling) {
        line->setName(name);
        addSeries(line);
        m_ceilings.append({ name, ceiling });
    };
    // A roof: bandwidth × intensity up to the knee, then the flat ceiling (FLOP/s; bytes/s).
    const auto roofSeries = [&](const QString& name, double bytesPerSecond, double ceiling, const QColor& color) {
        if (bytesPerSecond <= 0 || ceiling <= 0)
            return;
        auto* line = new QLineSeries;
        const double knee = ceiling / bytesPerSecond;
        line->append(range.aiMin, range.aiMin * bytesPerSecond / 1e9);
        line->append(knee, ceiling / 1e9);
        line->append(range.aiMax, ceiling / 1e9);
        line->setColor(color);
        addLine(line, name, ceiling);
    };
    roofSeries(
        tr("DRAM roof, FP32 ceiling"), roof.dramBytesPerSecond, roof.fp32FlopsPerSecond, CategoryPalette::trace(0));
    roofSeries(tr("L2 roof"), roof.l2BytesPerSecond, roof.fp32FlopsPerSecond, CategoryPalette::trace(1));
    // Tensor-core kernels (ncu's sm__ops_path_tensor counters) are held to this roof instead.
    roofSeries(tr("DRAM roof, tensor-core ceiling (BF16/FP16 dense)"), roof.dramBytesPerSecond,
        roof.tensorFlopsPerSecond, CategoryPalette::trace(4));
    int colour = 5;
    for (const QString& type : otherTensorTypes(n, roof))
        roofSeries(tr("DRAM roof, %1 tensor-core ceiling (dense)").arg(NcuAnalysis::tensorTypeLabel(type)),
            roof.dramBytesPerSecond, roof.tensorPeaks.value(NcuAnalysis::tensorPeakKey(type)),
            CategoryPalette::trace(colour++));
    const auto ceilingSeries = [&](const QString& name, double ceiling, const QColor& color) {
        if (ceiling <= 0)
            return;
        auto* line = new QLineSeries;
        line->append(ceiling / roof.dramBytesPerSecond, ceiling / 1e9);
        line->append(range.aiMax, ceiling / 1e9);
        QPen pen(color);
        pen.setStyle(Qt::DashLine);
        line->setPen(pen);
        addLine(line, name, ceiling);
    };
    if (roof.dramBytesPerSecond > 0) {
        ceilingSeries(tr("FP16 (no tensor cores)"), roof.fp16FlopsPerSecond, CategoryPalette::trace(2));
        ceilingSeries(tr("FP64"), roof.fp64FlopsPerSecond, CategoryPalette::trace(3));
    }
}

void RooflineChart::drawPoints(const NcuResult& n, const Roofline& roof)
{
    // One series per point, so that each marker's size follows its kernel's time in the trace.
    qint64 maxNs = 1;
    for (const auto& k : n.kernels)
        if (plotted(k, roof))
            maxNs = std::max(maxNs, k.traceNs);
    for (qsizetype i = 0; i < n.kernels.size(); ++i) {
        const NcuKernelFigures& k = n.kernels[i];
        if (!plotted(k, roof))
            continue;
        auto* point = new QScatterSeries;
        point->setName(m_analysis->trace->strings.at(k.name).left(40));
        point->setMarkerSize(6 + 18 * std::sqrt(double(k.traceNs) / double(maxNs)));
        point->setColor(CategoryPalette::category(m_analysis->categoryOfName.value(k.name)));
        point->append(*k.arithmeticIntensity, *k.achievedFlopsPerSecond / 1e9);
        addSeries(point);
        const int index = int(i);
        connect(point, &QScatterSeries::clicked, this, [this, index] { emit kernelActivated(index); });
        m_pointKernel.append(index);
    }
    // Kernels are many: their names sit in tooltips, not the legend.
    const auto markers = chart()->legend()->markers();
    for (auto* m : markers)
        if (qobject_cast<QScatterSeries*>(m->series()))
            m->setVisible(false);
}

} // namespace sl
