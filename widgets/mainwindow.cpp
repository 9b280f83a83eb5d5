// SPDX-License-Identifier: MIT
#include "widgets/mainwindow.h"

#include "core/io/nvmlcsvreader.h"
#include "core/io/tracecache.h"
#include "core/report/efficiencyreport.h"
#include "core/session/tracesession.h"
#include "core/timeline/timelinecache.h"
#include "core/util/format.h"
#include "core/util/nativepath.h"
#include "widgets/analysisfiles.h"
#include "widgets/cluster/clusterwindow.h"
#include "widgets/comparisonroster.h"
#include "widgets/dialogs/preferencesdialog.h"
#include "widgets/dialogs/traceinfodialog.h"
#include "widgets/docks/anatomydock.h"
#include "widgets/docks/comparisondock.h"
#include "widgets/docks/countersdock.h"
#include "widgets/docks/efficiencydock.h"
#include "widgets/docks/evidencedock.h"
#include "widgets/docks/findingsdock.h"
#include "widgets/docks/iterationsdock.h"
#include "widgets/docks/kernelsdock.h"
#include "widgets/docks/nvtxphasesdock.h"
#include "widgets/docks/overviewdock.h"
#include "widgets/docks/processesdock.h"
#include "widgets/docks/searchdock.h"
#include "widgets/docks/servingdock.h"
#include "widgets/docks/timelinedock.h"
#include "widgets/evidencerouter.h"
#include "widgets/recentfilesmenu.h"
#include "widgets/reportexporter.h"
#include "widgets/sessionstatus.h"
#include "widgets/settings.h"
#include "widgets/timeline/nvtxview.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/tracelabel.h"
#include "widgets/viewcontext.h"
#include "widgets/viewstate.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMimeData>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUrl>

