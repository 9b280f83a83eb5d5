// SPDX-License-Identifier: MIT
#include "widgets/docks/timelinedock.h"

#include "core/analysis/rules/taxonomy.h"
#include "core/trace/counterseries.h"
#include "core/trace/gpumetricnames.h"
#include "widgets/categorypalette.h"
#include "widgets/settings.h"
#include "widgets/timeline/legendbar.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/timeviewport.h"
#include "widgets/viewcontext.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

namespace sl {

TimelineDock::TimelineDock(QWidget* parent)
    : ViewDock(tr("Timeline"), parent)
    , m_view(new TimelineView(this))
    , m_legend(new LegendBar(this))
    , m_countersButton(new QToolButton(this))
    , m_countersMenu(new QMenu(this))
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
    // Exports with GPU metrics carry 20–40 counters per GPU: the menu picks the rows drawn.
    m_countersButton->setParent(content);
    m_countersButton->setMenu(m_countersMenu);
    m_countersButton->setPopupMode(QToolButton::InstantPopup);
    m_countersButton->setToolTip(tr("Choose the hardware counters drawn under each GPU"));
    m_countersButton->hide();
    bar->addWidget(m_countersButton);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);
    setWidget(content);

    QVector<LegendBar::Entry> entries;
    const QStringList categories = Taxonomy::categories();
    for (int i = 0; i < categories.size(); ++i)
        entries.append({ CategoryPalette::category(i), categories[i] });
    entries.append({ CategoryPalette::busy(), tr("GPU busy") });
    for (const IdleGap::Cause c : { IdleGap::HostWait, IdleGap::SyncWait, IdleGap::Other, IdleGap::ProfilerOverhead })
        entries.append({ CategoryPalette::idle(c), tr("idle: %1").arg(TimelineView::causeLabel(c)) });
    entries.append({ CategoryPalette::highlight(), tr("evidence") });
    m_legend->setEntries(entries);

    connect(m_view, &TimelineView::windowRequested, this, &TimelineDock::windowRequested);
    // A clicked kernel is shown in the tables; the timeline stays where the user put it.
    connect(m_view, &TimelineView::kernelActivated, this, [this](quint32 k) {
        if (const AnalysisPtr& a = m_view->analysis()) {
            EvidenceRequest r = EvidenceRequest::kernels(*a->trace, { k }, tr("Kernel clicked on the timeline"));
            r.fromTimeline = true;
            emit evidenceRequested(r);
        }
    });
}

void TimelineDock::attached(ViewContext* context) { setTimeViewport(context->viewport()); }

void TimelineDock::setAnalysis(const AnalysisPtr& analysis)
{
    m_view->setAnalysis(analysis);
    rebuildCounterMenu();
}

bool TimelineDock::shownByDefault(const CounterSeries& series)
{
    if (series.source != CounterSeries::Source::GpuMetrics)
        return true; // NVML samples and the memory-in-use lane: one or a few rows per GPU
    if (series.unit != gpumetrics::kPercentUnit && series.unit != gpumetrics::kMegahertzUnit)
        return false;
    for (const QLatin1String k : gpumetrics::kShownByDefault)
        if (series.name.startsWith(k))
            return true;
    return false;
}

void TimelineDock::rebuildCounterMenu()
{
    m_countersMenu->clear();
    // One entry per counter name (every GPU's series of it), GPU metrics before NVML samples.
    QStringList names;
    QHash<QString, const CounterSeries*> first;
    for (const CounterSeries* c : m_view->counterSeries())
        if (!first.contains(c->name)) {
            first.insert(c->name, c);
            names << c->name;
        }
    m_countersButton->setVisible(!names.isEmpty());
    if (names.isEmpty()) {
        m_view->setHiddenCounters({});
        return;
    }
    auto* keyOnly = m_countersMenu->addAction(tr("Key counters only"));
    // Queued: the rebuild deletes the action whose signal is being delivered.
    connect(
        keyOnly, &QAction::triggered, this,
        [this] {
            Settings::instance()->clearTimelineCounterChoices();
            rebuildCounterMenu();
        },
        Qt::QueuedConnection);
    auto* all = m_countersMenu->addAction(tr("Show all"));
    auto* none = m_countersMenu->addAction(tr("Hide all"));
    m_countersMenu->addSeparator();
    const QHash<QString, bool> choices = Settings::instance()->timelineCounterChoices();
    QList<QAction*> entries;
    for (const QString& name : std::as_const(names)) {
        const CounterSeries* c = first.value(name);
        auto* a
            = m_countersMenu->addAction(c->source == CounterSeries::Source::Nvml ? tr("%1 (NVML)").arg(name) : name);
        a->setCheckable(true);
        a->setData(name);
        a->setChecked(choices.value(name, shownByDefault(*c)));
        connect(a, &QAction::toggled, this, [this, name](bool on) {
            Settings::instance()->setTimelineCounterChoices({ { name, on } });
            applyCounterChoices();
        });
        entries << a;
    }
    const auto setAll = [this, entries](bool on) {
        QHash<QString, bool> choices;
        for (QAction* a : entries) {
            const QSignalBlocker block(a);
            a->setChecked(on);
            choices.insert(a->data().toString(), on);
        }
        Settings::instance()->setTimelineCounterChoices(choices);
        applyCounterChoices();
    };
    connect(all, &QAction::triggered, this, [setAll] { setAll(true); });
    connect(none, &QAction::triggered, this, [setAll] { setAll(false); });
    applyCounterChoices();
}

void TimelineDock::applyCounterChoices()
{
    QSet<QString> hidden;
    int shown = 0, total = 0;
    for (QAction* a : m_countersMenu->actions()) {
        if (!a->isCheckable())
            continue;
        ++total;
        if (a->isChecked())
            ++shown;
        else
            hidden.insert(a->data().toString());
    }
    m_countersButton->setText(tr("Counters (%1 of %2)").arg(shown).arg(total));
    m_view->setHiddenCounters(hidden);
}
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
