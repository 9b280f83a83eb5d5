// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisoptions.h"
#include "core/analysis/analysisresult.h"
#include "core/analysis/analyzer.h"
#include "core/analysis/imports.h"
#include "core/io/loadoutcome.h"
#include "core/io/tracecachekey.h"

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>

#include <atomic>
#include <memory>
#include <optional>

namespace sl {

/// The traces open in the desktop explorer and the one job running on them. Loads (TraceLoader)
/// and analyses (Analyzer) run one at a time on worker threads; this object lives on the GUI
/// thread and only ever swaps finished, immutable results in. A cancel, a close of the trace
/// being analysed or a newer request for it cancels the running job's future (the loader and
/// every analysis loop poll it, so it stops within milliseconds) and drops its result; the next
/// job starts only once the cancelled one has returned, so jobs never pile up on the pool.
///
/// Imports (NVML, Nsight Compute, cuBLAS log) are a job of their own: read once into the entry's
/// snapshot, with progress and cancel (a running `ncu` is killed), before the analysis that
/// needs them; a close or destruction never waits on `ncu` beyond its 100 ms cancel poll.
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
        std::optional<AnalysisOptions> options; ///< this trace's phase map and taxonomy; else options()
        /// The file the user opened: trace->info.filePath, or the .nsys-rep/.qdrep whose export
        /// (in the cache, NsysImporter) the trace was loaded from. Recent files list this one.
        QString sourcePath;
        QString ncuFile; ///< Nsight Compute results imported for this trace (empty: none)
        QString nvmlCsv; ///< NVML samples imported for this trace (empty: none)
        QStringList nvmlColumns; ///< the columns of a header-less nvmlCsv (AnalysisOptions::nvmlColumns)
        QString cublasLog; ///< cuBLAS/cuBLASLt API log imported for this trace (empty: none)
        /// The files above, read once (ImportsReader) when they were set: every analysis of this
        /// trace, a window change included, uses it and reads no file. Null until read, or none.
        ImportsPtr imports;
        /// The export's identity when the trace cache is on (loaded and unchanged, or served by
        /// the cache): the key of its analysis result in the result cache (ResultCache).
        std::optional<TraceCacheKey> cacheKey;
        /// The current analysis was read from the result cache instead of running Analyzer.
        bool analysisFromCache = false;
    };

    explicit TraceSession(QObject* parent = nullptr);
    ~TraceSession() override;

    /// Queues the files for loading (absolute paths); each is analysed once loaded.
    void open(const QStringList& paths);
    /// Re-analyses trace `index` over `window` (full, steady or custom); replaces a pending request.
    void setWindow(int index, const WindowSpec& window);
    /// Imports hardware counters for trace `index` (empty keeps none) and re-analyses it.
    void setImports(int index, const QString& ncuFile, const QString& nvmlCsv, const QStringList& nvmlColumns = {});
    /// Imports a cuBLAS/cuBLASLt API log for trace `index` (empty: none) and re-analyses it.
    void setCublasLog(int index, const QString& path);
    /// Phase map and taxonomy for every later analysis; re-analyses every open trace.
    void setOptions(const AnalysisOptions& options);
    const AnalysisOptions& options() const { return m_options; }
    /// Phase map and taxonomy for trace `index` only (nullopt: follow options()); re-analyses it.
    void setTraceOptions(int index, const std::optional<AnalysisOptions>& options);
    /// The nsys that exports .nsys-rep/.qdrep reports (Preferences); empty = NsysImporter::findNsys().
    void setNsysPath(const QString& path) { m_nsysPath = path; }
    /// The persistent trace cache for later loads (Preferences, --no-cache): its folder (empty:
    /// no cache) and size limit in bytes. See TraceCache.
    void setCache(const QString& dir, qint64 capBytes)
    {
        m_cacheDir = dir;
        m_cacheCapBytes = capBytes;
    }
    QString cacheDir() const { return m_cacheDir; }
    qint64 cacheCapBytes() const { return m_cacheCapBytes; }
    /// Start each analysed trace's Timeline lanes (TimelineCache) while its analysis finishes
    /// its window passes, instead of after (the window shows them; the CLI does not).
    void setTimelinePrefetch(bool on) { m_timelinePrefetch = on; }
    /// Closes trace `index`, dropping its memory (a running analysis of it is discarded).
    void close(int index);
    /// Stops the running job and forgets the queued ones.
    void cancel();

    /// Work the user asked for is running or queued (a cancelled job still winding down is not).
    bool isBusy() const { return hasLiveJob() || !m_pendingPaths.isEmpty() || !m_pendingAnalyses.isEmpty(); }
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
    /// Trace `trace` is being closed (still at its index); caches keyed by it drop it now.
    void traceClosing(const sl::TracePtr& trace);
    void traceRemoved(int index);
    void loadFailed(const QString& path, const QString& message);
    /// A report was opened through its SQLite export: which nsys made it, and whether it was reused.
    void notice(const QString& message);
    void cancelled(const QString& what);
    /// Nothing left to load or analyse.
    void idle();

