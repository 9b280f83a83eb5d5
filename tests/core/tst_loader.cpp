// SPDX-License-Identifier: MIT
// TraceLoader: error classification of bad inputs, read-only access, correlation per process,
// old schemas, start ordering, eventClass 67 de-duplication and cancellation.
#include "core/io/columnorder.h"
#include "core/io/floorscan.h"
#include "core/io/sqliteconnection.h"
#include "core/io/tracecache.h"
#include "core/io/traceloader.h"
#include "core/synth/synthtracewriter.h"
#include "core/util/filehash.h"
#include "tests/common/layoutpair.h"
#include "tests/common/tracefixture.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QSemaphore>
#include <QSqlDatabase>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <numeric>
#include <tuple>

using namespace sl;
using sl::test::LayoutPair;
using sl::test::TraceFixture;
using sl::test::writeBothLayouts;

Q_DECLARE_METATYPE(sl::LoadError)

namespace {

QByteArray sha256File(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    return h.result().toHex();
}

/// A valid export with enough rows to span many pages (2000 kernels, 2000 runtime calls).
void fillMany(TraceFixture& fx)
{
    fx.string(QStringLiteral("k"));
    fx.string(QStringLiteral("cudaLaunchKernel_v7000"));
    fx.exec(QStringLiteral(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) "
        "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (start, end, deviceId, contextId, streamId, correlationId, globalPid, "
        "demangledName, shortName, registersPerThread, gridX, gridY, gridZ, blockX, blockY, blockZ, "
        "staticSharedMemory, "
        "dynamicSharedMemory, localMemoryPerThread, localMemoryTotal, gridId) "
        "SELECT i * 1000 + 500, i * 1000 + 900, 0, 1, 7, i, %1, 0, 0, 32, 1, 1, 1, 128, 1, 1, 0, 0, 0, 0, 0 FROM n")
                .arg(TraceFixture::globalPid(100)));
    fx.exec(QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) "
                           "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME (start, end, eventClass, globalTid, correlationId, "
                           "nameId, returnValue) "
                           "SELECT i * 1000, i * 1000 + 100, 0, %1, i, 1, 0 FROM n")
                .arg(TraceFixture::globalTid(100, 101)));
}

} // namespace

class TestLoader : public QObject
{
    Q_OBJECT
private slots:
    void badInputs_data();
    void badInputs();
    void truncatedCopy();
    void corruptCopy();
    void notNsysExport();
    void nsysReport();
    void readOnly();
    void hashHandedToTrace();
    void runningHashAdopted();
    void correlationPerProcess();
    void correlationIndexPaths_data();
    void correlationIndexPaths();
    void compactColumns();
    void compactColumnsKeptWhenNeeded();
    void schema2021();
    void sortedByStart();
    void eventClass67Duplicates();
    void startOrderRuns();
    void columnPermuter();
    void blockedLayoutLoadsLikeTimeOrder();
    void floorQueries();
    void cancel();
    void cancelFuture();
};

void TestLoader::badInputs_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<LoadError>("error");
    QTest::newRow("missing") << "missing" << LoadError::MissingFile;
    QTest::newRow("directory") << "directory" << LoadError::IsDirectory;
    QTest::newRow("empty") << "empty" << LoadError::EmptyFile;
    QTest::newRow("text") << "text" << LoadError::NotSqlite;
}

void TestLoader::badInputs()
{
    QFETCH(QString, kind);
    QFETCH(LoadError, error);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString path;
    QString name;
    if (kind == QLatin1String("missing")) {
        name = QStringLiteral("no-such-trace.sqlite");
        path = dir.filePath(name);
    } else if (kind == QLatin1String("directory")) {
        name = QStringLiteral("a-folder.sqlite");
        path = dir.filePath(name);
        QVERIFY(QDir(dir.path()).mkdir(name));
    } else if (kind == QLatin1String("empty")) {
        name = QStringLiteral("empty-trace.sqlite");
        path = dir.filePath(name);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
    } else {
        name = QStringLiteral("notes.sqlite");
        path = dir.filePath(name);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("this is a plain text file, not a database at all\n").repeated(20));
    }
    const LoadOutcome out = TraceLoader::loadSync(path);
    QVERIFY(!out.ok());
    QCOMPARE(out.error, error);
    QVERIFY2(out.message.contains(name), qPrintable(out.message));
}

void TestLoader::truncatedCopy()
{
    TraceFixture fx;
    fillMany(fx);
    const QString src = fx.path();
    QFile in(src);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QByteArray all = in.readAll();
    QVERIFY(all.size() > 8 * 4096);
    const QString copy = fx.dir() + QStringLiteral("/half-copy.sqlite");
    QFile out(copy);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(all.left(all.size() / 2));
    out.close();
    const LoadOutcome r = TraceLoader::loadSync(copy);
    QVERIFY(!r.ok());
    QCOMPARE(r.error, LoadError::Truncated);
    QVERIFY2(r.message.contains(QStringLiteral("half-copy.sqlite")), qPrintable(r.message));
}

