// SPDX-License-Identifier: MIT
#include "widgets/charts/categorybarchart.h"

#include "widgets/categorypalette.h"
#include "widgets/charts/chartscale.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChartView>
#include <QVBoxLayout>
#include <QValueAxis>

namespace sl {

CategoryBarChart::CategoryBarChart(QWidget* parent)
    : QWidget(parent)
    , m_view(new QChartView(new QChart, this))
{
    charts::embedChartView(this, m_view);
    setMinimumHeight(80); // fits a 768-px screen's comparison dock (tabs, toolbar, status)
}

void CategoryBarChart::setComparison(const ComparisonPtr& c)
{
    charts::clearChart(chart());
    m_groups = 0;
    if (!c)
        return;
    const bool perUnit = c->unit != WorkUnit::Total;
    // value[trace][category] in ns: per unit from the breakdowns (as the figures truncate).
    QStringList shown;
    QVector<QVector<double>> values(c->traceCount());
    double maxNs = 0;
    for (qsizetype k = 0; k < c->categories.size(); ++k) {
        bool used = false;
        for (const auto& b : c->breakdowns)
            used = used || b.categoryNs[size_t(k)] > 0;
        if (!used)
            continue;
        shown << c->categories[k];
        for (int i = 0; i < c->traceCount(); ++i) {
            const qint64 ns = c->breakdowns[i].categoryNs[size_t(k)];
            const double v = !perUnit ? double(ns) : c->units[i] > 0 ? double(ns / c->units[i]) : 0.0;
            values[i].append(v);
            maxNs = std::max(maxNs, v);
        }
    }
    m_groups = int(shown.size());
    const charts::TimeScale scale = charts::timeScaleFor(maxNs);
    auto* series = new QBarSeries;
    for (int i = 0; i < c->traceCount(); ++i) {
        auto* set = new QBarSet(c->labels[i]);
        set->setColor(CategoryPalette::trace(i));
        for (double v : values[i])
            set->append(v / scale.divisor);
        series->append(set);
    }
    chart()->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->setTruncateLabels(false); // short names (taxonomy categories); Qt Charts would elide them to "…"
    x->append(shown);
    chart()->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    auto* y = new QValueAxis;
    y->setTitleText(perUnit ? tr("GPU time per %1 (%2)").arg(ComparisonOptions::unitNoun(c->unit), scale.symbol)
                            : tr("GPU time (%1)").arg(scale.symbol));
    y->setLabelFormat(QStringLiteral("%.3g"));
    chart()->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    chart()->setTitle(tr("GPU time by kernel category"));
}

QChart* CategoryBarChart::chart() const { return m_view->chart(); }

} // namespace sl
