// SPDX-License-Identifier: MIT
#include "widgets/charts/batchscatterchart.h"

#include "widgets/categorypalette.h"
#include "widgets/charts/chartbuildgate.h"
#include "widgets/charts/chartscale.h"

#include <QScatterSeries>
#include <QValueAxis>

namespace sl {

BatchScatterChart::BatchScatterChart(QWidget* parent)
    : QWidget(parent)
    , m_view(new QChartView(new QChart, this))
{
    charts::embedChartView(this, m_view);
    setMinimumHeight(100); // laptop screens: the dock, not the chart, decides the height (tst_laptoplayout)
    m_gate = new ChartBuildGate(m_view->viewport(), [this] { draw(); });
}

QChart* BatchScatterChart::chart() const { return m_view->chart(); }

void BatchScatterChart::setAnalysis(const AnalysisPtr& analysis)
{
    m_analysis = analysis;
    m_gate->invalidate();
}

void BatchScatterChart::updateIfVisible() { m_gate->buildIfVisible(); }

int BatchScatterChart::pointCount() const
{
    m_gate->buildIfStale();
    return m_points;
}

void BatchScatterChart::draw()
{
    const AnalysisPtr& a = m_analysis;
    charts::clearChart(chart());
    chart()->setTitle(QString());
    m_points = 0;
    if (!a || !a->serving.present())
        return;
    const ServingSteps& s = a->serving.steps;
    double maxNs = 0, maxBatch = 0;
    for (qsizetype i = 0; i < s.size(); ++i)
        if (s.genReqs[size_t(i)] > 0) {
            maxNs = std::max(maxNs, double(s.duration(i)));
            maxBatch = std::max(maxBatch, double(s.genReqs[size_t(i)]));
        }
    if (maxBatch <= 0) {
        chart()->setTitle(tr("No step names give a batch size"));
        return;
    }
    const charts::TimeScale scale = charts::timeScaleFor(maxNs);
    const struct
    {
        StepComposition::Class cls;
        QString name;
    } kinds[] = { { StepComposition::Decode, tr("decode steps") }, { StepComposition::Mixed, tr("mixed steps") } };
    auto* x = new QValueAxis;
    x->setTitleText(tr("Batch size (generation requests)"));
    x->setLabelFormat(QStringLiteral("%d"));
    x->setRange(0, maxBatch * 1.05);
    auto* y = new QValueAxis;
    y->setTitleText(tr("Step time (%1)").arg(scale.symbol));
    y->setLabelFormat(QStringLiteral("%.3g"));
    y->setRange(0, maxNs / scale.divisor * 1.05);
    chart()->addAxis(x, Qt::AlignBottom);
    chart()->addAxis(y, Qt::AlignLeft);
    int colour = 0;
    for (const auto& kind : kinds) {
        auto* series = new QScatterSeries;
        series->setName(kind.name);
        series->setMarkerSize(6);
        series->setColor(CategoryPalette::trace(colour++));
        series->setBorderColor(Qt::transparent);
        QList<QPointF> points;
        for (qsizetype i = 0; i < s.size(); ++i)
            if (s.cls[size_t(i)] == kind.cls && s.genReqs[size_t(i)] > 0)
                points.append(QPointF(s.genReqs[size_t(i)], double(s.duration(i)) / scale.divisor));
        if (points.isEmpty()) {
            delete series;
            continue;
        }
        series->replace(points);
        m_points += int(points.size());
        chart()->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    }
    chart()->setTitle(tr("Step time against batch size"));
}

} // namespace sl
