// SPDX-License-Identifier: MIT
// Load-time validation (issue 12.1/12.2): every id checked once, unknown string ids named by a
// placeholder and counted, rows that break a data-quality rule left out and listed with SQL
// that selects exactly them. The reproducers damage copies of a real export in a temp dir;
// expected values come from plain SQL over the damaged copy.
#include "core/analysis/analyzer.h"
#include "core/io/stringidresolver.h"
#include "core/io/traceloader.h"
#include "core/report/jsonreport.h"
#include "core/report/reportoptions.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/realtraces.h"
#include "tests/common/tracefixture.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace sl;
using sl::test::TraceFixture;
using Rule = DataQuality::Rule;

namespace {

const QString kDlprof = QStringLiteral("dlprof-pytorch-cnn-rtx2070s-2022.1.sqlite");

/// Runs `sql` on the writable copy at `path` through the C API; returns the first column of
/// the last row (0 when none).
qint64 sqlOn(const QString& path, const QString& sql)
{
    sqlite3* db = nullptr;
    qint64 value = 0;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK) {
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &st, nullptr) == SQLITE_OK) {
            int rc;
            while ((rc = sqlite3_step(st)) == SQLITE_ROW)
                value = sqlite3_column_int64(st, 0);
            if (rc != SQLITE_DONE)
                qWarning("%s: %s", qPrintable(sql), sqlite3_errmsg(db));
        } else {
            qWarning("%s: %s", qPrintable(sql), sqlite3_errmsg(db));
        }
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return value;
}

/// A writable copy of real export `name` in `dir`, or empty (test skipped) without the exports.
QString copyReal(const QTemporaryDir& dir, const QString& name)
{
    for (const QString& p : sl::test::realTraces()) {
        if (QFileInfo(p).fileName() != name)
            continue;
        const QString copy = dir.filePath(name);
        QFile::copy(p, copy);
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        return copy;
    }
    return {};
}

/// SQL over `path`: `agg` (MIN or MAX) of column `col` (start or "end") over every table the
/// full window spans that the file has, the OS runtime calls but those of `osrtLeftOut`.
qint64 spanOver(const QString& path, const QString& agg, const QString& col, const QString& osrtLeftOut)
{
    QStringList parts;
    for (const QString& table :
        { QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL"), QStringLiteral("CUPTI_ACTIVITY_KIND_MEMCPY"),
            QStringLiteral("CUPTI_ACTIVITY_KIND_MEMSET"), QStringLiteral("CUPTI_ACTIVITY_KIND_RUNTIME") })
        if (sqlOn(path, QStringLiteral("SELECT count(*) FROM sqlite_master WHERE name = '%1'").arg(table)) > 0)
            parts << QStringLiteral("SELECT %1 v FROM %2").arg(col, table);
    if (sqlOn(path, QStringLiteral("SELECT count(*) FROM sqlite_master WHERE name = 'NVTX_EVENTS'")) > 0)
        parts << QStringLiteral("SELECT %1 FROM NVTX_EVENTS WHERE eventType IN (59, 60) AND \"end\" IS NOT NULL")
                     .arg(col);
    parts << QStringLiteral("SELECT %1 FROM OSRT_API WHERE rowid NOT IN (%2)").arg(col, osrtLeftOut);
    return sqlOn(path, QStringLiteral("SELECT %1(v) FROM (%2)").arg(agg, parts.join(QStringLiteral(" UNION ALL "))));
}

TracePtr load(const QString& path)
{
    const LoadOutcome out = TraceLoader::loadSync(path);
    if (!out.ok())
        qWarning("load failed: %s", qPrintable(out.message));
    return out.trace;
}

const DataQuality::Entry* entry(const Trace& t, Rule rule, const QString& table)
{
    for (const auto& e : t.dataQuality.entries)
        if (e.rule == rule && e.table == table)
            return &e;
    return nullptr;
}

/// Every entry's SQL selects exactly its listed rowids, and lists all of them.
void checkEntrySql(const QString& path, const Trace& t)
{
    for (const auto& e : t.dataQuality.entries) {
        bool ok = false;
        const auto selected = sl::test::selectFirstColumn(path, e.sql, &ok);
        QVERIFY2(ok, qPrintable(e.sql));
        QCOMPARE(qint64(selected.size()), e.count);
        if (e.count <= qint64(DataQuality::kMaxListed))
            QCOMPARE(selected, std::set<qint64>(e.rowids.begin(), e.rowids.end()));
    }
}

