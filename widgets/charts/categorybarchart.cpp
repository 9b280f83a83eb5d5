// SPDX-License-Identifier: MIT
#include "widgets/charts/categorybarchart.h"

#include "core/models/comparisonchartdata.h"
#include "widgets/charts/chartscale.h"

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
    m_data = c ? ComparisonChartData::categories(*c) : ChartData {};
    charts::drawColumns(chart(), m_data);
}

QVector<QColor> CategoryBarChart::barColors() const { return charts::barColors(chart()); }

QChart* CategoryBarChart::chart() const { return m_view->chart(); }

} // namespace sl
