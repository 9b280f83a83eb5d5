// SPDX-License-Identifier: MIT
#include "widgets/docks/comparisondock.h"

#include "core/analysis/analysisoptions.h"
#include "core/analysis/counters/ncuanalysis.h"
#include "core/compare/comparator.h"
#include "core/compare/comparisonevidence.h"
#include "core/models/comparisonchangemodel.h"
#include "core/models/comparisoncountermodel.h"
#include "core/models/comparisonfiguremodel.h"
#include "core/models/comparisonkernelmodel.h"
#include "core/models/comparisonrooflinemodel.h"
#include "core/report/comparisonwriter.h"
#include "core/util/futurewatch.h"
#include "core/util/workerpool.h"
#include "widgets/charts/categorybarchart.h"
#include "widgets/charts/phasestackchart.h"
#include "widgets/charts/stepdistributionchart.h"
#include "widgets/deltadelegate.h"
#include "widgets/stepalignedview.h"
#include "widgets/tablesetup.h"
#include "widgets/viewstate.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace sl {

namespace {

/// Tables of a few hundred rows at most: a sorting proxy on the model's SortRole is fine here.
QTableView* makeTable(QWidget* parent, QAbstractItemModel* model, int sortRole, int directionRole)
{
    auto* proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(model);
    proxy->setSortRole(sortRole);
    proxy->setSortLocaleAware(false);
    auto* view = new QTableView(parent);
    view->setModel(proxy);
    view->setItemDelegate(new DeltaDelegate(directionRole, view));
    TableSetup::apply(view);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setSortingEnabled(true);
    view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // the comparison's own order
    return view;
}

int sourceRow(const QTableView* view, const QModelIndex& index)
{
    const auto* proxy = static_cast<const QSortFilterProxyModel*>(view->model());
    return index.isValid() ? proxy->mapToSource(index).row() : -1;
}

bool hasRows(const Evidence& e) { return !e.table.isEmpty() && (!e.rows.empty() || e.startNs >= 0); }

} // namespace