void TestLoader::corruptCopy()
{
    TraceFixture fx;
    fillMany(fx);
    const QString src = fx.path();
    QFile in(src);
    QVERIFY(in.open(QIODevice::ReadOnly));
    QByteArray all = in.readAll();
    QVERIFY(all.size() > 8 * 4096);
    // Overwrite the middle third (whole pages, page 1 with sqlite_master untouched) with garbage.
    const qsizetype page = 4096;
    const qsizetype from = (all.size() / 3 / page) * page, to = (2 * all.size() / 3 / page) * page;
    QVERIFY(from >= page && to > from);
    for (qsizetype i = from; i < to; ++i)
        all[i] = char(0xA5 ^ (i & 0x3F));
    const QString copy = fx.dir() + QStringLiteral("/broken-copy.sqlite");
    QFile out(copy);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(all);
    out.close();
    const LoadOutcome r = TraceLoader::loadSync(copy);
    QVERIFY(!r.ok());
    QVERIFY2(r.error == LoadError::Corrupt || r.error == LoadError::Truncated, qPrintable(r.message));
    QVERIFY2(r.message.contains(QStringLiteral("broken-copy.sqlite")), qPrintable(r.message));
}

void TestLoader::notNsysExport()
{
    TraceFixture fx(TraceFixture::Schema::Empty, QStringLiteral("other-db.sqlite"));
    fx.exec(QStringLiteral("CREATE TABLE t(x); INSERT INTO t VALUES (1);"));
    const LoadOutcome r = TraceLoader::loadSync(fx.path());
    QVERIFY(!r.ok());
    QCOMPARE(r.error, LoadError::NotNsysExport);
    QVERIFY2(r.message.contains(QStringLiteral("other-db.sqlite")), qPrintable(r.message));
}

void TestLoader::nsysReport()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("profile.nsys-rep"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("NSYS report bytes");
    f.close();
    const LoadOutcome r = TraceLoader::loadSync(path);
    QVERIFY(!r.ok());
    QCOMPARE(r.error, LoadError::NsysReport);
    QVERIFY2(r.message.contains(QStringLiteral("profile.nsys-rep")), qPrintable(r.message));
    QVERIFY2(r.message.contains(QStringLiteral("nsys export --type sqlite")), qPrintable(r.message));
}

void TestLoader::readOnly()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.process(100, QStringLiteral("python3"));
    fx.runtime(100, 200, 100, 101, 1, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.kernel(300, 700, 0, 7, 1, 100, QStringLiteral("gemm"));
    const QString path = fx.path();
    const QByteArray before = sha256File(path);
    const QStringList filesBefore = QDir(fx.dir()).entryList(QDir::Files | QDir::Hidden);
    const LoadOutcome r = TraceLoader::loadSync(path);
    QVERIFY2(r.ok(), qPrintable(r.message));
    QCOMPARE(r.trace->kernels.size(), 1);
    QCOMPARE(sha256File(path), before);
    // The hash the loader reports is the file's SHA-256.
    QCOMPARE(r.trace->knownSha256().toLatin1(), before);
    QCOMPARE(r.trace->info.fileName, QStringLiteral("trace.sqlite"));
    // No journal, WAL or index side file next to the export.
    QCOMPARE(QDir(fx.dir()).entryList(QDir::Files | QDir::Hidden), filesBefore);
    // Every connection the readers open refuses writes twice over: query_only is on, and a
    // write statement fails without touching the file.
    const SqliteConnection db(path);
    QVERIFY(db.isOpen());
    QCOMPARE(db.scalar(QStringLiteral("PRAGMA query_only")), qint64(1));
    SqliteStatement write(db, QStringLiteral("CREATE TABLE sightline_probe(a)"));
    // Refused at prepare or at its step (a statement without rows also ends next() with false,
    // so the error code is what tells a refusal from a success).
    QVERIFY(!write.isValid() || (!write.next() && write.errorCode() != 0));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE name = 'sightline_probe'")), qint64(0));
    QCOMPARE(sha256File(path), before);
}

