// SPDX-License-Identifier: MIT
// Fuzzing the exports (issue 12.5; what every case must satisfy and $SIGHTLINE_FUZZ_*:
// tests/common/fuzzharness.h); the files given beside an export are in tst_fuzzimports, the
// digests in tst_fuzzdigests.
//
// Inputs: a synthetic export (`sightline-cli synth`) and a hand-built 2021-schema fixture
// always; the real exports of $SIGHTLINE_REAL_TRACES when set (skipped with a message when not).
// Cases per input: truncations at many offsets, seeded byte flips in the header and the body,
// each table the loader reads dropped (GPU_METRICS, TARGET_INFO_GPU_METRICS and
// TARGET_INFO_SESSION_START_TIME included), each column it reads renamed / NULLed / set to text /
// to 2^63-1 / to a negative value, 20 000-level NVTX nesting and megabyte-long names. A third
// input has GPU metrics (`synth --gpu-metrics`) and runs every case that damages their tables.
#include "tests/common/fuzzharness.h"
#include "tests/common/realtraces.h"
#include "tests/common/tracefixture.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <sqlite3.h>

#ifndef SIGHTLINE_CLI
#error "SIGHTLINE_CLI (path of sightline-cli) must be defined by tests/core/CMakeLists.txt"
#endif

using namespace sl::test;

