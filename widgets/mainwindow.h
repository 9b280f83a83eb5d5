// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/models/evidencerequest.h"
#include "core/models/scopefilter.h"

#include <QMainWindow>
#include <QStringList>

class QComboBox;
class QMenu;

namespace sl {

class ClusterWindow;

class AnalysisFiles;
class AnatomyDock;
class IterationsDock;
class ComparisonDock;
class ComparisonRoster;
class EvidenceDock;
class EvidenceRouter;
class FindingsDock;
class KernelsDock;
class NvtxPhasesDock;
class EfficiencyDock;
class CountersDock;
class TimelineDock;
class OverviewDock;
class ProcessesDock;
class ServingDock;
class SearchDock;
class ReportExporter;
class SessionStatus;
class TraceSession;
class ViewContext;
class ViewDock;
struct WindowSpec;

/// Builds the docks and actions and wires them to the TraceSession, which loads and analyses
/// traces on worker threads. The docks subscribe to one ViewContext (the current analysis, the
/// process/thread/GPU/stream focus, the time viewport), which the window sets, and ask for
/// evidence through it (EvidenceRequest), which the window routes. The jobs around it live in their own classes:
/// SessionStatus (status bar), RecentFilesMenu, ViewState (layout and table headers),
/// ComparisonRoster (what is compared, labelled by the CLI's rule), EvidenceRouter, TraceLabel.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    static constexpr int kLayoutVersion = 9; ///< bump when the set of docks changes

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Queues the files for loading; the first one loaded becomes current when none is.
    void openFiles(const QStringList& paths);
    /// The Cluster view of a folder of per-rank exports or digests (File › Open Cluster Run…), or
    /// of one export of several ranks (File › Open Cluster Run of One Export…); its ranks and
    /// evidence open here, evidence scrolled to its window.
    ClusterWindow* openClusterRun(const QString& input);
    void cancelLoading();
    bool isBusy() const;

    int traceCount() const;
    int currentTrace() const { return m_current; }
    void setCurrentTrace(int index);
    void closeTrace(int index);
    AnalysisPtr currentAnalysis() const;
    /// Shows the evidence of a finding of the current analysis: every row in the Evidence dock,
    /// kernel rows selected in the Kernels dock (requestEvidence).
    void showEvidence(int findingIndex);
    /// Routes a dock's request (EvidenceRouter): first makes the request's trace current when it
    /// names another one (a comparison's link), then shows its rows.
    void requestEvidence(const EvidenceRequest& request);
    /// Re-analyses the current trace over `window` (full, steady or a custom range in ns).
    void setAnalysisWindow(const WindowSpec& window);
    /// Focuses every dock on a process, thread, GPU or stream (a default ScopeFilter: everything).
    void setScope(const ScopeFilter& scope);
    ScopeFilter scope() const;
    /// What every dock shows and follows (the current analysis, the focus, the time viewport).
    ViewContext* viewContext() const { return m_context; }

    /// `sightline --no-cache`: no trace cache whatever Preferences say (false).
    void setTraceCacheAllowed(bool allowed);

    TraceSession* session() const { return m_session; }
    KernelsDock* kernelsDock() const { return m_kernelsDock; }
    FindingsDock* findingsDock() const { return m_findingsDock; }
    ProcessesDock* processesDock() const { return m_processesDock; }
    EvidenceDock* evidenceDock() const { return m_evidenceDock; }
    OverviewDock* overviewDock() const { return m_overviewDock; }
    ComparisonDock* comparisonDock() const { return m_comparisonDock; }
    TimelineDock* timelineDock() const { return m_timelineDock; }
    NvtxPhasesDock* nvtxDock() const { return m_nvtxDock; }
    SessionStatus* status() const { return m_status; }
    ComparisonRoster* comparisonRoster() const { return m_roster; }
    AnalysisFiles* analysisFiles() const { return m_analysisFiles; }
    ServingDock* servingDock() const { return m_servingDock; }
    EfficiencyDock* efficiencyDock() const { return m_efficiencyDock; }
    CountersDock* countersDock() const { return m_countersDock; }
    /// File › Import Nsight Compute Results / NVML Samples: re-analyses the current trace with them.
    void importCounters(const QString& ncuFile, const QString& nvmlCsv, const QStringList& nvmlColumns = {});
    /// For an NVML file without a header row, asks for its columns; false when the user cancels.
    bool askNvmlColumns(const QString& path, QStringList* columns);
    SearchDock* searchDock() const { return m_searchDock; }

