// SPDX-License-Identifier: MIT
#include "core/io/traceloader.h"

#include "core/io/exportopener.h"
#include "core/io/gpumetricsreader.h"
#include "core/io/gpuopreader.h"
#include "core/io/hostreader.h"
#include "core/io/memoryusagereader.h"
#include "core/io/metadatareader.h"
#include "core/io/osruntimecalls.h"
#include "core/io/profileroverheadreader.h"
#include "core/io/tracecache.h"
#include "core/io/tracefinalizer.h"
#include "core/io/tracevalidator.h"
#include "core/trace/tablenames.h"
#include "core/util/filehash.h"
#include "core/util/logging.h"
#include "core/util/nativepath.h"
#include "core/util/resourceusage.h"
#include "core/util/workerpool.h"

#include <QFileInfo>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <climits>
#include <memory>
#include <optional>
#include <sqlite3.h>
#include <thread>

namespace sl {

namespace {

/// Whether the caller's running hash (LoadOptions::runningHash) is the one a load of `path`
/// wants: of that file, and a hash wanted at all.
bool runningHashFits(const LoadOptions& options, const QString& path)
{
    return options.runningHash && options.computeSha256 && options.runningHash->path() == path;
}

/// Widens the "full" window to the OS runtime calls (OSRT_API, not loaded otherwise): the
/// first start and last end of the calls that pass the same time rules as every other row.
/// Widens the trace's extent by the OS runtime calls that passed the time rules (OsRuntimeCalls):
/// they are in the full window (docs/analysis.md "Window"); an export of OS calls alone has
/// only them.
void widenByOsRuntime(const std::optional<OsRuntimeCalls::Span>& calls, Trace& trace)
{
    if (!calls)
        return;
    if (!trace.hasGpuRecords() && trace.api.size() == 0 && trace.nvtx.size() == 0) {
        trace.firstNs = calls->first, trace.lastNs = calls->last;
        return;
    }
    trace.firstNs = std::min(trace.firstNs, calls->first);
    trace.lastNs = std::max(trace.lastNs, calls->last);
}

/// One load from SQLite, step by step: open() the export and count its rows, readTables() on
/// three connections at once (host tables here, GPU tables and GPU metrics on helper threads,
/// the file hash on a fourth), finish() with the rules that need every table. Every step returns
/// a LoadOutcome whose error is None to go on. Helper threads are stopped and joined before the
/// run is destroyed, whatever step returned early.
class LoadRun
{
    Q_DECLARE_TR_FUNCTIONS(TraceLoader)
public:
    LoadRun(const QString& path, const LoadOptions& options, const LoadProgress& progress,
        std::function<bool()> cancelRequested)
        : m_path(path)
        , m_options(options)
        , m_progress(progress)
        , m_fileName(NativePath::displayName(path))
        , m_trace(new Trace, [](Trace* t) {
            // Whoever drops the last reference (a closed trace, a failed or cancelled load)
            // hands the freed heap back: without it glibc keeps hundreds of MB resident.
            delete t;
            ResourceUsage::releaseFreedMemory();
        })
    {
        m_trace->info.filePath = QFileInfo(path).absoluteFilePath();
        m_trace->info.fileName = m_fileName;
        m_ctx.cancelRequested = std::move(cancelRequested);
        adoptRunningHash();
        m_ctx.tick = [this] { report(tr("Reading %1").arg(m_fileName)); };
    }
    ~LoadRun()
    {
        if (m_hash) // not handed to a trace: the load failed, and a caller's hash is of no use now
            m_hash->cancel(); // (joined by its last owner: this run, or the caller)
        // An early return: the helpers are not wanted any more (the hash stops and joins itself).
        if (m_metricsThread.joinable()) {
            m_ctx.cancel = true;
            m_metricsThread.join();
        }
    }
    LoadRun(const LoadRun&) = delete;
    LoadRun& operator=(const LoadRun&) = delete;