namespace {

/// The tables the loader reads and, per table, the columns it reads (core/io/*reader.cpp).
struct TableColumns
{
    const char* table;
    QStringList columns;
};

QList<TableColumns> loaderTables()
{
    const auto op = QStringList { QStringLiteral("start"), QStringLiteral("end"), QStringLiteral("deviceId"),
        QStringLiteral("streamId"), QStringLiteral("correlationId"), QStringLiteral("globalPid") };
    return {
        { "StringIds", { QStringLiteral("id"), QStringLiteral("value") } },
        { "CUPTI_ACTIVITY_KIND_KERNEL",
            op
                + QStringList { QStringLiteral("demangledName"), QStringLiteral("shortName"), QStringLiteral("gridX"),
                    QStringLiteral("gridY"), QStringLiteral("gridZ"), QStringLiteral("blockX"),
                    QStringLiteral("blockY"), QStringLiteral("blockZ"), QStringLiteral("registersPerThread"),
                    QStringLiteral("staticSharedMemory"), QStringLiteral("dynamicSharedMemory"),
                    QStringLiteral("graphNodeId") } },
        { "CUPTI_ACTIVITY_KIND_RUNTIME",
            { QStringLiteral("start"), QStringLiteral("end"), QStringLiteral("globalTid"),
                QStringLiteral("correlationId"), QStringLiteral("nameId"), QStringLiteral("eventClass") } },
        { "NVTX_EVENTS",
            { QStringLiteral("start"), QStringLiteral("end"), QStringLiteral("eventType"), QStringLiteral("globalTid"),
                QStringLiteral("endGlobalTid"), QStringLiteral("text"), QStringLiteral("textId"),
                QStringLiteral("domainId") } },
        { "CUPTI_ACTIVITY_KIND_MEMCPY",
            op
                + QStringList { QStringLiteral("bytes"), QStringLiteral("copyKind"), QStringLiteral("srcKind"),
                    QStringLiteral("dstKind") } },
        { "CUPTI_ACTIVITY_KIND_MEMSET", op + QStringList { QStringLiteral("bytes") } },
        { "CUPTI_ACTIVITY_KIND_GRAPH_TRACE", op + QStringList { QStringLiteral("graphId") } },
        { "TARGET_INFO_GPU",
            { QStringLiteral("id"), QStringLiteral("name"), QStringLiteral("chipName"), QStringLiteral("smCount"),
                QStringLiteral("computeMajor"), QStringLiteral("computeMinor") } },
        { "PROCESSES", { QStringLiteral("globalPid"), QStringLiteral("pid"), QStringLiteral("name") } },
        { "ThreadNames", { QStringLiteral("globalTid"), QStringLiteral("nameId") } },
        { "META_DATA_EXPORT", { QStringLiteral("name"), QStringLiteral("value") } },
        { "META_DATA_CAPTURE", { QStringLiteral("name"), QStringLiteral("value") } },
        { "TARGET_INFO_SYSTEM_ENV", { QStringLiteral("name"), QStringLiteral("value") } },
        { "TARGET_INFO_SESSION_START_TIME",
            { QStringLiteral("utcEpochNs"), QStringLiteral("utcTime"), QStringLiteral("localTime") } },
        { "GPU_METRICS",
            { QStringLiteral("timestamp"), QStringLiteral("typeId"), QStringLiteral("metricId"),
                QStringLiteral("value") } },
        { "TARGET_INFO_GPU_METRICS",
            { QStringLiteral("typeId"), QStringLiteral("metricId"), QStringLiteral("metricName") } },
    };
}

/// Every case for one input, in a fixed order (the sampling below relies on it).
QList<Case> casesFor(const QString& path)
{
    QList<Case> cases;
    const qint64 size = QFileInfo(path).size();
    // Truncations: inside the 100-byte header, at the first page boundaries, and spread over the file.
    QList<qint64> cuts = { 0, 1, 16, 99, 100, 512, 1024, 4096, 4097, 8192 };
    for (int i = 1; i < 16; ++i)
        cuts << size * i / 16;
    cuts << size - 1;
    for (qint64 c : std::as_const(cuts))
        if (c >= 0 && c < size)
            cases.append({ QStringLiteral("truncate-%1").arg(c), Kind::Truncate, c, false, {} });
    for (int seed = 1; seed <= 12; ++seed)
        cases.append({ QStringLiteral("flip-header-%1").arg(seed), Kind::Flip, seed, true, {} });
    for (int seed = 1; seed <= 12; ++seed)
        cases.append({ QStringLiteral("flip-body-%1").arg(seed), Kind::Flip, seed, false, {} });

    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return cases;
    }
    for (const auto& tc : loaderTables()) {
        const QString t = QString::fromLatin1(tc.table);
        const QStringList present = columnsOf(db, t);
        if (present.isEmpty())
            continue;
        cases.append(
            { QStringLiteral("drop-%1").arg(t), Kind::Sql, 0, false, { QStringLiteral("DROP TABLE %1").arg(t) } });
        for (const QString& c : tc.columns) {
            if (!present.contains(c))
                continue;
            const QString q = QStringLiteral("\"%1\"").arg(c);
            const QString w = QStringLiteral(" WHERE rowid % 3 = 1"); // some rows: damage among valid ones
            cases.append({ QStringLiteral("rename-%1.%2").arg(t, c), Kind::Sql, 0, false,
                { QStringLiteral("ALTER TABLE %1 RENAME COLUMN %2 TO \"%3_renamed\"").arg(t, q, c) } });
            cases.append({ QStringLiteral("null-%1.%2").arg(t, c), Kind::Sql, 0, false,
                { QStringLiteral("UPDATE OR IGNORE %1 SET %2 = NULL").arg(t, q) + w } });
            cases.append({ QStringLiteral("text-%1.%2").arg(t, c), Kind::Sql, 0, false,
                { QStringLiteral("UPDATE OR IGNORE %1 SET %2 = 'not a number \xc3\xbf'").arg(t, q) + w } });
            cases.append({ QStringLiteral("huge-%1.%2").arg(t, c), Kind::Sql, 0, false,
                { QStringLiteral("UPDATE OR IGNORE %1 SET %2 = 9223372036854775807").arg(t, q) + w } });
            cases.append({ QStringLiteral("negative-%1.%2").arg(t, c), Kind::Sql, 0, false,
                { QStringLiteral("UPDATE OR IGNORE %1 SET %2 = -5674524").arg(t, q) + w } });
        }
    }
    // 20 000 nested push/pop ranges on the first thread that has NVTX events (or API calls).
    if (!columnsOf(db, QStringLiteral("NVTX_EVENTS")).isEmpty()) {
        const qint64 tid
            = scalar(db, QStringLiteral("SELECT globalTid FROM NVTX_EVENTS WHERE globalTid IS NOT NULL LIMIT 1"),
                scalar(db, QStringLiteral("SELECT globalTid FROM CUPTI_ACTIVITY_KIND_RUNTIME LIMIT 1"),
                    (qint64(1) << 48) | (qint64(100) << 24) | 100));
        const qint64 t0 = scalar(db, QStringLiteral("SELECT MIN(start) FROM NVTX_EVENTS"), 1000);
        cases.append({ QStringLiteral("nvtx-deep"), Kind::Sql, 0, false,
            { QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 19999) "
                             "INSERT INTO NVTX_EVENTS (start, \"end\", eventType, globalTid, text) "
                             "SELECT %1 + i, %1 + 40000 - i, 59, %2, 'level ' || i FROM n")
                    .arg(t0)
                    .arg(tid) } });
        cases.append({ QStringLiteral("nvtx-megabyte-text"), Kind::Sql, 0, false,
            { QStringLiteral("UPDATE NVTX_EVENTS SET text = '/srv/' || printf('%.*c', 1048576, 'n'), textId = NULL "
                             "WHERE rowid IN (SELECT rowid FROM NVTX_EVENTS LIMIT 3)") } });
    }
    if (!columnsOf(db, QStringLiteral("StringIds")).isEmpty()) {
        // Every string a megabyte long would be hundreds of MB: the kernel names and thread names only.
        QString names = QStringLiteral("SELECT demangledName FROM CUPTI_ACTIVITY_KIND_KERNEL LIMIT 5");
        if (columnsOf(db, QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL")).isEmpty())
            names = QStringLiteral("SELECT id FROM StringIds LIMIT 5");
        cases.append({ QStringLiteral("megabyte-names"), Kind::Sql, 0, false,
            { QStringLiteral("UPDATE StringIds SET value = value || printf('%.*c', 1048576, 'k') WHERE id IN (%1)")
                    .arg(names) } });
        if (!columnsOf(db, QStringLiteral("ThreadNames")).isEmpty())
            cases.append({ QStringLiteral("megabyte-thread-names"), Kind::Sql, 0, false,
                { QStringLiteral("UPDATE StringIds SET value = printf('%.*c', 1048576, 't') WHERE id IN "
                                 "(SELECT nameId FROM ThreadNames LIMIT 3)") } });
    }
    sqlite3_close(db);
    return cases;
}

} // namespace

