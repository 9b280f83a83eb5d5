// SPDX-License-Identifier: MIT
#include "core/io/traceloader.h"

#include "core/io/exportopener.h"
#include "core/io/gpumetricsreader.h"
#include "core/io/gpuopreader.h"
#include "core/io/hostreader.h"
#include "core/io/memoryusagereader.h"
#include "core/io/metadatareader.h"
#include "core/io/tracecache.h"
#include "core/io/tracefinalizer.h"
#include "core/io/tracevalidator.h"
#include "core/util/filehash.h"
#include "core/util/logging.h"
#include "core/util/nativepath.h"
#include "core/util/resourceusage.h"

#include <QFileInfo>
#include <QPromise>
#include <QScopeGuard>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <climits>
#include <sqlite3.h>
#include <thread>

namespace sl {

namespace {

/// Widens the "full" window to the OS runtime calls (OSRT_API, not loaded otherwise): the
/// first start and last end of the calls that pass the same time rules as every other row.
void extendByOsRuntime(const SqliteConnection& db, const Schema& schema, Trace& trace)
{
    const QString t = QStringLiteral("OSRT_API");
    if (!schema.hasTable(t) || !schema.hasColumn(t, QStringLiteral("start"))
        || !schema.hasColumn(t, QStringLiteral("end")))
        return;
    const DataQuality& q = trace.dataQuality;
    const qint64 len = std::max<qint64>(1, q.captureEndNs - q.captureStartNs);
    SqliteStatement st(db,
        QStringLiteral("SELECT MIN(start), MAX(\"end\") FROM OSRT_API WHERE typeof(start) = "
                       "'integer' AND typeof(\"end\") = 'integer' AND \"end\" >= start AND "
                       "start >= %1 AND \"end\" <= %2 AND \"end\" - start <= %3")
            .arg(q.captureStartNs - len)
            .arg(q.captureEndNs + len)
            .arg(len));
    if (!st.next() || st.isNull(0))
        return;
    if (!trace.hasGpuRecords() && trace.api.size() == 0 && trace.nvtx.size() == 0) {
        trace.firstNs = st.int64(0), trace.lastNs = st.int64(1);
        return;
    }
    trace.firstNs = std::min(trace.firstNs, st.int64(0));
    trace.lastNs = std::max(trace.lastNs, st.int64(1));
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
    if (auto cached = TraceCache(options.cacheDir, options.cacheCapBytes).read(*key, &why)) {
        // The model is the same; only where the file is now may differ (a link, a moved folder).
        cached->info.filePath = QFileInfo(path).absoluteFilePath();
        cached->info.fileName = fileName;
        if (progress)
            progress(1000, tr("Loaded %1").arg(fileName));
        return { std::move(cached), LoadError::None, {} };
    }
    qCDebug(lcIo) << "trace cache miss for" << fileName << "-" << why;
    LoadOutcome out = loadImpl(path, options, progress, std::move(cancelRequested));
    // Cached only when the file did not change while it was read.
    if (out.ok() && TraceCacheKey::of(path) == key)
        TraceCache::writeLater(out.trace, *key, options.cacheDir, options.cacheCapBytes);
    return out;
}

LoadOutcome TraceLoader::loadImpl(const QString& path, const LoadOptions& options, const LoadProgress& progress,
    std::function<bool()> cancelRequested)
{
    LoadOutcome out;
    const QFileInfo fi(path);
    const QString fileName = NativePath::displayName(path);
    auto sqlFailure = [&](const QString& detail, int code) { return ExportOpener::sqlFailure(path, code, detail); };

    // Whoever drops the last reference (a closed trace, a failed or cancelled load) hands the
    // freed heap back: without it glibc keeps hundreds of MB of a closed trace resident.
    std::shared_ptr<Trace> trace(new Trace, [](Trace* t) {
        delete t;
        ResourceUsage::releaseFreedMemory();
    });
    trace->info.filePath = fi.absoluteFilePath();
    trace->info.fileName = fileName;

    LoadContext ctx;
    ctx.cancelRequested = std::move(cancelRequested);
    auto report = [&](const QString& stage) {
        if (progress) {
            const qint64 done = ctx.rowsDone.load(std::memory_order_relaxed);
            progress(int(std::clamp<qint64>(20 + 960 * done / qMax<qint64>(1, ctx.rowsTotal), 0, 980)), stage);
        }
    };
    const QString readingStage = tr("Reading %1").arg(fileName);
    ctx.tick = [&] { report(readingStage); };
    auto cancelled = [&] {
        out = {};
        out.error = LoadError::Cancelled;
        out.message = tr("Loading %1 was cancelled.").arg(fileName);
        return out;
    };

    report(tr("Opening %1").arg(fileName));
    ExportOpener::Opened opened;
    if (LoadOutcome o = ExportOpener::open(path, &opened); o.error != LoadError::None)
        return o;
    const SqliteConnection& db = *opened.db;
    const Schema& schema = opened.schema;
    trace->info.fileSize = opened.fileSize;
    trace->loadWarnings << opened.warnings;
    for (const auto& t : schema.tables())
        trace->info.tables.append({ t, -1 });

    ctx.rowsTotal = 1;
    for (const char* t :
        { "CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_RUNTIME", "NVTX_EVENTS", "CUPTI_ACTIVITY_KIND_MEMCPY",
            "CUPTI_ACTIVITY_KIND_MEMSET", "CUPTI_ACTIVITY_KIND_GRAPH_TRACE", "StringIds", "GPU_METRICS" }) {
        if (schema.hasTable(QLatin1String(t)))
            ctx.rowsTotal
                += qBound<qint64>(0, db.scalar(QStringLiteral("SELECT MAX(rowid) FROM %1").arg(QLatin1String(t)), 0),
                    qint64(1) << 40); // a damaged rowid of 2^63-1 must not overflow the sum
    }

    QString error;
    HostReader host(db, schema, ctx);
    if (!host.readStrings(*trace, &error))
        return ctx.cancelled() ? cancelled() : sqlFailure(error, ctx.sqliteError);
    MetadataReader::read(db, schema, *trace);
    MemoryUsageReader::read(db, schema, *trace);

    // GPU tables on a second connection in a helper thread while this thread reads the host
    // tables; the hash (I/O bound) runs on a third. Both helpers stop within one chunk on cancel.
    QString gpuError;
    bool gpuOk = true;
    DataQuality gpuQuality;
    auto readGpu = [&] {
        SqliteConnection gdb(path);
        if (!gdb.isOpen()) {
            gpuOk = false;
            gpuError = gdb.errorText();
            int none = 0;
            ctx.sqliteError.compare_exchange_strong(none, gdb.errorCode());
            return;
        }
        GpuOpReader gpu(gdb, schema, ctx);
        gpuOk = gpu.readKernels(*trace, &gpuError) && gpu.readMemcpy(*trace, &gpuError)
            && gpu.readMemset(*trace, &gpuError) && gpu.readGraphLaunches(*trace, &gpuError);
        gpuQuality = std::move(gpu.quality());
    };
    // GPU metrics (tens of millions of sample rows at 10 kHz) on a connection and thread of their
    // own: they fill the time the other two readers and the finalizer leave a core idle, and
    // write nothing but trace.counters.
    QString metricsError;
    bool metricsOk = true;
    DataQuality metricsQuality;
    auto readMetrics = [&] {
        if (!schema.hasTable(QStringLiteral("GPU_METRICS")))
            return;
        SqliteConnection mdb(path);
        if (!mdb.isOpen()) {
            metricsOk = false;
            metricsError = mdb.errorText();
            int none = 0;
            ctx.sqliteError.compare_exchange_strong(none, mdb.errorCode());
            return;
        }
        const int spare = int(std::thread::hardware_concurrency()) - 2;
        const int readers = options.metricsReaders > 0 ? options.metricsReaders : std::clamp(spare, 1, 4);
        metricsOk = GpuMetricsReader::read(
            mdb, schema, ctx, *trace, metricsQuality, &metricsError, path, options.parallel ? readers : 1);
    };
    QString sha;
    std::thread hashThread;
    if (options.computeSha256)
        hashThread = std::thread([&] { sha = FileHash::sha256(path, [&] { return ctx.cancelled(); }); });
    // Joined after the indexing below: the hash, as CPU-bound as the readers, then shares the
    // cores with the single-threaded finalizer instead of holding up its start.
    const auto joinHash = qScopeGuard([&] {
        if (hashThread.joinable()) { // an early return: the hash is not wanted any more
            ctx.cancel = true;
            hashThread.join();
        }
    });
    std::vector<quint8> eventClass;
    bool hostOk;
    std::thread metricsThread;
    // Joined before every return below: on an early one the reader is stopped first.
    const auto joinMetrics = qScopeGuard([&] {
        if (metricsThread.joinable()) {
            ctx.cancel = true;
            metricsThread.join();
        }
    });
    if (options.parallel) {
        metricsThread = std::thread(readMetrics);
        std::thread gpuThread(readGpu);
        hostOk = host.readApi(*trace, eventClass, &error) && host.readNvtx(*trace, &error);
        if (!hostOk)
            ctx.cancel = true; // stop the other readers early; the error is reported below
        gpuThread.join();
        if (!gpuOk || !gpuError.isEmpty())
            ctx.cancel = true;
    } else {
        hostOk = host.readApi(*trace, eventClass, &error) && host.readNvtx(*trace, &error);
        if (hostOk)
            readGpu();
        if (hostOk && gpuOk)
            readMetrics();
    }
    if (!error.isEmpty())
        return sqlFailure(error, ctx.sqliteError);
    if (!gpuError.isEmpty())
        return sqlFailure(gpuError, ctx.sqliteError);
    if (ctx.cancelled() || !hostOk || !gpuOk)
        return cancelled();

    report(tr("Indexing %1").arg(fileName));
    // Every id was checked by the readers; the rules that need all tables run here, once.
    DataQuality& quality = trace->dataQuality;
    quality = std::move(host.quality());
    quality.merge(std::move(gpuQuality));
    TraceValidator::run(*trace, host.stringIds(), eventClass, quality, trace->info.captureDurationNs);
    if (!TraceFinalizer::finalize(*trace, eventClass, ctx))
        return cancelled();
    extendByOsRuntime(db, schema, *trace);
    if (metricsThread.joinable())
        metricsThread.join();
    if (!metricsError.isEmpty())
        return sqlFailure(metricsError, ctx.sqliteError);
    if (ctx.cancelled() || !metricsOk)
        return cancelled();
    quality.merge(std::move(metricsQuality));
    quality.finish(trace->info.kernelNameColumn);
    if (const qint64 excluded = quality.excludedRows(); excluded > 0)
        trace->loadWarnings << tr("%n row(s) of the export break the data-quality rules and are left out of every "
                                  "figure (see Data quality).",
            nullptr, int(std::min<qint64>(excluded, INT_MAX)));
    if (const qint64 missing = quality.count(DataQuality::Rule::MissingString); missing > 0)
        trace->loadWarnings << tr("%n row(s) name a string id that is not in StringIds; they are shown as "
                                  "\"<missing string N>\".",
            nullptr, int(std::min<qint64>(missing, INT_MAX)));
    if (hashThread.joinable())
        hashThread.join();
    if (ctx.cancelled())
        return cancelled();
    trace->info.sha256 = sha;
    if (options.computeSha256 && sha.isEmpty()) // the load goes on; reports then carry no hash
        qCWarning(lcIo) << "could not hash" << fileName;

    qint64 unmatched = 0;
    for (qint32 a : trace->kernels.api)
        unmatched += a < 0;
    if (unmatched > 0 && !trace->api.start.empty()) {
        trace->loadWarnings << tr("%1 of %2 kernels have no launching API call in the export (matched on "
                                  "correlationId and process); launch and NVTX figures leave them out.")
                                   .arg(unmatched)
                                   .arg(trace->kernels.size());
    }
    if (progress)
        progress(1000, tr("Loaded %1").arg(fileName));
    out.trace = std::move(trace);
    return out;
}

QFuture<LoadOutcome> TraceLoader::load(const QString& path, const LoadOptions& options)
{
    return QtConcurrent::run([path, options](QPromise<LoadOutcome>& promise) {
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
