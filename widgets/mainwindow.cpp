// SPDX-License-Identifier: MIT
#include "widgets/mainwindow.h"

#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"
#include "widgets/dialogs/preferencesdialog.h"
#include "widgets/dialogs/traceinfodialog.h"
#include "widgets/docks/findingsdock.h"
#include "widgets/docks/kernelsdock.h"
#include "widgets/docks/processesdock.h"
#include "widgets/reportexporter.h"
#include "widgets/settings.h"

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
    , m_kernelsDock(new KernelsDock(this))
    , m_findingsDock(new FindingsDock(this))
    , m_processesDock(new ProcessesDock(this))
    , m_traceSelector(new QComboBox(this))
    , m_statusLabel(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_cancel(new QToolButton(this))
    , m_exporter(new ReportExporter(this))
{
    setObjectName(QStringLiteral("mainwindow"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    resize(1280, 800);

    auto* placeholder = new QLabel(tr("Open an Nsight Systems SQLite export (File › Open, or drop it here)."), this);
    placeholder->setAlignment(Qt::AlignCenter);
    placeholder->setWordWrap(true);
    setCentralWidget(placeholder);
    centralWidget()->hide(); // the docks take the whole window
    addDockWidget(Qt::LeftDockWidgetArea, m_kernelsDock);
    addDockWidget(Qt::RightDockWidgetArea, m_findingsDock);
    addDockWidget(Qt::RightDockWidgetArea, m_processesDock);
    splitDockWidget(m_findingsDock, m_processesDock, Qt::Vertical);

    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(220);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop loading"));
    statusBar()->addWidget(m_statusLabel, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    setProgressVisible(false);

    createActions();

    connect(m_cancel, &QToolButton::clicked, this, &MainWindow::cancelLoading);
    connect(&m_loadWatcher, &QFutureWatcherBase::progressValueChanged, m_progress, &QProgressBar::setValue);
    connect(&m_loadWatcher, &QFutureWatcherBase::progressTextChanged, this, [this](const QString& stage) {
        m_statusLabel->setText(tr("Loading %1: %2").arg(QFileInfo(m_loadingPath).fileName(), stage));
    });
    connect(m_findingsDock, &FindingsDock::evidenceActivated, this, &MainWindow::showEvidence);
    connect(m_traceSelector, &QComboBox::currentIndexChanged, this, &MainWindow::setCurrentTrace);

    m_defaultState = saveState(kLayoutVersion);
    restoreLayout();
}

MainWindow::~MainWindow()
{
    // Do not leave loader threads running against a destroyed window's watchers.
    m_pending.clear();
    m_loadWatcher.cancel();
    m_loadWatcher.waitForFinished();
    m_analysisWatcher.cancel();
    m_analysisWatcher.waitForFinished();
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"));
    open->setShortcut(QKeySequence::Open);
    connect(open, &QAction::triggered, this, [this] {
        const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open Nsight Systems exports"),
            Settings::instance()->lastDirectory(), tr("Nsight Systems SQLite exports (*.sqlite *.db);;All files (*)"));
        if (!paths.isEmpty())
            Settings::instance()->setLastDirectory(QFileInfo(paths.front()).absolutePath());
        openFiles(paths);
    });
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
    createExportActions(file);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"));
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &QWidget::close);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_kernelsDock->toggleViewAction());
    view->addAction(m_findingsDock->toggleViewAction());
    view->addAction(m_processesDock->toggleViewAction());
    view->addSeparator();
    QAction* reset = view->addAction(tr("&Reset Layout"));
    connect(reset, &QAction::triggered, this, &MainWindow::resetLayout);

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
    const qsizetype before = m_pending.size();
    for (const QString& p : paths)
        if (!p.isEmpty())
            m_pending << QFileInfo(p).absoluteFilePath();
    if (m_pending.size() > before)
        m_showNextLoaded = true; // the first trace of this request replaces the shown one once analysed
    if (!m_loading && !m_analysing)
        startNextLoad();
}

bool MainWindow::isBusy() const { return m_loading || m_analysing || !m_pending.isEmpty(); }

void MainWindow::startNextLoad()
{
    if (m_pending.isEmpty()) {
        setProgressVisible(false);
        emit idle();
        return;
    }
    m_loadingPath = m_pending.takeFirst();
    m_loading = true;
    const quint64 token = ++m_token;
    m_progress->setValue(0);
    m_statusLabel->setText(tr("Loading %1…").arg(QFileInfo(m_loadingPath).fileName()));
    setProgressVisible(true);
    disconnect(m_loadFinished);
    m_loadFinished
        = connect(&m_loadWatcher, &QFutureWatcherBase::finished, this, [this, token] { onLoadFinished(token); });
    m_loadWatcher.setFuture(TraceLoader::load(m_loadingPath));
}

void MainWindow::cancelLoading()
{
    m_pending.clear();
    if (m_loading)
        m_loadWatcher.cancel();
    if (m_analysing)
        m_analysisWatcher.cancel();
    m_statusLabel->setText(tr("Cancelling…"));
}

void MainWindow::onLoadFinished(quint64 token)
{
    if (token != m_token)
        return; // stale
    m_loading = false;
    const QString path = m_loadingPath;
    const QFuture<LoadOutcome> future = m_loadWatcher.future();
    if (future.isCanceled() || future.resultCount() == 0) {
        m_statusLabel->setText(tr("Loading %1 cancelled.").arg(QFileInfo(path).fileName()));
        startNextLoad();
        return;
    }
    const LoadOutcome out = future.result();
    if (!out.ok()) {
        if (out.error == LoadError::Cancelled) {
            m_statusLabel->setText(tr("Loading %1 cancelled.").arg(QFileInfo(path).fileName()));
        } else {
            showError(out.message);
            emit loadFailed(path, out.message);
        }
        startNextLoad();
        return;
    }
    addRecentFile(path);
    m_traces.push_back({ out.trace, nullptr });
    const int index = int(m_traces.size()) - 1;
    {
        const QSignalBlocker block(m_traceSelector);
        m_traceSelector->addItem(traceLabel(*out.trace));
        m_traceSelector->setItemData(index, out.trace->info.filePath, Qt::ToolTipRole);
    }

    m_analysing = true;
    m_statusLabel->setText(tr("Analysing %1…").arg(out.trace->info.fileName));
    m_progress->setRange(0, 0);
    const quint64 analysisToken = ++m_token;
    disconnect(m_analysisFinished);
    m_analysisFinished = connect(&m_analysisWatcher, &QFutureWatcherBase::finished, this,
        [this, analysisToken, index] { onAnalysisFinished(analysisToken, index); });
    m_analysisWatcher.setFuture(Analyzer::analyzeAsync(out.trace, AnalysisOptions {}));
}

void MainWindow::onAnalysisFinished(quint64 token, int traceIndex)
{
    if (token != m_token)
        return;
    m_analysing = false;
    m_progress->setRange(0, 1000);
    const QFuture<AnalysisPtr> future = m_analysisWatcher.future();
    AnalysisPtr analysis = !future.isCanceled() && future.resultCount() > 0 ? future.result() : nullptr;
    if (!analysis) {
        m_statusLabel->setText(tr("Analysis of %1 cancelled.").arg(m_traces[traceIndex].trace->info.fileName));
    } else {
        m_traces[traceIndex].analysis = std::move(analysis);
        m_statusLabel->setText(tr("%1: %n kernel(s), %2 finding(s).", nullptr,
            int(qMin<qint64>(m_traces[traceIndex].analysis->kernelCount, INT_MAX)))
                                   .arg(m_traces[traceIndex].trace->info.fileName)
                                   .arg(m_traces[traceIndex].analysis->findings.size()));
    }
    const bool show = m_current < 0 || m_current == traceIndex || (m_showNextLoaded && m_traces[traceIndex].analysis);
    if (m_traces[traceIndex].analysis)
        m_showNextLoaded = false;
    if (show) {
        if (m_traceSelector->currentIndex() == traceIndex)
            setCurrentTrace(traceIndex); // refresh: the analysis arrived for the shown trace
        else
            m_traceSelector->setCurrentIndex(traceIndex); // → setCurrentTrace
    }
    if (m_traces[traceIndex].analysis)
        emit analysisReady(traceIndex);
    startNextLoad();
}

void MainWindow::setCurrentTrace(int index)
{
    if (index < 0 || index >= m_traces.size())
        return;
    m_current = index;
    if (m_traceSelector->currentIndex() != index) {
        const QSignalBlocker block(m_traceSelector);
        m_traceSelector->setCurrentIndex(index);
    }
    const AnalysisPtr& a = m_traces[index].analysis;
    m_kernelsDock->setAnalysis(a);
    m_findingsDock->setAnalysis(a);
    m_processesDock->setAnalysis(a);
    updateTitle();
}

AnalysisPtr MainWindow::currentAnalysis() const { return m_current >= 0 ? m_traces[m_current].analysis : nullptr; }

void MainWindow::showEvidence(int findingIndex)
{
    const AnalysisPtr a = currentAnalysis();
    if (!a || findingIndex < 0 || findingIndex >= a->findings.size())
        return;
    const Finding& f = a->findings[findingIndex];
    for (const Evidence& e : f.evidence) {
        if (e.table == kKernelTable && !e.rows.empty()) {
            m_kernelsDock->showKernels(
                e.rows, tr("%n evidence kernel(s) of “%1”", nullptr, int(e.rows.size())).arg(f.title));
            m_kernelsDock->show();
            m_kernelsDock->raise();
            return;
        }
    }
    statusBar()->showMessage(
        tr("“%1” has no kernel rows to show; use Copy SQL to inspect its evidence.").arg(f.title), 8000);
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
    auto* dialog = new TraceInfoDialog(m_traces[m_current].trace, this);
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
    if (m_current < 0)
        setWindowTitle(tr("Sightline"));
    else
        setWindowTitle(tr("%1 — Sightline").arg(m_traces[m_current].trace->info.fileName));
}

QList<QPair<QString, QHeaderView*>> MainWindow::headers() const
{
    return { { QStringLiteral("kernels.summary"), m_kernelsDock->summaryView()->horizontalHeader() },
        { QStringLiteral("kernels.instances"), m_kernelsDock->instanceView()->horizontalHeader() },
        { QStringLiteral("findings"), m_findingsDock->view()->horizontalHeader() },
        { QStringLiteral("processes"), m_processesDock->view()->header() } };
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
    for (QDockWidget* d : { static_cast<QDockWidget*>(m_kernelsDock), static_cast<QDockWidget*>(m_findingsDock),
             static_cast<QDockWidget*>(m_processesDock) })
        d->show();
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