    LoadOutcome open();
    LoadOutcome readTables();
    LoadOutcome finish();
    bool hashAfterReading() const;
    /// Takes the caller's running hash (LoadOptions::runningHash) when it is of this file and a
    /// hash is wanted; cancels it otherwise (it would only take a core from the readers).
    void adoptRunningHash();
    void startHash();

private:
    void report(const QString& stage) const
    {
        if (!m_progress)
            return;
        const qint64 done = m_ctx.rowsDone.load(std::memory_order_relaxed);
        m_progress(int(std::clamp<qint64>(20 + 960 * done / qMax<qint64>(1, m_ctx.rowsTotal), 0, 980)), stage);
    }
    LoadOutcome cancelled() const
    {
        LoadOutcome out;
        out.error = LoadError::Cancelled;
        out.message = tr("Loading %1 was cancelled.").arg(m_fileName);
        return out;
    }
    LoadOutcome sqlFailure(const QString& detail) const
    {
        return ExportOpener::sqlFailure(m_path, m_ctx.sqliteError, detail);
    }
    /// A helper connection; false (with the error recorded) when it does not open.
    bool openHelper(SqliteConnection& db, QString* error);
    void readGpu();
    void readMetrics();
    void validate(DataQuality& quality);
    void addWarnings();

    QString m_path;
    const LoadOptions& m_options;
    const LoadProgress& m_progress;
    QString m_fileName;
    std::shared_ptr<Trace> m_trace;
    LoadContext m_ctx;
    ExportOpener::Opened m_opened;
    std::unique_ptr<HostReader> m_host;
    std::unique_ptr<KernelChunks> m_kernelChunks; ///< the kernel table's rowid chunks, read from both ends
    std::vector<quint8> m_eventClass; ///< the runtime rows' event classes, for the validator