namespace sl {

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
    , m_efficiencyDock(new EfficiencyDock(this))
    , m_countersDock(new CountersDock(this))
    , m_context(new ViewContext(this))
    , m_roster(new ComparisonRoster(m_session, this))
    , m_evidenceRouter(new EvidenceRouter(m_evidenceDock, m_kernelsDock, m_timelineDock, this))
    , m_status(new SessionStatus(m_session, statusBar(), this))
    , m_analysisFiles(new AnalysisFiles(m_session, this))
    , m_traceSelector(new QComboBox(this))
    , m_exporter(new ReportExporter(this))
{
    setObjectName(QStringLiteral("mainwindow"));
    m_servingDock = new ServingDock(this);
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    resize(1600, 1000);

    auto* placeholder = new QLabel(tr("Open an Nsight Systems SQLite export (File › Open, or drop it here)."), this);
    placeholder->setAlignment(Qt::AlignCenter);
    placeholder->setWordWrap(true);
    setCentralWidget(placeholder);
    centralWidget()->hide(); // the docks take the whole window
    arrangeDocks();
    createActions();

    connectSession();
    connectDocks();
    connectFitTimeDocks();

    m_defaultState = saveState(kLayoutVersion);
    restoreLayout();
}

void MainWindow::arrangeDocks()
{
    // The timeline spans the top (NVTX phases under it, on the same time axis); tables below.
    addViewDock(m_timelineDock, Qt::TopDockWidgetArea);
    addViewDock(m_nvtxDock, Qt::TopDockWidgetArea);
    splitDockWidget(m_timelineDock, m_nvtxDock, Qt::Vertical);
    addViewDock(m_kernelsDock, Qt::LeftDockWidgetArea);
    addViewDock(m_findingsDock, Qt::RightDockWidgetArea);
    addViewDock(m_processesDock, Qt::RightDockWidgetArea);
    splitDockWidget(m_findingsDock, m_processesDock, Qt::Vertical);
    addViewDock(m_evidenceDock, Qt::RightDockWidgetArea, m_processesDock);
    addViewDock(m_servingDock, Qt::LeftDockWidgetArea, m_kernelsDock);
    addViewDock(m_efficiencyDock, Qt::RightDockWidgetArea, m_processesDock);
    addViewDock(m_countersDock, Qt::RightDockWidgetArea, m_processesDock);
    addViewDock(m_comparisonDock, Qt::LeftDockWidgetArea, m_kernelsDock);
    // The charts share the wide bottom-left area with the tables: on a 768-px screen the right
    // column has room for the findings and one table dock only.
    addViewDock(m_overviewDock, Qt::LeftDockWidgetArea, m_kernelsDock);
    m_searchDock = new SearchDock(this);
    addViewDock(m_searchDock, Qt::RightDockWidgetArea, m_processesDock);
    m_anatomyDock = new AnatomyDock(this);
    addViewDock(m_anatomyDock, Qt::LeftDockWidgetArea, m_kernelsDock);
    m_iterationsDock = new IterationsDock(this);
    addViewDock(m_iterationsDock, Qt::LeftDockWidgetArea, m_kernelsDock);
    m_processesDock->raise();
    m_kernelsDock->raise();
    resizeDocks({ m_timelineDock, m_nvtxDock }, { 290, 230 }, Qt::Vertical);
    resizeDocks({ m_kernelsDock, m_findingsDock }, { 900, 700 }, Qt::Horizontal);
}

void MainWindow::addViewDock(ViewDock* dock, Qt::DockWidgetArea area, QDockWidget* tabWith)
{
    if (tabWith)
        tabifyDockWidget(tabWith, dock);
    else
        addDockWidget(area, dock);
    dock->attach(m_context);
    m_docks.append(dock);
}

void MainWindow::connectSession()
{
    connect(m_session, &TraceSession::traceAdded, this, &MainWindow::onTraceAdded);
    connect(m_session, &TraceSession::analysisReady, this, &MainWindow::onAnalysisReady);
    connect(m_session, &TraceSession::traceRemoved, this, &MainWindow::onTraceRemoved);
    connect(m_session, &TraceSession::loadFailed, this, &MainWindow::loadFailed);
    connect(m_session, &TraceSession::idle, this, &MainWindow::idle);
    // The Timeline and NVTX docks' lanes are built while the analysis finishes, not after it.
    m_session->setTimelinePrefetch(true);
    // A closed trace's timeline data would keep it alive in the shared cache.
    connect(m_session, &TraceSession::traceClosing, this,
        [](const TracePtr& trace) { TimelineCache::shared().forget(trace.get()); });
    connect(m_roster, &ComparisonRoster::changed, m_comparisonDock, &ComparisonDock::setAnalyses);
    connect(m_analysisFiles, &AnalysisFiles::failed, m_status, &SessionStatus::showError);
    if (QString error; !m_analysisFiles->applyDefaults(&error))
        m_status->showError(error); // analyses use the built-in phase map and taxonomy meanwhile
    // .nsys-rep/.qdrep: which nsys made the export, or that the cached one was reused.
    m_session->setNsysPath(Settings::instance()->nsysPath());
    connect(Settings::instance(), &Settings::nsysPathChanged, m_session, &TraceSession::setNsysPath);
    applyCacheSettings();
    connect(Settings::instance(), &Settings::traceCacheChanged, this, &MainWindow::applyCacheSettings);
    connect(m_session, &TraceSession::notice, m_status, &SessionStatus::showMessage);
}

void MainWindow::connectDocks()
{
    // Every dock's evidence request arrives here, through the view context (ViewDock::attach).
    connect(m_context, &ViewContext::evidenceRequested, this, &MainWindow::requestEvidence);
    connect(m_processesDock, &ProcessesDock::scopeChanged, this, &MainWindow::setScope);
    connect(m_countersDock, &CountersDock::importNcuRequested, this, &MainWindow::chooseNcuImport);
    connect(m_countersDock, &CountersDock::importNvmlRequested, this, &MainWindow::chooseNvmlImport);
    connect(m_comparisonDock, &ComparisonDock::exportFinished, this,
        [this](bool, const QString& message) { m_status->showMessage(message); });
    const auto requestWindow = [this](qint64 startNs, qint64 endNs) {
        WindowSpec w;
        w.kind = AnalysisWindow::Kind::Custom;
        w.startNs = startNs;
        w.endNs = endNs;
        setAnalysisWindow(w);
    };
    connect(m_timelineDock, &TimelineDock::windowRequested, this, requestWindow);
    connect(m_nvtxDock, &NvtxPhasesDock::windowRequested, this, requestWindow);
    connect(m_evidenceDock, &EvidenceDock::zoomRequested, this, [this](qint64 startNs, qint64 endNs) {
        if (startNs >= 0 && endNs >= startNs) {
            m_timelineDock->zoomTo(startNs, endNs);
            m_timelineDock->raise();
        }
    });
    connect(m_overviewDock, &OverviewDock::statusMessage, m_status, &SessionStatus::showMessage);
    connect(m_traceSelector, &QComboBox::currentIndexChanged, this, &MainWindow::setCurrentTrace);
    connect(m_timelineDock->view(), &TimeCanvas::dataReady, this, &MainWindow::fitTimeDocks);
}

void MainWindow::chooseNcuImport()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Nsight Compute results"), QString(),
        tr("Nsight Compute results (*.csv *.ncu-rep);;All files (*)"));
    if (!path.isEmpty() && m_current >= 0)
        importCounters(path, m_session->entry(m_current).nvmlCsv, m_session->entry(m_current).nvmlColumns);
}

