// SPDX-License-Identifier: MIT
#include "widgets/charts/stepdistributionchart.h"

#include "widgets/categorypalette.h"
#include "widgets/charts/chartscale.h"

#include <QBarCategoryAxis>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChartView>
#include <QVBoxLayout>
#include <QValueAxis>

namespace sl {

StepDistributionChart::StepDistributionChart(QWidget* parent)
    : QWidget(parent)
    , m_view(new QChartView(new QChart, this))
{
    charts::embedChartView(this, m_view);
    chart()->legend()->hide();
    setMinimumHeight(80);
}

void StepDistributionChart::setComparison(const ComparisonPtr& c, int phase)
{
    charts::clearChart(chart());
    m_boxes = 0;
    if (!c || phase < 0 || phase >= c->phases.size())
        return;
    double maxNs = 0;
    for (int i = 0; i < c->traceCount(); ++i)
        maxNs = std::max(maxNs, double(c->stepDistributions[i][phase].maxNs));
    const charts::TimeScale scale = charts::timeScaleFor(maxNs);
    auto* series = new QBoxPlotSeries;
    QStringList labels;
    for (int i = 0; i < c->traceCount(); ++i) {
        const StepDistribution& d = c->stepDistributions[i][phase];
        if (d.count == 0)
            continue;
        auto v = [&](qint64 ns) { return double(ns) / scale.divisor; };
        auto* box = new QBoxSet(v(d.minNs), v(d.p25Ns), v(d.p50Ns), v(d.p75Ns), v(d.maxNs), c->labels[i]);
        box->setBrush(CategoryPalette::trace(i).lighter(140));
        series->append(box);
        labels << c->labels[i];
        ++m_boxes;
    }
    chart()->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(labels);
    chart()->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    auto* y = new QValueAxis;
    y->setTitleText(scale.symbol);
    y->setLabelFormat(QStringLiteral("%.3g"));
    y->setMin(0);
    chart()->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    chart()->setTitle(tr("Duration of %1 steps: min, p25, p50, p75, max").arg(c->phases[phase]));
}

QChart* StepDistributionChart::chart() const { return m_view->chart(); }

} // namespace sl