class TestFuzzExports : public QObject, public FuzzSuite
{
    Q_OBJECT
private slots:
    void initTestCase();
    void synthetic();
    void syntheticGpuMetrics();
    void fixture2021();
    void realExports();
    void cleanupTestCase();

private:
    /// `keep`: when set, only the cases whose id contains one of these (before the cap).
    void fuzzInputs(const QStringList& inputs, const QStringList& keep = {});
};

void TestFuzzExports::initTestCase() { QVERIFY(m_work.isValid()); }

void TestFuzzExports::fuzzInputs(const QStringList& inputs, const QStringList& keep)
{
    Totals t;
    for (int i = 0; i < inputs.size(); ++i) {
        QList<Case> all = casesFor(inputs[i]);
        QVERIFY2(!all.isEmpty(), qPrintable(inputs[i]));
        if (!keep.isEmpty())
            all.removeIf([&](const Case& c) {
                return std::none_of(keep.begin(), keep.end(), [&](const QString& k) { return c.id.contains(k); });
            });
        runCases(inputs[i], all, i, t);
    }
    qInfo("fuzz: %d cases (%d exit 0, %d exit 3), %d crashes, %d hangs, %d inputs changed, %d files beside, "
          "%d other exit codes, %d messages without the file, %d mutations not applicable",
        t.cases, t.exit0, t.exit3, t.crashes, t.hangs, t.inputsChanged, t.filesBeside, t.badExit, t.badMessage,
        t.skipped);
    check(t);
}

void TestFuzzExports::synthetic()
{
    const QString path = m_work.filePath(QStringLiteral("synth.sqlite"));
    QProcess p;
    p.start(QStringLiteral(SIGHTLINE_CLI),
        { QStringLiteral("synth"), QStringLiteral("--out"), path, QStringLiteral("--steps"), QStringLiteral("4"),
            QStringLiteral("--ranks"), QStringLiteral("2"), QStringLiteral("--graphs"), QStringLiteral("node") });
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    fuzzInputs({ path });
}

void TestFuzzExports::syntheticGpuMetrics()
{
    // GPU metrics at 1 kHz (about 70,000 rows): the cases that damage GPU_METRICS,
    // TARGET_INFO_GPU_METRICS or TARGET_INFO_SESSION_START_TIME (this input has all three).
    const QString path = m_work.filePath(QStringLiteral("synth-metrics.sqlite"));
    QProcess p;
    p.start(QStringLiteral(SIGHTLINE_CLI),
        { QStringLiteral("synth"), QStringLiteral("--out"), path, QStringLiteral("--steps"), QStringLiteral("4"),
            QStringLiteral("--ranks"), QStringLiteral("2"), QStringLiteral("--gpu-metrics"),
            QStringLiteral("--gpu-metrics-hz"), QStringLiteral("1000") });
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    fuzzInputs({ path },
        { QStringLiteral("GPU_METRICS"), QStringLiteral("TARGET_INFO_GPU_METRICS"),
            QStringLiteral("TARGET_INFO_SESSION_START_TIME") });
}

void TestFuzzExports::fixture2021()
{
    TraceFixture fx(TraceFixture::Schema::Nsys2021, QStringLiteral("fixture2021.sqlite"));
    fx.gpu(0, QStringLiteral("Tesla T4"), 40);
    fx.thread(100, 101, QStringLiteral("main"));
    fx.runtime(100, 200, 100, 101, 1, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.runtime(500, 2600, 100, 101, 2, QStringLiteral("cudaMemcpy_v3020"));
    fx.kernel(1000, 1500, 0, 7, 1, 100, QStringLiteral("gemm_kernel"));
    fx.memcpy(2000, 2500, 0, 7, 2, 100, 1 << 20, 2, 2, 1);
    const QString copy = m_work.filePath(QStringLiteral("fixture2021.sqlite"));
    QVERIFY(QFile::copy(fx.path(), copy));
    fuzzInputs({ copy });
}

void TestFuzzExports::realExports()
{
    const QStringList real = sl::test::realTraces();
    if (real.isEmpty())
        QSKIP(qPrintable(sl::test::realTracesSkipReason()));
    fuzzInputs(real);
}

void TestFuzzExports::cleanupTestCase() { printTotals(); }

SIGHTLINE_FUZZ_MAIN(TestFuzzExports)
#include "tst_fuzzexports.moc"