/// The analysis of `t` over the full window has no negative total and no share above 1.
void checkSane(const TracePtr& t)
{
    const AnalysisPtr r = sl::test::analyzeWindow(t);
    QVERIFY(r);
    for (const auto& k : r->kernels) {
        QVERIFY(k.totalNs >= 0);
        QVERIFY(k.share >= 0 && k.share <= 1.0 + 1e-12);
    }
    for (const auto& d : r->devices) {
        QVERIFY(d.busyNs >= 0 && d.idleNs >= 0);
        QVERIFY(d.busyNs <= d.lastNs - d.firstNs);
    }
    QVERIFY(t->lastNs >= t->firstNs);
}

/// Every number under a key naming a share, a fraction, a coverage or an occupancy, anywhere in
/// `v`, that lies outside [0, 1]: "path = value" lines.
void sharesOutsideUnit(const QJsonValue& v, const QString& path, QStringList* bad)
{
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString key = it.key();
            const bool isShare = key.contains(QLatin1String("share")) || key.contains(QLatin1String("fraction"))
                || key == QLatin1String("coverage") || key == QLatin1String("occupancy");
            if (isShare && it.value().isDouble() && (it.value().toDouble() < 0 || it.value().toDouble() > 1))
                *bad << QStringLiteral("%1.%2 = %3").arg(path, key).arg(it.value().toDouble());
            sharesOutsideUnit(it.value(), path + QLatin1Char('.') + key, bad);
        }
    } else if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            sharesOutsideUnit(a[i], QStringLiteral("%1[%2]").arg(path).arg(i), bad);
    }
}

} // namespace

class TestDataValidation : public QObject
{
    Q_OBJECT
private slots:
    void placeholderText()
    {
        QCOMPARE(StringIdResolver::placeholder(99999999), QStringLiteral("<missing string 99999999>"));
        QCOMPARE(StringIdResolver::placeholder(-1), QStringLiteral("<missing string -1>"));
    }

