// SPDX-License-Identifier: MIT
#include "widgets/docks/countersdock.h"

#include "core/analysis/counters/ncuanalysis.h"
#include "core/models/counterscopemodel.h"
#include "core/models/ncukernelmodel.h"
#include "core/models/scopeproxymodel.h"
#include "widgets/charts/rooflinechart.h"
#include "widgets/charts/stallbreakdownchart.h"
#include "widgets/itemactivation.h"
#include "widgets/tablesetup.h"
#include "widgets/viewstate.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace sl {

namespace {
/// A sortable table over `proxy` (rows kept in the model's order until a header is clicked).
QTableView* tableView(QWidget* parent, ScopeProxyModel* proxy, int sortRole)
{
    proxy->setSortRole(sortRole);
    auto* view = new QTableView(parent);
    view->setModel(proxy);
    TableSetup::apply(view);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setSortingEnabled(true);
    view->sortByColumn(-1, Qt::AscendingOrder);
    view->setMinimumHeight(40);
    return view;
}
} // namespace

CountersDock::CountersDock(QWidget* parent)
    : ViewDock(tr("Counters"), parent)
    , m_notes(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_scopes(new CounterScopeModel(this))
    , m_scopeProxy(new ScopeProxyModel(this))
    , m_scopeView(tableView(this, m_scopeProxy, CounterScopeModel::SortRole))
    , m_ncu(new NcuKernelModel(this))
    , m_ncuProxy(new ScopeProxyModel(this))
    , m_ncuView(tableView(this, m_ncuProxy, NcuKernelModel::SortRole))
    , m_roofline(new RooflineChart(this))
    , m_stallChart(new StallBreakdownChart(this))
{
    setObjectName(QStringLiteral("dock.counters"));
    m_scopeProxy->setSourceModel(m_scopes);
    m_ncuProxy->setSourceModel(m_ncu);
    // Laptop screens (tst_laptoplayout): the imports sit in the tab bar's corner and the notes
    // above the per-phase table, so the dock's minimum height is the tables'.
    m_tabs->setCornerWidget(buildCornerButtons());
    m_tabs->addTab(buildPhasePage(), tr("Per phase and step class"));
    m_tabs->addTab(buildNcuPage(), tr("Nsight Compute"));
    m_tabs->addTab(m_roofline, tr("Roofline"));
    setWidget(m_tabs);
    ViewState::registerHeader(m_scopeView->horizontalHeader(), QStringLiteral("counters.scopes"));
    ViewState::registerHeader(m_ncuView->horizontalHeader(), QStringLiteral("counters.ncu"));
    connectViews();
    rebuild();
}

QWidget* CountersDock::buildCornerButtons()
{
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
    return corner;
}

QWidget* CountersDock::buildPhasePage()
{
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notes->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    layout->addWidget(m_notes);
    layout->addWidget(m_scopeView, 1);
    return page;
}

QWidget* CountersDock::buildNcuPage()
{
    // The kernels above, the selected one's warp stalls below.
    auto* page = new QSplitter(Qt::Vertical, this);
    page->setChildrenCollapsible(false);
    page->addWidget(m_ncuView);
    page->addWidget(m_stallChart);
    page->setStretchFactor(0, 2);
    page->setStretchFactor(1, 3);
    page->setSizes({ 200, 300 }); // the bars need room for their labels; the table a few rows
    return page;
}

void CountersDock::connectViews()
{
    ItemActivation::connect(m_ncuView, [this](const QModelIndex& index) { activateKernel(kernelAt(index)); });
    connect(m_roofline, &RooflineChart::kernelActivated, this, &CountersDock::activateKernel);
    connect(m_ncuView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) { showStalls(kernelAt(current)); });
}

int CountersDock::kernelAt(const QModelIndex& ncuIndex) const
{
    return ncuIndex.isValid() ? ncuIndex.data(NcuKernelModel::KernelRole).toInt() : -1;
}

void CountersDock::setAnalysis(const AnalysisPtr& analysis)
{
    m_analysis = analysis;
    rebuild();
}

void CountersDock::setScope(const ScopeFilter& scope)
{
    m_scopeProxy->setScope(scope);
    m_ncuProxy->setScope(scope);
    // The focused GPU's roofline, when it has one.
    if (m_analysis && m_analysis->counters.ncu && scope.device != ScopeFilter::kAny)
        for (int i = 0; i < m_analysis->counters.ncu->roofs.size(); ++i)
            if (m_analysis->counters.ncu->roofs[i].deviceId == scope.device)
                m_roofline->setGpu(i);
}

void CountersDock::rebuild()
{
    m_scopes->setAnalysis(m_analysis);
    m_ncu->setAnalysis(m_analysis);
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
    // The hottest kernel's stalls until another row is chosen.
    if (m_ncuProxy->rowCount() > 0)
        selectNcuRow(0);
    // Nsight Compute results without sampled counters (the usual case: most exports have no GPU
    // metrics): open on the kernels rather than on an empty per-phase table.
    if (c.scopes.isEmpty() && m_ncu->rowCount() > 0 && m_tabs->currentIndex() == 0)
        m_tabs->setCurrentIndex(1);
}

void CountersDock::selectNcuRow(int row)
{
    if (row < 0 || row >= m_ncuProxy->rowCount())
        return;
    m_ncuView->selectionModel()->setCurrentIndex(
        m_ncuProxy->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
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
    emit evidenceRequested({ { e }, tr("Profiled launches of %1").arg(t.strings.at(k.name)), {}, nullptr, false });
}

} // namespace sl