/// The load does not wait for its hash: the trace takes it, and copies share it (tst_tracecache:
/// the cache records it). A load without one never reads the file for knownSha256() (the GUI's first paint).
void TestLoader::hashHandedToTrace()
{
    TraceFixture fx;
    fillMany(fx);
    const QString path = fx.path();
    const QByteArray expected = sha256File(path);
    const LoadOutcome hashed = TraceLoader::loadSync(path);
    QVERIFY2(hashed.ok(), qPrintable(hashed.message));
    const Trace copy = *hashed.trace; // before anyone asked for the hash
    QCOMPARE(copy.knownSha256().toLatin1(), expected);
    QCOMPARE(hashed.trace->sha256().toLatin1(), expected);

    LoadOptions none;
    none.computeSha256 = false;
    const LoadOutcome plain = TraceLoader::loadSync(path, none);
    QVERIFY2(plain.ok(), qPrintable(plain.message));
    QVERIFY(plain.trace->knownSha256().isEmpty());
    QCOMPARE(plain.trace->sha256().toLatin1(), expected); // computed on demand
    QCOMPARE(plain.trace->knownSha256().toLatin1(), expected); // and kept
}

/// A hash the caller started (the CLI's analyze, before its own set-up) is the one the trace
/// takes, when it hashes the file loaded. One of another file, one whose load fails, and one
/// of a trace the cache serves with its hash are cancelled: each is held at its first block
/// until the load has returned, so that a cancel cannot come too late to be seen.
void TestLoader::runningHashAdopted()
{
    TraceFixture fx;
    fillMany(fx);
    const QString path = fx.path();
    const QByteArray expected = sha256File(path);
    const auto held = [](const QString& file, QSemaphore* go) {
        return std::make_shared<FileHash>(file, [go, first = std::make_shared<std::atomic<bool>>(true)] {
            if (first->exchange(false))
                go->acquire();
            return false;
        });
    };

    LoadOptions early;
    early.runningHash = std::make_shared<FileHash>(path);
    const LoadOutcome adopted = TraceLoader::loadSync(path, early);
    QVERIFY2(adopted.ok(), qPrintable(adopted.message));
    QCOMPARE(early.runningHash.use_count(), 2); // the options and the trace
    QCOMPARE(adopted.trace->knownSha256().toLatin1(), expected);

    const QTemporaryDir other;
    const QString otherPath = other.filePath(QStringLiteral("other.sqlite"));
    QVERIFY(QFile::copy(path, otherPath));
    QSemaphore goWrong;
    LoadOptions wrongFile;
    wrongFile.runningHash = held(otherPath, &goWrong);
    const LoadOutcome separate = TraceLoader::loadSync(path, wrongFile);
    goWrong.release();
    QVERIFY2(separate.ok(), qPrintable(separate.message));
    QCOMPARE(wrongFile.runningHash.use_count(), 1);
    QVERIFY(wrongFile.runningHash->result().cancelled);
    QCOMPARE(separate.trace->knownSha256().toLatin1(), expected);

    const QString notAnExport = other.filePath(QStringLiteral("notes.sqlite"));
    QFile text(notAnExport);
    QVERIFY(text.open(QIODevice::WriteOnly));
    text.write(QByteArray(8192, 'x'));
    text.close();
    QSemaphore goFailed;
    LoadOptions failing;
    failing.runningHash = held(notAnExport, &goFailed);
    QVERIFY(!TraceLoader::loadSync(notAnExport, failing).ok());
    goFailed.release();
    QVERIFY(failing.runningHash->result().cancelled);

    const QTemporaryDir cache;
    LoadOptions cached;
    cached.cacheDir = cache.path();
    QVERIFY(TraceLoader::loadSync(path, cached).ok());
    TraceCache::waitForWrites();
    QSemaphore goCached;
    cached.runningHash = held(path, &goCached);
    const LoadOutcome served = TraceLoader::loadSync(path, cached);
    goCached.release();
    QVERIFY2(served.ok() && served.servedKey, qPrintable(served.message));
    QCOMPARE(cached.runningHash.use_count(), 1);
    QVERIFY(cached.runningHash->result().cancelled); // the cache knew the hash
    QCOMPARE(served.trace->knownSha256().toLatin1(), expected);
}

