// SPDX-License-Identifier: MIT
#include "widgets/mainwindow.h"

#include "core/compare/comparator.h"
#include "core/models/evidencerowsmodel.h"
#include "core/session/tracesession.h"
#include "core/timeline/timelinecache.h"
#include "core/util/format.h"
#include "widgets/dialogs/preferencesdialog.h"
#include "widgets/dialogs/traceinfodialog.h"
#include "widgets/docks/comparisondock.h"
#include "widgets/docks/evidencedock.h"
#include "widgets/docks/findingsdock.h"
#include "widgets/docks/kernelsdock.h"
#include "widgets/docks/nvtxphasesdock.h"
#include "widgets/docks/overviewdock.h"
#include "widgets/docks/processesdock.h"
#include "widgets/docks/searchdock.h"
#include "widgets/docks/timelinedock.h"
#include "widgets/reportexporter.h"
#include "widgets/settings.h"
#include "widgets/timeline/nvtxview.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/timeviewport.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressBar>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QUrl>

namespace sl {

namespace {
const QString kKernelTable = QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL");
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_session(new TraceSession(this))
    , m_kernelsDock(new KernelsDock(this))
    , m_findingsDock(new FindingsDock(this))
    , m_processesDock(new ProcessesDock(this))
    , m_evidenceDock(new EvidenceDock(this))
    , m_overviewDock(new OverviewDock(this))
    , m_comparisonDock(new ComparisonDock(this))
    , m_timelineDock(new TimelineDock(this))
    , m_nvtxDock(new NvtxPhasesDock(this))
    , m_viewport(new TimeViewport(this))
    , m_traceSelector(new QComboBox(this))
    , m_statusLabel(new QLabel(this))
    , m_windowLabel(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_cancel(new QToolButton(this))
    , m_exporter(new ReportExporter(this))
{
    setObjectName(QStringLiteral("mainwindow"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    resize(1600, 1000);

    auto* placeholder = new QLabel(tr("Open an Nsight Systems SQLite export (File › Open, or drop it here)."), this);
    placeholder->setAlignment(Qt::AlignCenter);
    placeholder->setWordWrap(true);
    setCentralWidget(placeholder);
    centralWidget()->hide(); // the docks take the whole window
    // The timeline spans the top (NVTX phases under it, on the same time axis); tables below.
    addDockWidget(Qt::TopDockWidgetArea, m_timelineDock);
    addDockWidget(Qt::TopDockWidgetArea, m_nvtxDock);
    splitDockWidget(m_timelineDock, m_nvtxDock, Qt::Vertical);
    addDockWidget(Qt::LeftDockWidgetArea, m_kernelsDock);
    addDockWidget(Qt::RightDockWidgetArea, m_findingsDock);
    addDockWidget(Qt::RightDockWidgetArea, m_processesDock);
    splitDockWidget(m_findingsDock, m_processesDock, Qt::Vertical);
    tabifyDockWidget(m_processesDock, m_evidenceDock);
    // The charts share the wide bottom-left area with the tables: on a 768-px screen the right
    // column has room for the findings and one table dock only.
    tabifyDockWidget(m_kernelsDock, m_comparisonDock);
    tabifyDockWidget(m_kernelsDock, m_overviewDock);
    m_searchDock = new SearchDock(this);
    tabifyDockWidget(m_processesDock, m_searchDock);
    m_processesDock->raise();
    m_kernelsDock->raise();
    resizeDocks({ m_timelineDock, m_nvtxDock }, { 290, 230 }, Qt::Vertical);
    resizeDocks({ m_kernelsDock, m_findingsDock }, { 900, 700 }, Qt::Horizontal);
    m_timelineDock->setTimeViewport(m_viewport);
    m_nvtxDock->setTimeViewport(m_viewport);

    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(220);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop loading or analysing"));
    m_windowLabel->setToolTip(tr("The analysis window every figure covers, and the focus of the views"));
    statusBar()->addWidget(m_statusLabel, 1);
    statusBar()->addPermanentWidget(m_windowLabel);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    setProgressVisible(false);

    createActions();

    connect(m_cancel, &QToolButton::clicked, this, &MainWindow::cancelLoading);
    connect(m_session, &TraceSession::loadStarted, this, [this](const QString& path) {
        m_progress->setRange(0, 1000);
        m_progress->setValue(0);
        m_statusLabel->setText(tr("Loading %1…").arg(QFileInfo(path).fileName()));
        setProgressVisible(true);
    });
    connect(m_session, &TraceSession::progress, this, [this](int permille, const QString& stage) {
        setProgressVisible(true);
        if (permille < 0) {
            m_progress->setRange(0, 0);
            m_statusLabel->setText(stage);
            return;
        }
        m_progress->setRange(0, 1000);
        m_progress->setValue(permille);
        if (!stage.isEmpty())
            m_statusLabel->setText(tr("Loading %1: %2").arg(QFileInfo(m_session->loadingPath()).fileName(), stage));
    });
    connect(m_session, &TraceSession::traceAdded, this, &MainWindow::onTraceAdded);
    connect(m_session, &TraceSession::analysisReady, this, &MainWindow::onAnalysisReady);
    connect(m_session, &TraceSession::traceRemoved, this, &MainWindow::onTraceRemoved);
    connect(m_session, &TraceSession::loadFailed, this, [this](const QString& path, const QString& message) {
        showError(message);
        emit loadFailed(path, message);
    });
    // .nsys-rep/.qdrep: which nsys made the export, or that the cached one was reused.
    m_session->setNsysPath(Settings::instance()->nsysPath());
    connect(Settings::instance(), &Settings::nsysPathChanged, m_session, &TraceSession::setNsysPath);
    connect(m_session, &TraceSession::notice, this, [this](const QString& message) {
        statusBar()->showMessage(message, 15000);
    });
    connect(m_session, &TraceSession::cancelled, this, [this](const QString& what) {
        m_statusLabel->setText(what.isEmpty() ? tr("Cancelled.") : tr("%1: cancelled.").arg(what));
    });
    connect(m_session, &TraceSession::idle, this, [this] {
        setProgressVisible(false);
        emit idle();
    });
    connect(m_findingsDock, &FindingsDock::evidenceActivated, this, &MainWindow::showEvidence);
    connect(m_searchDock, &SearchDock::evidenceRequested, this,
        [this](const QVector<Evidence>& evidence, const QString& title) {
            if (currentAnalysis())
                landOnEvidence(evidence, title, QString());
        });
    connect(m_processesDock, &ProcessesDock::scopeChanged, this, &MainWindow::setScope);
    connect(m_comparisonDock, &ComparisonDock::evidenceRequested, this, [this](int trace, const Evidence& e) {
        if (trace >= 0 && trace < m_compared.size())
            showTraceEvidence(m_compared[trace], { e },
                tr("Comparison evidence in %1").arg(m_traceSelector->itemText(m_compared[trace])));
    });
    connect(m_comparisonDock, &ComparisonDock::exportFinished, this,
        [this](bool, const QString& message) { statusBar()->showMessage(message, 10000); });
    const auto requestWindow = [this](qint64 startNs, qint64 endNs) {
        WindowSpec w;
        w.kind = AnalysisWindow::Kind::Custom;
        w.startNs = startNs;
        w.endNs = endNs;
        setAnalysisWindow(w);
    };
    connect(m_timelineDock, &TimelineDock::windowRequested, this, requestWindow);
    connect(m_nvtxDock, &NvtxPhasesDock::windowRequested, this, requestWindow);
    connect(m_timelineDock, &TimelineDock::kernelActivated, this, [this](quint32 k) {
        m_kernelsDock->showKernels({ k }, tr("Kernel clicked on the timeline"));
        m_kernelsDock->raise();
    });
    connect(m_evidenceDock, &EvidenceDock::zoomRequested, this, [this](qint64 startNs, qint64 endNs) {
        if (startNs >= 0 && endNs >= startNs) {
            m_timelineDock->zoomTo(startNs, endNs);
            m_timelineDock->raise();
        }
    });
    connect(m_overviewDock, &OverviewDock::statusMessage, this,
        [this](const QString& message) { statusBar()->showMessage(message, 10000); });
    connect(m_traceSelector, &QComboBox::currentIndexChanged, this, &MainWindow::setCurrentTrace);
    connect(m_timelineDock->view(), &TimeCanvas::dataReady, this, &MainWindow::fitTimeDocks);
    // Fitted while traces load (lanes arrive per trace), once more when all are in, then left to the user.
    connect(m_session, &TraceSession::traceAdded, this, [this] { m_fitTimeDocks = true; });
    connect(m_session, &TraceSession::idle, this, [this] {
        QTimer::singleShot(0, this, [this] {
            fitTimeDocks();
            m_fitTimeDocks = false;
        });
    });

    m_defaultState = saveState(kLayoutVersion);
    restoreLayout();
}

MainWindow::~MainWindow() = default; // the session waits for its worker threads

QList<QDockWidget*> MainWindow::docks() const
{
    return { m_timelineDock, m_nvtxDock, m_kernelsDock, m_findingsDock, m_processesDock, m_evidenceDock, m_overviewDock,
        m_comparisonDock, m_searchDock };
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"));
    open->setShortcut(QKeySequence::Open);
    connect(open, &QAction::triggered, this, [this] {
        const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open Nsight Systems exports"),
            Settings::instance()->lastDirectory(),
            tr("Nsight Systems traces (*.sqlite *.db *.nsys-rep *.qdrep);;SQLite exports (*.sqlite *.db);;"
               "Nsight Systems reports (*.nsys-rep *.qdrep);;All files (*)"));
        if (!paths.isEmpty())
            Settings::instance()->setLastDirectory(QFileInfo(paths.front()).absolutePath());
        openFiles(paths);
    });
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
    QAction* close = file->addAction(tr("&Close Trace"));
    close->setShortcut(QKeySequence::Close);
    connect(close, &QAction::triggered, this, [this] { closeTrace(m_current); });
    createExportActions(file);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"));
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &QWidget::close);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* d : docks())
        view->addAction(d->toggleViewAction());
    view->addSeparator();
    QAction* find = view->addAction(tr("&Find…"));
    find->setShortcut(QKeySequence::Find);
    find->setToolTip(tr("Search kernel, NVTX range and API names in the current trace and window"));
    connect(find, &QAction::triggered, m_searchDock, &SearchDock::focusSearch);
    QAction* reset = view->addAction(tr("&Reset Layout"));
    connect(reset, &QAction::triggered, this, &MainWindow::resetLayout);

    QMenu* analysis = menuBar()->addMenu(tr("&Analysis"));
    QAction* full = analysis->addAction(tr("&Whole Capture"));
    full->setToolTip(tr("Analyse from the first to the last GPU or API event"));
    connect(full, &QAction::triggered, this, [this] { setAnalysisWindow(WindowSpec {}); });
    QAction* steady = analysis->addAction(tr("&Steady State"));
    steady->setToolTip(tr("Leave out the warm-up before the first long idle gap and the idle tail"));
    connect(steady, &QAction::triggered, this, [this] {
        WindowSpec w;
        w.kind = AnalysisWindow::Kind::Steady;
        setAnalysisWindow(w);
    });

    QToolBar* traces = addToolBar(tr("Traces"));
    traces->setObjectName(QStringLiteral("toolbar.traces"));
    traces->addWidget(new QLabel(tr("Trace:"), traces));
    m_traceSelector->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_traceSelector->setMinimumContentsLength(30);
    m_traceSelector->setToolTip(tr("Which loaded trace the docks show"));
    traces->addWidget(m_traceSelector);
    view->addAction(traces->toggleViewAction());
}

void MainWindow::openFiles(const QStringList& paths)
{
    QStringList files;
    for (const QString& p : paths)
        if (!p.isEmpty())
            files << p;
    if (files.isEmpty())
        return;
    m_showNextLoaded = true; // the first trace of this request replaces the shown one once analysed
    m_session->open(files);
}

bool MainWindow::isBusy() const { return m_session->isBusy(); }

void MainWindow::cancelLoading()
{
    m_statusLabel->setText(tr("Cancelling…"));
    m_session->cancel();
}

int MainWindow::traceCount() const { return m_session->count(); }

void MainWindow::onTraceAdded(int index)
{
    const Trace& trace = *m_session->entry(index).trace;
    addRecentFile(m_session->entry(index).sourcePath);
    const QSignalBlocker block(m_traceSelector);
    m_traceSelector->addItem(traceLabel(trace));
    m_traceSelector->setItemData(index, trace.info.filePath, Qt::ToolTipRole);
}

void MainWindow::onAnalysisReady(int index)
{
    const TraceSession::Entry& e = m_session->entry(index);
    m_statusLabel->setText(
        tr("%1: %n kernel(s), %2 finding(s).", nullptr, int(qMin<qint64>(e.analysis->kernelCount, INT_MAX)))
            .arg(e.trace->info.fileName)
            .arg(e.analysis->findings.size()));
    if (m_current < 0 || m_current == index || m_showNextLoaded) {
        m_showNextLoaded = false;
        if (m_current == index)
            showCurrent(); // the analysis of the shown trace was replaced (new window, new options)
        else
            setCurrentTrace(index);
    }
    updateComparison();
    emit analysisReady(index);
}

void MainWindow::updateComparison()
{
    // Every analysed trace takes part, in selector order; labels are the distinguishing parts of
    // the file names ("before", "after"), as in comparison.md.
    QVector<AnalysisPtr> analyses;
    QStringList files;
    m_compared.clear();
    for (int i = 0; i < m_session->count(); ++i) {
        const TraceSession::Entry& e = m_session->entry(i);
        if (!e.analysis)
            continue;
        analyses << e.analysis;
        files << e.trace->info.fileName;
        m_compared << i;
    }
    m_comparisonDock->setAnalyses(analyses, Comparator::labelsFor(files, {}));
}

void MainWindow::onTraceRemoved(int index)
{
    {
        const QSignalBlocker block(m_traceSelector);
        m_traceSelector->removeItem(index);
    }
    if (m_current == index)
        m_current = -1;
    else if (m_current > index)
        --m_current;
    if (m_current < 0 && m_session->count() > 0)
        setCurrentTrace(qMin(index, m_session->count() - 1));
    else if (m_current < 0)
        showCurrent(); // nothing left: empty every dock
    updateComparison();
}

void MainWindow::setCurrentTrace(int index)
{
    if (index < 0 || index >= m_session->count())
        return;
    if (m_traceSelector->currentIndex() != index) {
        const QSignalBlocker block(m_traceSelector);
        m_traceSelector->setCurrentIndex(index);
    }
    if (index != m_current)
        m_scope = {}; // a focus names processes of one trace
    m_current = index;
    showCurrent();
}

void MainWindow::closeTrace(int index)
{
    if (index < 0 || index >= m_session->count())
        return;
    TimelineCache::shared().forget(m_session->entry(index).trace.get());
    m_session->close(index);
}

void MainWindow::showCurrent()
{
    const AnalysisPtr a = currentAnalysis();
    m_kernelsDock->setAnalysis(a);
    m_findingsDock->setAnalysis(a);
    m_processesDock->setAnalysis(a);
    m_overviewDock->setAnalysis(a);
    m_timelineDock->setAnalysis(a);
    m_nvtxDock->setAnalysis(a);
    m_searchDock->setAnalysis(a);
    m_evidenceDock->clear();
    setScope(m_scope);
    updateTitle();
}

AnalysisPtr MainWindow::currentAnalysis() const
{
    return m_current >= 0 && m_current < m_session->count() ? m_session->entry(m_current).analysis : nullptr;
}

void MainWindow::setAnalysisWindow(const WindowSpec& window)
{
    if (m_current < 0)
        return;
    m_session->setWindow(m_current, window);
}

void MainWindow::setScope(const ScopeFilter& scope)
{
    m_scope = scope;
    m_processesDock->setScope(scope);
    m_kernelsDock->setScope(scope);
    m_timelineDock->setScope(scope);
    m_nvtxDock->setScope(scope);
    updateTitle();
}

void MainWindow::showEvidence(int findingIndex)
{
    const AnalysisPtr a = currentAnalysis();
    if (!a || findingIndex < 0 || findingIndex >= a->findings.size())
        return;
    const Finding& f = a->findings[findingIndex];
    landOnEvidence(f.evidence, f.title, f.summary);
}

void MainWindow::showTraceEvidence(int traceIndex, const QVector<Evidence>& evidence, const QString& title)
{
    if (traceIndex < 0 || traceIndex >= m_session->count())
        return;
    setCurrentTrace(traceIndex);
    if (!currentAnalysis())
        return;
    landOnEvidence(evidence, title, QString());
}

void MainWindow::fitTimeDocks()
{
    if (!m_fitTimeDocks || !m_timelineDock->isVisible() || m_timelineDock->isFloating())
        return;
    // What the lanes need: the dock's chrome (title, tool row, legend, scroll bar) plus the
    // canvas's axis and rows, plus the separator's handle the dock's size does not count (16 px
    // measured). Capped so the tables below keep at least half the window.
    auto wanted = [](QDockWidget* dock, const TimeCanvas* canvas) {
        return dock->height() - canvas->viewport()->height() + canvas->contentHeight() + 16;
    };
    const int cap = height() * 45 / 100;
    const int timeline = std::clamp(wanted(m_timelineDock, m_timelineDock->view()), 120, std::max(120, cap));
    const int nvtx = m_nvtxDock->isVisible() && !m_nvtxDock->isFloating()
        ? std::clamp(wanted(m_nvtxDock, m_nvtxDock->view()), 110, std::max(110, height() * 20 / 100))
        : 0;
    // The tables below take whatever the time docks leave (on a 768-px screen the time docks
    // stay at their minimum: the tables' minimum heights leave no more).
    // The height the time docks and the tables below share now (one column of the layout).
    const int shared = m_timelineDock->height() + (nvtx > 0 ? m_nvtxDock->height() : 0) + m_kernelsDock->height();
    if (nvtx > 0)
        resizeDocks({ m_timelineDock, m_nvtxDock }, { timeline, nvtx }, Qt::Vertical);
    else
        resizeDocks({ m_timelineDock }, { timeline }, Qt::Vertical);
    // Growing the tables' area to the rest is what holds the time docks at the sizes above.
    resizeDocks({ m_kernelsDock }, { std::max(0, shared - timeline - nvtx) }, Qt::Vertical);
}

void MainWindow::landOnEvidence(const QVector<Evidence>& evidence, const QString& title, const QString& detail)
{
    const AnalysisPtr a = currentAnalysis();
    m_evidenceDock->showEvidence(a, evidence, title, detail);
    // The timeline marks the evidence and zooms to it: kernel rows when there are some, else the
    // first device time range (idle gap, warm-up), else whatever the rows span.
    const Evidence* kernels = nullptr;
    const Evidence* range = nullptr;
    for (const Evidence& e : evidence) {
        if (!kernels && e.table == kKernelTable && !e.rows.empty())
            kernels = &e;
        if (!range && e.startNs >= 0 && e.endNs >= e.startNs)
            range = &e;
    }
    if (kernels)
        m_timelineDock->highlightKernels(kernels->rows);
    else if (range && range->deviceId >= 0)
        m_timelineDock->highlightRange(range->deviceId, range->startNs, range->endNs);
    else if (const auto [start, end] = m_evidenceDock->model()->span(); start >= 0)
        m_timelineDock->zoomTo(start, end);
    if (kernels) {
        m_kernelsDock->showKernels(
            kernels->rows, tr("%n evidence kernel(s) of “%1”", nullptr, int(kernels->rows.size())).arg(title));
        m_kernelsDock->show();
        m_kernelsDock->raise();
        return;
    }
    // Evidence in other tables (API calls, copies, graph launches) or time ranges: the Evidence dock holds it.
    m_evidenceDock->show();
    m_evidenceDock->raise();
}

void MainWindow::createExportActions(QMenu* file)
{
    file->addSeparator();
    QAction* report = file->addAction(tr("&Export Report…"));
    report->setToolTip(tr("Write report.md, report.json and tables/*.csv of the current trace and window"));
    connect(report, &QAction::triggered, this, [this] { exportCurrent(false); });
    QAction* tables = file->addAction(tr("Export &Tables (CSV)…"));
    connect(tables, &QAction::triggered, this, [this] { exportCurrent(true); });
    QAction* info = file->addAction(tr("Trace &Information…"));
    connect(info, &QAction::triggered, this, &MainWindow::showTraceInfo);
    file->addSeparator();
    QAction* preferences = file->addAction(tr("&Preferences…"));
    preferences->setShortcut(QKeySequence::Preferences);
    preferences->setMenuRole(QAction::PreferencesRole);
    connect(preferences, &QAction::triggered, this, [this] {
        auto* dialog = new PreferencesDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    connect(file, &QMenu::aboutToShow, this, [this, report, tables, info] {
        report->setEnabled(currentAnalysis() && !m_exporter->isBusy());
        tables->setEnabled(currentAnalysis() && !m_exporter->isBusy());
        info->setEnabled(m_current >= 0);
    });
    connect(m_exporter, &ReportExporter::started, m_statusLabel, &QLabel::setText);
    connect(m_exporter, &ReportExporter::finished, this, [this](bool ok, const QString& message) {
        if (ok)
            m_statusLabel->setText(message);
        else
            showError(message);
    });
}

void MainWindow::exportCurrent(bool tablesOnly)
{
    const AnalysisPtr analysis = currentAnalysis();
    if (!analysis || m_exporter->isBusy())
        return;
    const QString dir = QFileDialog::getExistingDirectory(this,
        tablesOnly ? tr("Export CSV Tables to Folder") : tr("Export Report to Folder"),
        Settings::instance()->lastDirectory());
    if (dir.isEmpty())
        return;
    Settings::instance()->setLastDirectory(dir);
    m_exporter->start(analysis, dir, tablesOnly ? ReportExporter::What::Tables : ReportExporter::What::Report);
}

void MainWindow::showTraceInfo()
{
    if (m_current < 0)
        return;
    auto* dialog = new TraceInfoDialog(m_session->entry(m_current).trace, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose); // closing cancels its row counting
    dialog->show();
}

void MainWindow::setProgressVisible(bool visible)
{
    m_progress->setVisible(visible);
    m_cancel->setVisible(visible);
}

void MainWindow::showError(const QString& message)
{
    m_statusLabel->setText(message);
    m_statusLabel->setToolTip(message);
    statusBar()->showMessage(message, 15000);
}

void MainWindow::addRecentFile(const QString& path) { Settings::instance()->addRecentFile(path); }

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = Settings::instance()->recentFiles();
    for (const QString& path : recent) {
        QAction* a = m_recentMenu->addAction(QFileInfo(path).fileName());
        a->setToolTip(path);
        connect(a, &QAction::triggered, this, [this, path] { openFiles({ path }); });
    }
    if (recent.isEmpty())
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    else {
        m_recentMenu->addSeparator();
        connect(m_recentMenu->addAction(tr("Clear")), &QAction::triggered, Settings::instance(),
            &Settings::clearRecentFiles);
    }
}

QString MainWindow::traceLabel(const Trace& trace) const
{
    QStringList gpus;
    for (const GpuInfo& g : trace.gpus)
        if (!gpus.contains(g.name))
            gpus << g.name;
    QString label = trace.info.fileName;
    if (!gpus.isEmpty())
        label += QStringLiteral(" — ") + gpus.join(QStringLiteral(", "));
    if (!trace.info.nsysVersion.isEmpty())
        label += QStringLiteral(" — ") + tr("nsys %1").arg(trace.info.nsysVersion);
    return label;
}

void MainWindow::updateTitle()
{
    const AnalysisPtr a = currentAnalysis();
    if (m_current < 0) {
        setWindowTitle(tr("Sightline"));
        m_windowLabel->clear();
        return;
    }
    setWindowTitle(tr("%1 — Sightline").arg(m_session->entry(m_current).trace->info.fileName));
    if (!a) {
        m_windowLabel->clear();
        return;
    }
    const qint64 origin = a->trace->firstNs;
    QString text = tr("Window: %1 – %2 (%3)")
                       .arg(formatDuration(a->window.startNs - origin), formatDuration(a->window.endNs - origin),
                           AnalysisWindow::kindName(a->window.kind));
    if (!m_scope.isAll())
        text += tr(" · focus: %1").arg(m_scope.label());
    m_windowLabel->setText(text);
}

QList<QPair<QString, QHeaderView*>> MainWindow::headers() const
{
    return { { QStringLiteral("kernels.summary"), m_kernelsDock->summaryView()->horizontalHeader() },
        { QStringLiteral("kernels.instances"), m_kernelsDock->instanceView()->horizontalHeader() },
        { QStringLiteral("findings"), m_findingsDock->view()->horizontalHeader() },
        { QStringLiteral("processes"), m_processesDock->view()->header() },
        { QStringLiteral("evidence"), m_evidenceDock->view()->horizontalHeader() },
        { QStringLiteral("comparison.figures"), m_comparisonDock->figureView()->horizontalHeader() },
        { QStringLiteral("comparison.kernels"), m_comparisonDock->kernelView()->horizontalHeader() },
        { QStringLiteral("comparison.changes"), m_comparisonDock->changeView()->horizontalHeader() } };
}

void MainWindow::saveLayout() const
{
    Settings* settings = Settings::instance();
    settings->setWindowGeometry(saveGeometry());
    settings->setWindowState(saveState(kLayoutVersion), kLayoutVersion);
    for (const auto& [key, header] : headers())
        settings->setHeaderState(key, header->saveState(), kLayoutVersion);
}

bool MainWindow::restoreLayout()
{
    const Settings* settings = Settings::instance();
    const QByteArray geometry = settings->windowGeometry();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    for (const auto& [key, header] : headers())
        if (const QByteArray state = settings->headerState(key, kLayoutVersion); !state.isEmpty())
            header->restoreState(state);
    const QByteArray state = settings->windowState(kLayoutVersion);
    return !state.isEmpty() && restoreState(state, kLayoutVersion);
}

void MainWindow::resetLayout()
{
    restoreState(m_defaultState, kLayoutVersion);
    for (QDockWidget* d : docks())
        d->show();
    m_processesDock->raise();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    saveLayout();
    cancelLoading();
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        for (const QUrl& url : event->mimeData()->urls())
            if (url.isLocalFile()) {
                event->acceptProposedAction();
                return;
            }
}

void MainWindow::dropEvent(QDropEvent* event)
{
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    openFiles(paths);
}

} // namespace sl