    void missingKernelName()
    {
        QTemporaryDir dir;
        const QString path = copyReal(dir, kDlprof);
        if (path.isEmpty())
            QSKIP(qPrintable(sl::test::realTracesSkipReason()));
        sqlOn(path, QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET demangledName=10000000 WHERE rowid=1"));
        const TracePtr t = load(path);
        QVERIFY(t);
        const auto* e = entry(*t, Rule::MissingString, QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL"));
        QVERIFY(e);
        QCOMPARE(e->count, 1);
        QCOMPARE(e->rowids, std::vector<qint64> { 1 });
        QCOMPARE(
            qint64(t->kernels.size()), sqlOn(path, QStringLiteral("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL")));
        const std::vector<qint64> rowids = t->kernels.rowid.toVector();
        const auto row = std::find(rowids.begin(), rowids.end(), 1) - rowids.begin();
        QCOMPARE(t->strings.at(t->kernels.name[size_t(row)]), QStringLiteral("<missing string 10000000>"));
        checkSane(t);
        checkEntrySql(path, *t);
    }

    void noStringIds()
    {
        QTemporaryDir dir;
        const QString path = copyReal(dir, kDlprof);
        if (path.isEmpty())
            QSKIP(qPrintable(sl::test::realTracesSkipReason()));
        sqlOn(path, QStringLiteral("DELETE FROM StringIds"));
        const TracePtr t = load(path);
        QVERIFY(t);
        QCOMPARE(t->dataQuality.count(Rule::MissingString),
            sqlOn(path,
                QStringLiteral("SELECT (SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL) + "
                               "(SELECT count(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME) + "
                               "(SELECT count(*) FROM NVTX_EVENTS WHERE eventType IN (59, 60) AND "
                               "\"end\" IS NOT NULL AND text IS NULL AND textId IS NOT NULL)")));
        for (quint32 n : t->kernels.name)
            QVERIFY(n < t->strings.size());
        checkSane(t);
    }

    void runtimeNameId_data()
    {
        QTest::addColumn<qint64>("nameId");
        QTest::newRow("-1") << qint64(-1);
        QTest::newRow("2^31") << (qint64(1) << 31);
        QTest::newRow("flipped byte") << qint64(-5674524);
        QTest::newRow("2^40") << (qint64(1) << 40);
    }
    void runtimeNameId()
    {
        QFETCH(qint64, nameId);
        QTemporaryDir dir;
        const QString path = copyReal(dir, kDlprof);
        if (path.isEmpty())
            QSKIP(qPrintable(sl::test::realTracesSkipReason()));
        sqlOn(path, QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET nameId=%1 WHERE rowid=3").arg(nameId));
        const TracePtr t = load(path);
        QVERIFY(t);
        const auto* e = entry(*t, Rule::MissingString, QStringLiteral("CUPTI_ACTIVITY_KIND_RUNTIME"));
        QVERIFY(e);
        QCOMPARE(e->count, 1);
        const std::vector<qint64> rowids = t->api.rowid.toVector();
        const auto row = std::find(rowids.begin(), rowids.end(), 3) - rowids.begin();
        QVERIFY(row < t->api.size());
        QCOMPARE(t->strings.at(t->api.name[size_t(row)]), StringIdResolver::placeholder(nameId));
        // Nothing was sized from the id: the string table grew by the one placeholder.
        QCOMPARE(qint64(t->strings.nsysCount()), sqlOn(path, QStringLiteral("SELECT MAX(id) + 1 FROM StringIds")));
        QVERIFY(qint64(t->strings.size()) < qint64(t->strings.nsysCount()) + 1000);
        checkSane(t);
        checkEntrySql(path, *t);
    }

    void invalidDevice_data()
    {
        QTest::addColumn<qint64>("deviceId");
        QTest::newRow("65535") << qint64(65535);
        QTest::newRow("-1") << qint64(-1);
        QTest::newRow("2^40") << (qint64(1) << 40);
    }
    void invalidDevice()
    {
        QFETCH(qint64, deviceId);
        QTemporaryDir dir;
        const QString path = copyReal(dir, kDlprof);
        if (path.isEmpty())
            QSKIP(qPrintable(sl::test::realTracesSkipReason()));
        const qint64 earliest
            = sqlOn(path, QStringLiteral("SELECT rowid FROM CUPTI_ACTIVITY_KIND_KERNEL ORDER BY start, rowid LIMIT 1"));
        sqlOn(path,
            QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET deviceId=%1 WHERE rowid=%2")
                .arg(deviceId)
                .arg(earliest));
        const TracePtr t = load(path);
        QVERIFY(t);
        const auto* e = entry(*t, Rule::InvalidId, QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL"));
        QVERIFY(e);
        QCOMPARE(e->rowids, std::vector<qint64> { earliest });
        QCOMPARE(qint64(t->kernels.size()),
            sqlOn(path, QStringLiteral("SELECT count(*) - 1 FROM CUPTI_ACTIVITY_KIND_KERNEL")));
        QVERIFY(!t->kernelsByDevice.count(0xFFFF));
        checkSane(t);
        checkEntrySql(path, *t);
    }

    void missingNvtxText()
    {
        QTemporaryDir dir;
        const QString path = copyReal(dir, QStringLiteral("memfusion-nvtx-rtx3090x4-2023.1.sqlite"));
        if (path.isEmpty())
            QSKIP(qPrintable(sl::test::realTracesSkipReason()));
        sqlOn(path, QStringLiteral("UPDATE NVTX_EVENTS SET text=NULL, textId=10000000"));
        const TracePtr t = load(path);
        QVERIFY(t);
        QCOMPARE(t->dataQuality.count(Rule::MissingString),
            sqlOn(path,
                QStringLiteral(
                    "SELECT count(*) FROM NVTX_EVENTS WHERE eventType IN (59, 60) AND \"end\" IS NOT NULL")));
        QVERIFY(t->nvtx.size() > 0);
        for (quint32 n : t->nvtx.name)
            QCOMPARE(t->strings.at(n), QStringLiteral("<missing string 10000000>"));
        checkSane(t);
    }

    /// An event spanning 2^63 ns, one ending before it starts, one longer than the capture.
    void implausibleTimes()
    {
        QTemporaryDir dir;
        const QString path = copyReal(dir, kDlprof);
        if (path.isEmpty())
            QSKIP(qPrintable(sl::test::realTracesSkipReason()));
        const qint64 duration = sqlOn(path, QStringLiteral("SELECT duration FROM ANALYSIS_DETAILS"));
        sqlOn(path,
            QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start=-4611686018427387904, "
                           "\"end\"=4611686018427387904 WHERE rowid=1"));
        sqlOn(path, QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET \"end\"=start-1 WHERE rowid=2"));
        // Inside capture ± its length, but 1.5 captures long.
        sqlOn(path,
            QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET start=0, \"end\"=%1 WHERE rowid=5")
                .arg(duration * 3 / 2));
        sqlOn(path, QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET start=-%1 WHERE rowid=6").arg(duration + 1));
        const TracePtr t = load(path);
        QVERIFY(t);
        const QString kt = QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL"),
                      rt = QStringLiteral("CUPTI_ACTIVITY_KIND_RUNTIME");
        QCOMPARE(t->dataQuality.captureSource, QStringLiteral("ANALYSIS_DETAILS"));
        QCOMPARE(t->dataQuality.captureEndNs, duration);
        QVERIFY(entry(*t, Rule::OutsideCapture, kt));
        QCOMPARE(entry(*t, Rule::OutsideCapture, kt)->rowids, std::vector<qint64> { 1 });
        QCOMPARE(entry(*t, Rule::EndBeforeStart, kt)->rowids, std::vector<qint64> { 2 });
        QCOMPARE(entry(*t, Rule::LongerThanCapture, rt)->rowids, std::vector<qint64> { 5 });
        QCOMPARE(entry(*t, Rule::OutsideCapture, rt)->rowids, std::vector<qint64> { 6 });
        QCOMPARE(t->dataQuality.excludedRows(), 4);
        QCOMPARE(qint64(t->kernels.size()),
            sqlOn(path, QStringLiteral("SELECT count(*) - 2 FROM CUPTI_ACTIVITY_KIND_KERNEL")));
        // The full window is that of the rows left, every kind of event (NVTX included).
        QCOMPARE(t->firstNs,
            sqlOn(path,
                QStringLiteral(
                    "SELECT MIN(s) FROM (SELECT start s FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE rowid > 2 UNION ALL "
                    "SELECT start FROM CUPTI_ACTIVITY_KIND_RUNTIME WHERE rowid NOT IN (5, 6) UNION ALL "
                    "SELECT start FROM CUPTI_ACTIVITY_KIND_MEMCPY UNION ALL SELECT start FROM "
                    "CUPTI_ACTIVITY_KIND_MEMSET UNION ALL "
                    "SELECT start FROM NVTX_EVENTS WHERE eventType IN (59, 60) AND \"end\" IS NOT NULL)")));
        QVERIFY(t->lastNs - t->firstNs <= duration);
        checkSane(t);
        checkEntrySql(path, *t);
        QVERIFY(!t->loadWarnings.isEmpty());
    }

    /// NULLs, text where integers belong, a duplicate correlation id and an unended range on a
    /// hand-built export; SQL of every entry re-selects its rows.
    void fixtureRules()
    {
        TraceFixture fx;
        fx.kernel(1000, 2000, 0, 7, 1, 100, QStringLiteral("k1"));
        fx.kernel(3000, 4000, 0, 7, 2, 100, QStringLiteral("k2"));
        fx.kernel(5000, 6000, 0, 7, 3, 100, QStringLiteral("k3"));
        fx.kernel(7000, 8000, 0, 7, 4, 100, QStringLiteral("k4"));
        fx.runtime(900, 950, 100, 101, 1, QStringLiteral("cudaLaunchKernel_v7000"));
        fx.runtime(2900, 2950, 100, 101, 2, QStringLiteral("cudaLaunchKernel_v7000"));
        fx.runtime(2960, 2970, 100, 101, 2, QStringLiteral("cudaGetLastError_v3020")); // reuses id 2
        fx.runtime(4900, 4950, 100, 101, 3, QStringLiteral("cudaLaunchKernel_v7000"));
        fx.nvtx(500, 9000, 100, 101, QStringLiteral("step"));
        fx.nvtx(600, 700, 100, 101, QStringLiteral("open"));
        fx.exec(QStringLiteral("UPDATE NVTX_EVENTS SET \"end\"=NULL WHERE start=600"));
        // nsys declares these columns NOT NULL; a hand-made export need not: copy the table
        // without its constraints (CREATE TABLE AS keeps columns and rows, in rowid order).
        fx.exec(QStringLiteral(
            "CREATE TABLE k2 AS SELECT * FROM CUPTI_ACTIVITY_KIND_KERNEL ORDER BY rowid; "
            "DROP TABLE CUPTI_ACTIVITY_KIND_KERNEL; ALTER TABLE k2 RENAME TO CUPTI_ACTIVITY_KIND_KERNEL"));
        fx.exec(QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET streamId=NULL WHERE correlationId=2"));
        fx.exec(QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start='soon' WHERE correlationId=3"));
        fx.exec(QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET blockX=0 WHERE correlationId=4"));
        const QString path = fx.path();
        const TracePtr t = sl::test::loadFixture(fx);
        QVERIFY(t);
        const QString kt = QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL");
        QCOMPARE(t->kernels.size(), 1);
        QCOMPARE(entry(*t, Rule::NullRequired, kt)->count, 1);
        QCOMPARE(entry(*t, Rule::NotInteger, kt)->count, 1);
        QCOMPARE(entry(*t, Rule::InvalidGeometry, kt)->count, 1);
        QCOMPARE(t->dataQuality.count(Rule::UnendedRange), 1);
        const auto* dup = entry(*t, Rule::DuplicateCorrelation, QStringLiteral("CUPTI_ACTIVITY_KIND_RUNTIME"));
        QVERIFY(dup);
        // The launching call is kept, the other call with id 2 left out.
        QCOMPARE(dup->rowids, std::vector<qint64> { 3 });
        QCOMPARE(t->api.size(), 3);
        QCOMPARE(t->nvtx.size(), 1);
        QCOMPARE(t->dataQuality.excludedRows(), 5);
        // Full window: the NVTX range 500..9000 holds every other event.
        QCOMPARE(t->firstNs, 500);
        QCOMPARE(t->lastNs, 9000);
        checkEntrySql(path, *t);
    }

    /// Issue 12.3: on every real export, every share in report.json (full window) is in [0, 1];
    /// "The CPU blocks on the GPU" was 108 % on the two-process training trace.
    /// The readers read an integer cell's value first and ask its storage class only when the
    /// value is 0 or outside the column's range (issue 20.1): a real with a fraction or a text
    /// with a leading number that reads as a valid value is loaded as that value (SQLite's own
    /// CAST); one that reads as 0, as a saturated 64-bit value or out of range is refused as
    /// not an integer, before the range rules, exactly as before.
    void valueFirstCells()
    {
        TraceFixture fx;
        for (int i = 1; i <= 7; ++i)
            fx.kernel(i * 1000, i * 1000 + 500, 0, 7, quint32(i), 100, QStringLiteral("k%1").arg(i));
        fx.exec(QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start = 1000.75 WHERE correlationId = 1; "
                               "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET streamId = '9 streams' WHERE correlationId = 2; "
                               "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET deviceId = 0.5 WHERE correlationId = 3; "
                               "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET deviceId = '70000 GPUs' WHERE correlationId = 4; "
                               "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start = 1e19 WHERE correlationId = 5; "
                               "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET deviceId = 70000 WHERE correlationId = 6"));
        const QString path = fx.path();
        // What SQLite stored: INTEGER affinity keeps a real with a fraction and a text that is no
        // number as they are.
        QCOMPARE(sqlOn(path,
                     QStringLiteral("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE typeof(start) = 'real' "
                                    "OR typeof(streamId) = 'text' OR typeof(deviceId) IN ('real', 'text')")),
            5);
        const TracePtr t = sl::test::loadFixture(fx);
        QVERIFY(t);
        const QString kt = QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL");
        // Kept: 1 (start 1000.75 read as 1000), 2 (stream '9 streams' read as 9), 7 (untouched).
        QCOMPARE(t->kernels.size(), 3);
        QCOMPARE(t->kernels.correlationOf(0, t->api.correlationId), 1u);
        QCOMPARE(t->kernels.start[0], 1000);
        QCOMPARE(t->kernels.stream[1], 9u);
        QCOMPARE(t->kernels.stream[2], 7u);
        // 0.5 reads as 0, '70000 GPUs' as 70000 (outside 0..65534), 1e19 as 2^63-1.
        const auto* notInteger = entry(*t, Rule::NotInteger, kt);
        QVERIFY(notInteger);
        QCOMPARE(notInteger->rowids, (std::vector<qint64> { 3, 4, 5 }));
        bool ok = false;
        QCOMPARE(sl::test::selectFirstColumn(path, notInteger->sql, &ok), (std::set<qint64> { 3, 4, 5 }));
        QVERIFY(ok);
        const auto* invalid = entry(*t, Rule::InvalidId, kt);
        QVERIFY(invalid);
        QCOMPARE(invalid->rowids, std::vector<qint64> { 6 });
    }

    void sharesWithinUnit()
    {
        const QStringList traces = sl::test::realTraces();
        if (traces.isEmpty())
            QSKIP(qPrintable(sl::test::realTracesSkipReason()));
        QStringList bad;
        for (const QString& path : traces) {
            const TracePtr t = load(path);
            QVERIFY2(t, qPrintable(path));
            const AnalysisPtr r = sl::test::analyzeWindow(t);
            QVERIFY(r);
            sharesOutsideUnit(JsonReport::build(*r, ReportOptions()), QFileInfo(path).fileName(), &bad);
        }
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    }

    /// Two processes each blocked for 80 % of a 1000 ns window (one call wrapping a driver
    /// sync): the share is of the threads' combined time, 1600 / (2 × 1000) = 0.8, not 2300 / 1000.
    void blockingShareOfThreads()
    {
        TraceFixture fx;
        fx.kernel(0, 1000, 0, 7, 1, 100, QStringLiteral("k"));
        fx.runtime(100, 900, 100, 101, 0, QStringLiteral("cudaDeviceSynchronize_v3020"));
        fx.runtime(150, 850, 100, 101, 0, QStringLiteral("cuCtxSynchronize"));
        fx.runtime(100, 900, 200, 201, 0, QStringLiteral("cudaStreamSynchronize_v3020"));
        const TracePtr t = sl::test::loadFixture(fx);
        QVERIFY(t);
        const AnalysisPtr r = sl::test::analyzeWindow(t);
        QVERIFY(r);
        QCOMPARE(r->window.lengthNs(), 1000);
        const Finding* f = sl::test::findingById(*r, QStringLiteral("blocking-sync"));
        QVERIFY(f);
        QCOMPARE(f->impactNs, 2300);
        QCOMPARE(f->impactShare, 0.8);
    }

    /// Issue 19.2: an export without ANALYSIS_DETAILS whose serving run starts with a warm-up
    /// (200 kernels per GPU), then 3 s idle, then 1 s of traffic (25,000 kernels per GPU). The
    /// warm-up is under 1 % of the rows and 3 capture-lengths-of-traffic away: every row is
    /// data, counted like the rest (the counts come from SQL over the file).
    void warmupClusterWithoutAnalysisDetails()
    {
        TraceFixture fx;
        fx.exec(QStringLiteral("BEGIN"));
        quint32 corr = 1;
        auto launch = [&](qint64 at, int device) {
            fx.runtime(at, at + 3'000, 4242, 4243, corr, QStringLiteral("cudaLaunchKernel_v7000"));
            fx.kernel(at + 5'000, at + 25'000, device, 7, corr++, 4242, QStringLiteral("decode_gemm"));
        };
        const qint64 warmup = 1'000'000'000, traffic = warmup + 3'100'000'000;
        for (int i = 0; i < 200; ++i)
            for (int d = 0; d < 2; ++d)
                launch(warmup + i * 60'000 + d * 30'000, d);
        fx.nvtx(warmup, warmup + 12'100'000, 4242, 4243, QStringLiteral("warmup"));
        for (int i = 0; i < 25'000; ++i)
            for (int d = 0; d < 2; ++d)
                launch(traffic + i * 40'000 + d * 20'000, d);
        for (int s = 0; s < 100; ++s)
            fx.nvtx(traffic + s * 10'000'000, traffic + (s + 1) * 10'000'000, 4242, 4243, QStringLiteral("decode"));
        fx.exec(QStringLiteral("COMMIT"));
        const QString path = fx.path();
        const TracePtr t = load(path);
        QVERIFY(t);
        QCOMPARE(t->dataQuality.captureSource, QStringLiteral("events"));
        QCOMPARE(t->dataQuality.excludedRows(), 0);
        QCOMPARE(
            qint64(t->kernels.size()), sqlOn(path, QStringLiteral("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL")));
        QCOMPARE(
            qint64(t->api.size()), sqlOn(path, QStringLiteral("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME")));
        QCOMPARE(qint64(t->nvtx.size()), sqlOn(path, QStringLiteral("SELECT count(*) FROM NVTX_EVENTS")));
        QCOMPARE(t->dataQuality.captureStartNs, sqlOn(path, QStringLiteral("SELECT min(start) FROM NVTX_EVENTS")));
        QCOMPARE(t->dataQuality.captureEndNs,
            sqlOn(path, QStringLiteral("SELECT max(\"end\") FROM CUPTI_ACTIVITY_KIND_KERNEL")));
        const AnalysisPtr r = Analyzer::analyze(t, AnalysisOptions {});
        QVERIFY(r);
        QCOMPARE(r->kernelCount, 50'400);
        QCOMPARE(
            r->kernelNs, sqlOn(path, QStringLiteral("SELECT sum(\"end\" - start) FROM CUPTI_ACTIVITY_KIND_KERNEL")));
    }

    /// Without ANALYSIS_DETAILS only the impossible is excluded: an end before its start and a
    /// time beyond ±2^53 ns; a row 10 s after the rest is kept.
    void onlyImpossibleWithoutAnalysisDetails()
    {
        TraceFixture fx;
        fx.kernel(1'000'000, 1'020'000, 0, 7, 1, 4242, QStringLiteral("k"));
        fx.kernel(2'000'000, 1'990'000, 0, 7, 2, 4242, QStringLiteral("k"));
        fx.kernel(3'000'000, (qint64(1) << 53) + 1, 0, 7, 3, 4242, QStringLiteral("k"));
        fx.kernel(10'003'000'000, 10'003'020'000, 0, 7, 4, 4242, QStringLiteral("k"));
        const TracePtr t = load(fx.path());
        QVERIFY(t);
        QCOMPARE(t->kernels.size(), 2);
        QCOMPARE(t->dataQuality.count(Rule::EndBeforeStart), 1);
        QCOMPARE(t->dataQuality.count(Rule::OutsideCapture), 1);
        QCOMPARE(t->dataQuality.captureStartNs, 1'000'000);
        QCOMPARE(t->dataQuality.captureEndNs, 10'003'020'000);
    }

    /// A 2021 export without ANALYSIS_DETAILS whose OS runtime calls run 33 s past its CUDA
    /// work (mordred): the calls widen the capture and the full window instead of being left
    /// out silently as outside a capture taken from the CUDA rows; a damaged call is counted.
    void osRuntimeWithoutAnalysisDetails()
    {
        QTemporaryDir dir;
        const QString path = copyReal(dir, QStringLiteral("mordred-gpudb-quadro6000-2021.2.sqlite"));
        if (path.isEmpty())
            QSKIP(qPrintable(sl::test::realTracesSkipReason()));
        // The latest call ends before it starts; another's start is text.
        const qint64 latest = sqlOn(path, QStringLiteral("SELECT rowid FROM OSRT_API ORDER BY \"end\" DESC LIMIT 1"));
        sqlOn(path, QStringLiteral("UPDATE OSRT_API SET \"end\" = start - 1 WHERE rowid = %1").arg(latest));
        sqlOn(path, QStringLiteral("UPDATE OSRT_API SET start = 'soon' WHERE rowid = 7"));
        const QString leftOut = QStringLiteral("%1, 7").arg(latest);
        const TracePtr t = load(path);
        QVERIFY(t);
        const QString os = QStringLiteral("OSRT_API");
        QCOMPARE(t->dataQuality.captureSource, QStringLiteral("events"));
        QVERIFY(entry(*t, Rule::EndBeforeStart, os));
        QCOMPARE(entry(*t, Rule::EndBeforeStart, os)->rowids, std::vector<qint64> { latest });
        QVERIFY(entry(*t, Rule::NotInteger, os));
        QCOMPARE(entry(*t, Rule::NotInteger, os)->rowids, std::vector<qint64> { 7 });
        QCOMPARE(t->dataQuality.excludedRows(), 2);
        const qint64 first = spanOver(path, QStringLiteral("MIN"), QStringLiteral("start"), leftOut);
        const qint64 last = spanOver(path, QStringLiteral("MAX"), QStringLiteral("\"end\""), leftOut);
        QVERIFY(last > 30'000'000'000); // the calls, not the CUDA rows (6.8 s)
        QCOMPARE(t->dataQuality.captureStartNs, first);
        QCOMPARE(t->dataQuality.captureEndNs, last);
        QCOMPARE(t->firstNs, first);
        QCOMPARE(t->lastNs, last);
        checkEntrySql(path, *t);
    }

    /// With a stated capture, OS runtime calls far outside it, longer than it or ending before
    /// they start are counted under their rule and widen nothing.
    void osRuntimeOutsideStatedCapture()
    {
        QTemporaryDir dir;
        const QString path = copyReal(dir, QStringLiteral("gpu4-vecadd-streams-t4-2022.4.sqlite"));
        if (path.isEmpty())
            QSKIP(qPrintable(sl::test::realTracesSkipReason()));
        const qint64 duration = sqlOn(path, QStringLiteral("SELECT duration FROM ANALYSIS_DETAILS"));
        sqlOn(path, QStringLiteral("UPDATE OSRT_API SET start = -%1 WHERE rowid = 1").arg(duration + 1));
        sqlOn(
            path, QStringLiteral("UPDATE OSRT_API SET start = 0, \"end\" = %1 WHERE rowid = 2").arg(duration * 3 / 2));
        sqlOn(path, QStringLiteral("UPDATE OSRT_API SET \"end\" = start - 1 WHERE rowid = 3"));
        const TracePtr t = load(path);
        QVERIFY(t);
        const QString os = QStringLiteral("OSRT_API");
        QCOMPARE(t->dataQuality.captureSource, QStringLiteral("ANALYSIS_DETAILS"));
        QVERIFY(entry(*t, Rule::OutsideCapture, os) && entry(*t, Rule::LongerThanCapture, os)
            && entry(*t, Rule::EndBeforeStart, os));
        QCOMPARE(entry(*t, Rule::OutsideCapture, os)->rowids, std::vector<qint64> { 1 });
        QCOMPARE(entry(*t, Rule::LongerThanCapture, os)->rowids, std::vector<qint64> { 2 });
        QCOMPARE(entry(*t, Rule::EndBeforeStart, os)->rowids, std::vector<qint64> { 3 });
        QCOMPARE(t->dataQuality.excludedRows(), 3);
        const QString leftOut = QStringLiteral("1, 2, 3");
        QCOMPARE(t->firstNs, spanOver(path, QStringLiteral("MIN"), QStringLiteral("start"), leftOut));
        QCOMPARE(t->lastNs, spanOver(path, QStringLiteral("MAX"), QStringLiteral("\"end\""), leftOut));
        checkEntrySql(path, *t);
    }

    /// On every real export each entry's SQL selects what it counts, and the never-ended NVTX
    /// ranges (left out before, silently) are counted as SQL counts them.
    void realExports()
    {
        const QStringList traces = sl::test::realTraces();
        if (traces.isEmpty())
            QSKIP(qPrintable(sl::test::realTracesSkipReason()));
        for (const QString& path : traces) {
            const TracePtr t = load(path);
            QVERIFY2(t, qPrintable(path));
            checkEntrySql(path, *t);
            bool ok = false;
            std::set<qint64> unended;
            if (t->info.hasTable(QStringLiteral("NVTX_EVENTS")))
                unended = sl::test::selectFirstColumn(path,
                    QStringLiteral("SELECT rowid FROM NVTX_EVENTS WHERE eventType IN (59, 60) AND \"end\" IS NULL"),
                    &ok);
            QCOMPARE(t->dataQuality.count(Rule::UnendedRange), qint64(unended.size()));
            QVERIFY2(t->dataQuality.count(Rule::UnendedRange) == t->dataQuality.excludedRows(),
                qPrintable(QFileInfo(path).fileName()));
        }
    }
};

QTEST_GUILESS_MAIN(TestDataValidation)
#include "tst_datavalidation.moc"
