// SPDX-License-Identifier: MIT
// The fuzz suite (issue 12.5): damaged copies of real and synthetic exports, built at test time
// in a temporary folder (never committed), each run through `sightline-cli analyze` as a child
// process. Every case must end (no hang) by itself (no crash, no sanitizer report) with exit
// code 0 or 3, a message naming the file on 3, and leave the damaged copy's bytes, mtime and
// folder exactly as they were.
//
// Inputs: a synthetic export (`sightline-cli synth`) and a hand-built 2021-schema fixture
// always; the real exports of $SIGHTLINE_REAL_TRACES when set (skipped with a message when not).
// Cases per input: truncations at many offsets, seeded byte flips in the header and the body,
// each table the loader reads dropped (GPU_METRICS, TARGET_INFO_GPU_METRICS and
// TARGET_INFO_SESSION_START_TIME included), each column it reads renamed / NULLed / set to text /
// to 2^63-1 / to a negative value, 20 000-level NVTX nesting and megabyte-long names. A third
// input has GPU metrics (`synth --gpu-metrics`) and runs every case that damages their tables.
// $SIGHTLINE_FUZZ_CASES caps the number of cases per input (default 60; 0 = all): the full list
// is sampled with a stride whose phase moves from input to input, so across inputs every
// mutation class is still run. $SIGHTLINE_FUZZ_TIMEOUT_S bounds one case (default 120 s);
// $SIGHTLINE_FUZZ_ONLY and $SIGHTLINE_FUZZ_KEEP select cases and keep their damaged copies.
#include "tests/common/realtraces.h"
#include "tests/common/tracefixture.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <random>
#include <sqlite3.h>

#ifndef SIGHTLINE_CLI
#error "SIGHTLINE_CLI (path of sightline-cli) must be defined by tests/core/CMakeLists.txt"
#endif

using sl::test::TraceFixture;

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

enum class Kind { Truncate, Flip, Sql };

struct Case
{
    QString id; ///< short name, also the damaged copy's file name stem
    Kind kind = Kind::Sql;
    qint64 offset = 0; ///< Truncate: new size; Flip: seed
    bool header = false; ///< Flip: inside the first page
    QStringList sql; ///< Sql: statements run on the copy
};

bool exec(sqlite3* db, const QString& sql)
{
    return sqlite3_exec(db, sql.toUtf8().constData(), nullptr, nullptr, nullptr) == SQLITE_OK;
}

QStringList columnsOf(sqlite3* db, const QString& table)
{
    QStringList out;
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(
            db, QStringLiteral("PRAGMA table_info(\"%1\")").arg(table).toUtf8().constData(), -1, &st, nullptr)
        != SQLITE_OK)
        return out;
    while (sqlite3_step(st) == SQLITE_ROW)
        out << QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(st, 1)));
    sqlite3_finalize(st);
    return out;
}