void MainWindow::chooseNvmlImport()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import NVML samples"), QString(), tr("CSV files (*.csv);;All files (*)"));
    QStringList columns;
    if (!path.isEmpty() && m_current >= 0 && askNvmlColumns(path, &columns))
        importCounters(m_session->entry(m_current).ncuFile, path, columns);
}

void MainWindow::connectFitTimeDocks()
{
    // Fitted while traces load (lanes arrive per trace), once more when all are in, then left to the user.
    connect(m_session, &TraceSession::traceAdded, this, [this] { m_fitTimeDocks = true; });
    connect(m_session, &TraceSession::idle, this, [this] {
        QTimer::singleShot(0, this, [this] {
            fitTimeDocks();
            m_fitTimeDocks = false;
        });
    });
}

MainWindow::~MainWindow() = default; // the session waits for its worker threads

QList<QDockWidget*> MainWindow::docks() const { return m_docks; }

ScopeFilter MainWindow::scope() const { return m_context->scope(); }

void MainWindow::createActions()
{
    createFileMenu();
    QMenu* view = createViewMenu();
    createAnalysisMenu();
    QToolBar* traces = addToolBar(tr("Traces"));
    traces->setObjectName(QStringLiteral("toolbar.traces"));
    traces->addWidget(new QLabel(tr("Trace:"), traces));
    m_traceSelector->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_traceSelector->setMinimumContentsLength(30);
    m_traceSelector->setToolTip(tr("Which loaded trace the docks show"));
    traces->addWidget(m_traceSelector);
    view->addAction(traces->toggleViewAction());
}

void MainWindow::createFileMenu()
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
    QAction* cluster = file->addAction(tr("Open &Cluster Run…"));
    cluster->setToolTip(tr("A folder of one run's per-rank exports or digests: the straggler, waits and skew"));
    connect(cluster, &QAction::triggered, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(
            this, tr("Open a folder of per-rank exports or digests"), Settings::instance()->lastDirectory());
        if (dir.isEmpty())
            return;
        openClusterRun(dir);
    });
    QAction* clusterExport = file->addAction(tr("Open Cluster Run of One E&xport…"));
    clusterExport->setToolTip(tr("One export of a single-node run profiled as one (nsys profile torchrun "
                                 "--nproc_per_node=N): each process that ran NCCL kernels is a rank"));
    connect(clusterExport, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open an export of several ranks"),
            Settings::instance()->lastDirectory(), tr("Nsight Systems SQLite exports (*.sqlite);;All files (*)"));
        if (!path.isEmpty())
            openClusterRun(path);
    });
    auto* recent = new RecentFilesMenu(this);
    file->addMenu(recent);
    connect(recent, &RecentFilesMenu::fileChosen, this, [this](const QString& path) { openFiles({ path }); });
    QAction* close = file->addAction(tr("&Close Trace"));
    close->setShortcut(QKeySequence::Close);
    connect(close, &QAction::triggered, this, [this] { closeTrace(m_current); });
    createExportActions(file);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"));
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &QWidget::close);
}

