// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisoptions.h"
#include "core/analysis/analysisresult.h"
#include "core/io/loadoutcome.h"

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>

#include <optional>

namespace sl {

/// The traces open in the desktop explorer and the one job running on them. Loads (TraceLoader)
/// and analyses (Analyzer) run one at a time on worker threads; this object lives on the GUI
/// thread and only ever swaps finished, immutable results in. Every job carries a token, so a
/// result that arrives after a cancel, a close or a newer request is dropped.
///
/// Traces are addressed by index (selector order) in signals and by a stable id across closes.
class TraceSession : public QObject
{
    Q_OBJECT
public:
    struct Entry
    {
        quint64 id = 0;
        TracePtr trace;
        AnalysisPtr analysis; ///< null until the first analysis finishes
        WindowSpec window; ///< what the current (or pending) analysis covers
        QString ncuFile; ///< Nsight Compute results imported for this trace (empty: none)
        QString nvmlCsv; ///< NVML samples imported for this trace (empty: none)
    };

    explicit TraceSession(QObject* parent = nullptr);
    ~TraceSession() override;

    /// Queues the files for loading (absolute paths); each is analysed once loaded.
    void open(const QStringList& paths);
    /// Re-analyses trace `index` over `window` (full, steady or custom); replaces a pending request.
    void setWindow(int index, const WindowSpec& window);
    /// Imports hardware counters for trace `index` (empty keeps none) and re-analyses it.
    void setImports(int index, const QString& ncuFile, const QString& nvmlCsv);
    /// Phase map and taxonomy for every later analysis; re-analyses every open trace.
    void setOptions(const AnalysisOptions& options);
    const AnalysisOptions& options() const { return m_options; }
    /// Closes trace `index`, dropping its memory (a running analysis of it is discarded).
    void close(int index);
    /// Stops the running job and forgets the queued ones.
    void cancel();

    bool isBusy() const { return m_job != Job::None || !m_pendingPaths.isEmpty() || !m_pendingAnalyses.isEmpty(); }
    int count() const { return int(m_entries.size()); }
    const Entry& entry(int index) const { return m_entries[index]; }
    int indexOf(quint64 id) const;
    QString loadingPath() const { return m_loadingPath; }

signals:
    void loadStarted(const QString& path);
    /// Permille (0..1000, or -1 when unknown) and a translated stage.
    void progress(int permille, const QString& stage);
    void traceAdded(int index);
    void analysisStarted(int index);
    void analysisReady(int index);
    void traceRemoved(int index);
    void loadFailed(const QString& path, const QString& message);
    void cancelled(const QString& what);
    /// Nothing left to load or analyse.
    void idle();

private:
    enum class Job { None, Load, Analysis };
    void next();
    void onLoadFinished(quint64 token);
    void onAnalysisFinished(quint64 token, quint64 traceId);
    void queueAnalysis(quint64 traceId);

    AnalysisOptions m_options;
    QVector<Entry> m_entries;
    quint64 m_nextId = 1;
    QStringList m_pendingPaths;
    QVector<quint64> m_pendingAnalyses; ///< trace ids, oldest first
    Job m_job = Job::None;
    quint64 m_jobTrace = 0; ///< trace id of the running analysis
    QString m_loadingPath;
    QFutureWatcher<LoadOutcome> m_loadWatcher;
    QFutureWatcher<AnalysisPtr> m_analysisWatcher;
    QMetaObject::Connection m_loadFinished, m_analysisFinished;
    quint64 m_token = 0; ///< bumped per started job and per cancel
};

} // namespace sl
