// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/io/loadoutcome.h"

#include <QFutureWatcher>
#include <QMainWindow>
#include <QStringList>

class QComboBox;
class QHeaderView;
class QLabel;
class QMenu;
class QProgressBar;
class QToolButton;

namespace sl {

class FindingsDock;
class KernelsDock;
class ProcessesDock;
class ReportExporter;

/// Builds the docks and actions and wires them; loads traces one after the other
/// (TraceLoader, then Analyzer), never blocking the GUI thread.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    static constexpr int kLayoutVersion = 1;

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Queues the files for loading; the first one loaded becomes current when none is.
    void openFiles(const QStringList& paths);
    void cancelLoading();
    bool isBusy() const;

    int traceCount() const { return int(m_traces.size()); }
    int currentTrace() const { return m_current; }
    void setCurrentTrace(int index);
    AnalysisPtr currentAnalysis() const;
    /// Shows the kernel evidence of a finding of the current analysis in the Kernels dock.
    void showEvidence(int findingIndex);

    KernelsDock* kernelsDock() const { return m_kernelsDock; }
    FindingsDock* findingsDock() const { return m_findingsDock; }
    ProcessesDock* processesDock() const { return m_processesDock; }

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
    struct Loaded
    {
        TracePtr trace;
        AnalysisPtr analysis;
    };

    void createActions();
    void createExportActions(QMenu* file); ///< Export Report/Tables, Trace Information, Preferences
    void exportCurrent(bool tablesOnly);
    void showTraceInfo();
    void startNextLoad();
    void onLoadFinished(quint64 token);
    void onAnalysisFinished(quint64 token, int traceIndex);
    void setProgressVisible(bool visible);
    void showError(const QString& message);
    void addRecentFile(const QString& path);
    void rebuildRecentMenu();
    void updateTitle();
    QString traceLabel(const Trace& trace) const;
    QList<QPair<QString, QHeaderView*>> headers() const; ///< table headers persisted with the layout

    KernelsDock* m_kernelsDock;
    FindingsDock* m_findingsDock;
    ProcessesDock* m_processesDock;
    QComboBox* m_traceSelector;
    QMenu* m_recentMenu = nullptr;
    QLabel* m_statusLabel;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
    ReportExporter* m_exporter;

    QVector<Loaded> m_traces;
    int m_current = -1;
    QStringList m_pending;
    QString m_loadingPath;
    QFutureWatcher<LoadOutcome> m_loadWatcher;
    QFutureWatcher<AnalysisPtr> m_analysisWatcher;
    QMetaObject::Connection m_loadFinished, m_analysisFinished;
    quint64 m_token = 0; ///< bumped per started job; results of older jobs are dropped
    bool m_loading = false, m_analysing = false;
    bool m_showNextLoaded = false; ///< switch to the next trace analysed (set per open request)
    QByteArray m_defaultState;
};

} // namespace sl