QMenu* MainWindow::createViewMenu()
{
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
    return view;
}

void MainWindow::createAnalysisMenu()
{
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
    analysis->addSeparator();
    QAction* phaseMap = analysis->addAction(tr("&Phase Map…"));
    phaseMap->setToolTip(tr("Analyse this trace with a phase map file (JSON) instead of the default"));
    connect(phaseMap, &QAction::triggered, this, [this] { chooseTraceFile(true); });
    QAction* taxonomy = analysis->addAction(tr("Kernel &Taxonomy…"));
    taxonomy->setToolTip(tr("Analyse this trace with extra kernel taxonomy rules (JSON)"));
    connect(taxonomy, &QAction::triggered, this, [this] { chooseTraceFile(false); });
    QAction* defaults = analysis->addAction(tr("&Default Phase Map and Taxonomy"));
    defaults->setToolTip(tr("Analyse this trace with the files set in Preferences again"));
    connect(defaults, &QAction::triggered, this, [this] {
        QString error;
        if (!m_analysisFiles->setTracePhaseMap(m_current, {}, &error)
            || !m_analysisFiles->setTraceTaxonomy(m_current, {}, &error))
            m_status->showError(error);
    });
    connect(analysis, &QMenu::aboutToShow, this, [this, phaseMap, taxonomy, defaults] {
        for (QAction* a : { phaseMap, taxonomy, defaults })
            a->setEnabled(m_current >= 0);
    });
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

ClusterWindow* MainWindow::openClusterRun(const QString& input)
{
    auto* window = new ClusterWindow(input, m_session->cacheDir(), m_session->cacheCapBytes(), this);
    connect(window, &ClusterWindow::exportRequested, this, [this](const QString& path) { openFiles({ path }); });
    connect(window, &ClusterWindow::evidenceRequested, this, [this](const QString& path, qint64 from, qint64 to) {
        // Once that export is analysed (and shown), scroll its timeline to the evidence window.
        auto* once = new QObject(this);
        connect(this, &MainWindow::analysisReady, once, [this, once, path, from, to](int index) {
            if (QFileInfo(m_session->entry(index).sourcePath) != QFileInfo(path))
                return;
            setCurrentTrace(index);
            m_timelineDock->zoomTo(from, to);
            m_timelineDock->raise();
            once->deleteLater();
        });
        openFiles({ path });
    });
    window->show();
    return window;
}

bool MainWindow::isBusy() const { return m_session->isBusy(); }

void MainWindow::cancelLoading() { m_status->cancel(); }

int MainWindow::traceCount() const { return m_session->count(); }

void MainWindow::onTraceAdded(int index)
{
    const Trace& trace = *m_session->entry(index).trace;
    Settings::instance()->addRecentFile(m_session->entry(index).sourcePath);
    const QSignalBlocker block(m_traceSelector);
    m_traceSelector->addItem(TraceLabel::of(trace));
    m_traceSelector->setItemData(index, trace.info.filePath, Qt::ToolTipRole);
}

void MainWindow::onAnalysisReady(int index)
{
    const TraceSession::Entry& e = m_session->entry(index);
    // The selector's tooltip: the file, then busy split into compute and copies per GPU.
    m_traceSelector->setItemData(index,
        QString(e.trace->info.filePath + QLatin1Char('\n') + EfficiencyReport::headline(*e.analysis)), Qt::ToolTipRole);
    if (m_current < 0 || m_current == index || m_showNextLoaded) {
        m_showNextLoaded = false;
        if (m_current == index)
            showCurrent(); // the analysis of the shown trace was replaced (new window, new options)
        else
            setCurrentTrace(index);
    }
    emit analysisReady(index);
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
}

void MainWindow::setCurrentTrace(int index)
{
    if (index < 0 || index >= m_session->count())
        return;
    if (m_traceSelector->currentIndex() != index) {
        const QSignalBlocker block(m_traceSelector);
        m_traceSelector->setCurrentIndex(index);
    }
    if (index == m_current) {
        showCurrent();
        return;
    }
    m_current = index;
    m_context->show(currentAnalysis(), ScopeFilter {}); // a focus names processes of one trace
    updateTitle();
}

void MainWindow::setTraceCacheAllowed(bool allowed)
{
    m_cacheAllowed = allowed;
    applyCacheSettings();
}

void MainWindow::applyCacheSettings()
{
    const Settings* s = Settings::instance();
    const bool on = m_cacheAllowed && s->traceCacheEnabled();
    m_session->setCache(on ? TraceCache::defaultDir() : QString(), qint64(s->traceCacheLimitGiB()) << 30);
}

void MainWindow::closeTrace(int index)
{
    if (index < 0 || index >= m_session->count())
        return;
    m_session->close(index);
}

void MainWindow::showCurrent()
{
    m_context->show(currentAnalysis(), m_context->scope()); // every dock follows (ViewDock::attach)
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
    m_context->setScope(scope);
    updateTitle();
}

void MainWindow::showEvidence(int findingIndex)
{
    const AnalysisPtr a = currentAnalysis();
    if (!a || findingIndex < 0 || findingIndex >= a->findings.size())
        return;
    const Finding& f = a->findings[findingIndex];
    requestEvidence({ f.evidence, f.title, f.summary, nullptr, false });
}

void MainWindow::requestEvidence(const EvidenceRequest& request)
{
    if (request.analysis) {
        // Rows of a trace that may not be the current one: find it in the session by its trace.
        int index = -1;
        for (int i = 0; i < m_session->count() && index < 0; ++i)
            if (m_session->entry(i).trace == request.analysis->trace)
                index = i;
        if (index < 0)
            return; // closed since
        if (index != m_current)
            setCurrentTrace(index);
    }
    if (const AnalysisPtr a = currentAnalysis())
        m_evidenceRouter->show(a, request);
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

bool MainWindow::askNvmlColumns(const QString& path, QStringList* columns)
{
    if (NvmlCsvReader::hasHeaderRow(path).value_or(true))
        return true; // a header names the columns (an unreadable file gets its message from the import)
    bool ok = false;
    const QString text = QInputDialog::getText(this, tr("Columns of the NVML samples"),
        tr("%1 has no header row (nvidia-smi --format=csv,noheader). Its columns, in order, as the --query-gpu "
           "list it was written with:")
            .arg(NativePath::displayName(path)),
        QLineEdit::Normal, QStringLiteral("timestamp,index,power.draw,utilization.gpu,memory.used"), &ok);
    if (!ok)
        return false;
    for (const QString& c : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        columns->append(c.trimmed());
    return true;
}

void MainWindow::importCounters(const QString& ncuFile, const QString& nvmlCsv, const QStringList& nvmlColumns)
{
    if (m_current < 0 || m_current >= m_session->count())
        return;
    m_session->setImports(m_current, ncuFile, nvmlCsv, nvmlColumns);
    m_countersDock->show();
    m_countersDock->raise();
}

void MainWindow::createExportActions(QMenu* file)
{
    file->addSeparator();
    QAction* report = file->addAction(tr("&Export Report…"));
    report->setToolTip(tr("Write report.md, report.json and tables/*.csv of the current trace and window"));
    connect(report, &QAction::triggered, this, [this] { exportCurrent(false); });
    QAction* tables = file->addAction(tr("Export &Tables (CSV)…"));
    connect(tables, &QAction::triggered, this, [this] { exportCurrent(true); });
    QAction* ncu = file->addAction(tr("Import Nsight &Compute Results…"));
    ncu->setToolTip(tr("Line up ncu --csv --page raw/details output (or a .ncu-rep) with the current trace"));
    connect(ncu, &QAction::triggered, this, &MainWindow::chooseNcuImport);
    QAction* ncuFolder = file->addAction(tr("Import Nsight Compute &Folder…"));
    ncuFolder->setToolTip(tr("Line up every ncu CSV or .ncu-rep below a folder (one file per profiled kernel) "
                             "with the current trace"));
    connect(ncuFolder, &QAction::triggered, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Import Nsight Compute results from a folder"));
        if (!dir.isEmpty() && m_current >= 0)
            importCounters(dir, m_session->entry(m_current).nvmlCsv, m_session->entry(m_current).nvmlColumns);
    });
    QAction* nvml = file->addAction(tr("Import &NVML Samples…"));
    nvml->setToolTip(tr("Align a CSV of NVML samples (clocks, power, utilisation) with the current trace"));
    connect(nvml, &QAction::triggered, this, &MainWindow::chooseNvmlImport);
    QAction* cublas = file->addAction(tr("Import c&uBLAS Log…"));
    cublas->setToolTip(tr("Read the GEMM shapes of a cuBLAS or cuBLASLt API log of the same run and match them to "
                          "the current trace's GEMM launches"));
    connect(cublas, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Import a cuBLAS or cuBLASLt log"), QString(), tr("Logs (*.log *.txt);;All files (*)"));
        if (!path.isEmpty() && m_current >= 0 && m_current < m_session->count())
            m_session->setCublasLog(m_current, path);
    });
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
    connect(m_exporter, &ReportExporter::started, m_status, &SessionStatus::setText);
    connect(m_exporter, &ReportExporter::finished, this, [this](bool ok, const QString& message) {
        if (ok)
            m_status->setText(message);
        else
            m_status->showError(message);
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

void MainWindow::chooseTraceFile(bool phaseMap)
{
    if (m_current < 0)
        return;
    const QString current
        = phaseMap ? m_analysisFiles->phaseMapFor(m_current) : m_analysisFiles->taxonomyFor(m_current);
    const QString path = QFileDialog::getOpenFileName(this,
        phaseMap ? tr("Phase Map for This Trace") : tr("Kernel Taxonomy for This Trace"),
        current.isEmpty() ? Settings::instance()->lastDirectory() : current, tr("JSON files (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    const bool ok = phaseMap ? m_analysisFiles->setTracePhaseMap(m_current, path, &error)
                             : m_analysisFiles->setTraceTaxonomy(m_current, path, &error);
    if (!ok)
        m_status->showError(error);
}

void MainWindow::showTraceInfo()
{
    if (m_current < 0)
        return;
    auto* dialog = new TraceInfoDialog(m_session->entry(m_current).trace, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose); // closing cancels its row counting
    dialog->show();
}

void MainWindow::updateTitle()
{
    const AnalysisPtr a = currentAnalysis();
    if (m_current < 0) {
        setWindowTitle(tr("Sightline"));
        m_status->setWindowText({});
        return;
    }
    setWindowTitle(tr("%1 — Sightline").arg(m_session->entry(m_current).trace->info.fileName));
    if (!a) {
        m_status->setWindowText({});
        return;
    }
    const qint64 origin = a->trace->firstNs;
    QString text = tr("Window: %1 – %2 (%3)")
                       .arg(formatDuration(a->window.startNs - origin), formatDuration(a->window.endNs - origin),
                           AnalysisWindow::kindName(a->window.kind));
    if (!scope().isAll())
        text += tr(" · focus: %1").arg(scope().label());
    m_status->setWindowText(text);
}

void MainWindow::saveLayout() const { ViewState::save(*this, kLayoutVersion); }

bool MainWindow::restoreLayout() { return ViewState::restore(*this, kLayoutVersion); }

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
