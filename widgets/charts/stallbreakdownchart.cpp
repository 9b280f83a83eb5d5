// SPDX-License-Identifier: MIT
#include "widgets/charts/stallbreakdownchart.h"

#include "core/io/ncustallreasons.h"
#include "core/util/format.h"
#include "widgets/categorypalette.h"
#include "widgets/charts/chartscale.h"

#include <QCursor>
#include <QHorizontalStackedBarSeries>
#include <QToolTip>

#include <algorithm>
#include <array>

namespace sl {

namespace {

constexpr std::array<NcuStallReasons::Group, 3> kGroups { NcuStallReasons::Group::Memory,
    NcuStallReasons::Group::Execution, NcuStallReasons::Group::Synchronisation };

/// Memory waits in the palette's first idle (warm) colour, issue and execution in its first busy
/// one, synchronisation in the second idle one: "waiting for data" and "working" read apart.
QColor groupColor(NcuStallReasons::Group g)
{
    switch (g) {
    case NcuStallReasons::Group::Memory:
        return CategoryPalette::series(0, true);
    case NcuStallReasons::Group::Synchronisation:
        return CategoryPalette::series(1, true);
    case NcuStallReasons::Group::Execution:
        break;
    }
    return CategoryPalette::series(0, false);
}

} // namespace

StallBreakdownChart::StallBreakdownChart(QWidget* parent)
    : QWidget(parent)
    , m_view(new QChartView(new QChart, this))
{
    charts::embedChartView(this, m_view);
    setMinimumHeight(40); // laptop screens: the dock, not the chart, decides the height (tst_laptoplayout)
    clear(QString());
}

QChart* StallBreakdownChart::chart() const { return m_view->chart(); }

QString StallBreakdownChart::title() const { return chart()->title(); }

void StallBreakdownChart::clear(const QString& message)
{
    charts::clearChart(chart());
    m_reasons.clear();
    m_stalls.clear();
    m_source = NcuStallSource::None;
    chart()->setTitle(message);
    chart()->legend()->setVisible(false);
}

void StallBreakdownChart::setStalls(const QString& name, const QHash<QString, double>& stalls, NcuStallSource source)
{
    const double total = NcuStallReasons::total(stalls);
    if (total <= 0) {
        clear(tr("%1: no warp stall figures (collect them with ncu --section WarpStateStats or "
                 "--section SourceCounters)")
                  .arg(name));
        return;
    }
    charts::clearChart(chart());
    m_stalls = stalls;
    m_source = source;
    m_reasons.clear();
    for (auto it = stalls.cbegin(); it != stalls.cend(); ++it)
        if (it.value() > 0)
            m_reasons << it.key();
    std::sort(m_reasons.begin(), m_reasons.end(), [&](const QString& a, const QString& b) {
        const double va = stalls.value(a), vb = stalls.value(b);
        return va != vb ? va > vb : a < b;
    });
    const QString shortName = name.size() > 70 ? name.left(67) + QStringLiteral("…") : name;
    chart()->setTitle(tr("Warp stalls of %1").arg(shortName));
    chart()->setMargins(QMargins(4, 4, 4, 4));

    // One bar set per group, stacked: each reason's bar holds its value in its group's set and 0
    // in the others, so every bar has its group's colour and the legend names the groups.
    auto* series = new QHorizontalStackedBarSeries;
    const qsizetype n = m_reasons.size();
    for (NcuStallReasons::Group g : kGroups) {
        auto* set = new QBarSet(NcuStallReasons::groupLabel(g));
        set->setColor(groupColor(g));
        set->setBorderColor(set->color());
        // A horizontal category axis lists its first category at the bottom: feed it reversed
        // so the largest reason is on top.
        for (qsizetype i = n - 1; i >= 0; --i) {
            const QString& r = m_reasons[i];
            set->append(NcuStallReasons::group(r) == g ? 100.0 * stalls.value(r) / total : 0.0);
        }
        series->append(set);
    }
    chart()->addSeries(series);
    QStringList labels;
    for (qsizetype i = n - 1; i >= 0; --i)
        labels << NcuStallReasons::label(m_reasons[i]);
    auto* categories = new QBarCategoryAxis;
    categories->setTruncateLabels(false);
    categories->append(labels);
    chart()->addAxis(categories, Qt::AlignLeft);
    series->attachAxis(categories);
    auto* values = new QValueAxis;
    values->setRange(0, 100.0 * stalls.value(m_reasons.front()) / total * 1.05);
    values->applyNiceNumbers();
    values->setLabelFormat(QStringLiteral("%.0f"));
    values->setTitleText(tr("share of the %1 (%)").arg(NcuStallReasons::unitLabel(source)));
    chart()->addAxis(values, Qt::AlignBottom);
    series->attachAxis(values);
    chart()->legend()->setVisible(true);
    chart()->legend()->setAlignment(Qt::AlignRight); // beside the bars: their labels keep the height
    connect(series, &QAbstractBarSeries::hovered, this, [this, n](bool on, int index, QBarSet*) {
        const qsizetype i = n - 1 - index;
        if (!on || i < 0 || i >= m_reasons.size()) {
            QToolTip::hideText();
            return;
        }
        const double v = m_stalls.value(m_reasons[i]);
        QToolTip::showText(QCursor::pos(),
            tr("%1: %2 (%3 %4)")
                .arg(NcuStallReasons::label(m_reasons[i]), formatPercent(v / NcuStallReasons::total(m_stalls)))
                .arg(v, 0, 'g', 4)
                .arg(NcuStallReasons::unitLabel(m_source)),
            m_view);
    });
}

QStringList StallBreakdownChart::plottedCategories() const
{
    const QList<QAbstractAxis*> axes = chart()->axes(Qt::Vertical);
    if (axes.isEmpty())
        return {};
    QStringList out = static_cast<QBarCategoryAxis*>(axes.front())->categories();
    std::reverse(out.begin(), out.end());
    return out;
}

QVector<double> StallBreakdownChart::plottedValues() const
{
    QVector<double> out;
    const QList<QAbstractSeries*> all = chart()->series();
    if (all.isEmpty())
        return out;
    const QList<QBarSet*> sets = static_cast<QAbstractBarSeries*>(all.front())->barSets();
    const int n = sets.isEmpty() ? 0 : int(sets.front()->count());
    for (int i = n - 1; i >= 0; --i) { // back to top-to-bottom order
        double bar = 0;
        for (const QBarSet* set : sets)
            bar += set->at(i);
        out << bar;
    }
    return out;
}

} // namespace sl
