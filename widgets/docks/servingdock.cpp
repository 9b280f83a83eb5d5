// SPDX-License-Identifier: MIT
#include "widgets/docks/servingdock.h"

#include "core/analysis/findings/servingfindings.h"
#include "core/models/scopeproxymodel.h"
#include "core/models/servingstepmodel.h"
#include "core/report/servingreport.h"
#include "core/util/format.h"
#include "widgets/charts/batchscatterchart.h"
#include "widgets/itemactivation.h"
#include "widgets/tablesetup.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace sl {

namespace {
QString orDash(const std::optional<qint64>& v, bool duration)
{
    return !v ? QStringLiteral("—") : duration ? formatDuration(*v) : formatCount(*v);
}
QString rate(const std::optional<double>& v) { return v ? QString::number(*v, 'f', 0) : QStringLiteral("—"); }
} // namespace

ServingDock::ServingDock(QWidget* parent)
    : ViewDock(tr("Serving"), parent)
    , m_summary(new QLabel(this))
    , m_model(new ServingStepModel(this))
    , m_proxy(new ScopeProxyModel(this))
    , m_table(new QTableView(this))
    , m_scatter(new BatchScatterChart(this))
    , m_ranks(new QTableWidget(this))
{
    setObjectName(QStringLiteral("dock.serving"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ServingStepModel::SortRole);
    m_table->setModel(m_proxy);
    TableSetup::apply(m_table);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(ServingStepModel::Start, Qt::AscendingOrder);
    m_table->setToolTip(tr("Click a step to select its kernels and mark them on the timeline"));
    ItemActivation::connect(m_table, [this](const QModelIndex& index) {
        activateStep(m_proxy->data(index, ServingStepModel::StepRole).toLongLong());
    });

    auto* tabs = new QTabWidget(this);
    tabs->addTab(m_scatter, tr("Batch size"));
    m_ranks->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_ranks->verticalHeader()->hide();
    tabs->addTab(m_ranks, tr("Ranks"));

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_table);
    split->addWidget(tabs);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    setWidget(content);
    // Raised from behind another dock's tab: the scatter is drawn before its first frame.
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible)
            m_scatter->updateIfVisible();
    });
    setAnalysis(nullptr);
}

void ServingDock::setAnalysis(const AnalysisPtr& analysis)
{
    m_analysis = analysis;
    m_model->setAnalysis(analysis);
    m_scatter->setAnalysis(analysis);
    m_ranks->clear();
    const QStringList headers { tr("PID"), tr("GPU"), tr("Steps"), tr("Generated tokens"), tr("TPOT p50"),
        tr("Decode tokens/s"), tr("Prefill tokens/s"), tr("GPU idle in steps"), tr("Counted") };
    m_ranks->setColumnCount(int(headers.size()));
    m_ranks->setHorizontalHeaderLabels(headers);
    if (!analysis || !analysis->serving.present()) {
        m_ranks->setRowCount(0);
        m_summary->setText(analysis
                ? tr("No serving steps in this window: none of its NVTX ranges is named like a vLLM, "
                     "TensorRT-LLM or SGLang step (or a step rule of the phase map).")
                : QString());
        return;
    }
    const ServingStats& sv = analysis->serving;
    const ServingFigures& w = sv.window;
    m_summary->setText(
        tr("%1 steps (%2 prefill, %3 decode, %4 mixed, %5 other) named by %6. Context tokens %7, generated tokens %8. "
           "TPOT mean %9, p50 %10. Decode %11 tokens/s, prefill %12 tokens/s. Kernel time per generated token %13. "
           "GPU idle inside steps %14.")
            .arg(formatCount(w.steps))
            .arg(w.stepsByClass[StepComposition::Prefill])
            .arg(w.stepsByClass[StepComposition::Decode])
            .arg(w.stepsByClass[StepComposition::Mixed])
            .arg(w.stepsByClass[StepComposition::Other])
            .arg(sv.schemes.join(QLatin1String(", ")), orDash(w.contextTokens, false), orDash(w.generatedTokens, false),
                orDash(w.tpotMeanNs, true), w.tpot.count ? formatDuration(w.tpot.p50Ns) : QStringLiteral("—"),
                rate(w.decodeTokensPerS), rate(w.prefillTokensPerS), orDash(w.kernelNsPerGeneratedToken, true))
            .arg(formatPercent(double(w.idleNs) / double(std::max<qint64>(1, w.stepNs))))
        + QLatin1Char(' ') + requestsText(sv.requests));
    m_ranks->setRowCount(int(sv.ranks.size()));
    for (int row = 0; row < sv.ranks.size(); ++row) {
        const ServingFigures& f = sv.ranks[row];
        const QStringList cells { QString::number(f.pid),
            f.deviceId >= 0 ? QString::number(f.deviceId) : QStringLiteral("—"), formatCount(f.steps),
            orDash(f.generatedTokens, false), f.tpot.count ? formatDuration(f.tpot.p50Ns) : QStringLiteral("—"),
            rate(f.decodeTokensPerS), rate(f.prefillTokensPerS),
            formatPercent(double(f.idleNs) / double(std::max<qint64>(1, f.stepNs))),
            f.replicaOf ? tr("replica of %1").arg(f.replicaOf) : tr("yes") };
        for (int c = 0; c < cells.size(); ++c)
            m_ranks->setItem(row, c, new QTableWidgetItem(cells[c]));
    }
    m_ranks->resizeColumnsToContents();
}

QString ServingDock::requestsText(const RequestStats& q)
{
    if (q.ttft.count == 0)
        return tr("Time to first token: — (%1)").arg(q.ttftReason);
    return tr("%n request(s): TTFT p50 %1, p90 %2, p99 %3; end-to-end p50 %4, p90 %5.", nullptr, int(q.size()))
        .arg(formatDuration(q.ttft.p50Ns), formatDuration(q.ttft.p90Ns), formatDuration(q.ttft.p99Ns),
            formatDuration(q.e2e.p50Ns), formatDuration(q.e2e.p90Ns));
}

void ServingDock::activateStep(qint64 step)
{
    if (!m_analysis || step < 0 || step >= m_analysis->serving.steps.size())
        return;
    const ServingSteps& s = m_analysis->serving.steps;
    const QString title = tr("%1 step %2 of process %3")
                              .arg(StepComposition::className(StepComposition::Class(s.cls[size_t(step)])),
                                  ServingReport::composition(s, step))
                              .arg(s.pid[size_t(step)]);
    emit evidenceRequested({ ServingFindings::stepEvidence(*m_analysis, { qint32(step) }), title, {}, nullptr, false });
}

void ServingDock::setScope(const ScopeFilter& scope) { m_proxy->setScope(scope); }

} // namespace sl
