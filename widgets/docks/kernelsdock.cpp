// SPDX-License-Identifier: MIT
#include "widgets/docks/kernelsdock.h"

#include "core/analysis/passes/kernelanalysis.h"
#include "core/models/kernelinstancemodel.h"
#include "core/models/kernelsummarymodel.h"
#include "core/util/cancellation.h"
#include "core/util/futurewatch.h"
#include "widgets/tablesetup.h"
#include "widgets/viewstate.h"
#include "widgets/windowedtable.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace sl {

namespace {

void setUpTable(QTableView* view)
{
    TableSetup::apply(view);
    view->setSortingEnabled(true);
    view->horizontalHeader()->setStretchLastSection(true);
}

} // namespace

KernelsDock::KernelsDock(QWidget* parent)
    : ViewDock(tr("Kernels"), parent)
    , m_summary(new KernelSummaryModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_instances(new KernelInstanceModel(this))
{
    setObjectName(QStringLiteral("dock.kernels"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);

    m_filter = new QLineEdit(content);
    m_filter->setPlaceholderText(tr("Filter kernel names…"));
    m_filter->setClearButtonEnabled(true);
    layout->addWidget(m_filter);

    // The summary has a row per kernel name (thousands): a proxy is fine there, not below.
    m_proxy->setSourceModel(m_summary);
    m_proxy->setSortRole(KernelSummaryModel::SortRole);
    m_proxy->setSortLocaleAware(false);
    m_proxy->setFilterKeyColumn(KernelSummaryModel::Name);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    auto* splitter = new QSplitter(Qt::Vertical, content);
    m_summaryView = new QTableView(splitter);
    setUpTable(m_summaryView);
    m_summaryView->setModel(m_proxy);
    m_summaryView->sortByColumn(KernelSummaryModel::Total, Qt::DescendingOrder);
    m_summaryView->horizontalHeader()->resizeSection(KernelSummaryModel::Name, 320);
    ViewState::registerHeader(m_summaryView->horizontalHeader(), QStringLiteral("kernels.summary"));

    splitter->addWidget(buildInstancePane(splitter));
    layout->addWidget(splitter, 1);
    setWidget(content);
    fillDeviceFilter();

    connectControls();
    updateCaption();
}

KernelsDock::~KernelsDock() = default;

QWidget* KernelsDock::buildInstancePane(QWidget* parent)
{
    auto* lower = new QWidget(parent);
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    m_instanceCaption = new QLabel(lower);
    m_instanceCaption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_busy = new QLabel(tr("Sorting and filtering…"), lower);
    m_busy->setVisible(false);
    m_all = new QCheckBox(tr("All kernels"), lower);
    m_all->setToolTip(tr("List every kernel of the window instead of the selected name's"));
    m_device = new QComboBox(lower);
    m_device->setToolTip(tr("Only kernels of this GPU"));
    m_stream = new QComboBox(lower);
    m_stream->setToolTip(tr("Only kernels of this stream"));
    bar->addWidget(m_instanceCaption, 1);
    bar->addWidget(m_busy);
    bar->addWidget(m_all);
    bar->addWidget(m_device);
    bar->addWidget(m_stream);
    lowerLayout->addLayout(bar);
    // Millions of launches: the view sees a window of them (no per-row header state).
    m_instanceTable = new WindowedTable(lower);
    m_instanceTable->setSourceModel(m_instances);
    m_instanceView = m_instanceTable->view();
    // Unsorted (start order) before sorting is enabled: enabling it sorts by the indicator.
    m_instanceView->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    setUpTable(m_instanceView);
    m_instanceView->horizontalHeader()->setSortIndicatorShown(true);
    ViewState::registerHeader(m_instanceView->horizontalHeader(), QStringLiteral("kernels.instances"));
    lowerLayout->addWidget(m_instanceTable);
    return lower;
}

void KernelsDock::connectControls()
{
    m_filterTimer.setSingleShot(true);
    m_filterTimer.setInterval(300);
    connect(m_filter, &QLineEdit::textChanged, &m_filterTimer, qOverload<>(&QTimer::start));
    connect(&m_filterTimer, &QTimer::timeout, this, [this] { applyNameFilter(m_filter->text()); });
    connect(m_summaryView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
        &KernelsDock::onSummarySelectionChanged);
    connect(m_all, &QCheckBox::toggled, this, &KernelsDock::setShowAllKernels);
    connect(m_device, &QComboBox::currentIndexChanged, this, [this] {
        fillStreamFilter();
        m_instances->setDeviceFilter(m_device->currentData().toLongLong());
    });
    connect(m_stream, &QComboBox::currentIndexChanged, this,
        [this] { m_instances->setStreamFilter(m_stream->currentData().toLongLong()); });
    connect(m_instances, &KernelInstanceModel::busyChanged, m_busy, &QWidget::setVisible);
    connect(m_instances, &KernelInstanceModel::viewUpdated, this, [this] {
        if (m_selectAllOnUpdate && !m_instances->isBusy()) { // every row computed
            m_selectAllOnUpdate = false;
            // The view holds exactly the (valid) evidence kernels: select them all.
            m_instanceTable->scrollToSourceRow(0);
            m_instanceTable->selectAllRows();
        }
        updateCaption();
    });
}

void KernelsDock::setAnalysis(const AnalysisPtr& analysis)
{
    m_analysis = analysis;
    m_rowsCaption.clear();
    m_selectAllOnUpdate = false;
    m_instances->setScope(m_scope);
    fillDeviceFilter(); // before the analysis: the model computes its view once
    m_instances->setAnalysis(
        analysis, m_all->isChecked() ? KernelInstanceModel::kAllNames : KernelInstanceModel::kNoNames);
    updateSummary();
}

void KernelsDock::setScope(const ScopeFilter& scope)
{
    if (scope == m_scope)
        return;
    m_scope = scope;
    m_instances->setScope(scope);
    updateSummary();
    updateCaption();
}

void KernelsDock::updateSummary()
{
    if (!m_analysis || m_scope.isAll()) {
        m_summaryJob.cancel();
        m_summary->setAnalysis(m_analysis);
        emit summaryUpdated();
        return;
    }
    // The same summary code as the analysis, over the kernels of the window in scope; millions
    // of kernels take a noticeable time, so a worker computes it, and a newer request cancels it.
    m_summaryJob.run(
        [analysis = m_analysis, scope = m_scope](const std::atomic<bool>& cancel) {
            const Trace& t = *analysis->trace;
            const Cancellation cancelled(&cancel);
            std::vector<quint8> include(analysis->kernelInWindow.size());
            for (size_t i = 0; i < include.size(); ++i) {
                if (cancelled.poll(qint64(i)))
                    return KernelAnalysis::Summary {}; // superseded: never applied
                include[i] = analysis->kernelInWindow[i] && scope.acceptsKernel(t, quint32(i));
            }
            return KernelAnalysis::summarize(
                t, include, [&](quint32 name) { return analysis->categoryOfName.value(name); });
        },
        [this, analysis = m_analysis](KernelAnalysis::Summary s) {
            m_summary->setSummaries(analysis, std::move(s.kernels));
            emit summaryUpdated();
        });
}

void KernelsDock::setShowAllKernels(bool all)
{
    if (m_all->isChecked() != all) {
        m_all->setChecked(all); // → toggled → here again
        return;
    }
    m_rowsCaption.clear();
    m_selectAllOnUpdate = false;
    m_device->setEnabled(all);
    m_stream->setEnabled(all);
    // Base first, then the filter: the view is computed for the new base (a filter change
    // on the old base would start a worker only to cancel it).
    // The name, GPU and stream filters belong to the all-kernels list; a name's launches are
    // already one name (the combos keep their choice for the next time).
    m_instances->setKernelName(KernelInstanceModel::kNoNames);
    m_instances->setNameFilter(all ? m_filter->text() : QString());
    m_instances->setDeviceFilter(all ? m_device->currentData().toLongLong() : -1);
    m_instances->setStreamFilter(all ? m_stream->currentData().toLongLong() : -1);
    if (all)
        m_instances->setKernelName(KernelInstanceModel::kAllNames);
    else
        onSummarySelectionChanged();
    updateCaption();
}

bool KernelsDock::showsAllKernels() const { return m_all->isChecked(); }

void KernelsDock::applyNameFilter(const QString& text)
{
    m_filterTimer.stop();
    if (m_filter->text() != text) {
        const QSignalBlocker block(m_filter);
        m_filter->setText(text);
    }
    m_proxy->setFilterFixedString(text);
    if (m_all->isChecked())
        m_instances->setNameFilter(text);
}

void KernelsDock::onSummarySelectionChanged()
{
    if (m_all->isChecked())
        return;
    const QModelIndexList rows = m_summaryView->selectionModel()->selectedRows(KernelSummaryModel::Name);
    if (rows.size() != 1)
        return;
    const QModelIndex source = m_proxy->mapToSource(rows.first());
    const KernelSummary* k = m_summary->summary(source.row());
    if (!k)
        return;
    m_rowsCaption.clear();
    m_instances->setKernelName(k->name);
    updateCaption();
}

void KernelsDock::showKernels(const std::vector<quint32>& kernelIndices, const QString& caption)
{
    {
        const QSignalBlocker block(m_all);
        m_all->setChecked(false);
        m_device->setEnabled(false);
        m_stream->setEnabled(false);
    }
    {
        const QSignalBlocker block(m_summaryView->selectionModel());
        m_summaryView->clearSelection();
    }
    m_summaryView->viewport()->update();
    m_rowsCaption = caption;
    m_selectAllOnUpdate = true; // once the rows are computed (sorted) and exposed
    m_instances->setRows(kernelIndices); // filters do not apply to explicit rows
}

void KernelsDock::fillDeviceFilter()
{
    const QSignalBlocker block(m_device);
    m_device->clear();
    m_device->addItem(tr("All GPUs"), qint64(-1));
    if (m_analysis)
        for (const auto& [device, kernels] : m_analysis->trace->kernelsByDevice)
            m_device->addItem(tr("GPU %1").arg(device), qint64(device));
    m_device->setEnabled(m_all->isChecked());
    m_instances->setDeviceFilter(-1);
    fillStreamFilter();
}

void KernelsDock::fillStreamFilter()
{
    const QSignalBlocker block(m_stream);
    m_stream->clear();
    m_stream->addItem(tr("All streams"), qint64(-1));
    const qint64 device = m_device->currentData().toLongLong();
    std::vector<quint32> streams;
    if (m_analysis)
        for (const auto& [lane, kernels] : m_analysis->trace->kernelsByStream)
            if (device < 0 || lane.first == device)
                streams.push_back(lane.second);
    std::sort(streams.begin(), streams.end());
    streams.erase(std::unique(streams.begin(), streams.end()), streams.end());
    for (quint32 s : streams)
        m_stream->addItem(tr("Stream %1").arg(s), qint64(s));
    m_stream->setEnabled(m_all->isChecked());
    m_instances->setStreamFilter(-1);
}

void KernelsDock::updateCaption()
{
    const int rows = m_instances->rowCount();
    QString text;
    if (!m_rowsCaption.isEmpty()) {
        text = m_rowsCaption;
    } else if (m_all->isChecked()) {
        text = tr("%n kernel(s)", nullptr, rows);
    } else if (m_instances->query().base == KernelInstanceQuery::Base::Name && m_analysis) {
        text = tr("%n launch(es) of %1", nullptr, rows).arg(m_analysis->trace->strings.at(m_instances->query().nameId));
    } else {
        text = tr("Select a kernel name to list its launches, or tick All kernels.");
    }
    if (!m_scope.isAll())
        text += QStringLiteral(" — ") + tr("scope: %1").arg(m_scope.label());
    m_instanceCaption->setText(text);
}

} // namespace sl
