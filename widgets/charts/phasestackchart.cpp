// SPDX-License-Identifier: MIT
#include "widgets/charts/phasestackchart.h"

#include "core/models/comparisonchartdata.h"
#include "widgets/charts/chartscale.h"

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
    m_data = c ? ComparisonChartData::phases(*c) : ChartData {};
    charts::drawColumns(chart(), m_data);
}

QVector<QColor> PhaseStackChart::barColors() const { return charts::barColors(chart()); }

QChart* PhaseStackChart::chart() const { return m_view->chart(); }

} // namespace sl
