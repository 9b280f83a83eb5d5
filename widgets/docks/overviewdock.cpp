// SPDX-License-Identifier: MIT
#include "widgets/docks/overviewdock.h"

#include "core/models/overviewdata.h"
#include "core/report/efficiencyreport.h"
#include "widgets/charts/barchartview.h"
#include "widgets/settings.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace sl {

namespace {
// File-name suffixes of the exported charts (not translated: file names stay ASCII).
const std::array<QString, OverviewDock::ChartCount + 1> kFileSuffix { QStringLiteral("categories"),
    QStringLiteral("devices"), QStringLiteral("phases"), QStringLiteral("overview") };
} // namespace

OverviewDock::OverviewDock(QWidget* parent)
    : ViewDock(tr("Overview"), parent)
    , m_tabs(new QTabWidget(this))
    , m_export(new QToolButton(this))
    , m_message(new QLabel(this))
    , m_headline(new QLabel(this))
{
    setObjectName(QStringLiteral("dock.overview"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    const std::array<QString, ChartCount> tabNames { tr("Kernel categories"), tr("GPUs"), tr("Phases") };
    for (int c = 0; c < ChartCount; ++c) {
        m_charts[size_t(c)] = new BarChartView(m_tabs);
        m_tabs->addTab(m_charts[size_t(c)], tabNames[size_t(c)]);
    }
    m_headline->setTextFormat(Qt::PlainText);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_headline->setWordWrap(true);
    layout->addWidget(m_headline);
    layout->addWidget(m_tabs, 1);

    auto* row = new QHBoxLayout;
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // long paths must not widen the dock
    row->addWidget(m_message, 1);
    m_export->setText(tr("Export PNG"));
    m_export->setToolTip(tr("Save the shown chart, or all of them, as a PNG image"));
    m_export->setPopupMode(QToolButton::MenuButtonPopup);
    auto* menu = new QMenu(m_export);
    connect(menu->addAction(tr("This Chart…")), &QAction::triggered, this,
        [this] { chooseFileAndExport(Chart(currentChart())); });
    connect(menu->addAction(tr("All Charts in One Image…")), &QAction::triggered, this,
        [this] { chooseFileAndExport(ChartCount); });
    m_export->setMenu(menu);
    connect(m_export, &QToolButton::clicked, this, [this] { chooseFileAndExport(Chart(currentChart())); });
    // In the tab bar's corner rather than a row of its own: the charts keep that height.
    m_tabs->setCornerWidget(m_export, Qt::TopRightCorner);
    layout->addLayout(row);
    setWidget(content);
    // Tabbed behind another dock (moved off-screen), the charts wait for this (BarChartView::setData).
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible)
            for (BarChartView* c : m_charts)
                c->updateIfVisible();
    });
    setAnalysis(nullptr);
}

void OverviewDock::setAnalysis(const AnalysisPtr& analysis)
{
    m_analysis = analysis;
    if (!analysis) {
        for (BarChartView* c : m_charts)
            c->setData({});
    } else {
        m_charts[Categories]->setData(OverviewData::categories(*analysis));
        m_charts[Devices]->setData(OverviewData::devices(*analysis, m_scope.device));
        m_charts[Phases]->setData(OverviewData::phases(*analysis));
    }
    m_export->setEnabled(analysis != nullptr);
    m_message->clear();
    m_headline->setText(analysis ? EfficiencyReport::headline(*analysis) : QString());
    m_headline->setVisible(!m_headline->text().isEmpty());
}

void OverviewDock::setScope(const ScopeFilter& scope)
{
    if (scope.device == m_scope.device) {
        m_scope = scope;
        return;
    }
    m_scope = scope;
    if (m_analysis)
        m_charts[Devices]->setData(OverviewData::devices(*m_analysis, m_scope.device));
}

QString OverviewDock::headline() const { return m_headline->text(); }

int OverviewDock::currentChart() const { return m_tabs->currentIndex(); }

void OverviewDock::setCurrentChart(Chart which) { m_tabs->setCurrentIndex(which); }

bool OverviewDock::exportPng(Chart which, const QString& path, QString* error) const
{
    if (which != ChartCount)
        return BarChartView::savePng(chart(which)->render(), path, error);
    // All three, one under the other, in one image: one file to attach to a ticket.
    std::array<QImage, ChartCount> parts;
    QSize size(0, 0);
    for (int c = 0; c < ChartCount; ++c) {
        parts[size_t(c)] = m_charts[size_t(c)]->render();
        size = QSize(std::max(size.width(), parts[size_t(c)].width()), size.height() + parts[size_t(c)].height());
    }
    const qreal ratio = parts[0].devicePixelRatio();
    QImage all(size, QImage::Format_ARGB32_Premultiplied);
    all.fill(Qt::white);
    QPainter painter(&all);
    int y = 0;
    for (QImage& part : parts) {
        part.setDevicePixelRatio(1); // place device pixels one to one; the whole image gets the ratio back below
        painter.drawImage(QPoint(0, y), part);
        y += part.height();
    }
    painter.end();
    all.setDevicePixelRatio(ratio);
    return BarChartView::savePng(all, path, error);
}

void OverviewDock::chooseFileAndExport(Chart which)
{
    if (!m_analysis)
        return;
    Settings* settings = Settings::instance();
    const QString base = QFileInfo(m_analysis->trace->info.fileName).completeBaseName();
    const QString suggested
        = QDir(settings->lastDirectory())
              .filePath(base + QLatin1Char('-') + kFileSuffix[size_t(which)] + QStringLiteral(".png"));
    QString path = QFileDialog::getSaveFileName(this, tr("Export Chart as PNG"), suggested, tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".png");
    settings->setLastDirectory(QFileInfo(path).absolutePath());
    QString error;
    const QString message
        = exportPng(which, path, &error) ? tr("Chart saved to %1.").arg(QFileInfo(path).fileName()) : error;
    m_message->setText(message);
    m_message->setToolTip(message);
    emit statusMessage(message);
}

} // namespace sl
