// SPDX-License-Identifier: MIT
#include "widgets/docks/countersdock.h"

#include "core/analysis/counters/ncuanalysis.h"
#include "core/util/format.h"
#include "widgets/charts/rooflinechart.h"
#include "widgets/charts/stallbreakdownchart.h"
#include "widgets/viewstate.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace sl {

namespace {
constexpr int kKernelRole = Qt::UserRole + 1;

QString pct(const std::optional<double>& v) { return v ? QString::number(*v, 'f', 1) : QStringLiteral("–"); }

QStandardItem* cell(const QString& text, const QVariant& sortValue = {})
{
    auto* item = new QStandardItem(text);
    item->setEditable(false);
    if (sortValue.isValid())
        item->setData(sortValue, Qt::UserRole);
    return item;
}

QTreeView* tableView(QWidget* parent, QStandardItemModel* model)
{
    auto* view = new QTreeView(parent);
    view->setModel(model);
    view->setRootIsDecorated(false);
    view->setUniformRowHeights(true);
    view->setAlternatingRowColors(true);
    view->header()->setStretchLastSection(false);
    return view;
}
} // namespace

CountersDock::CountersDock(QWidget* parent)
    : QDockWidget(tr("Counters"), parent)
    , m_notes(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_scopes(new QStandardItemModel(this))
    , m_scopeView(tableView(this, m_scopes))
    , m_ncu(new QStandardItemModel(this))
    , m_ncuView(tableView(this, m_ncu))
    , m_roofline(new RooflineChart(this))
    , m_stallChart(new StallBreakdownChart(this))
{
    setObjectName(QStringLiteral("dock.counters"));
    // Laptop screens (tst_laptoplayout): the imports sit in the tab bar's corner and the notes
    // above the per-phase table, so the dock's minimum height is the tables'.
    auto* corner = new QWidget(this);
    auto* buttons = new QHBoxLayout(corner);
    buttons->setContentsMargins(0, 0, 0, 0);
    auto* ncu = new QToolButton(corner);
    ncu->setText(tr("Import Nsight Compute…"));
    auto* nvml = new QToolButton(corner);
    nvml->setText(tr("Import NVML Samples…"));
    connect(ncu, &QToolButton::clicked, this, &CountersDock::importNcuRequested);
    connect(nvml, &QToolButton::clicked, this, &CountersDock::importNvmlRequested);
    buttons->addWidget(ncu);
    buttons->addWidget(nvml);
    m_tabs->setCornerWidget(corner);
    auto* phasePage = new QWidget(this);
    auto* layout = new QVBoxLayout(phasePage);
    layout->setContentsMargins(0, 0, 0, 0);
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notes->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    layout->addWidget(m_notes);
    layout->addWidget(m_scopeView, 1);
    m_scopeView->setMinimumHeight(40);
    m_ncuView->setMinimumHeight(40);
    // The kernels above, the selected one's warp stalls below.
    auto* ncuPage = new QSplitter(Qt::Vertical, this);
    ncuPage->setChildrenCollapsible(false);
    ncuPage->addWidget(m_ncuView);
    ncuPage->addWidget(m_stallChart);
    ncuPage->setStretchFactor(0, 2);
    ncuPage->setStretchFactor(1, 3);
    ncuPage->setSizes({ 200, 300 }); // the bars need room for their labels; the table a few rows
    m_tabs->addTab(phasePage, tr("Per phase and step class"));
    m_tabs->addTab(ncuPage, tr("Nsight Compute"));
    m_tabs->addTab(m_roofline, tr("Roofline"));
    setWidget(m_tabs);
    ViewState::registerHeader(m_scopeView->header(), QStringLiteral("counters.scopes"));
    ViewState::registerHeader(m_ncuView->header(), QStringLiteral("counters.ncu"));
    connect(m_ncuView, &QTreeView::activated, this,
        [this](const QModelIndex& index) { activateKernel(m_ncu->item(index.row(), 0)->data(kKernelRole).toInt()); });
    connect(m_roofline, &RooflineChart::kernelActivated, this, &CountersDock::activateKernel);
    connect(
        m_ncuView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
            const QStandardItem* item = current.isValid() ? m_ncu->item(current.row(), 0) : nullptr;
            showStalls(item ? item->data(kKernelRole).toInt() : -1);
        });
    rebuild();
}

void CountersDock::setAnalysis(const AnalysisPtr& analysis)
{
    m_analysis = analysis;
    rebuild();
}

