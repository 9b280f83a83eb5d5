// SPDX-License-Identifier: MIT
// The persistent trace cache (issue 20.2): a reopened export is served from the cache with
// exactly the model a SQLite load builds; a touched, truncated or re-exported file never is; a
// damaged, foreign or out-of-range cache file is refused, removed and rebuilt; the folder stays
// under its cap (least recently used first); nothing is written beside the export.
#include "core/io/tracecache.h"
#include "core/io/tracecachekey.h"
#include "core/io/traceloader.h"
#include "core/synth/synthtracewriter.h"
#include "tests/common/realtraces.h"
#include "tests/common/tracecompare.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace sl;
using sl::test::sameConfigs;
using sl::test::sameKernels;
using sl::test::sameOps;
using sl::test::sameQuality;

namespace {

/// Loads `path` through the cache in `cacheDir`; `fromCache` tells whether the SQLite tables
/// were read (the reading stages) or the cache served it.
LoadOutcome load(const QString& path, const QString& cacheDir, bool* fromCache = nullptr)
{
    LoadOptions o;
    o.cacheDir = cacheDir;
    QStringList stages;
    LoadOutcome out = TraceLoader::loadSync(path, o, [&](int, const QString& stage) { stages << stage; });
    TraceCache::waitForWrites();
    if (fromCache)
        *fromCache = out.ok() && stages.size() == 2 && stages.first().contains(QStringLiteral("trace cache"))
            && stages.last().startsWith(QStringLiteral("Loaded"));
    return out;
}

QByteArray fileSha256(const QString& path)
{
    QFile f(path);
    QCryptographicHash h(QCryptographicHash::Sha256);
    return f.open(QIODevice::ReadOnly) && h.addData(&f) ? h.result().toHex() : QByteArray();
}

/// Every part of two traces equal, the independent path being the SQLite load.
void compareTraces(const Trace& a, const Trace& b)
{
    QVERIFY(sameKernels(a.kernels, b.kernels));
    QVERIFY(sameOps(a.memcpy, b.memcpy) && a.memcpy.bytes == b.memcpy.bytes && a.memcpy.copyKind == b.memcpy.copyKind);
    QVERIFY(a.memcpy.srcKind == b.memcpy.srcKind && a.memcpy.dstKind == b.memcpy.dstKind);
    QVERIFY(sameOps(a.memset, b.memset) && a.memset.bytes == b.memset.bytes);
    QVERIFY(sameOps(a.graphs, b.graphs) && a.graphs.graphId == b.graphs.graphId);
    QVERIFY(a.api.rowid == b.api.rowid && a.api.start == b.api.start && a.api.dur == b.api.dur);
    QVERIFY(a.api.correlationId == b.api.correlationId && a.api.pid == b.api.pid && a.api.tid == b.api.tid);
    QVERIFY(a.api.name == b.api.name && a.api.kind == b.api.kind);
    QVERIFY(a.nvtx.rowid == b.nvtx.rowid && a.nvtx.start == b.nvtx.start && a.nvtx.end == b.nvtx.end);
    QVERIFY(a.nvtx.pid == b.nvtx.pid && a.nvtx.tid == b.nvtx.tid && a.nvtx.endTid == b.nvtx.endTid);
    QVERIFY(a.nvtx.name == b.nvtx.name && a.nvtx.domain == b.nvtx.domain && a.nvtx.eventType == b.nvtx.eventType);
    QCOMPARE(a.strings.all(), b.strings.all());
    QCOMPARE(a.strings.nsysCount(), b.strings.nsysCount());
    QCOMPARE(a.strings.exportIdPairs(), b.strings.exportIdPairs()); // sparse ids: evidence SQL names them
    QVERIFY(sameConfigs(a.configs, b.configs));
    QCOMPARE(a.counters.series.size(), b.counters.series.size());
    for (qsizetype i = 0; i < a.counters.series.size(); ++i) {
        const auto &x = a.counters.series[i], &y = b.counters.series[i];
        QCOMPARE(x.name, y.name);
        QCOMPARE(x.deviceId, y.deviceId);
        QVERIFY(x.t == y.t && x.v == y.v && x.prefix == y.prefix);
        QCOMPARE(x.medianPeriodNs, y.medianPeriodNs);
    }
    QCOMPARE(a.counters.notes, b.counters.notes);
    QCOMPARE(a.gpus.size(), b.gpus.size());
    for (qsizetype i = 0; i < a.gpus.size(); ++i) {
        QCOMPARE(a.gpus[i].name, b.gpus[i].name);
        QCOMPARE(a.gpus[i].smCount, b.gpus[i].smCount);
        QCOMPARE(a.gpus[i].memoryBandwidth, b.gpus[i].memoryBandwidth);
    }
    QCOMPARE(a.processNames, b.processNames);
    QCOMPARE(a.threadNames, b.threadNames);
    QCOMPARE(a.nvtxDomains, b.nvtxDomains);
    QVERIFY(a.kernelsByDevice == b.kernelsByDevice);
    QVERIFY(a.kernelsByStream == b.kernelsByStream);
    QCOMPARE(a.firstNs, b.firstNs);
    QCOMPARE(a.lastNs, b.lastNs);
    QCOMPARE(a.loadWarnings, b.loadWarnings);
    QVERIFY(sameQuality(a.dataQuality, b.dataQuality));
    const auto &m = a.memoryUsage, &n = b.memoryUsage;
    QVERIFY(m.rowid == n.rowid && m.start == n.start && m.device == n.device && m.pid == n.pid);
    QVERIFY(m.bytes == n.bytes && m.operation == n.operation && m.memKind == n.memKind);
    QCOMPARE(a.dataQuality.captureStartNs, b.dataQuality.captureStartNs);
    QCOMPARE(a.dataQuality.captureSource, b.dataQuality.captureSource);
    QCOMPARE(a.info.nsysVersion, b.info.nsysVersion);
    QCOMPARE(a.info.sessionStartUtcNs, b.info.sessionStartUtcNs);
    QCOMPARE(a.info.tables.size(), b.info.tables.size());
    QCOMPARE(a.info.captureSettings, b.info.captureSettings);
    QCOMPARE(a.info.fileName, b.info.fileName);
    QCOMPARE(a.info.backtraceCopies, b.info.backtraceCopies); // evidence SQL over the runtime table needs it
    QCOMPARE(a.knownSha256(), b.knownSha256());
}

qint64 sqlCount(const QString& path, const QString& table)
{
    qint64 n = -1;
    {
        auto db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("count"));
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (db.open()) {
            QSqlQuery q(QStringLiteral("SELECT count(*) FROM %1").arg(table), db);
            if (q.next())
                n = q.value(0).toLongLong();
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("count"));
    return n;
}

QStringList cacheFiles(const QString& dir) { return QDir(dir).entryList({ QStringLiteral("*.slcache") }, QDir::Files); }

} // namespace