qint64 scalar(sqlite3* db, const QString& sql, qint64 fallback)
{
    sqlite3_stmt* st = nullptr;
    qint64 v = fallback;
    if (sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &st, nullptr) == SQLITE_OK
        && sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
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

/// Builds the damaged copy; false when the mutation does not apply (e.g. a NOT NULL column).
bool makeCopy(const QString& source, const Case& c, const QString& target, QString* why)
{
    QFile in(source);
    if (!in.open(QIODevice::ReadOnly)) {
        *why = in.errorString();
        return false;
    }
    QByteArray bytes = in.readAll();
    if (c.kind == Kind::Truncate)
        bytes.truncate(c.offset);
    if (c.kind == Kind::Flip && !bytes.isEmpty()) {
        std::mt19937_64 rng(quint64(c.offset) * 7919 + (c.header ? 1 : 0));
        const qint64 page = qMin<qint64>(bytes.size(), 4096);
        for (int i = 0; i < (c.header ? 2 : 16); ++i) {
            const qint64 at = c.header ? qint64(rng() % quint64(page))
                                       : page + qint64(rng() % quint64(qMax<qint64>(1, bytes.size() - page)));
            if (at < bytes.size())
                bytes[at] = char(bytes[at] ^ char(1 + rng() % 255));
        }
    }
    QFile out(target);
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.flush()) {
        *why = out.errorString();
        return false;
    }
    out.close();
    if (c.kind != Kind::Sql)
        return true;
    sqlite3* db = nullptr;
    bool ok = sqlite3_open_v2(target.toUtf8().constData(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK
        && exec(db, QStringLiteral("PRAGMA journal_mode=DELETE"));
    for (const QString& s : c.sql)
        ok = ok && exec(db, s);
    if (!ok)
        *why = QString::fromUtf8(sqlite3_errmsg(db));
    sqlite3_close(db);
    return ok;
}

QByteArray sha256(const QString& path)
{
    QFile f(path);
    QCryptographicHash h(QCryptographicHash::Sha256);
    if (f.open(QIODevice::ReadOnly))
        h.addData(&f);
    return h.result();
}

struct Totals
{
    int cases = 0, skipped = 0, crashes = 0, hangs = 0, badExit = 0, badMessage = 0, inputsChanged = 0, filesBeside = 0,
        exit0 = 0, exit3 = 0;
    QStringList failures;
};

int envInt(const char* name, int fallback)
{
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok ? v : fallback;
}

void runCase(const QString& source, const Case& c, const QString& work, Totals& t)
{
    const QString caseDir = QDir(work).filePath(QStringLiteral("in-") + c.id);
    QDir().mkpath(caseDir);
    const QString copy = QDir(caseDir).filePath(c.id + QStringLiteral(".sqlite"));
    QString why;
    if (!makeCopy(source, c, copy, &why)) {
        ++t.skipped;
        QDir(caseDir).removeRecursively();
        return;
    }
    ++t.cases;
    // SIGHTLINE_FUZZ_KEEP=DIR keeps a copy of every damaged input there, to reproduce a failure.
    if (const QString keep = qEnvironmentVariable("SIGHTLINE_FUZZ_KEEP"); !keep.isEmpty())
        QFile::copy(copy,
            QDir(keep).filePath(QFileInfo(source).baseName() + QLatin1Char('-') + c.id + QStringLiteral(".sqlite")));
    const QByteArray hashBefore = sha256(copy);
    const QDateTime mtimeBefore = QFileInfo(copy).lastModified();
    const QStringList beside
        = QDir(caseDir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    const QString outDir = QDir(work).filePath(QStringLiteral("out"));

    QProcess p;
    p.setProgram(QStringLiteral(SIGHTLINE_CLI));
    p.setArguments({ QStringLiteral("analyze"), copy, QStringLiteral("--out"), outDir });
    p.setWorkingDirectory(work);
    p.start();
    const QString what = QFileInfo(source).fileName() + QStringLiteral(" / ") + c.id;
    if (!p.waitForStarted(30000)) {
        ++t.badExit;
        t.failures << what + QStringLiteral(": did not start");
        return;
    }
    if (!p.waitForFinished(envInt("SIGHTLINE_FUZZ_TIMEOUT_S", 120) * 1000)) {
        p.kill();
        p.waitForFinished(10000);
        ++t.hangs;
        t.failures << what + QStringLiteral(": hang (killed after the timeout)");
    } else {
        const QString err = QString::fromUtf8(p.readAllStandardError());
        const bool sanitizer
            = err.contains(QLatin1String("Sanitizer")) || err.contains(QLatin1String("runtime error:"));
        if (p.exitStatus() != QProcess::NormalExit || sanitizer) {
            ++t.crashes;
            t.failures << what + QStringLiteral(": crash: ") + err.right(1500);
        } else if (p.exitCode() == 0) {
            ++t.exit0;
        } else if (p.exitCode() == 3) {
            ++t.exit3;
            // The message names the file and says more than its name.
            if (!err.contains(QFileInfo(copy).fileName())
                || err.trimmed().size() < QFileInfo(copy).fileName().size() + 12) {
                ++t.badMessage;
                t.failures << what + QStringLiteral(": exit 3 without a message naming the file: ") + err.left(500);
            }
        } else {
            ++t.badExit;
            t.failures << what + QStringLiteral(": exit code %1: ").arg(p.exitCode()) + err.left(500);
        }
    }
    if (sha256(copy) != hashBefore || QFileInfo(copy).lastModified() != mtimeBefore) {
        ++t.inputsChanged;
        t.failures << what + QStringLiteral(": the input changed");
    }
    if (QDir(caseDir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot) != beside) {
        ++t.filesBeside;
        t.failures << what + QStringLiteral(": a file appeared beside the input");
    }
    QDir(caseDir).removeRecursively();
}

} // namespace

class TestFuzz : public QObject
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
    QTemporaryDir m_work;
    Totals m_all;
};

void TestFuzz::initTestCase() { QVERIFY(m_work.isValid()); }

void TestFuzz::fuzzInputs(const QStringList& inputs, const QStringList& keep)
{
    const int cap = envInt("SIGHTLINE_FUZZ_CASES", 60);
    Totals t;
    for (int i = 0; i < inputs.size(); ++i) {
        QList<Case> all = casesFor(inputs[i]);
        QVERIFY2(!all.isEmpty(), qPrintable(inputs[i]));
        if (!keep.isEmpty())
            all.removeIf([&](const Case& c) {
                return std::none_of(keep.begin(), keep.end(), [&](const QString& k) { return c.id.contains(k); });
            });
        // Debugging one case: SIGHTLINE_FUZZ_ONLY=flip-body-4 runs the cases whose id contains it.
        if (const QString only = qEnvironmentVariable("SIGHTLINE_FUZZ_ONLY"); !only.isEmpty())
            all.removeIf([&](const Case& c) { return !c.id.contains(only); });
        // SIGHTLINE_FUZZ_SKIP=a,b leaves out the cases whose id contains one of them (.ci/run uses it
        // for classes whose fix is pending, and says which).
        for (const QString& skip :
            qEnvironmentVariable("SIGHTLINE_FUZZ_SKIP").split(QLatin1Char(','), Qt::SkipEmptyParts))
            all.removeIf([&](const Case& c) { return c.id.contains(skip); });
        // Sampled with a stride whose phase moves with the input, so the inputs share the classes out.
        const qsizetype stride = cap <= 0 || all.size() <= cap ? 1 : (all.size() + cap - 1) / cap;
        const int before = t.cases;
        for (qsizetype j = (i * 7) % stride; j < all.size(); j += stride)
            runCase(inputs[i], all[j], m_work.path(), t);
        qInfo("fuzz: %s: %d of %lld cases run", qPrintable(QFileInfo(inputs[i]).fileName()), t.cases - before,
            qlonglong(all.size()));
    }
    qInfo("fuzz: %d cases (%d exit 0, %d exit 3), %d crashes, %d hangs, %d inputs changed, %d files beside, "
          "%d other exit codes, %d messages without the file, %d mutations not applicable",
        t.cases, t.exit0, t.exit3, t.crashes, t.hangs, t.inputsChanged, t.filesBeside, t.badExit, t.badMessage,
        t.skipped);
    for (const QString& f : std::as_const(t.failures))
        qWarning("%s", qPrintable(f));
    m_all.cases += t.cases;
    m_all.crashes += t.crashes;
    m_all.hangs += t.hangs;
    m_all.inputsChanged += t.inputsChanged;
    QVERIFY(t.cases > 0);
    QCOMPARE(t.crashes, 0);
    QCOMPARE(t.hangs, 0);
    QCOMPARE(t.inputsChanged, 0);
    QCOMPARE(t.filesBeside, 0);
    QCOMPARE(t.badExit, 0);
    QCOMPARE(t.badMessage, 0);
}

void TestFuzz::synthetic()
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

void TestFuzz::syntheticGpuMetrics()
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

void TestFuzz::fixture2021()
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

void TestFuzz::realExports()
{
    const QStringList real = sl::test::realTraces();
    if (real.isEmpty())
        QSKIP(qPrintable(sl::test::realTracesSkipReason()));
    fuzzInputs(real);
}

void TestFuzz::cleanupTestCase()
{
    qInfo("fuzz totals: %d cases, %d crashes, %d hangs, %d inputs changed", m_all.cases, m_all.crashes, m_all.hangs,
        m_all.inputsChanged);
}

int main(int argc, char** argv)
{
    // Hundreds of child processes take longer than Qt Test's 5-minute default per function;
    // each case has its own timeout, and CTest bounds the whole suite.
    if (qEnvironmentVariableIsEmpty("QTEST_FUNCTION_TIMEOUT"))
        qputenv("QTEST_FUNCTION_TIMEOUT", "3600000");
    QCoreApplication app(argc, argv);
    TestFuzz test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_fuzz.moc"