void CountersDock::rebuild()
{
    m_scopes->clear();
    m_ncu->clear();
    m_scopes->setHorizontalHeaderLabels({ tr("GPU"), tr("Kind"), tr("Stretch"), tr("Class"), tr("Kernel time"),
        tr("Span"), tr("DRAM %"), tr("Compute %"), tr("Counters (mean / p90 over the stretch)") });
    m_ncu->setHorizontalHeaderLabels(
        { tr("Kernel"), tr("Launches"), tr("Trace time"), tr("Achieved occ. %"), tr("Theoretical occ. %"), tr("SM %"),
            tr("DRAM %"), tr("L1 hit %"), tr("L2 hit %"), tr("Tensor %"), tr("FLOP/byte"), tr("GFLOP/s") });
    m_roofline->setAnalysis(m_analysis);
    showStalls(-1);
    if (!m_analysis) {
        m_notes->setText(tr("Open a trace. Counters come from exports captured with --gpu-metrics-devices, "
                            "and from imported NVML samples and Nsight Compute results."));
        return;
    }
    const CounterResult& c = m_analysis->counters;
    QStringList notes = c.notes;
    if (c.scopes.isEmpty())
        notes.prepend(tr("No sampled counters: capture with nsys profile --gpu-metrics-devices=all, or import NVML "
                         "samples."));
    m_notes->setText(notes.join(QLatin1Char('\n')));
    for (const CounterScope& s : c.scopes) {
        QStringList figures;
        for (const CounterFigure& f : s.figures)
            figures << QStringLiteral("%1 %2/%3").arg(f.name).arg(f.whole.mean, 0, 'f', 1).arg(f.whole.p90, 0, 'f', 1);
        m_scopes->appendRow({ cell(QString::number(s.deviceId)), cell(scopeKindLabel(s.kind)), cell(scopeLabel(s)),
            cell(boundClassLabel(s.bound)), cell(formatDuration(s.kernelBusyNs)), cell(formatDuration(s.spanNs)),
            cell(s.dramPct >= 0 ? QString::number(s.dramPct, 'f', 1) : QStringLiteral("–")),
            cell(s.computePct >= 0 ? QString::number(s.computePct, 'f', 1) : QStringLiteral("–")),
            cell(figures.join(QStringLiteral("; "))) });
    }
    if (c.ncu) {
        const Trace& t = *m_analysis->trace;
        for (qsizetype i = 0; i < c.ncu->kernels.size(); ++i) {
            const NcuKernelFigures& k = c.ncu->kernels[i];
            QStandardItem* name = cell(t.strings.at(k.name));
            name->setToolTip(t.strings.at(k.name));
            name->setData(int(i), kKernelRole);
            const auto theoretical = k.theoreticalOccupancyPct ? k.theoreticalOccupancyPct : k.sightlineOccupancyPct;
            m_ncu->appendRow({ name, cell(QString::number(k.launches)), cell(formatDuration(k.traceNs)),
                cell(pct(k.achievedOccupancyPct)), cell(pct(theoretical)), cell(pct(k.smThroughputPct)),
                cell(pct(k.dramThroughputPct)), cell(pct(k.l1HitPct)), cell(pct(k.l2HitPct)),
                cell(pct(k.tensorActivePct)),
                cell(k.arithmeticIntensity ? QString::number(*k.arithmeticIntensity, 'g', 3) : QStringLiteral("–")),
                cell(k.achievedFlopsPerSecond ? QString::number(*k.achievedFlopsPerSecond / 1e9, 'f', 1)
                                              : QStringLiteral("–")) });
        }
    }
    // The hottest kernel's stalls until another row is chosen.
    if (m_ncu->rowCount() > 0)
        selectNcuRow(0);
    else
        showStalls(-1);
    // Nsight Compute results without sampled counters (the usual case: most exports have no GPU
    // metrics): open on the kernels rather than on an empty per-phase table.
    if (c.scopes.isEmpty() && m_ncu->rowCount() > 0 && m_tabs->currentIndex() == 0)
        m_tabs->setCurrentIndex(1);
}

void CountersDock::selectNcuRow(int row)
{
    if (row < 0 || row >= m_ncu->rowCount())
        return;
    m_ncuView->selectionModel()->setCurrentIndex(
        m_ncu->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void CountersDock::showStalls(int ncuKernel)
{
    if (!m_analysis || !m_analysis->counters.ncu || ncuKernel < 0
        || ncuKernel >= m_analysis->counters.ncu->kernels.size()) {
        m_stallChart->clear(m_analysis && m_analysis->counters.ncu
                ? tr("Select a kernel to see its warp stalls")
                : tr("Import Nsight Compute results to see warp stalls"));
        return;
    }
    const NcuKernelFigures& k = m_analysis->counters.ncu->kernels[ncuKernel];
    m_stallChart->setStalls(m_analysis->trace->strings.at(k.name), k.stalls, k.stallSource);
}

void CountersDock::activateKernel(int ncuKernel)
{
    if (!m_analysis || !m_analysis->counters.ncu || ncuKernel < 0
        || ncuKernel >= m_analysis->counters.ncu->kernels.size())
        return;
    const NcuKernelFigures& k = m_analysis->counters.ncu->kernels[ncuKernel];
    const Trace& t = *m_analysis->trace;
    const Evidence e = NcuAnalysis::launchEvidence(t, k);
    emit evidenceRequested({ e }, tr("Profiled launches of %1").arg(t.strings.at(k.name)), QString());
}

} // namespace sl
