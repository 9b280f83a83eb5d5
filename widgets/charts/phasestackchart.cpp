// SPDX-License-Identifier: MIT
#include "widgets/charts/phasestackchart.h"

#include "widgets/categorypalette.h"
#include "widgets/charts/chartscale.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChartView>
#include <QStackedBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>

namespace sl {

PhaseStackChart::PhaseStackChart(QWidget* parent)
    : QWidget(parent)
    , m_view(new QChartView(new QChart, this))
{
    charts::embedChartView(this, m_view);
    setMinimumHeight(80);
}

void PhaseStackChart::setComparison(const ComparisonPtr& c)
{
    charts::clearChart(chart());
    m_segments = 0;
    if (!c)
        return;
    const bool perUnit = c->unit != WorkUnit::Total;
    QVector<QVector<double>> values; // [phase][trace], ns
    QStringList phases;
    QVector<double> totals(c->traceCount(), 0);
    for (const QString& phase : c->phases) {
        QVector<double> row;
        bool used = false;
        for (int i = 0; i < c->traceCount(); ++i) {
            const int s = c->phaseSlot(i, phase);
            const qint64 ns = s >= 0 ? c->analyses[i]->phases[s].kernelNs : 0;
            const double v = !perUnit ? double(ns) : c->units[i] > 0 ? double(ns / c->units[i]) : 0.0;
            used = used || v > 0;
            row.append(v);
            totals[i] += v;
        }
        if (used)
            phases << phase, values << row;
    }
    m_segments = int(phases.size());
    const charts::TimeScale scale = charts::timeScaleFor(*std::max_element(totals.begin(), totals.end()));
    auto* series = new QStackedBarSeries;
    for (qsizetype p = 0; p < phases.size(); ++p) {
        auto* set = new QBarSet(phases[p]);
        set->setColor(CategoryPalette::phase(phases[p]));
        for (double v : values[p])
            set->append(v / scale.divisor);
        series->append(set);
    }
    chart()->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->setTruncateLabels(false); // the short comparison labels ("before", "after")
    x->append(c->labels);
    chart()->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    auto* y = new QValueAxis;
    y->setTitleText(perUnit ? tr("Kernel time per %1 (%2)").arg(ComparisonOptions::unitNoun(c->unit), scale.symbol)
                            : tr("Kernel time (%1)").arg(scale.symbol));
    y->setLabelFormat(QStringLiteral("%.3g"));
    chart()->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    chart()->setTitle(tr("Kernel time by phase"));
}

QChart* PhaseStackChart::chart() const { return m_view->chart(); }

} // namespace sl
