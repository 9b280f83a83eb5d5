// SPDX-License-Identifier: MIT
#include "widgets/charts/anatomychart.h"

#include "core/models/anatomytablemodel.h"
#include "widgets/categorypalette.h"
#include "widgets/charts/chartbuildgate.h"
#include "widgets/charts/chartscale.h"

#include <QCursor>
#include <QToolTip>

namespace sl {

AnatomyChart::AnatomyChart(QWidget* parent)
    : QWidget(parent)
    , m_view(new QChartView(new QChart, this))
{
    charts::embedChartView(this, m_view);
    setMinimumHeight(80);
    // Drawing the stacked bars cost 1.4–1.9 ms of the GUI thread with every analysis, although
    // the dock is tabbed behind others in the default layout.
    m_gate = new ChartBuildGate(m_view->viewport(), [this] { redraw(); });
}

QChart* AnatomyChart::chart() const { return m_view->chart(); }

void AnatomyChart::setModel(const AnatomyTableModel* model)
{
    if (m_model)
        disconnect(m_model, nullptr, m_gate, nullptr); // the reset goes to the gate
    m_model = model;
    if (m_model)
        connect(m_model, &AnatomyTableModel::modelReset, m_gate, &ChartBuildGate::invalidate);
    m_gate->invalidate();
}

void AnatomyChart::updateIfVisible() { m_gate->buildIfVisible(); }

QString AnatomyChart::unitName() const
{
    m_gate->buildIfStale();
    return m_unit;
}

void AnatomyChart::redraw()
{
    QChart* c = chart();
    charts::clearChart(c);
    m_unit.clear();
    if (!m_model || m_model->chartData().isEmpty()) {
        c->setTitle(tr("No model anatomy: no kernels in the window."));
        return;
    }
    const ChartData& data = m_model->chartData();
    c->setTitle(data.title);
    const charts::TimeScale scale = charts::timeScaleFor(double(data.maxBarNs()));
    m_unit = scale.symbol;
    auto* series = new QStackedBarSeries;
    for (int s = 0; s < data.series.size(); ++s) {
        auto* set = new QBarSet(data.series[s].name);
        // By class, not by position: a class keeps its colour whichever classes the phases have.
        set->setColor(CategoryPalette::category(m_model->chartClasses().value(s)));
        set->setBorderColor(set->color());
        for (qsizetype p = 0; p < data.categories.size(); ++p)
            set->append(double(data.series[s].valuesNs.value(p)) / scale.divisor);
        series->append(set);
    }
    c->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(data.categories);
    c->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    auto* y = new QValueAxis;
    y->setTitleText(QStringLiteral("%1 (%2)").arg(data.valueAxisTitle, scale.symbol));
    y->setLabelFormat(QStringLiteral("%.3g"));
    c->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    connect(series, &QStackedBarSeries::hovered, this, [this, series](bool on, int index, QBarSet* set) {
        if (!on) {
            QToolTip::hideText();
            return;
        }
        const QString tip = segmentTip(index, int(series->barSets().indexOf(set)));
        if (!tip.isEmpty())
            QToolTip::showText(QCursor::pos(), tip, m_view);
    });
}

QString AnatomyChart::segmentTip(int category, int series) const
{
    return m_model ? m_model->summary(m_model->rowOfSegment(category, series)) : QString();
}

QVector<QVector<qreal>> AnatomyChart::plottedValues() const
{
    m_gate->buildIfStale();
    QVector<QVector<qreal>> out;
    const QList<QAbstractSeries*> all = chart()->series();
    if (all.isEmpty())
        return out;
    for (const QBarSet* set : static_cast<QAbstractBarSeries*>(all.front())->barSets()) {
        QVector<qreal> values;
        for (int i = 0; i < set->count(); ++i)
            values << set->at(i);
        out << values;
    }
    return out;
}

QStringList AnatomyChart::plottedCategories() const
{
    m_gate->buildIfStale();
    const QList<QAbstractAxis*> axes = chart()->axes(Qt::Horizontal);
    return axes.isEmpty() ? QStringList() : static_cast<QBarCategoryAxis*>(axes.front())->categories();
}

QStringList AnatomyChart::plottedSeries() const
{
    m_gate->buildIfStale();
    QStringList out;
    const QList<QAbstractSeries*> all = chart()->series();
    if (!all.isEmpty())
        for (const QBarSet* set : static_cast<QAbstractBarSeries*>(all.front())->barSets())
            out << set->label();
    return out;
}

QVector<QColor> AnatomyChart::plottedColors() const
{
    m_gate->buildIfStale();
    return charts::barColors(chart());
}

} // namespace sl