ComparisonDock::ComparisonDock(QWidget* parent)
    : ViewDock(tr("Comparison"), parent)
    , m_figures(new ComparisonFigureModel(this))
    , m_kernels(new ComparisonKernelModel(this))
    , m_changes(new ComparisonChangeModel(this))
    , m_counters(new ComparisonCounterModel(this))
    , m_roofline(new ComparisonRooflineModel(this))
{
    setObjectName(QStringLiteral("dock.comparison"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(buildControls());

    m_tabs = new QTabWidget(content);
    m_figureView = makeTable(m_tabs, m_figures, ComparisonFigureModel::SortRole, ComparisonFigureModel::DirectionRole);
    m_figureView->horizontalHeader()->resizeSection(ComparisonFigureModel::Scope, 150);
    m_figureView->horizontalHeader()->resizeSection(ComparisonFigureModel::Figure, 220);
    ViewState::registerHeader(m_figureView->horizontalHeader(), QStringLiteral("comparison.figures"));
    m_tabs->addTab(m_figureView, tr("Figures"));

    m_kernelView = makeTable(m_tabs, m_kernels, ComparisonKernelModel::SortRole, ComparisonKernelModel::DirectionRole);
    m_kernelView->horizontalHeader()->resizeSection(ComparisonKernelModel::Kernel, 320);
    ViewState::registerHeader(m_kernelView->horizontalHeader(), QStringLiteral("comparison.kernels"));
    m_kernelView->setTextElideMode(Qt::ElideMiddle); // tile sizes at the end tell gemm variants apart
    m_kernelView->setToolTip(tr("Double-click a kernel to show its launches in every trace."));
    m_tabs->addTab(m_kernelView, tr("Kernels"));

    auto* changes = new QWidget(m_tabs);
    auto* changesLayout = new QVBoxLayout(changes);
    changesLayout->setContentsMargins(0, 0, 0, 0);
    m_changeView = makeTable(changes, m_changes, ComparisonChangeModel::SortRole, ComparisonChangeModel::DirectionRole);
    m_changeView->horizontalHeader()->resizeSection(ComparisonChangeModel::Change, 520);
    ViewState::registerHeader(m_changeView->horizontalHeader(), QStringLiteral("comparison.changes"));
    m_changeView->setToolTip(tr("Double-click a change to show its rows in both traces."));
    changesLayout->addWidget(m_changeView, 1);
    auto* buttons = new QHBoxLayout;
    m_openBaseline = new QPushButton(tr("Show in baseline"), changes);
    m_openTrace = new QPushButton(tr("Show in compared trace"), changes);
    m_openBaseline->setEnabled(false);
    m_openTrace->setEnabled(false);
    buttons->addStretch(1);
    buttons->addWidget(m_openBaseline);
    buttons->addWidget(m_openTrace);
    changesLayout->addLayout(buttons);
    m_tabs->addTab(changes, tr("What changed"));

    auto* charts = new QSplitter(Qt::Horizontal, m_tabs);
    m_categoryChart = new CategoryBarChart(charts);
    m_phaseChart = new PhaseStackChart(charts);
    charts->setStretchFactor(0, 3);
    charts->setStretchFactor(1, 2);
    m_tabs->addTab(charts, tr("Charts"));
    m_tabs->addTab(buildStepsTab(), tr("Steps"));
    m_tabs->addTab(buildCountersTab(), tr("Counters"));
    layout->addWidget(m_tabs, 1);
    setWidget(content);

    connect(m_changeView, &QTableView::activated, this,
        [this](const QModelIndex& i) { openChange(sourceRow(m_changeView, i), true, true); });
    connect(m_changeView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        const ComparisonChange* c = m_changes->change(sourceRow(m_changeView, m_changeView->currentIndex()));
        m_openBaseline->setEnabled(c && hasRows(c->baselineEvidence));
        m_openTrace->setEnabled(c && hasRows(c->traceEvidence));
    });
    connect(m_openBaseline, &QPushButton::clicked, this,
        [this] { openChange(sourceRow(m_changeView, m_changeView->currentIndex()), true, false); });
    connect(m_openTrace, &QPushButton::clicked, this,
        [this] { openChange(sourceRow(m_changeView, m_changeView->currentIndex()), false, true); });
    connect(m_kernelView, &QTableView::activated, this,
        [this](const QModelIndex& i) { openKernelGroup(sourceRow(m_kernelView, i)); });
    showComparison(nullptr);
}

QWidget* ComparisonDock::buildControls()
{
    auto* bar = new QWidget(this);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Baseline:"), bar));
    m_baseline = new QComboBox(bar);
    m_baseline->setObjectName(QStringLiteral("comparison.baseline"));
    row->addWidget(m_baseline);
    row->addWidget(new QLabel(tr("Per:"), bar));
    m_unit = new QComboBox(bar);
    m_unit->setObjectName(QStringLiteral("comparison.unit"));
    m_unit->addItem(tr("automatic"), int(WorkUnit::Auto));
    m_unit->addItem(tr("step"), int(WorkUnit::Step));
    m_unit->addItem(tr("request"), int(WorkUnit::Request));
    m_unit->addItem(tr("generated token"), int(WorkUnit::Token));
    m_unit->addItem(tr("whole window"), int(WorkUnit::Total));
    m_unit->setToolTip(tr("What \"per unit\" figures divide by. Automatic: tokens when counts are given, else "
                          "NVTX steps when every trace has them, else whole-window totals."));
    row->addWidget(m_unit);
    m_counts = new QLineEdit(bar);
    m_counts->setObjectName(QStringLiteral("comparison.counts"));
    m_counts->setPlaceholderText(tr("tokens (or requests) per trace, e.g. 5000,5120"));
    m_counts->setClearButtonEnabled(true);
    m_counts->setToolTip(tr("One count per trace, in the order of the columns, to set kernel time per token beside "
                            "the measured throughput."));
    row->addWidget(m_counts, 1);
    m_flopsPerToken = new QLineEdit(bar);
    m_flopsPerToken->setObjectName(QStringLiteral("comparison.flopsPerToken"));
    m_flopsPerToken->setPlaceholderText(tr("FLOPs/token, or e.g. 7e9 params"));
    m_flopsPerToken->setClearButtonEnabled(true);
    m_flopsPerToken->setToolTip(
        tr("Model FLOPs per generated token (or the parameter count followed by \"params\": 2 "
           "FLOPs per parameter and token). With token counts it gives model TFLOP/s and MFU."));
    row->addWidget(m_flopsPerToken);
    m_export = new QPushButton(tr("Export…"), bar);
    m_export->setToolTip(tr("Write comparison.md and comparison.json into a folder"));
    row->addWidget(m_export);
    m_status = new QLabel(bar);
    m_status->setObjectName(QStringLiteral("comparison.status"));
    auto* outer = new QWidget(this);
    auto* column = new QVBoxLayout(outer);
    column->setContentsMargins(0, 0, 0, 0);
    column->addWidget(bar);
    column->addWidget(m_status);

    connect(m_baseline, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    connect(m_unit, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    connect(m_counts, &QLineEdit::editingFinished, this, [this] { recompute(); });
    connect(m_flopsPerToken, &QLineEdit::editingFinished, this, [this] { recompute(); });
    connect(m_export, &QPushButton::clicked, this, &ComparisonDock::chooseExportFolder);
    return outer;
}

QWidget* ComparisonDock::buildCountersTab()
{
    auto* tab = new QWidget(this);
    auto* layout = new QVBoxLayout(tab);
    layout->setContentsMargins(0, 0, 0, 0);
    m_countersNote = new QLabel(tab);
    m_countersNote->setObjectName(QStringLiteral("comparison.countersNote"));
    m_countersNote->setWordWrap(true);
    layout->addWidget(m_countersNote);
    auto* split = new QSplitter(Qt::Vertical, tab);
    m_counterView
        = makeTable(split, m_counters, ComparisonCounterModel::SortRole, ComparisonCounterModel::DirectionRole);
    m_counterView->horizontalHeader()->resizeSection(ComparisonCounterModel::Counter, 260);
    ViewState::registerHeader(m_counterView->horizontalHeader(), QStringLiteral("comparison.counters"));
    m_counterView->setToolTip(tr("Busy-time counters per scope and GPU. Double-click a changed bound class to "
                                 "show the scope's rows in both traces."));
    m_rooflineView
        = makeTable(split, m_roofline, ComparisonRooflineModel::SortRole, ComparisonRooflineModel::DirectionRole);
    m_rooflineView->horizontalHeader()->resizeSection(ComparisonRooflineModel::Kernel, 280);
    m_rooflineView->setTextElideMode(Qt::ElideMiddle);
    ViewState::registerHeader(m_rooflineView->horizontalHeader(), QStringLiteral("comparison.roofline"));
    m_rooflineView->setToolTip(tr("Roofline positions from Nsight Compute. Double-click a kernel to show its "
                                  "profiled launches in every trace."));
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    connect(m_counterView, &QTableView::activated, this,
        [this](const QModelIndex& i) { openCounterRow(sourceRow(m_counterView, i)); });
    connect(m_rooflineView, &QTableView::activated, this,
        [this](const QModelIndex& i) { openRooflineRow(sourceRow(m_rooflineView, i)); });
    return tab;
}

QWidget* ComparisonDock::buildStepsTab()
{
    auto* tab = new QWidget(this);
    auto* layout = new QVBoxLayout(tab);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Phase:"), tab));
    m_phase = new QComboBox(tab);
    m_phase->setObjectName(QStringLiteral("comparison.phase"));
    row->addWidget(m_phase);
    row->addStretch(1);
    auto* hint = new QLabel(tr("Step k of every trace starts at the same x. Wheel: scroll steps; Ctrl+wheel: zoom; "
                               "click: show the step's kernels."),
        tab);
    row->addWidget(hint);
    layout->addLayout(row);
    auto* split = new QSplitter(Qt::Vertical, tab);
    m_stepChart = new StepDistributionChart(split);
    auto* lower = new QWidget(split);
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    m_stepView = new StepAlignedView(lower);
    lowerLayout->addWidget(m_stepView, 1);
    m_stepScroll = new QScrollBar(Qt::Horizontal, lower);
    lowerLayout->addWidget(m_stepScroll);
    layout->addWidget(split, 1);

    connect(m_phase, &QComboBox::currentIndexChanged, this, &ComparisonDock::showPhase);
    connect(m_stepScroll, &QScrollBar::valueChanged, m_stepView, &StepAlignedView::setFirstStep);
    connect(m_stepView, &StepAlignedView::firstStepChanged, m_stepScroll, &QScrollBar::setValue);
    connect(m_stepView, &StepAlignedView::stepActivated, this, [this](int trace, int step) {
        if (!m_comparison)
            return;
        emitEvidence(trace,
            ComparisonEvidence::step(*m_comparison->analyses[trace], m_comparison->breakdowns[trace].steps[step]));
    });
    return tab;
}

void ComparisonDock::setAnalyses(const QVector<AnalysisPtr>& analyses, const QStringList& labels)
{
    m_analyses = analyses;
    // The CLI's label rule (Comparator::labelsFor); a missing analysis has no file name to fall back on.
    const bool complete = std::all_of(analyses.begin(), analyses.end(), [](const AnalysisPtr& a) { return bool(a); });
    m_labels = complete ? Comparator::labelsFor(analyses, labels) : labels;
    const QSignalBlocker block(m_baseline); // one recompute, below, not one per item
    m_baseline->clear();
    for (qsizetype i = 0; i < analyses.size(); ++i)
        m_baseline->addItem(m_labels.value(i));
    m_baseline->setCurrentIndex(analyses.isEmpty() ? -1 : 0);
    recompute();
}

void ComparisonDock::recompute()
{
    m_job.cancel(); // whatever is computed now answers an older request
    if (m_analyses.size() < Comparator::kMinTraces) {
        showComparison(nullptr);
        m_status->setText(tr("Open two or more traces to compare them."));
        return;
    }
    for (const auto& a : m_analyses)
        if (!a) {
            showComparison(nullptr);
            m_status->setText(tr("Every trace must be analysed before it can be compared."));
            return;
        }
    ComparisonOptions o;
    o.baseline = std::max(0, m_baseline->currentIndex());
    o.labels = m_labels;
    o.unit = WorkUnit(m_unit->currentData().toInt());
    QString error;
    if (!m_counts->text().trimmed().isEmpty()) {
        QVector<qint64> counts;
        if (!ComparisonOptions::parseCounts(m_counts->text(), &counts, &error)) {
            m_status->setText(error);
            return;
        }
        (o.unit == WorkUnit::Request ? o.requests : o.tokens) = counts;
    }
    if (QString f = m_flopsPerToken->text().trimmed(); !f.isEmpty()) {
        const bool params = f.endsWith(QLatin1String("params"), Qt::CaseInsensitive);
        if (params)
            f.chop(6);
        bool ok = false;
        const double v = f.trimmed().toDouble(&ok);
        if (!ok || !(v > 0)) {
            m_status->setText(tr("FLOPs per token: a positive number, or a parameter count followed by \"params\"."));
            return;
        }
        o.modelFlopsPerToken = params ? AnalysisOptions::flopsPerTokenOfParams(v) : v;
    }
    if (!Comparator::validate(int(m_analyses.size()), o, &error)) {
        m_status->setText(error);
        return;
    }
    m_status->setText(tr("Comparing %1 traces…").arg(m_analyses.size()));
    m_job.watch(Comparator::compareAsync(m_analyses, o), [this](const ComparisonPtr& c) { showComparison(c); });
}

void ComparisonDock::showComparison(const ComparisonPtr& c)
{
    m_comparison = c;
    m_figures->setComparison(c);
    m_kernels->setComparison(c);
    m_changes->setComparison(c);
    m_counters->setComparison(c);
    m_roofline->setComparison(c);
    m_countersNote->setText(!c || c->counters.isEmpty()
            ? tr("No trace has GPU metrics, NVML samples or Nsight Compute results.")
            : c->counters.perDevice
            ? tr("Kernel-time means and p90 per scope; GPUs pair by position (the k-th GPU with counters of each "
                 "trace). Δ in percentage points for % counters, relative otherwise.")
            : tr("The traces sampled different numbers of GPUs: figures are over all GPUs (means weighted by "
                 "kernel time; no p90). Δ in percentage points for % counters, relative otherwise."));
    // Per-trace columns (value, Δ, ratio) as wide as their headers ("before (baseline)", "Δ after"),
    // never cut; the name columns keep their widths.
    for (QTableView* view : { m_figureView, m_kernelView, m_counterView, m_rooflineView })
        for (int col = 0; col < view->model()->columnCount(); ++col) {
            QHeaderView* h = view->horizontalHeader();
            const QString text = view->model()->headerData(col, Qt::Horizontal).toString();
            const int needed = h->fontMetrics().horizontalAdvance(text)
                + 2 * h->style()->pixelMetric(QStyle::PM_HeaderMargin) + 12; // the sort indicator
            if (h->sectionSize(col) < needed)
                h->resizeSection(col, needed);
        }
    m_categoryChart->setComparison(c);
    m_phaseChart->setComparison(c);
    m_export->setEnabled(bool(c));
    m_openBaseline->setEnabled(false);
    m_openTrace->setEnabled(false);
    {
        const QSignalBlocker block(m_phase);
        const QString previous = m_phase->currentText();
        m_phase->clear();
        if (c)
            for (qsizetype p = 0; p < c->phases.size(); ++p) {
                bool steps = false;
                for (int i = 0; i < c->traceCount(); ++i)
                    steps = steps || c->stepDistributions[i][p].count > 0;
                if (steps)
                    m_phase->addItem(c->phases[p], int(p));
            }
        int keep = m_phase->findText(previous);
        if (keep < 0)
            keep = std::max(0, m_phase->findText(QStringLiteral("decode")));
        m_phase->setCurrentIndex(m_phase->count() > 0 ? keep : -1);
    }
    showPhase(m_phase->currentIndex());
    if (c) {
        m_openTrace->setText(c->traceCount() == 2 ? tr("Show in %1").arg(c->labels[c->baseline == 0 ? 1 : 0])
                                                  : tr("Show in compared trace"));
        QString text = c->unit == WorkUnit::Total
            ? tr("Baseline %1; figures are whole-window totals.").arg(c->labels[c->baseline])
            : tr("Baseline %1; figures per %2.").arg(c->labels[c->baseline], ComparisonOptions::unitNoun(c->unit));
        if (!c->warnings.isEmpty())
            text += QLatin1Char(' ')
                + tr("%n warning(s): %1", nullptr, int(c->warnings.size())).arg(c->warnings.front());
        m_status->setText(text);
        m_status->setToolTip(c->warnings.join(QLatin1Char('\n')));
        emit comparisonChanged();
    } else {
        m_status->clear();
        m_status->setToolTip({});
    }
}

void ComparisonDock::showPhase(int comboIndex)
{
    const int phase = comboIndex >= 0 ? m_phase->itemData(comboIndex).toInt() : -1;
    m_stepChart->setComparison(m_comparison, phase);
    m_stepView->setComparison(m_comparison, phase);
    m_stepScroll->setRange(0, std::max(0, m_stepView->stepCount() - 1));
    m_stepScroll->setValue(0);
}

int ComparisonDock::categoryChartGroups() const { return m_categoryChart->groupCount(); }

int ComparisonDock::phaseChartSegments() const { return m_phaseChart->segmentCount(); }

int ComparisonDock::stepChartBoxes() const { return m_stepChart->boxCount(); }

void ComparisonDock::emitEvidence(int trace, const Evidence& e)
{
    if (!hasRows(e) || !m_comparison || trace < 0 || trace >= m_comparison->traceCount())
        return;
    emit evidenceRequested({ { e }, tr("Comparison evidence in %1").arg(m_comparison->labels.value(trace)), {},
        m_comparison->analyses[trace], false });
}

void ComparisonDock::openChange(int row, bool baseline, bool trace)
{
    const ComparisonChange* c = m_changes->change(row);
    if (!c)
        return;
    if (baseline)
        emitEvidence(m_comparison->baseline, c->baselineEvidence);
    if (trace)
        emitEvidence(c->trace, c->traceEvidence);
}

void ComparisonDock::openKernelGroup(int row)
{
    const KernelMatch* g = m_kernels->group(row);
    if (!g)
        return;
    // One pass over each trace's kernels: tens of milliseconds at millions of rows.
    for (int i = 0; i < m_comparison->traceCount(); ++i)
        if (!g->sides[i].names.isEmpty())
            emitEvidence(i, ComparisonEvidence::kernels(*m_comparison->analyses[i], g->sides[i].names));
}

void ComparisonDock::openCounterRow(int row)
{
    const CounterScopeComparison* s = m_counters->scopeRow(row);
    if (!s || !m_comparison)
        return;
    for (int i = 0; i < m_comparison->traceCount(); ++i)
        emitEvidence(i, s->evidence.value(i));
}

void ComparisonDock::openRooflineRow(int row)
{
    const RooflineComparison* r = m_roofline->kernel(row);
    if (!r || !m_comparison)
        return;
    for (int i = 0; i < m_comparison->traceCount(); ++i) {
        const auto& ncu = m_comparison->analyses[i]->counters.ncu;
        if (!r->sides[i].present || !ncu)
            continue;
        for (const NcuKernelFigures& k : ncu->kernels)
            if (k.name == r->sides[i].name)
                emitEvidence(i, NcuAnalysis::launchEvidence(*m_comparison->analyses[i]->trace, k));
    }
}

void ComparisonDock::chooseExportFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export the comparison into a folder"));
    if (!dir.isEmpty())
        exportTo(dir);
}

void ComparisonDock::exportTo(const QString& dir)
{
    const ComparisonPtr c = m_comparison;
    if (!c) {
        emit exportFinished(false, tr("Nothing to export: no comparison yet."));
        return;
    }
    m_export->setEnabled(false);
    const QFuture<std::pair<bool, QString>> written = QtConcurrent::run(workerPool(), [c, dir] {
        QString error;
        const bool ok = ComparisonWriter::writeAll(*c, dir, &error);
        return std::make_pair(ok, error);
    });
    FutureWatch::onResult(this, written, [this, dir](const std::pair<bool, QString>& result) {
        m_export->setEnabled(bool(m_comparison));
        const QString message = result.first
            ? tr("comparison.md and comparison.json written to %1").arg(QDir::toNativeSeparators(dir))
            : result.second;
        m_status->setText(message);
        emit exportFinished(result.first, message);
    });
}

} // namespace sl