    QString m_gpuError, m_metricsError;
    bool m_gpuOk = true, m_metricsOk = true;
    /// Rows left out by the GPU reader: the kernel chunks it read, then the other GPU tables.
    DataQuality m_kernelQuality, m_gpuQuality, m_metricsQuality;
    std::optional<OsRuntimeCalls::Span> m_osRuntime; ///< span of the OS runtime calls that passed (validate)
    std::thread m_metricsThread;
    /// The file's hash: handed to the trace when the load succeeds (the analysis goes on while it
    /// runs); else the last reference, destroyed (stopped and joined) with the run.
    std::shared_ptr<FileHash> m_hash;
};

LoadOutcome LoadRun::open()
{
    report(tr("Opening %1").arg(m_fileName));
    if (LoadOutcome o = ExportOpener::open(m_path, &m_opened); o.error != LoadError::None)
        return o;
    // Its sorts (memory usage and profiler overhead by start) keep 1 MiB runs in memory instead
    // of 2 (SQLite's minimum, 250 pages): tables of that size are the exception.
    m_opened.db->limitPageCacheForScans();
    const SqliteConnection& db = *m_opened.db;
    const Schema& schema = m_opened.schema;
    m_trace->info.fileSize = m_opened.fileSize;
    m_trace->loadWarnings << m_opened.warnings;
    for (const auto& t : schema.tables())
        m_trace->info.tables.append({ t, -1 });
    m_ctx.rowsTotal = 1;
    for (const QLatin1String t : { tables::kKernel, tables::kRuntime, tables::kNvtxEvents, tables::kMemcpy,
             tables::kMemset, tables::kGraphTrace, tables::kStringIds, tables::kGpuMetrics }) {
        if (schema.hasTable(t))
            m_ctx.rowsTotal += qBound<qint64>(0, db.scalar(QStringLiteral("SELECT MAX(rowid) FROM %1").arg(t), 0),
                qint64(1) << 40); // a damaged rowid of 2^63-1 must not overflow the sum
    }
    QString error;
    m_host = std::make_unique<HostReader>(db, schema, m_ctx);
    if (!m_host->readStrings(*m_trace, &error))
        return m_ctx.cancelled() ? cancelled() : sqlFailure(error);
    MetadataReader::read(db, schema, *m_trace);
    MemoryUsageReader::read(db, schema, *m_trace);
    ProfilerOverheadReader::read(db, schema, *m_trace);
    return {};
}

bool LoadRun::openHelper(SqliteConnection& db, QString* error)
{
    if (db.isOpen()) {
        db.limitPageCacheForScans();
        return true;
    }
    *error = db.errorText();
    int none = 0;
    m_ctx.sqliteError.compare_exchange_strong(none, db.errorCode());
    return false;
}

void LoadRun::readGpu()
{
    SqliteConnection gdb(m_path);
    if (!(m_gpuOk = openHelper(gdb, &m_gpuError)))
        return;
    GpuOpReader gpu(gdb, m_opened.schema, m_ctx);
    // The small tables first, the kernel chunks last: the host reader ends on kernel chunks
    // too, so the two threads run out of work within one chunk of each other instead of
    // this one reading the copies alone after the kernels (their quality logs keep the
    // kernels' first, as the join expects).
    m_gpuOk = gpu.readMemcpy(*m_trace, &m_gpuError) && gpu.readMemset(*m_trace, &m_gpuError)
        && gpu.readGraphLaunches(*m_trace, &m_gpuError);
    m_gpuQuality = std::exchange(gpu.quality(), {});
    m_gpuOk = m_gpuOk && gpu.readKernels(*m_trace, *m_kernelChunks, &m_gpuError);
    m_kernelQuality = std::move(gpu.quality());
    if (!m_gpuOk) // a failed GPU table fails the load: the host reader and the hash stop now
        m_ctx.cancel = true;
}

/// GPU metrics (tens of millions of sample rows at 10 kHz) on a connection and thread of their
/// own: they fill the time the other two readers and the finalizer leave a core idle, and write
/// nothing but trace.counters.
void LoadRun::readMetrics()
{
    if (!m_opened.schema.hasTable(tables::kGpuMetrics))
        return;
    SqliteConnection mdb(m_path);
    if (!(m_metricsOk = openHelper(mdb, &m_metricsError)))
        return;
    const int spare = int(std::thread::hardware_concurrency()) - 2;
    const int readers = m_options.metricsReaders > 0 ? m_options.metricsReaders : std::clamp(spare, 1, 4);
    // A table SQLite cannot read becomes a note in trace.counters (GpuMetricsReader); only a
    // cancel makes this false.
    m_metricsOk = GpuMetricsReader::read(
        mdb, m_opened.schema, m_ctx, *m_trace, m_metricsQuality, m_path, m_options.parallel ? readers : 1);
}

/// GPU tables on a second connection in a helper thread while this thread reads the host
/// tables and then the kernel table's chunks from the back (KernelChunks); the hash (SHA-256,
/// ~1.6 GB/s of one core) runs on a third, from here or, on fewer than four cores, from finish()
/// (hashAfterReading). Both helpers stop within one chunk on cancel.
/// The load does not wait for the hash: the trace takes it, and the first Trace::sha256() (the
/// report, after the analysis) joins it, so it shares the cores with the finalizer and the
/// analysis instead of holding up either (101 k kernels: the hash of 14 MB outlasted the
/// finalizer by several ms). It keeps a thread of its own even on 2 cores, where hashing
/// on this thread after the host tables was faster: OpenSSL's per-thread state on this
/// (long-lived) thread is never freed, and the sanitized CI reports it as a leak; a joined
/// thread frees it.
LoadOutcome LoadRun::readTables()
{
    if (m_options.computeSha256 && !m_hash && !hashAfterReading())
        startHash();
    else if (m_hash && hashAfterReading())
        m_hash->pause(); // what the set-up left of the caller's hash waits for the readers too
    QString error;
    bool hostOk;
    GpuOpReader kernelsFromBack(*m_opened.db, m_opened.schema, m_ctx);
    m_kernelChunks = kernelsFromBack.kernelChunks(*m_trace);
    if (m_options.parallel) {
        m_metricsThread = std::thread([this] { readMetrics(); });
        std::thread gpuThread([this] { readGpu(); });
        hostOk = m_host->readApi(*m_trace, m_eventClass, &error) && m_host->readNvtx(*m_trace, &error)
            && kernelsFromBack.readKernelsFromBack(*m_trace, *m_kernelChunks, &error);
        if (!hostOk)
            m_ctx.cancel = true; // stop the other readers early; the error is reported below
        gpuThread.join();
        if (!m_gpuOk || !m_gpuError.isEmpty())
            m_ctx.cancel = true;
    } else {
        hostOk = m_host->readApi(*m_trace, m_eventClass, &error) && m_host->readNvtx(*m_trace, &error);
        if (hostOk)
            readGpu();
        if (hostOk && m_gpuOk)
            readMetrics();
    }
    if (!error.isEmpty())
        return sqlFailure(error);
    if (!m_gpuError.isEmpty())
        return sqlFailure(m_gpuError);
    if (m_ctx.cancelled() || !hostOk || !m_gpuOk)
        return cancelled();
    return {};
}

/// Whether the hash waits for the readers: with fewer than four cores the host and GPU readers
/// fill them, and a hash beside them only slows both; after them it shares the cores with the
/// finalizer, which uses one (the file is then in the page cache). With cores to spare, or
/// readers one after the other, it starts at once.
bool LoadRun::hashAfterReading() const { return m_options.parallel && std::thread::hardware_concurrency() < 4; }

void LoadRun::adoptRunningHash()
{
    if (runningHashFits(m_options, m_path))
        m_hash = m_options.runningHash; // started by the caller, under way
    else if (m_options.runningHash)
        m_options.runningHash->cancel();
}

void LoadRun::startHash()
{
    // No cancel predicate: the hash may outlive this run (in the trace); a cancelled load stops
    // it by destroying the run, which holds the last reference then.
    m_hash = std::make_shared<FileHash>(m_path);
}

LoadOutcome LoadRun::finish()
{
    report(tr("Indexing %1").arg(m_fileName));
    if (m_options.computeSha256 && !m_hash)
        startHash(); // beside the single-threaded rules below, on the core the readers left
    else if (m_hash)
        m_hash->resume(); // a caller's, paused for the readers
    // Every id was checked by the readers; the rules that need all tables run here, once.
    DataQuality& quality = m_trace->dataQuality;
    quality = std::move(m_host->quality());
    quality.merge(std::move(m_kernelQuality));
    validate(quality);
    if (!TraceFinalizer::finalize(*m_trace, m_eventClass, m_ctx))
        return cancelled();
    widenByOsRuntime(m_osRuntime, *m_trace);
    if (m_metricsThread.joinable())
        m_metricsThread.join();
    if (!m_metricsError.isEmpty())
        return sqlFailure(m_metricsError);
    if (m_ctx.cancelled() || !m_metricsOk)
        return cancelled();
    quality.merge(std::move(m_metricsQuality));
    quality.finish(m_trace->info.kernelNameColumn);
    if (m_ctx.cancelled())
        return cancelled();
    if (m_hash) // not waited for: the report asks for it (Trace::sha256), the analysis runs first
        m_trace->adoptHash(std::move(m_hash));
    addWarnings();
    if (m_progress)
        m_progress(1000, tr("Loaded %1").arg(m_fileName));
    LoadOutcome out;
    out.trace = std::move(m_trace);
    return out;
}

/// The back chunks' join and TraceValidator's rules: the kernels' part (after the join) on one
/// thread, the other tables' on another. Their logs go into `quality` in the order of one
/// thread doing it all (the join's, the copies' readers', the kernels' rules, the others'),
/// which decides the rows a rule lists when it has more than it shows.
void LoadRun::validate(DataQuality& quality)
{
    const qint64 stated = m_trace->info.captureDurationNs;
    // Without a stated length the capture is the span of every row: the kernels joined first.
    const bool joinFirst = !TraceValidator::captureStated(stated);
    DataQuality joined, kernels, others, osRuntime;
    // The OS runtime calls are not loaded: their span widens a capture taken from the events,
    // and those outside a stated one are counted like any other row.
    OsRuntimeCalls calls(*m_opened.db, m_opened.schema);
    std::optional<TraceValidator::Capture> callSpan;
    if (joinFirst) {
        m_kernelChunks->joinInto(*m_trace, joined);
        if (calls.scan(nullptr) && calls.span())
            callSpan = TraceValidator::Capture { calls.span()->first, calls.span()->last };
    }
    const TraceValidator::Capture capture = TraceValidator::capture(*m_trace, stated, quality, callSpan);
    if (!joinFirst)
        calls.scan(&capture);
    calls.logFailures(capture, osRuntime);
    m_osRuntime = calls.span();
    const auto part = [&](size_t index) {
        if (index == 1)
            return TraceValidator::checkOthers(*m_trace, m_eventClass, capture, others);
        if (!joinFirst)
            m_kernelChunks->joinInto(*m_trace, joined);
        TraceValidator::checkKernels(*m_trace, m_host->stringIds(), capture, kernels);
    };
    if (m_options.parallel)
        parallelFor(2, part);
    else
        part(0), part(1);
    for (DataQuality* q : { &joined, &m_gpuQuality, &kernels, &others, &osRuntime })
        quality.merge(std::move(*q));
}

void LoadRun::addWarnings()
{
    const DataQuality& quality = m_trace->dataQuality;
    if (const qint64 excluded = quality.excludedRows(); excluded > 0)
        m_trace->loadWarnings << tr("%n row(s) of the export break the data-quality rules and are left out of every "
                                    "figure (see Data quality).",
            nullptr, int(std::min<qint64>(excluded, INT_MAX)));
    if (const qint64 missing = quality.count(DataQuality::Rule::MissingString); missing > 0)
        m_trace->loadWarnings << tr("%n row(s) name a string id that is not in StringIds; they are shown as "
                                    "\"<missing string N>\".",
            nullptr, int(std::min<qint64>(missing, INT_MAX)));
    qint64 unmatched = 0;
    for (qint32 a : m_trace->kernels.api)
        unmatched += a < 0;
    if (unmatched > 0 && !m_trace->api.start.empty()) {
        m_trace->loadWarnings << tr("%1 of %2 kernels have no launching API call in the export (matched on "
                                    "correlationId and process); launch and NVTX figures leave them out.")
                                     .arg(unmatched)
                                     .arg(m_trace->kernels.size());
    }
}

} // namespace

LoadOutcome TraceLoader::loadSync(const QString& path, const LoadOptions& options, const LoadProgress& progress,
    const std::atomic<bool>* externalCancel)
{
    std::function<bool()> requested;
    if (externalCancel)
        requested = [externalCancel] { return externalCancel->load(std::memory_order_relaxed); };
    return loadOrReuse(path, options, progress, std::move(requested));
}

LoadOutcome TraceLoader::loadOrReuse(const QString& path, const LoadOptions& options, const LoadProgress& progress,
    std::function<bool()> cancelRequested)
{
    const std::optional<TraceCacheKey> key = options.cacheDir.isEmpty() ? std::nullopt : TraceCacheKey::of(path);
    if (!key)
        return loadImpl(path, options, progress, std::move(cancelRequested));
    const QString fileName = NativePath::displayName(path);
    if (progress)
        progress(10, tr("Reading %1 from the trace cache").arg(fileName));
    QString why;
    // A caller's hash waits while the cache is read: a served trace knows its hash (a 5 M-kernel
    // export's would take 0.4 s of a core the cache's read wants).
    const std::shared_ptr<FileHash>& running = options.runningHash;
    if (running)
        running->pause();
    if (auto cached = TraceCache(options.cacheDir, options.cacheCapBytes).read(*key, &why)) {
        if (cached->info.sha256.isEmpty() && runningHashFits(options, path)) {
            running->resume();
            cached->adoptHash(running);
        } else if (running) {
            running->cancel();
        }
        // The model is the same; only where the file is now may differ (a link, a moved folder).
        cached->info.filePath = QFileInfo(path).absoluteFilePath();
        cached->info.fileName = fileName;
        if (progress)
            progress(1000, tr("Loaded %1").arg(fileName));
        LoadOutcome out;
        out.trace = std::move(cached);
        out.servedKey = key;
        return out;
    }
    qCDebug(lcIo) << "trace cache miss for" << fileName << "-" << why;
    if (running)
        running->resume();
    LoadOutcome out = loadImpl(path, options, progress, std::move(cancelRequested));
    // Cached only when the file did not change while it was read.
    if (out.ok() && TraceCacheKey::of(path) == key) {
        if (options.deferCacheWrite)
            out.cacheKey = key;
        else
            TraceCache::writeLater(out.trace, *key, options.cacheDir, options.cacheCapBytes);
    }
    return out;
}

LoadOutcome TraceLoader::loadImpl(const QString& path, const LoadOptions& options, const LoadProgress& progress,
    std::function<bool()> cancelRequested)
{
    LoadRun run(path, options, progress, std::move(cancelRequested));
    if (LoadOutcome o = run.open(); o.error != LoadError::None)
        return o;
    if (LoadOutcome o = run.readTables(); o.error != LoadError::None)
        return o;
    return run.finish();
}

QFuture<LoadOutcome> TraceLoader::load(const QString& path, const LoadOptions& options)
{
    return QtConcurrent::run(workerPool(), [path, options](QPromise<LoadOutcome>& promise) {
        promise.setProgressRange(0, 1000);
        std::atomic<int> lastPermille { -1 };
        auto progress = [&](int permille, const QString& stage) {
            // Only the loading thread and the GPU reader call this; QPromise is thread-safe,
            // and skipping unchanged values keeps the GUI's event queue short.
            if (lastPermille.exchange(permille) != permille)
                promise.setProgressValueAndText(permille, stage);
        };
        promise.addResult(loadOrReuse(path, options, progress, [&promise] { return promise.isCanceled(); }));
    });
}

} // namespace sl
