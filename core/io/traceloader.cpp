// SPDX-License-Identifier: MIT
#include "core/io/traceloader.h"

#include "core/io/gpuopreader.h"
#include "core/io/hostreader.h"
#include "core/io/metadatareader.h"
#include "core/io/preflight.h"
#include "core/io/schema.h"
#include "core/io/sqliteconnection.h"
#include "core/io/tracefinalizer.h"
#include "core/util/filehash.h"
#include "core/util/resourceusage.h"

#include <QFile>
#include <QFileInfo>
#include <QPromise>
#include <QScopeGuard>
#include <QtConcurrent/QtConcurrentRun>

#include <sqlite3.h>

#include <algorithm>
#include <thread>

namespace sl {

namespace {
/// Stopgap (fuzz suite) until the load-time id validation of issue 12.1 lands, then remove: a
/// string id outside the string table becomes one visible placeholder, and device 0xFFFF (the
/// finalizer's "no device yet") becomes 0xFFFE, so nothing downstream indexes out of range.
void guardIds(Trace& t)
{
    const quint32 known = t.strings.size();
    quint32 placeholder = known;
    bool interned = false;
    auto fix = [&](std::vector<quint32>& ids) {
        for (quint32& id : ids) {
            if (id < known)
                continue;
            if (!interned)
                placeholder = t.strings.intern(QStringLiteral("<missing string>")), interned = true;
            id = placeholder;
        }
    };
    fix(t.kernels.name);
    fix(t.kernels.shortName);
    fix(t.api.name);
    fix(t.nvtx.name);
    for (auto* ops : {static_cast<GpuOpColumns*>(&t.kernels), static_cast<GpuOpColumns*>(&t.memcpy),
                      static_cast<GpuOpColumns*>(&t.memset), static_cast<GpuOpColumns*>(&t.graphs)})
        std::replace(ops->device.begin(), ops->device.end(), quint16(0xFFFF), quint16(0xFFFE));
}


/// Maps a SQLite failure to our error kinds: a malformed or non-database file is "corrupt".
LoadOutcome sqlFailure(const QString& fileName, const QString& detail)
{
    LoadOutcome out;
    out.error = LoadError::Corrupt;
    out.message = TraceLoader::tr("%1 is damaged: SQLite reports \"%2\". The copy may be incomplete; "
                                  "copy or export it again.").arg(fileName, detail);
    return out;
}

} // namespace

LoadOutcome TraceLoader::loadSync(const QString& path, const LoadOptions& options, const LoadProgress& progress,
                                  const std::atomic<bool>* externalCancel)
{
    std::function<bool()> requested;
    if (externalCancel)
        requested = [externalCancel] { return externalCancel->load(std::memory_order_relaxed); };
    return loadImpl(path, options, progress, std::move(requested));
}

LoadOutcome TraceLoader::loadImpl(const QString& path, const LoadOptions& options, const LoadProgress& progress,
                                  std::function<bool()> cancelRequested)
{
    LoadOutcome out;
    const QFileInfo fi(path);
    const QString fileName = fi.fileName();
    if (const auto e = Preflight::check(path, &out.message); e != LoadError::None) {
        out.error = e;
        return out;
    }

    // Whoever drops the last reference (a closed trace, a failed or cancelled load) hands the
    // freed heap back: without it glibc keeps hundreds of MB of a closed trace resident.
    std::shared_ptr<Trace> trace(new Trace, [](Trace* t) {
        delete t;
        ResourceUsage::releaseFreedMemory();
    });
    trace->info.filePath = fi.absoluteFilePath();
    trace->info.fileName = fileName;
    trace->info.fileSize = fi.size();

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
    SqliteConnection db(path);
    if (!db.isOpen())
        return sqlFailure(fileName, db.errorText());
    {
        // sqlite_master is the first page read: "file is not a database" or "malformed" show here.
        SqliteStatement st(db.handle(), QStringLiteral("SELECT count(*) FROM sqlite_master"));
        if (!st.isValid() || !st.next())
            return sqlFailure(fileName, st.errorText());
    }
    const Schema schema = Schema::probe(db);
    if (!schema.looksLikeNsys()) {
        out.error = LoadError::NotNsysExport;
        out.message = tr("%1 is an SQLite database but not an Nsight Systems export: it has no StringIds table "
                         "and none of the CUPTI_ACTIVITY_KIND_*, NVTX_EVENTS or TARGET_INFO_* tables. "
                         "Create the export with 'nsys export --type sqlite'.").arg(fileName);
        return out;
    }
    for (const auto& t : schema.tables())
        trace->info.tables.append({t, -1});

    ctx.rowsTotal = 1;
    for (const char* t : {"CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_RUNTIME", "NVTX_EVENTS",
                          "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET", "CUPTI_ACTIVITY_KIND_GRAPH_TRACE",
                          "StringIds"}) {
        if (schema.hasTable(QLatin1String(t)))
            ctx.rowsTotal += qBound<qint64>(0, db.scalar(QStringLiteral("SELECT MAX(rowid) FROM %1").arg(QLatin1String(t)), 0),
                                            qint64(1) << 40); // a damaged rowid of 2^63-1 must not overflow the sum
    }

    QString error;
    HostReader host(db, schema, ctx);
    if (!host.readStrings(*trace, &error))
        return ctx.cancelled() ? cancelled() : sqlFailure(fileName, error);
    MetadataReader::read(db, schema, *trace);

    // GPU tables on a second connection in a helper thread while this thread reads the host
    // tables; the hash (I/O bound) runs on a third. Both helpers stop within one chunk on cancel.
    QString gpuError;
    bool gpuOk = true;
    auto readGpu = [&] {
        SqliteConnection gdb(path);
        if (!gdb.isOpen()) {
            gpuOk = false, gpuError = gdb.errorText();
            return;
        }
        GpuOpReader gpu(gdb, schema, ctx);
        gpuOk = gpu.readKernels(*trace, &gpuError) && gpu.readMemcpy(*trace, &gpuError)
            && gpu.readMemset(*trace, &gpuError) && gpu.readGraphLaunches(*trace, &gpuError);
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
    if (options.parallel) {
        std::thread gpuThread(readGpu);
        hostOk = host.readApi(*trace, eventClass, &error) && host.readNvtx(*trace, &error);
        if (!hostOk)
            ctx.cancel = true; // stop the other reader early; the error is reported below
        gpuThread.join();
    } else {
        hostOk = host.readApi(*trace, eventClass, &error) && host.readNvtx(*trace, &error);
        if (hostOk)
            readGpu();
    }
    if (!error.isEmpty())
        return sqlFailure(fileName, error);
    if (!gpuError.isEmpty())
        return sqlFailure(fileName, gpuError);
    if (ctx.cancelled() || !hostOk || !gpuOk)
        return cancelled();

    report(tr("Indexing %1").arg(fileName));
    guardIds(*trace);
    if (!TraceFinalizer::finalize(*trace, eventClass, ctx))
        return cancelled();
    if (hashThread.joinable())
        hashThread.join();
    if (ctx.cancelled())
        return cancelled();
    trace->info.sha256 = sha;

    qint64 unmatched = 0;
    for (qint32 a : trace->kernels.api)
        unmatched += a < 0;
    if (unmatched > 0 && !trace->api.start.empty()) {
        trace->loadWarnings << tr("%1 of %2 kernels have no launching API call in the export (matched on "
                                  "correlationId and process); launch and NVTX figures leave them out.")
                                   .arg(unmatched).arg(trace->kernels.size());
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
        std::atomic<int> lastPermille{-1};
        auto progress = [&](int permille, const QString& stage) {
            // Only the loading thread and the GPU reader call this; QPromise is thread-safe,
            // and skipping unchanged values keeps the GUI's event queue short.
            if (lastPermille.exchange(permille) != permille)
                promise.setProgressValueAndText(permille, stage);
        };
        promise.addResult(loadImpl(path, options, progress, [&promise] { return promise.isCanceled(); }));
    });
}

} // namespace sl
