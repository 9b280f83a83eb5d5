// SPDX-License-Identifier: MIT
#include "widgets/docks/timelinedock.h"

#include "core/analysis/taxonomy.h"
#include "widgets/categorypalette.h"
#include "widgets/timeline/legendbar.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/timeviewport.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace sl {

TimelineDock::TimelineDock(QWidget* parent)
    : QDockWidget(tr("Timeline"), parent)
    , m_view(new TimelineView(this))
    , m_legend(new LegendBar(this))
{
    setObjectName(QStringLiteral("dock.timeline"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);

    auto* bar = new QHBoxLayout;
    auto* fit = new QToolButton(content);
    fit->setText(tr("Fit"));
    fit->setToolTip(tr("Show the whole capture (Home)"));
    connect(fit, &QToolButton::clicked, this, [this] { timeViewport()->fitAll(); });
    bar->addWidget(fit);
    auto* hint = new QLabel(
        tr("Wheel: zoom · drag or Shift+wheel: pan · Shift+drag: analyse that range · click: select kernel"), content);
    hint->setForegroundRole(QPalette::PlaceholderText);
    bar->addWidget(hint, 1);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);
    setWidget(content);

    QVector<LegendBar::Entry> entries;
    const QStringList categories = Taxonomy::categories();
    for (int i = 0; i < categories.size(); ++i)
        entries.append({ CategoryPalette::category(i), categories[i] });
    entries.append({ CategoryPalette::busy(), tr("GPU busy") });
    for (const IdleGap::Cause c : { IdleGap::HostWait, IdleGap::SyncWait, IdleGap::Other })
        entries.append({ CategoryPalette::idle(c), tr("idle: %1").arg(TimelineView::causeLabel(c)) });
    entries.append({ CategoryPalette::highlight(), tr("evidence") });
    m_legend->setEntries(entries);

    connect(m_view, &TimelineView::windowRequested, this, &TimelineDock::windowRequested);
    connect(m_view, &TimelineView::kernelActivated, this, &TimelineDock::kernelActivated);
}

void TimelineDock::setAnalysis(const AnalysisPtr& analysis) { m_view->setAnalysis(analysis); }
void TimelineDock::setScope(const ScopeFilter& scope) { m_view->setScope(scope); }
void TimelineDock::setTimeViewport(TimeViewport* viewport) { m_view->setTimeViewport(viewport); }
TimeViewport* TimelineDock::timeViewport() const { return m_view->timeViewport(); }
void TimelineDock::zoomTo(qint64 startNs, qint64 endNs) { m_view->zoomTo(startNs, endNs); }

void TimelineDock::highlightKernels(std::vector<quint32> kernelIndices)
{
    m_view->highlightKernels(std::move(kernelIndices));
}

void TimelineDock::highlightRange(int deviceId, qint64 startNs, qint64 endNs)
{
    m_view->highlightRange(deviceId, startNs, endNs);
}

} // namespace sl