class TestTraceCache : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_export; ///< a synthetic export with every table the cache stores
    QString m_cache;

    /// A fresh copy of the export (the cache key includes the inode and times).
    QString copyExport(const QString& name)
    {
        const QString p = m_dir.filePath(name);
        QFile::remove(p);
        return QFile::copy(m_export, p) ? p : QString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        SynthOptions o;
        o.steps = 12;
        o.ranks = 2;
        o.graphs = SynthGraphMode::Graph;
        o.gpuMetricsPeriodNs = 100'000; // nsys' default 10 kHz
        QDir().mkpath(m_dir.filePath(QStringLiteral("exports")));
        m_export = m_dir.filePath(QStringLiteral("exports/serve.sqlite"));
        QVERIFY(writeSynthTrace(m_export, o).ok);
        m_cache = m_dir.filePath(QStringLiteral("cache"));
    }

    void init() { QDir(m_cache).removeRecursively(); }

    void reopenServesTheSameModel()
    {
        const QString path = copyExport(QStringLiteral("exports/a.sqlite"));
        bool fromCache = true;
        const LoadOutcome first = load(path, m_cache, &fromCache);
        QVERIFY2(first.ok(), qPrintable(first.message));
        QVERIFY(!fromCache);
        QCOMPARE(cacheFiles(m_cache).size(), 1);
        const LoadOutcome second = load(path, m_cache, &fromCache);
        QVERIFY2(second.ok(), qPrintable(second.message));
        QVERIFY(fromCache);
        compareTraces(*second.trace, *first.trace);
        // The load's hash, which the cache writer waited for (it may outlive the load), is the
        // file's SHA-256 and is served from the cache without hashing the export again.
        QCOMPARE(second.trace->info.sha256.toLatin1(), fileSha256(path));
        // Independent of both loads: the export's own row counts.
        QCOMPARE(qint64(second.trace->kernels.size()), sqlCount(path, QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL")));
        QCOMPARE(
            qint64(second.trace->graphs.size()), sqlCount(path, QStringLiteral("CUPTI_ACTIVITY_KIND_GRAPH_TRACE")));
        QVERIFY(!second.trace->counters.series.isEmpty());
        QCOMPARE(second.trace->info.filePath, QFileInfo(path).absoluteFilePath());
        // Nothing beside the export: the folder holds exactly what the test put there.
        QCOMPARE(QDir(m_dir.filePath(QStringLiteral("exports")))
                     .entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot)
                     .size(),
            2);
    }

    void touchedExportIsReloaded()
    {
        const QString path = copyExport(QStringLiteral("exports/touched.sqlite"));
        QVERIFY(load(path, m_cache).ok());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.setFileTime(QDateTime::currentDateTimeUtc().addSecs(5), QFileDevice::FileModificationTime));
        f.close();
        bool fromCache = true;
        QVERIFY(load(path, m_cache, &fromCache).ok());
        QVERIFY(!fromCache);
    }

    void truncatedExportIsNotServed()
    {
        const QString path = copyExport(QStringLiteral("exports/truncated.sqlite"));
        QVERIFY(load(path, m_cache).ok());
        QFile f(path);
        QVERIFY(f.resize(f.size() - 4096));
        bool fromCache = true;
        const LoadOutcome out = load(path, m_cache, &fromCache);
        QVERIFY(!fromCache); // the export itself decides: a load from SQLite, or its error
        QVERIFY(!out.ok());
        QCOMPARE(out.error, LoadError::Truncated);
    }

    /// The hard case: a different export of the same size at the same path with the old
    /// modification time put back. One kernel's end differs, stored in the same number of bytes.
    void reexportWithSameSizeAndTimeIsReloaded()
    {
        const QString path = copyExport(QStringLiteral("exports/re.sqlite"));
        const LoadOutcome first = load(path, m_cache);
        QVERIFY(first.ok());
        const qint64 size = QFileInfo(path).size();
        const QDateTime mtime = QFileInfo(path).lastModified();
        const QString next = copyExport(QStringLiteral("exports/re-next.sqlite"));
        {
            auto db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("edit"));
            db.setDatabaseName(next);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET \"end\" = \"end\" + 1 WHERE rowid = "
                                          "(SELECT max(rowid) FROM CUPTI_ACTIVITY_KIND_KERNEL)")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("edit"));
        QFile::remove(path);
        QVERIFY(QFile::rename(next, path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.setFileTime(mtime, QFileDevice::FileModificationTime));
        f.close();
        QCOMPARE(QFileInfo(path).size(), size);
        QCOMPARE(QFileInfo(path).lastModified(), mtime);
        bool fromCache = true;
        const LoadOutcome second = load(path, m_cache, &fromCache);
        QVERIFY(second.ok());
        QVERIFY(!fromCache);
        qint64 sumFirst = 0, sumSecond = 0;
        for (qint64 e : test::endsOf(first.trace->kernels))
            sumFirst += e;
        for (qint64 e : test::endsOf(second.trace->kernels))
            sumSecond += e;
        QCOMPARE(sumSecond, sumFirst + 1);
    }

    void damagedCacheIsRemovedAndRebuilt()
    {
        const QString path = copyExport(QStringLiteral("exports/damaged.sqlite"));
        QVERIFY(load(path, m_cache).ok());
        const QString file = TraceCache(m_cache).fileFor(*TraceCacheKey::of(path));
        QVERIFY(QFile::exists(file));
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.seek(f.size() / 2));
            char c = 0;
            QVERIFY(f.getChar(&c));
            QVERIFY(f.seek(f.size() / 2));
            QVERIFY(f.putChar(char(c ^ 0x40)));
        }
        QString why;
        QVERIFY(!TraceCache(m_cache).read(*TraceCacheKey::of(path), &why));
        QVERIFY2(why.contains(QStringLiteral("checksum")), qPrintable(why));
        QVERIFY(!QFile::exists(file));
        bool fromCache = true;
        QVERIFY(load(path, m_cache, &fromCache).ok());
        QVERIFY(!fromCache);
        QVERIFY(QFile::exists(file)); // written again
        QVERIFY(load(path, m_cache, &fromCache).ok());
        QVERIFY(fromCache);
    }

    void otherFormatVersionAndTruncatedCacheAreRefused()
    {
        const QString path = copyExport(QStringLiteral("exports/version.sqlite"));
        QVERIFY(load(path, m_cache).ok());
        const auto key = *TraceCacheKey::of(path);
        const QString file = TraceCache(m_cache).fileFor(key);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.seek(8));
        const quint32 other = TraceCache::kFormatVersion + 1;
        QVERIFY(f.write(reinterpret_cast<const char*>(&other), 4) == 4);
        f.close();
        QString why;
        QVERIFY(!TraceCache(m_cache).read(key, &why));
        QVERIFY2(why.contains(QStringLiteral("format")), qPrintable(why));
        QVERIFY(load(path, m_cache).ok()); // rebuilt
        QVERIFY(QFile::resize(file, QFileInfo(file).size() - 8));
        QVERIFY(!TraceCache(m_cache).read(key, &why));
        QVERIFY2(why.contains(QStringLiteral("truncated")), qPrintable(why));
    }

    /// Checksums only prove the bytes are the ones written: a file whose ids point outside
    /// their tables (a writer bug, another build) is refused by the id checks.
    void outOfRangeIdsAreRefused()
    {
        const QString path = copyExport(QStringLiteral("exports/ids.sqlite"));
        const LoadOutcome loaded = load(path, QString());
        QVERIFY(loaded.ok());
        Trace bad = *loaded.trace;
        QVERIFY(!bad.kernels.name.empty());
        bad.kernels.name.back() = bad.strings.size() + 7;
        const auto key = *TraceCacheKey::of(path);
        QVERIFY(TraceCache(m_cache).write(bad, key));
        QString why;
        QVERIFY(!TraceCache(m_cache).read(key, &why));
        QVERIFY2(why.contains(QStringLiteral("outside")), qPrintable(why));
        bad = *loaded.trace;
        bad.kernels.api.front() = qint32(bad.api.size());
        QVERIFY(TraceCache(m_cache).write(bad, key));
        QVERIFY(!TraceCache(m_cache).read(key, &why));
        bad = *loaded.trace;
        bad.kernels.flags.pop_back(); // one column shorter than its table
        QVERIFY(TraceCache(m_cache).write(bad, key));
        QVERIFY(!TraceCache(m_cache).read(key, &why));
        QVERIFY(TraceCache(m_cache).write(*loaded.trace, key));
        QVERIFY(TraceCache(m_cache).read(key, &why));
    }

    /// Three exports under a cap that holds two: the least recently used one goes, and a hit
    /// counts as a use.
    void evictsTheLeastRecentlyUsed()
    {
        const QString a = copyExport(QStringLiteral("exports/lru-a.sqlite"));
        const QString b = copyExport(QStringLiteral("exports/lru-b.sqlite"));
        const QString c = copyExport(QStringLiteral("exports/lru-c.sqlite"));
        QVERIFY(load(a, m_cache).ok());
        const qint64 one = QFileInfo(TraceCache(m_cache).fileFor(*TraceCacheKey::of(a))).size();
        QVERIFY(one > 0);
        const qint64 cap = 2 * one + one / 2;
        auto loadCapped = [&](const QString& p) {
            LoadOptions o;
            o.cacheDir = m_cache;
            o.cacheCapBytes = cap;
            const bool ok = TraceLoader::loadSync(p, o).ok();
            TraceCache::waitForWrites();
            QTest::qWait(20); // distinct modification times
            return ok;
        };
        QTest::qWait(20);
        QVERIFY(loadCapped(b));
        QVERIFY(loadCapped(a)); // a hit: a is now more recent than b
        QVERIFY(loadCapped(c)); // written; b is the least recently used
        const TraceCache cache(m_cache, cap);
        QVERIFY(QFile::exists(cache.fileFor(*TraceCacheKey::of(a))));
        QVERIFY(!QFile::exists(cache.fileFor(*TraceCacheKey::of(b))));
        QVERIFY(QFile::exists(cache.fileFor(*TraceCacheKey::of(c))));
        QCOMPARE(cacheFiles(m_cache).size(), 2);
    }

    /// Every real export of ../shared/traces/real: the model the cache serves equals the one the
    /// SQLite load built, part by part (and report folders written from both were byte-identical
    /// when this was added: docs/cache-format.md).
    void realExportsRoundTrip()
    {
        const QStringList files = sl::test::realTraces();
        if (files.isEmpty())
            QSKIP(qPrintable(sl::test::realTracesSkipReason()));
        int sparseIds = 0, backtraces = 0;
        for (const QString& file : files) {
            bool fromCache = true;
            const LoadOutcome first = load(file, m_cache, &fromCache);
            QVERIFY2(first.ok(), qPrintable(file));
            QVERIFY(!fromCache);
            const LoadOutcome second = load(file, m_cache, &fromCache);
            QVERIFY2(second.ok() && fromCache, qPrintable(file));
            compareTraces(*second.trace, *first.trace);
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(file));
            sparseIds += !first.trace->strings.exportIdPairs().empty();
            backtraces += first.trace->info.backtraceCopies > 0;
        }
        QVERIFY(sparseIds > 0); // the 2026 exports' StringIds ids run into the millions
        QVERIFY(backtraces > 0); // pipit-saxpy-mpi-a100-2022.2's calls with backtrace
    }

    /// evict() on files made by hand: newest first until the cap, traces and analysis results
    /// weighed together, an unfinished write older than an hour removed, a recent one and
    /// foreign files left alone.
    void evictByTimeAndSize()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QDateTime now = QDateTime::currentDateTimeUtc();
        const auto make = [&](const QString& name, int bytes, qint64 ageSecs) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            QCOMPARE(f.write(QByteArray(bytes, 'x')), qint64(bytes));
            QVERIFY(f.flush()); // a write after setFileTime would make the time "now" again
            QVERIFY(f.setFileTime(now.addSecs(-ageSecs), QFileDevice::FileModificationTime));
        };
        make(QStringLiteral("a.slcache"), 100, 30);
        make(QStringLiteral("b.slresult"), 100, 20);
        make(QStringLiteral("c.slcache"), 100, 10);
        make(QStringLiteral("d.slcache"), 100, 0);
        make(QStringLiteral("e.slcache.Ab12Cd"), 10, 7200); // a write that never finished
        make(QStringLiteral("f.slresult.Xy34Zw"), 10, 60); // a write that may still be going on
        make(QStringLiteral("notes.txt"), 1000, 9000);
        // Cap 250 B: d (100) and c (200) fit, b would make 300.
        TraceCache(dir.path(), 250).evict();
        QStringList left = QDir(dir.path()).entryList(QDir::Files);
        left.sort();
        QCOMPARE(left,
            QStringList({ QStringLiteral("c.slcache"), QStringLiteral("d.slcache"), QStringLiteral("f.slresult.Xy34Zw"),
                QStringLiteral("notes.txt") }));
    }

    void noCacheDirMeansNoCache()
    {
        const QString path = copyExport(QStringLiteral("exports/off.sqlite"));
        bool fromCache = true;
        QVERIFY(load(path, QString(), &fromCache).ok());
        QVERIFY(!fromCache);
        QVERIFY(!QDir(m_cache).exists() || cacheFiles(m_cache).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestTraceCache)
#include "tst_tracecache.moc"