    void saveLayout() const;
    bool restoreLayout();
    void resetLayout();

signals:
    void analysisReady(int traceIndex);
    void loadFailed(const QString& path, const QString& message);
    /// Nothing left to load or analyse.
    void idle();

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    /// The session's trace cache from Preferences (TraceCache::defaultDir, the size limit).
    void applyCacheSettings();
    void arrangeDocks(); ///< the default layout
    /// The one line a new dock costs: placed in `area` (tabified with `tabWith` when given),
    /// subscribed to the view context, listed in the View menu.
    void addViewDock(ViewDock* dock, Qt::DockWidgetArea area, QDockWidget* tabWith = nullptr);
    void connectSession();
    void connectDocks();
    void connectFitTimeDocks();
    void chooseNcuImport(); ///< File › Import Nsight Compute Results…: the file dialog
    void chooseNvmlImport(); ///< File › Import NVML Samples…: the file dialog, then the columns
    void createActions(); ///< the menus and the Traces tool bar
    void createFileMenu();
    QMenu* createViewMenu();
    void createAnalysisMenu();
    void createExportActions(QMenu* file); ///< Export Report/Tables, Trace Information, Preferences
    void exportCurrent(bool tablesOnly);
    void showTraceInfo();
    void chooseTraceFile(bool phaseMap); ///< Analysis › Phase Map… / Kernel Taxonomy…
    void onTraceAdded(int index);
    void onAnalysisReady(int index);
    void onTraceRemoved(int index);
    void showCurrent(); ///< hands the current analysis and scope to every dock
    /// Gives the Timeline and NVTX docks the height of their lanes (within limits) instead of a
    /// fixed share of the window, so that two GPUs do not leave most of the dock empty.
    void fitTimeDocks();
    void updateTitle();
    QList<QDockWidget*> docks() const;

    TraceSession* m_session;
    KernelsDock* m_kernelsDock;
    FindingsDock* m_findingsDock;
    ProcessesDock* m_processesDock;
    EvidenceDock* m_evidenceDock;
    OverviewDock* m_overviewDock;
    ComparisonDock* m_comparisonDock;
    TimelineDock* m_timelineDock;
    NvtxPhasesDock* m_nvtxDock;
    ServingDock* m_servingDock = nullptr;
    EfficiencyDock* m_efficiencyDock = nullptr;
    CountersDock* m_countersDock = nullptr;
    SearchDock* m_searchDock = nullptr; ///< Ctrl+F
    AnatomyDock* m_anatomyDock = nullptr;
    IterationsDock* m_iterationsDock = nullptr;
    bool m_fitTimeDocks = true; ///< size the time docks to their lanes when the next lanes arrive
    ViewContext* m_context; ///< what every dock shows and follows
    QList<QDockWidget*> m_docks; ///< in View-menu order (addViewDock)
    ComparisonRoster* m_roster;
    EvidenceRouter* m_evidenceRouter;
    SessionStatus* m_status;
    AnalysisFiles* m_analysisFiles;
    QComboBox* m_traceSelector;
    ReportExporter* m_exporter;

    int m_current = -1;
    bool m_showNextLoaded = false; ///< switch to the next trace analysed (set per open request)
    QByteArray m_defaultState;
    bool m_cacheAllowed = true;
};

} // namespace sl
