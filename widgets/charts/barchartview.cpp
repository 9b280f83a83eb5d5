// SPDX-License-Identifier: MIT
#include "widgets/charts/barchartview.h"

#include "core/util/format.h"
#include "widgets/categorypalette.h"
#include "widgets/charts/chartbuildgate.h"
#include "widgets/charts/chartscale.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QHorizontalBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QPainter>
#include <QSaveFile>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace sl {

namespace {
/// Category names longer than this are shortened in the middle on screen ("GPU 0 · NVIDIA H…80GB
/// HBM3"): the axis then keeps its width for the bars; the hover tooltip gives the whole name.
constexpr qsizetype kMaxCategoryChars = 28;

QString abbreviated(const QString& name)
{
    if (name.size() <= kMaxCategoryChars)
        return name;
    const qsizetype keep = (kMaxCategoryChars - 1) / 2;
    return name.left(keep) + QChar(0x2026) + name.right(kMaxCategoryChars - 1 - keep);
}

qint64 valueAt(const ChartData::Series& s, qsizetype category)
{
    return category < s.valuesNs.size() ? s.valuesNs[category] : 0;
}
} // namespace

BarChartView::BarChartView(QWidget* parent)
    : QWidget(parent)
    , m_view(new QChartView(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(100);
    layout->addWidget(m_view);
    m_gate = new ChartBuildGate(m_view->viewport(), [this] {
        QChart* old = m_view->chart();
        m_view->setChart(buildChart(true)); // the view does not delete the chart it replaces
        delete old;
    });
    setData({});
}

BarChartView::~BarChartView() = default;

void BarChartView::setData(const ChartData& data)
{
    m_data = data;
    const charts::TimeScale scale = charts::timeScaleFor(double(m_data.maxBarNs()));
    m_divisor = scale.divisor;
    m_unit = scale.symbol;
    // Building a QChart costs about 3 ms on the GUI thread: a chart on a hidden tab, in a hidden
    // dock or in a dock tabbed behind another is built when it is shown (or read back), not with
    // every analysis (the Overview dock's three charts were 10 ms of the GUI thread's work when
    // an analysis lands).
    m_gate->invalidate();
}

void BarChartView::updateIfVisible() { m_gate->buildIfVisible(); }

void BarChartView::ensureChart() const { m_gate->buildIfStale(); }

QChart* BarChartView::buildChart(bool interactive) const
{
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    const QString title
        = m_data.isEmpty() ? tr("%1: nothing to show for this analysis").arg(m_data.title) : m_data.title;
    // On screen the dock's tab names the chart: its title goes to the tooltip, and its height to
    // the bars and their labels, which a laptop-sized dock would otherwise elide to "…". Exported
    // images keep the title.
    if (interactive)
        m_view->setToolTip(title);
    else
        chart->setTitle(title);
    if (interactive && !m_data.isEmpty())
        chart->setTitle(QString());
    if (interactive && m_data.isEmpty())
        chart->setTitle(title);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setVisible(m_data.series.size() > 1);
    chart->legend()->setAlignment(Qt::AlignBottom);
    if (m_data.isEmpty())
        return chart;

    QAbstractBarSeries* series = buildSeries();
    chart->addSeries(series);
    addAxes(chart, series, interactive);
    if (interactive)
        connect(series, &QAbstractBarSeries::hovered, this, &BarChartView::showBarTooltip);
    return chart;
}

QAbstractBarSeries* BarChartView::buildSeries() const
{
    QAbstractBarSeries* series = m_data.stacked ? static_cast<QAbstractBarSeries*>(new QHorizontalStackedBarSeries)
                                                : static_cast<QAbstractBarSeries*>(new QHorizontalBarSeries);
    int busy = 0, idle = 0;
    const qsizetype n = m_data.categories.size();
    for (const ChartData::Series& s : m_data.series) {
        auto* set = new QBarSet(s.name);
        // The palette's colour when the series says what it is (idle causes, phases…); else by position.
        const QColor byOrder = CategoryPalette::series(s.idle ? idle++ : busy++, s.idle);
        const QColor known = CategoryPalette::forKey(s.paletteKey);
        set->setColor(known.isValid() ? known : byOrder);
        set->setBorderColor(set->color());
        // A horizontal category axis lists its first category at the bottom; feed it reversed so
        // that the chart reads top to bottom like the data (largest first).
        for (qsizetype c = n - 1; c >= 0; --c)
            set->append(double(valueAt(s, c)) / m_divisor);
        series->append(set);
    }
    return series;
}

void BarChartView::addAxes(QChart* chart, QAbstractBarSeries* series, bool interactive) const
{
    QStringList reversed;
    for (auto it = m_data.categories.crbegin(); it != m_data.categories.crend(); ++it)
        reversed << (interactive ? abbreviated(*it) : *it);
    auto* categoryAxis = new QBarCategoryAxis;
    // Qt Charts elides labels to "…" whenever it finds them too long, even when the chart has
    // room; the names are shortened above instead, so the axis may take the width it needs.
    categoryAxis->setTruncateLabels(false);
    categoryAxis->append(reversed);
    chart->addAxis(categoryAxis, Qt::AlignLeft);
    series->attachAxis(categoryAxis);

    auto* valueAxis = new QValueAxis;
    valueAxis->setRange(0, std::max(1e-9, double(m_data.maxBarNs()) / m_divisor * 1.05));
    valueAxis->applyNiceNumbers();
    valueAxis->setLabelFormat(QStringLiteral("%.4g"));
    valueAxis->setTitleText(tr("%1 (%2)").arg(m_data.valueAxisTitle, m_unit));
    chart->addAxis(valueAxis, Qt::AlignBottom);
    series->attachAxis(valueAxis);
}

void BarChartView::showBarTooltip(bool on, int index, QBarSet* set) const
{
    if (!on) {
        QToolTip::hideText();
        return;
    }
    // The bars were fed in reverse (buildSeries): bar `index` is category n - 1 - index.
    const qsizetype category = m_data.categories.size() - 1 - index;
    const auto it = std::find_if(m_data.series.cbegin(), m_data.series.cend(),
        [set](const ChartData::Series& s) { return s.name == set->label(); });
    if (category < 0 || it == m_data.series.cend())
        return;
    qint64 total = 0;
    for (const ChartData::Series& s : m_data.series)
        total += valueAt(s, category);
    const qint64 ns = valueAt(*it, category);
    QString text = tr("%1 — %2: %3").arg(m_data.categories[category], it->name, formatDuration(ns));
    if (m_data.stacked && total > 0)
        text += tr(" (%1 of %2)").arg(formatPercent(double(ns) / double(total)), formatDuration(total));
    QToolTip::showText(QCursor::pos(), text, m_view);
}

QVector<QVector<qreal>> BarChartView::plottedValues() const
{
    ensureChart();
    QVector<QVector<qreal>> out;
    const QList<QAbstractSeries*> all = m_view->chart()->series();
    if (all.isEmpty())
        return out;
    for (const QBarSet* set : static_cast<QAbstractBarSeries*>(all.front())->barSets()) {
        QVector<qreal> values;
        for (int i = set->count() - 1; i >= 0; --i) // back to top-to-bottom order
            values << set->at(i);
        out << values;
    }
    return out;
}

QVector<QColor> BarChartView::plottedColors() const
{
    ensureChart();
    QVector<QColor> out;
    const QList<QAbstractSeries*> all = m_view->chart()->series();
    if (!all.isEmpty())
        for (QBarSet* set : static_cast<QAbstractBarSeries*>(all.front())->barSets())
            out << set->color();
    return out;
}

QStringList BarChartView::plottedCategories() const
{
    ensureChart();
    const QList<QAbstractAxis*> axes = m_view->chart()->axes(Qt::Vertical);
    if (axes.isEmpty())
        return {};
    QStringList categories = static_cast<QBarCategoryAxis*>(axes.front())->categories();
    std::reverse(categories.begin(), categories.end());
    return categories;
}

QImage BarChartView::render(const QSize& size) const
{
    constexpr qreal kPixelRatio = 2;
    QGraphicsScene scene; // owns the chart
    QChart* chart = buildChart(false);
    scene.addItem(chart);
    chart->setGeometry(QRectF(QPointF(0, 0), QSizeF(size)));
    if (chart->layout())
        chart->layout()->activate(); // lay out now: no event loop runs between here and painting

    QImage image(size * kPixelRatio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(kPixelRatio);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRectF area(QPointF(0, 0), QSizeF(size));
    scene.render(&painter, area, area);
    painter.end();
    return image;
}

bool BarChartView::savePng(const QImage& image, const QString& path, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit()) {
        *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace sl