void TestLoader::correlationPerProcess()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.gpu(1, QStringLiteral("H100"));
    // Both processes use correlationIds 1 and 2; the calls differ in time.
    fx.runtime(1000, 1100, 100, 101, 1, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.runtime(2000, 2100, 100, 101, 2, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.runtime(1500, 1600, 200, 201, 1, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.runtime(2500, 2600, 200, 201, 2, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.kernel(3000, 3100, 0, 7, 1, 100, QStringLiteral("a"));
    fx.kernel(3200, 3300, 1, 7, 1, 200, QStringLiteral("b"));
    fx.kernel(3400, 3500, 0, 7, 2, 100, QStringLiteral("c"));
    fx.kernel(3600, 3700, 1, 7, 2, 200, QStringLiteral("d"));
    const LoadOutcome r = TraceLoader::loadSync(fx.path());
    QVERIFY2(r.ok(), qPrintable(r.message));
    const Trace& t = *r.trace;
    QCOMPARE(t.kernels.size(), 4);
    // Kernels in start order: a (pid 100, corr 1) → call at 1000; b (pid 200, corr 1) → 1500;
    // c (pid 100, corr 2) → 2000; d (pid 200, corr 2) → 2500.
    const qint64 expectedCall[] = { 1000, 1500, 2000, 2500 };
    const quint32 expectedPid[] = { 100, 200, 100, 200 };
    for (int i = 0; i < 4; ++i) {
        const qint32 a = t.kernels.api[size_t(i)];
        QVERIFY(a >= 0);
        QCOMPARE(t.api.start[size_t(a)], expectedCall[i]);
        QCOMPARE(t.api.pid[size_t(a)], expectedPid[i]);
        QCOMPARE(t.kernels.pid[size_t(i)], expectedPid[i]);
    }
}

void TestLoader::correlationIndexPaths_data()
{
    // The launching call of each kernel, whichever way the finalizer indexes the calls: the
    // ids of every process dense and unique (the index proves it in its own passes), one
    // process's ids too sparse for a dense array, an id repeated in a process (the repeat is
    // dropped first: the launch is kept over the allocation that shares its id). Id 0 never
    // matches. Pids as nsys writes them (24 bits of globalTid), CUPTI ids counting from 1.
    QTest::addColumn<QString>("layout");
    QTest::addColumn<qint64>("droppedRepeats");
    QTest::newRow("unique, dense") << "dense" << qint64(0);
    QTest::newRow("sparse ids") << "sparse" << qint64(0);
    QTest::newRow("repeated id") << "repeated" << qint64(1);
    // The calls stored out of start order: the finalizer sorts them first, then indexes.
    QTest::newRow("repeated id, calls out of order") << "repeated, unsorted" << qint64(1);
}

void TestLoader::correlationIndexPaths()
{
    QFETCH(QString, layout);
    QFETCH(qint64, droppedRepeats);
    constexpr quint32 kA = 41007, kB = 41290;
    // Process B's second id: 2^31 + 12 when its ids are sparse, else 13.
    const quint32 far = layout == QLatin1String("sparse") ? (quint32(1) << 31) + 12 : 13;
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    const QString launch = QStringLiteral("cudaLaunchKernel_v7000");
    const bool unsorted = layout.endsWith(QLatin1String("unsorted"));
    if (!unsorted)
        fx.runtime(1000, 1100, kA, kA, 1, launch);
    fx.runtime(1200, 1300, kA, kA, 2, launch);
    fx.runtime(1400, 1500, kA, kA, 0, QStringLiteral("cudaGetLastError")); // id 0: never matched
    fx.runtime(1600, 1700, kB, kB, 12, launch);
    if (layout.startsWith(QLatin1String("repeated")))
        fx.runtime(1750, 1780, kB, kB, far, QStringLiteral("cudaMalloc_v3020")); // shares the launch's id
    fx.runtime(1800, 1900, kB, kB, far, launch);
    if (unsorted)
        fx.runtime(1000, 1100, kA, kA, 1, launch); // stored last, starts first
    fx.kernel(3000, 3100, 0, 7, 2, kA, QStringLiteral("a2"));
    fx.kernel(3200, 3300, 0, 7, far, kB, QStringLiteral("bfar"));
    fx.kernel(3400, 3500, 0, 7, 1, kA, QStringLiteral("a1"));
    fx.kernel(3600, 3700, 0, 7, 0, kA, QStringLiteral("zero"));
    fx.kernel(3800, 3900, 0, 7, 12, kB, QStringLiteral("b12"));
    fx.kernel(4000, 4100, 0, 7, 3, kA, QStringLiteral("nocall")); // no call has id 3 in A
    const LoadOutcome r = TraceLoader::loadSync(fx.path());
    QVERIFY2(r.ok(), qPrintable(r.message));
    const Trace& t = *r.trace;
    QCOMPARE(t.kernels.size(), 6);
    QCOMPARE(t.api.size(), 5); // a repeat is left out
    // Kernels in start order; their calls' starts by hand (-1: unmatched).
    const qint64 expectedCall[] = { 1200, 1800, 1000, -1, 1600, -1 };
    for (int i = 0; i < 6; ++i) {
        const qint32 a = t.kernels.api[size_t(i)];
        QCOMPARE(a < 0 ? qint64(-1) : t.api.start[size_t(a)], expectedCall[i]);
    }
    qint64 repeats = 0;
    for (const auto& e : t.dataQuality.entries)
        if (e.rule == DataQuality::Rule::DuplicateCorrelation)
            repeats += e.count;
    QCOMPARE(repeats, droppedRepeats);
}

void TestLoader::compactColumns()
{
    // Every name has one short name and every op with a correlation id has its call: the model
    // keeps neither column (issue 20) and gives back the values the export holds.
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.runtime(100, 110, 100, 101, 5, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.runtime(200, 210, 100, 101, 6, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.runtime(300, 310, 100, 101, 7, QStringLiteral("cudaMemcpyAsync_v3020"));
    fx.kernel(1000, 1100, 0, 7, 5, 100, QStringLiteral("void gemm<float>(int)"));
    fx.kernel(1200, 1300, 0, 7, 6, 100, QStringLiteral("void gemm<float>(int)"));
    fx.kernel(1400, 1500, 0, 7, 0, 100, QStringLiteral("void relu(float*)")); // no id: no call to keep
    fx.memcpy(1600, 1700, 0, 7, 7, 100, 64, 1, 1, 2);
    const qint64 gemm = fx.string(QStringLiteral("gemm"));
    fx.exec(QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET shortName = %1 WHERE start < 1400").arg(gemm));
    const LoadOutcome r = TraceLoader::loadSync(fx.path());
    QVERIFY2(r.ok(), qPrintable(r.message));
    const Trace& t = *r.trace;
    const KernelTable& k = t.kernels;
    QVERIFY(k.shortName.empty());
    QVERIFY(k.correlationId.empty());
    QVERIFY(t.memcpy.correlationId.empty());
    QCOMPARE(t.strings.at(k.shortNameOf(0)), QStringLiteral("gemm"));
    QCOMPARE(t.strings.at(k.shortNameOf(1)), QStringLiteral("gemm"));
    QCOMPARE(t.strings.at(k.shortNameOf(2)), QStringLiteral("void relu(float*)"));
    QCOMPARE(k.correlationOf(0, t.api.correlationId), 5u);
    QCOMPARE(k.correlationOf(1, t.api.correlationId), 6u);
    QCOMPARE(k.correlationOf(2, t.api.correlationId), 0u);
    QCOMPARE(t.memcpy.correlationOf(0, t.api.correlationId), 7u);
    // 3 kernels × (4 rowid offset + 8 start + 4 duration + 2 device + 4 stream + 4 pid + 4 api +
    // 4 name + 4 config + 1 flags) + 4 B per string for the short names.
    QCOMPARE(k.memoryBytes(), 3 * 39 + 4 * qint64(k.shortNameByName.size()));
}

void TestLoader::compactColumnsKeptWhenNeeded()
{
    // One name with two short names, and a kernel whose call is not in the export: both columns
    // stay as read.
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.runtime(100, 110, 100, 101, 5, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.kernel(1000, 1100, 0, 7, 5, 100, QStringLiteral("k"));
    fx.kernel(1200, 1300, 0, 7, 9, 100, QStringLiteral("k"));
    const qint64 other = fx.string(QStringLiteral("k_short"));
    fx.exec(QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET shortName = %1 WHERE start = 1200").arg(other));
    const LoadOutcome r = TraceLoader::loadSync(fx.path());
    QVERIFY2(r.ok(), qPrintable(r.message));
    const Trace& t = *r.trace;
    const KernelTable& k = t.kernels;
    QCOMPARE(k.shortName.size(), size_t(2));
    QCOMPARE(k.correlationId, (std::vector<quint32> { 5, 9 }));
    QCOMPARE(t.strings.at(k.shortNameOf(0)), QStringLiteral("k"));
    QCOMPARE(t.strings.at(k.shortNameOf(1)), QStringLiteral("k_short"));
    QCOMPARE(k.api[1], -1);
    QCOMPARE(k.correlationOf(1, t.api.correlationId), 9u);
}

void TestLoader::schema2021()
{
    TraceFixture fx(TraceFixture::Schema::Nsys2021);
    fx.gpu(0, QStringLiteral("Quadro RTX 6000"), 72);
    fx.runtime(100, 200, 100, 101, 1, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.kernel(300, 800, 0, 7, 1, 100, QStringLiteral("vecAdd"));
    fx.memcpy(900, 1000, 0, 7, 2, 100, 4096, 1, 0, 2);
    const LoadOutcome r = TraceLoader::loadSync(fx.path());
    QVERIFY2(r.ok(), qPrintable(r.message));
    const Trace& t = *r.trace;
    QCOMPARE(t.info.nsysVersion, QStringLiteral("2021.2.1"));
    QCOMPARE(t.info.versionSource, TraceInfo::VersionSource::Heuristic);
    QVERIFY(t.info.schemaVersion.isEmpty());
    QCOMPARE(t.kernels.size(), 1);
    QCOMPARE(t.strings.at(t.kernels.name[0]), QStringLiteral("vecAdd"));
    QCOMPARE(t.kernels.api[0], 0);
    QCOMPARE(t.memcpy.size(), 1);
    QCOMPARE(t.memcpy.bytes[0], qint64(4096));
    QCOMPARE(t.gpus.size(), 1);
    QCOMPARE(t.gpus[0].smCount, 72);
}

void TestLoader::sortedByStart()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    // Inserted out of order: rowids 1..3 with starts 500, 100, 300.
    fx.kernel(500, 600, 0, 7, 3, 100, QStringLiteral("k3"));
    fx.kernel(100, 200, 0, 7, 1, 100, QStringLiteral("k1"));
    fx.kernel(300, 400, 0, 8, 2, 100, QStringLiteral("k2"));
    fx.runtime(90, 95, 100, 101, 3, QStringLiteral("cudaLaunchKernel_v7000")); // rowid 1
    fx.runtime(10, 20, 100, 101, 1, QStringLiteral("cudaLaunchKernel_v7000")); // rowid 2
    fx.runtime(50, 60, 100, 101, 2, QStringLiteral("cudaLaunchKernel_v7000")); // rowid 3
    fx.memcpy(900, 950, 0, 7, 10, 100, 10, 1, 1, 2);
    fx.memcpy(700, 750, 0, 7, 11, 100, 20, 1, 1, 2);
    fx.nvtx(80, 99, 100, 101, QStringLiteral("late"));
    fx.nvtx(5, 30, 100, 101, QStringLiteral("early"));
    const LoadOutcome r = TraceLoader::loadSync(fx.path());
    QVERIFY2(r.ok(), qPrintable(r.message));
    const Trace& t = *r.trace;
    QCOMPARE(t.kernels.start, (std::vector<qint64> { 100, 300, 500 }));
    QCOMPARE(t.kernels.rowid.toVector(), (std::vector<qint64> { 2, 3, 1 }));
    QCOMPARE(t.strings.at(t.kernels.name[0]), QStringLiteral("k1"));
    QCOMPARE(t.strings.at(t.kernels.name[2]), QStringLiteral("k3"));
    QCOMPARE(t.api.start, (std::vector<qint64> { 10, 50, 90 }));
    QCOMPARE(t.api.rowid.toVector(), (std::vector<qint64> { 2, 3, 1 }));
    // Each kernel still points at its own call after both tables were sorted.
    QCOMPARE(t.api.correlationId[size_t(t.kernels.api[0])], 1u);
    QCOMPARE(t.api.correlationId[size_t(t.kernels.api[1])], 2u);
    QCOMPARE(t.api.correlationId[size_t(t.kernels.api[2])], 3u);
    // Lanes: after sorting, stream 7 holds kernels 0 (start 100) and 2 (start 500), stream 8 kernel 1.
    using Lane = std::pair<quint16, quint32>;
    QCOMPARE(t.kernelsByStream.size(), size_t(2));
    QCOMPARE(t.kernelsByStream.at(Lane { 0, 7 }), (std::vector<quint32> { 0, 2 }));
    QCOMPARE(t.kernelsByStream.at(Lane { 0, 8 }), (std::vector<quint32> { 1 }));
    QCOMPARE(t.kernelsByDevice.at(0), (std::vector<quint32> { 0, 1, 2 }));
    QCOMPARE(t.memcpy.start, (std::vector<qint64> { 700, 900 }));
    QCOMPARE(t.memcpy.bytes, (std::vector<qint64> { 20, 10 }));
    QCOMPARE(t.nvtx.start, (std::vector<qint64> { 5, 80 }));
    QCOMPARE(t.strings.at(t.nvtx.name[0]), QStringLiteral("early"));
    // The full window is the whole capture (issue 12.7): the NVTX range at 5 opens it.
    QCOMPARE(t.firstNs, qint64(5));
    QCOMPARE(t.lastNs, qint64(950));
}

void TestLoader::eventClass67Duplicates()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.runtime(100, 200, 100, 101, 5, QStringLiteral("cudaLaunchKernel_v7000"), 0);
    fx.runtime(110, 190, 100, 101, 5, QStringLiteral("cuLaunchKernel"), 67); // duplicate of corr 5: dropped
    fx.runtime(300, 400, 100, 101, 6, QStringLiteral("cuMemAlloc_v2"), 1);
    fx.runtime(310, 390, 100, 101, 6, QStringLiteral("cuMemAlloc_v2"), 67); // duplicate of corr 6: dropped
    fx.runtime(500, 600, 100, 101, 7, QStringLiteral("cuCtxSynchronize"), 67); // no class 0/1 twin: kept
    fx.runtime(700, 800, 200, 201, 5, QStringLiteral("cuLaunchKernel"), 67); // same corr, other pid: kept
    fx.kernel(250, 260, 0, 7, 5, 100, QStringLiteral("k"));
    const LoadOutcome r = TraceLoader::loadSync(fx.path());
    QVERIFY2(r.ok(), qPrintable(r.message));
    const Trace& t = *r.trace;
    QCOMPARE(t.api.size(), 4);
    QCOMPARE(t.api.start, (std::vector<qint64> { 100, 300, 500, 700 }));
    QCOMPARE(t.kernels.api[0], 0);
    QCOMPARE(t.strings.at(t.api.name[0]), QStringLiteral("cudaLaunchKernel_v7000"));
}

void TestLoader::cancel()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("synth.sqlite"));
    SynthOptions o;
    o.targetKernels = 300000;
    const SynthResult w = writeSynthTrace(path, o);
    QVERIFY2(w.ok, qPrintable(w.error));
    QVERIFY(w.kernels > 200000);

    std::atomic<bool> cancelFlag { false };
    std::atomic<int> calls { 0 };
    auto progress = [&](int, const QString&) {
        if (++calls >= 2)
            cancelFlag = true;
    };
    const LoadOutcome r = TraceLoader::loadSync(path, {}, progress, &cancelFlag);
    QVERIFY(!r.ok());
    QCOMPARE(r.error, LoadError::Cancelled);
    QVERIFY2(r.message.contains(QStringLiteral("synth.sqlite")), qPrintable(r.message));
    QVERIFY(QSqlDatabase::connectionNames().isEmpty());
    // The same file loads completely without the cancel.
    const LoadOutcome full = TraceLoader::loadSync(path, {});
    QVERIFY2(full.ok(), qPrintable(full.message));
    QCOMPARE(qint64(full.trace->kernels.size()), w.kernels);
}

void TestLoader::cancelFuture()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("synth.sqlite"));
    SynthOptions o;
    o.targetKernels = 300000;
    QVERIFY(writeSynthTrace(path, o).ok);

    // Cancelling the QFuture, as the GUI's Cancel button does, is seen by the readers directly
    // (not only at the next progress report); a cancelled QFuture drops the result.
    QFuture<LoadOutcome> future = TraceLoader::load(path);
    QTRY_VERIFY_WITH_TIMEOUT(future.progressValue() > 20 || future.isFinished(), 60000);
    QVERIFY(!future.isFinished());
    future.cancel();
    future.waitForFinished();
    QVERIFY(future.isCanceled());
    QCOMPARE(future.resultCount(), 0);
    QVERIFY(QSqlDatabase::connectionNames().isEmpty());
}

void TestLoader::startOrderRuns()
{
    // Already in order (ties included): nothing to do.
    QVERIFY(startOrder({ 1, 2, 2, 5 }).empty());
    // Two blocks, as a per-process table: merged, the earlier row first on equal starts.
    QCOMPARE(startOrder({ 10, 20, 30, 5, 20, 40 }), (std::vector<quint32> { 3, 0, 1, 4, 2, 5 }));
    // Three blocks, one of a single row.
    QCOMPARE(startOrder({ 7, 8, 1, 3, 2 }), (std::vector<quint32> { 2, 4, 3, 0, 1 }));
    // More runs than the merge takes (a descending table of 200 rows): the comparison sort,
    // stable on the two equal starts.
    std::vector<qint64> down;
    for (qint64 v = 199; v >= 0; --v)
        down.push_back(v == 100 ? 101 : v);
    const std::vector<quint32> order = startOrder(down);
    QCOMPARE(order.size(), size_t(200));
    for (size_t i = 1; i < order.size(); ++i)
        QVERIFY(down[order[i - 1]] <= down[order[i]]);
    QCOMPARE(down[order[100]], qint64(101));
    QCOMPARE(order[100], 98u); // row 98 holds 101 and comes before row 99 (100 -> 101)
    QCOMPARE(order[101], 99u);
}

void TestLoader::columnPermuter()
{
    std::vector<qint64> a { 10, 20, 30 }, b { 1, 2, 3 };
    std::vector<quint8> c { 7, 8, 9 };
    std::vector<quint32> d { 100, 200, 300 }, empty;
    const std::vector<quint32> order { 2, 0, 1 };
    ColumnPermuter p(order);
    p(a)(c)(b)(d)(empty); // types interleaved: each buffer is given up for the next type
    QCOMPARE(a, (std::vector<qint64> { 30, 10, 20 }));
    QCOMPARE(b, (std::vector<qint64> { 3, 1, 2 }));
    QCOMPARE(c, (std::vector<quint8> { 9, 7, 8 }));
    QCOMPARE(d, (std::vector<quint32> { 300, 100, 200 }));
    QVERIFY(empty.empty());
    // Given the starts the order sorts, part of each column is read in place: equal to a full
    // copy (the row-index column) for blocks of every shape, ties across blocks included.
    const std::vector<std::vector<qint64>> starts { { 10, 20, 30, 5, 20, 40 }, // two blocks, the last smaller
        { 7, 8, 1, 3, 2 }, // three blocks, one of a single row
        { 50, 1, 2, 3, 4, 5, 6 }, // the first block smaller: copied aside, the rest read back to front
        { 5, 6, 7, 8, 9, 1, 2, 5, 9 }, { 3, 2, 1, 0 } };
    for (const auto& start : starts) {
        const std::vector<quint32> byStart = startOrder(start);
        QVERIFY(!byStart.empty());
        std::vector<qint64> col = start;
        std::vector<quint32> rows(start.size());
        std::iota(rows.begin(), rows.end(), 0u);
        ColumnPermuter runs(byStart, start);
        runs(col)(rows);
        QCOMPARE(rows, byStart);
        QVERIFY(std::is_sorted(col.begin(), col.end()));
    }
    // A subset keeps only the rows named.
    const std::vector<quint32> keep { 0, 2 };
    ColumnPermuter subset(keep);
    subset(a)(b);
    QCOMPARE(a, (std::vector<qint64> { 30, 20 }));
    QCOMPARE(b, (std::vector<qint64> { 3, 2 }));
}

void TestLoader::blockedLayoutLoadsLikeTimeOrder()
{
    // The same capture stored in start order and in per-process blocks loads to the same rows,
    // each kernel with the same launching call (the blocked tables take the merge path).
    QTemporaryDir dir;
    const LayoutPair files = writeBothLayouts(dir.path());
    QVERIFY(files.ok);
    const QString &timePath = files.timePath, &blockedPath = files.blockedPath;
    const LoadOutcome a = TraceLoader::loadSync(timePath), b = TraceLoader::loadSync(blockedPath);
    QVERIFY2(a.ok() && b.ok(), qPrintable(a.message + b.message));
    using Row = std::tuple<qint64, qint64, quint32, quint32, quint32, qint64, QString>;
    auto rows = [](const Trace& t) {
        std::vector<Row> out;
        const KernelTable& k = t.kernels;
        for (size_t i = 0; i < k.start.size(); ++i)
            out.emplace_back(k.start[i], k.endOf(i), k.stream[i], k.pid[i], k.correlationOf(i, t.api.correlationId),
                k.api[i] < 0 ? -1 : t.api.start[size_t(k.api[i])], t.strings.at(k.name[i]));
        std::sort(out.begin(), out.end());
        return out;
    };
    const Trace &ta = *a.trace, &tb = *b.trace;
    QVERIFY(ta.kernels.size() > 1000);
    QVERIFY(std::is_sorted(tb.kernels.start.begin(), tb.kernels.start.end()));
    QVERIFY(std::is_sorted(tb.api.start.begin(), tb.api.start.end()));
    QVERIFY(ta.kernels.rowid != tb.kernels.rowid); // the blocked file really stores another order
    QVERIFY(rows(ta) == rows(tb));
    QCOMPARE(ta.api.start, tb.api.start);
    QCOMPARE(ta.nvtx.start, tb.nvtx.start);
    QCOMPARE(ta.memcpy.start, tb.memcpy.start);
    QCOMPARE(ta.kernelsByStream.size(), tb.kernelsByStream.size());
    QCOMPARE(ta.dataQuality.excludedRows(), tb.dataQuality.excludedRows());
}

void TestLoader::floorQueries()
{
    // The benchmark floor aggregates exactly the columns the loader reads, of the tables present.
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.kernel(100, 200, 0, 7, 1, 100, QStringLiteral("k1"));
    const SqliteConnection db(fx.path());
    QVERIFY(db.isOpen());
    const QStringList q = FloorScan::aggregateQueries(db);
    const QString kernels = QStringLiteral(
        "SELECT total(\"start\"), total(\"end\"), total(\"deviceId\"), total(\"streamId\"), total(\"correlationId\"), "
        "total(\"globalPid\"), total(\"demangledName\"), total(\"shortName\"), total(\"registersPerThread\"), "
        "total(\"gridX\"), total(\"gridY\"), total(\"gridZ\"), total(\"blockX\"), total(\"blockY\"), "
        "total(\"blockZ\"), "
        "total(\"staticSharedMemory\"), total(\"dynamicSharedMemory\"), total(\"graphNodeId\") FROM "
        "CUPTI_ACTIVITY_KIND_KERNEL");
    QVERIFY2(q.contains(kernels), qPrintable(q.join(u'\n')));
    QVERIFY(q.contains(QStringLiteral("SELECT total(\"id\"), total(\"value\") FROM StringIds")));
    QVERIFY(q.contains(QStringLiteral("SELECT total(\"start\"), total(\"end\"), total(\"eventType\"), "
                                      "total(\"globalTid\"), total(\"endGlobalTid\"), total(\"text\"), "
                                      "total(\"textId\"), total(\"domainId\") FROM NVTX_EVENTS WHERE eventType IN "
                                      "(59, 60, 75)")));
    for (const QString& s : q)
        QVERIFY2(!s.contains(QLatin1String("SYNCHRONIZATION")), qPrintable(s)); // not read by the loader
}

QTEST_GUILESS_MAIN(TestLoader)
#include "tst_loader.moc"