private:
    enum class Job { None, Load, Imports, Analysis };
    bool hasLiveJob() const { return m_job != Job::None && !m_jobCancelled; }
    void next();
    void onLoadFinished();
    void onAnalysisFinished();
    void onImportsFinished();
    /// The options trace `index` is analysed with: its own or options(), window and import paths.
    AnalysisOptions optionsFor(int index) const;
    /// Whether trace `index` names imports its snapshot does not hold yet.
    bool needsImports(int index) const;
    void startJob(Job job, quint64 traceId);
    void startImports(int index);
    void startAnalysis(int index);
    /// The analysis job of a trace whose result may be cached: the result cache's file for
    /// (`key`, `fingerprint`), else Analyzer; sets m_jobFromCache on a hit.
    QFuture<AnalysisPtr> readOrAnalyze(const TracePtr& trace, const AnalysisOptions& options, const TraceCacheKey& key,
        const QByteArray& fingerprint, const Analyzer::ViewInputsReady& viewInputsReady);
    /// Cancels the running job if it reads the imports of `traceId` (their paths changed, or it closes).
    void cancelImportsOf(quint64 traceId);
    void queueAnalysis(quint64 traceId);
    /// Cancels the running job if it analyses `traceId`.
    void cancelAnalysisOf(quint64 traceId);
    /// Cancels the running job's future; its result is dropped when it returns.
    void cancelJob();

    AnalysisOptions m_options;
    QString m_nsysPath;
    QString m_cacheDir;
    qint64 m_cacheCapBytes = 0;
    /// Traces loaded from SQLite whose cache file is written once the session is idle (after
    /// their analysis and the views' lanes, which it would slow down otherwise).
    std::vector<std::pair<TracePtr, TraceCacheKey>> m_pendingCacheWrites;
    /// Analyses run by Analyzer whose options can be fingerprinted, written to the result cache
    /// once the session is idle, as the trace cache files are.
    struct PendingResult
    {
        AnalysisPtr result;
        TraceCacheKey key;
        QByteArray fingerprint;
    };
    std::vector<PendingResult> m_pendingResultWrites;
    /// The result cache fingerprint of the running analysis' options (empty: not cacheable) and
    /// whether the running analysis job was served by the result cache (set on its thread).
    QByteArray m_jobFingerprint;
    std::shared_ptr<std::atomic<bool>> m_jobFromCache;
    void writePendingCaches();
    QVector<Entry> m_entries;
    quint64 m_nextId = 1;
    QStringList m_pendingPaths;
    QVector<quint64> m_pendingAnalyses; ///< trace ids, oldest first
    Job m_job = Job::None; ///< what runs on the worker, until its future has finished
    bool m_timelinePrefetch = false;
    bool m_jobCancelled = false; ///< the running job was cancelled: drop its result
    bool m_idleAnnounced = true; ///< idle() was emitted since the last job started
    quint64 m_jobTrace = 0; ///< trace id of the running analysis or import read
    QString m_loadingPath;
    QFutureWatcher<LoadOutcome> m_loadWatcher;
    QFutureWatcher<AnalysisPtr> m_analysisWatcher;
    QFutureWatcher<ImportsPtr> m_importsWatcher;
};

} // namespace sl
