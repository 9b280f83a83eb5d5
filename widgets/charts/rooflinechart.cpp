// SPDX-License-Identifier: MIT
#include "widgets/charts/rooflinechart.h"

#include "core/counters/ncuanalysis.h"
#include "widgets/categorypalette.h"
#include "widgets/charts/chartscale.h"

#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>

#include <cmath>

namespace sl {

RooflineChart::RooflineChart(QWidget* parent)
    : QWidget(parent)
    , m_view(new QChartView(new QChart, this))
{
    charts::embedChartView(this, m_view);
    setMinimumHeight(100); // laptop screens: the dock, not the chart, decides the height (tst_laptoplayout)
}

QChart* RooflineChart::chart() const { return m_view->chart(); }

void RooflineChart::setAnalysis(const AnalysisPtr& a)
{
    charts::clearChart(chart());
    chart()->setTitle(QString());
    m_pointKernel.clear();
    if (!a || !a->counters.ncu) {
        chart()->setTitle(tr("Import Nsight Compute results (File menu) to see the roofline"));
        return;
    }
    const NcuResult& n = *a->counters.ncu;
    if (n.roofs.isEmpty()) {
        chart()->setTitle(tr("The export does not describe the GPU (TARGET_INFO_GPU): no roofline"));
        return;
    }
    const Roofline& roof = n.roofs.front();
    // Axis ranges: intensities 1/64 … 4096 FLOP/B cover memory-bound decode to dense GEMMs.
    double aiMin = 1.0 / 64, aiMax = 4096, yMax = std::max(roof.fp16FlopsPerSecond, roof.fp32FlopsPerSecond) * 2;
    double yMin = std::max(1.0, roof.dramBytesPerSecond * aiMin / 100);
    for (const auto& k : n.kernels)
        if (k.arithmeticIntensity && k.achievedFlopsPerSecond && *k.achievedFlopsPerSecond > 0) {
            aiMin = std::min(aiMin, *k.arithmeticIntensity / 2);
            aiMax = std::max(aiMax, *k.arithmeticIntensity * 2);
            yMin = std::min(yMin, *k.achievedFlopsPerSecond / 2);
        }
    auto* x = new QLogValueAxis;
    x->setTitleText(tr("Arithmetic intensity (FLOP per DRAM byte)"));
    x->setBase(10);
    x->setLabelFormat(QStringLiteral("%g"));
    x->setRange(aiMin, aiMax);
    auto* y = new QLogValueAxis;
    y->setTitleText(tr("GFLOP/s"));
    y->setBase(10);
    y->setLabelFormat(QStringLiteral("%g"));
    y->setRange(yMin / 1e9, yMax / 1e9);
    chart()->addAxis(x, Qt::AlignBottom);
    chart()->addAxis(y, Qt::AlignLeft);
    const auto roofSeries = [&](const QString& name, double bytesPerSecond, double ceiling, const QColor& color) {
        if (bytesPerSecond <= 0 || ceiling <= 0)
            return;
        auto* line = new QLineSeries;
        line->setName(name);
        const double knee = ceiling / bytesPerSecond;
        line->append(aiMin, aiMin * bytesPerSecond / 1e9);
        line->append(knee, ceiling / 1e9);
        line->append(aiMax, ceiling / 1e9);
        line->setColor(color);
        chart()->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    };
    roofSeries(
        tr("DRAM roof, FP32 ceiling"), roof.dramBytesPerSecond, roof.fp32FlopsPerSecond, CategoryPalette::trace(0));
    roofSeries(tr("L2 roof"), roof.l2BytesPerSecond, roof.fp32FlopsPerSecond, CategoryPalette::trace(1));
    const auto ceilingSeries = [&](const QString& name, double ceiling, const QColor& color) {
        if (ceiling <= 0)
            return;
        auto* line = new QLineSeries;
        line->setName(name);
        line->append(ceiling / roof.dramBytesPerSecond, ceiling / 1e9);
        line->append(aiMax, ceiling / 1e9);
        QPen pen(color);
        pen.setStyle(Qt::DashLine);
        line->setPen(pen);
        chart()->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    };
    if (roof.dramBytesPerSecond > 0) {
        ceilingSeries(tr("FP16 (no tensor cores)"), roof.fp16FlopsPerSecond, CategoryPalette::trace(2));
        ceilingSeries(tr("FP64"), roof.fp64FlopsPerSecond, CategoryPalette::trace(3));
    }
    // One series per point, so that each marker's size follows its kernel's time in the trace.
    qint64 maxNs = 1;
    for (const auto& k : n.kernels)
        maxNs = std::max(maxNs, k.traceNs);
    for (qsizetype i = 0; i < n.kernels.size(); ++i) {
        const NcuKernelFigures& k = n.kernels[i];
        if (!k.arithmeticIntensity || !k.achievedFlopsPerSecond || *k.achievedFlopsPerSecond <= 0)
            continue;
        auto* point = new QScatterSeries;
        point->setName(a->trace->strings.at(k.name).left(40));
        point->setMarkerSize(6 + 18 * std::sqrt(double(k.traceNs) / double(maxNs)));
        point->setColor(CategoryPalette::category(a->categoryOfName.value(k.name)));
        point->append(*k.arithmeticIntensity, *k.achievedFlopsPerSecond / 1e9);
        chart()->addSeries(point);
        point->attachAxis(x);
        point->attachAxis(y);
        const int index = int(i);
        connect(point, &QScatterSeries::clicked, this, [this, index] { emit kernelActivated(index); });
        m_pointKernel.append(index);
    }
    // Kernels are many: their names sit in tooltips, not the legend.
    const auto markers = chart()->legend()->markers();
    for (auto* m : markers)
        if (qobject_cast<QScatterSeries*>(m->series()))
            m->setVisible(false);
    chart()->setTitle(tr("Roofline of %1").arg(roof.gpuName));
    m_view->setToolTip(roof.source);
}

} // namespace sl
