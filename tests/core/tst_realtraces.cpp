// SPDX-License-Identifier: MIT
// Conformance on real Nsight Systems exports (SIGHTLINE_REAL_TRACES): the loader and analyzer
// against an independent computation in plain SQL and simple C++ on the same file.
#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"
#include "core/report/reportwriter.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/realtraces.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <tuple>
#include <vector>

using namespace sl;
using sl::test::unionLength;

namespace {

/// Read-only QSQLITE connection for the independent side of the comparison.
class Db
{
public:
    explicit Db(const QString& path)
        : m_name(QStringLiteral("tst_realtraces_%1").arg(quintptr(this)))
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        m_ok = db.open();
    }
    ~Db()
    {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    Db(const Db&) = delete;
    Db& operator=(const Db&) = delete;
    bool ok() const { return m_ok; }
    QSqlDatabase db() const { return QSqlDatabase::database(m_name, false); }
    bool hasTable(const QString& t) const { return db().tables().contains(t); }
    bool hasColumn(const QString& table, const QString& column) const
    {
        QSqlQuery q(db());
        q.exec(QStringLiteral("PRAGMA table_info(%1)").arg(table));
        while (q.next())
            if (q.value(1).toString() == column)
                return true;
        return false;
    }
    /// Runs `sql`; every row's columns as variants. Fails loudly on SQL errors.
    QList<QVariantList> rows(const QString& sql) const
    {
        QList<QVariantList> out;
        QSqlQuery q(db());
        q.setForwardOnly(true);
        if (!q.exec(sql)) {
            qWarning("%s: %s", qPrintable(sql), qPrintable(q.lastError().text()));
            return out;
        }
        const int n = q.record().count();
        while (q.next()) {
            QVariantList row;
            for (int i = 0; i < n; ++i)
                row << q.value(i);
            out << row;
        }
        return out;
    }

private:
    QString m_name;
    bool m_ok = false;
};

const QStringList kGpuTables
    = { QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL"), QStringLiteral("CUPTI_ACTIVITY_KIND_MEMCPY"),
          QStringLiteral("CUPTI_ACTIVITY_KIND_MEMSET"), QStringLiteral("CUPTI_ACTIVITY_KIND_GRAPH_TRACE") };

using Intervals = std::vector<std::pair<qint64, qint64>>;

bool isBlockingName(QString name)
{
    static const QRegularExpression version(QStringLiteral("_v\\d+$"));
    name.remove(version);
    for (const char* suffix : { "_ptsz", "_ptds" })
        if (name.endsWith(QLatin1String(suffix)))
            name.chop(5);
    name.remove(version);
    static const QStringList blocking
        = { QStringLiteral("cudaDeviceSynchronize"), QStringLiteral("cudaStreamSynchronize"),
              QStringLiteral("cudaEventSynchronize"), QStringLiteral("cuCtxSynchronize"),
              QStringLiteral("cuStreamSynchronize"), QStringLiteral("cuEventSynchronize") };
    if (blocking.contains(name))
        return true;
    return (name.startsWith(QLatin1String("cudaMemcpy")) || name.startsWith(QLatin1String("cudaMemset")))
        && !name.contains(QLatin1String("Async"));
}

/// Rows of `sql` (rowid first) by rowid; every other cell must be stored as an integer or NULL
/// (`ok` false otherwise: then the loader's value-first reading would not be checked here).
std::map<qint64, QVariantList> byRowid(const Db& db, const QString& sql, bool* ok)
{
    std::map<qint64, QVariantList> out;
    *ok = true;
    for (const QVariantList& row : db.rows(sql)) {
        for (const QVariant& v : row)
            if (!v.isNull() && v.typeId() != QMetaType::LongLong)
                *ok = false;
        out[row[0].toLongLong()] = row;
    }
    return out;
}

/// Rows of `table` the data-quality rules left out (every rule but missing_string).
qint64 excluded(const Trace& t, const QString& table)
{
    qint64 n = 0;
    for (const auto& e : t.dataQuality.entries)
        if (e.table == table && e.rule != DataQuality::Rule::MissingString)
            n += e.count;
    return n;
}

} // namespace

class TestRealTraces : public QObject
{
    Q_OBJECT
private slots:
    void conformance_data();
    void conformance();
    void cellsAsStored_data() { conformance_data(); }
    void cellsAsStored();
};

/// Every integer cell the loader keeps equals the export's, read through an independent
/// connection by rowid (the readers read cells value first, issue 20.1: this pins the model
/// of every real export cell by cell), and every row is either loaded or left out by a rule.
void TestRealTraces::cellsAsStored()
{
    QFETCH(QString, path);
    const LoadOutcome loaded = TraceLoader::loadSync(path);
    QVERIFY2(loaded.ok(), qPrintable(loaded.message));
    const Trace& t = *loaded.trace;
    Db db(path);
    QVERIFY(db.ok());
    bool ok = false;
    const auto pidOf = [](const QVariant& g) { return quint32((g.toLongLong() >> 24) & 0xFFFFFF); };
    const QString K = QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL");
    if (db.hasTable(K)) {
        const QString graph
            = db.hasColumn(K, QStringLiteral("graphNodeId")) ? QStringLiteral("graphNodeId") : QStringLiteral("NULL");
        const auto rows = byRowid(db,
            QStringLiteral("SELECT rowid, start, \"end\", deviceId, streamId, correlationId, globalPid, gridX, gridY, "
                           "gridZ, blockX, blockY, blockZ, registersPerThread, staticSharedMemory, "
                           "dynamicSharedMemory, %1 FROM %2")
                .arg(graph, K),
            &ok);
        QVERIFY(ok);
        QCOMPARE(qint64(t.kernels.size()) + excluded(t, K), qint64(rows.size()));
        for (qsizetype i = 0; i < t.kernels.size(); ++i) {
            const auto& r = rows.at(t.kernels.rowid[size_t(i)]);
            const LaunchConfig& c = t.configs.at(t.kernels.config[size_t(i)]);
            const std::array<qint64, 16> got { t.kernels.start[size_t(i)], t.kernels.endOf(size_t(i)),
                t.kernels.device[size_t(i)], t.kernels.stream[size_t(i)],
                t.kernels.correlationOf(size_t(i), t.api.correlationId), t.kernels.pid[size_t(i)], c.gridX, c.gridY,
                c.gridZ, c.blockX, c.blockY, c.blockZ, c.registersPerThread, c.staticSharedMemory,
                c.dynamicSharedMemory, t.kernels.flags[size_t(i)] & KernelTable::FromGraph };
            const std::array<qint64, 16> want { r[1].toLongLong(), r[2].toLongLong(), r[3].toLongLong(),
                r[4].toLongLong(), r[5].toLongLong(), pidOf(r[6]), r[7].toLongLong(), r[8].toLongLong(),
                r[9].toLongLong(), r[10].toLongLong(), r[11].toLongLong(), r[12].toLongLong(), r[13].toLongLong(),
                r[14].toLongLong(), r[15].toLongLong(), r[16].toLongLong() != 0 ? 1 : 0 };
            QCOMPARE(got, want);
        }
    }
    const QString A = QStringLiteral("CUPTI_ACTIVITY_KIND_RUNTIME");
    if (db.hasTable(A)) {
        const auto rows
            = byRowid(db, QStringLiteral("SELECT rowid, start, \"end\", globalTid, correlationId FROM %1").arg(A), &ok);
        QVERIFY(ok);
        for (qsizetype i = 0; i < t.api.size(); ++i) {
            const auto& r = rows.at(t.api.rowid[size_t(i)]);
            const std::array<qint64, 5> got { t.api.start[size_t(i)], t.api.endOf(size_t(i)), t.api.pid[size_t(i)],
                t.api.tid[size_t(i)], t.api.correlationId[size_t(i)] };
            const std::array<qint64, 5> want { r[1].toLongLong(), r[2].toLongLong(), pidOf(r[3]),
                r[3].toLongLong() & 0xFFFFFF, r[4].toLongLong() };
            QCOMPARE(got, want);
        }
    }
    const QString N = QStringLiteral("NVTX_EVENTS");
    if (db.hasTable(N)) {
        const auto rows = byRowid(db,
            QStringLiteral("SELECT rowid, start, \"end\", globalTid, endGlobalTid, domainId FROM %1 "
                           "WHERE eventType IN (59, 60)")
                .arg(N),
            &ok);
        QVERIFY(ok);
        QCOMPARE(qint64(t.nvtx.size()) + excluded(t, N), qint64(rows.size()));
        for (qsizetype i = 0; i < t.nvtx.size(); ++i) {
            const auto& r = rows.at(t.nvtx.rowid[size_t(i)]);
            const qint64 tid = r[3].toLongLong() & 0xFFFFFF;
            const std::array<qint64, 6> got { t.nvtx.start[size_t(i)], t.nvtx.end[size_t(i)], t.nvtx.pid[size_t(i)],
                t.nvtx.tid[size_t(i)], t.nvtx.endTid[size_t(i)], t.nvtx.domain[size_t(i)] };
            const std::array<qint64, 6> want { r[1].toLongLong(), r[2].toLongLong(), pidOf(r[3]), tid,
                r[4].isNull() ? tid : (r[4].toLongLong() & 0xFFFFFF), r[5].toLongLong() };
            QCOMPARE(got, want);
        }
    }
    const QString M = QStringLiteral("CUPTI_ACTIVITY_KIND_MEMCPY");
    if (db.hasTable(M)) {
        const auto rows = byRowid(db,
            QStringLiteral(
                "SELECT rowid, start, \"end\", deviceId, streamId, bytes, copyKind, srcKind, dstKind FROM %1")
                .arg(M),
            &ok);
        QVERIFY(ok);
        QCOMPARE(qint64(t.memcpy.size()) + excluded(t, M), qint64(rows.size()));
        for (qsizetype i = 0; i < t.memcpy.size(); ++i) {
            const auto& r = rows.at(t.memcpy.rowid[size_t(i)]);
            const std::array<qint64, 8> got { t.memcpy.start[size_t(i)], t.memcpy.endOf(size_t(i)),
                t.memcpy.device[size_t(i)], t.memcpy.stream[size_t(i)], t.memcpy.bytes[size_t(i)],
                t.memcpy.copyKind[size_t(i)], t.memcpy.srcKind[size_t(i)], t.memcpy.dstKind[size_t(i)] };
            const std::array<qint64, 8> want { r[1].toLongLong(), r[2].toLongLong(), r[3].toLongLong(),
                r[4].toLongLong(), r[5].toLongLong(), r[6].toLongLong(), r[7].isNull() ? -1 : r[7].toLongLong(),
                r[8].isNull() ? -1 : r[8].toLongLong() };
            QCOMPARE(got, want);
        }
    }
}

void TestRealTraces::conformance_data()
{
    QTest::addColumn<QString>("path");
    const QStringList traces = sl::test::realTraces();
    if (traces.isEmpty())
        QSKIP(qPrintable(sl::test::realTracesSkipReason()));
    for (const auto& t : traces)
        QTest::newRow(qPrintable(QFileInfo(t).completeBaseName())) << t;
}

void TestRealTraces::conformance()
{
    QFETCH(QString, path);
    const LoadOutcome loaded = TraceLoader::loadSync(path);
    QVERIFY2(loaded.ok(), qPrintable(loaded.message));
    const AnalysisPtr r = Analyzer::analyze(loaded.trace, AnalysisOptions {});
    QVERIFY(r);
    const Trace& t = *r->trace;

    Db db(path);
    QVERIFY(db.ok());
    const QString K = QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL");
    const bool hasKernels = db.hasTable(K);

    // --- The capture's graph trace mode, with or without the PROCESS_<n>: prefix of 2023.3–2025.x.
    GraphMode mode = GraphMode::Unknown;
    if (db.hasTable(QStringLiteral("META_DATA_CAPTURE")))
        for (const auto& row : db.rows(QStringLiteral(
                 "SELECT value FROM META_DATA_CAPTURE WHERE name = 'CUDA_GRAPH_TRACE_OPTIONS:MODE' OR name GLOB "
                 "'PROCESS_[0-9]*:CUDA_GRAPH_TRACE_OPTIONS:MODE' LIMIT 1")))
            mode = row[0].toString() == QLatin1String("Graph") ? GraphMode::Graph
                : row[0].toString() == QLatin1String("Node")   ? GraphMode::Node
                                                               : GraphMode::Unknown;
    QCOMPARE(t.info.graphMode, mode);

    // --- Kernels: count and Σ(end − start). The full window holds every event.
    qint64 kCount = 0, kNs = 0;
    if (hasKernels) {
        const auto row = db.rows(QStringLiteral("SELECT COUNT(*), COALESCE(SUM(\"end\" - start), 0) FROM %1").arg(K));
        QVERIFY(!row.isEmpty());
        kCount = row[0][0].toLongLong(), kNs = row[0][1].toLongLong();
    }
    QCOMPARE(r->kernelCount, kCount);
    QCOMPARE(r->kernelNs, kNs);

    // --- Devices: busy union of all GPU work, compute union of kernels and graph launches.
    std::map<int, Intervals> all, compute;
    std::map<int, std::vector<std::tuple<qint64, qint64, quint32>>> ops; // device → (start, end, pid)
    for (const auto& table : kGpuTables) {
        if (!db.hasTable(table))
            continue;
        const bool isCompute = table == K || table.endsWith(QLatin1String("GRAPH_TRACE"));
        for (const auto& row : db.rows(
                 QStringLiteral("SELECT deviceId, start, \"end\", (globalPid >> 24) & 16777215 FROM %1 ORDER BY start")
                     .arg(table))) {
            const int d = row[0].toInt();
            const std::pair<qint64, qint64> iv { row[1].toLongLong(), row[2].toLongLong() };
            all[d].push_back(iv);
            if (isCompute)
                compute[d].push_back(iv);
            ops[d].emplace_back(iv.first, iv.second, row[3].toUInt());
        }
    }
    QCOMPARE(qsizetype(r->devices.size()), qsizetype(all.size()));
    for (const auto& [d, ivs] : all) {
        const DeviceStats* ds = nullptr;
        for (const auto& x : r->devices)
            if (x.deviceId == d)
                ds = &x;
        QVERIFY2(ds, qPrintable(QStringLiteral("device %1 missing").arg(d)));
        qint64 first = ivs.front().first, last = ivs.front().second;
        for (const auto& [s, e] : ivs)
            first = std::min(first, s), last = std::max(last, e);
        const qint64 busy = unionLength(ivs);
        const qint64 computeBusy = compute.count(d) ? unionLength(compute.at(d)) : 0;
        QCOMPARE(ds->firstNs, first);
        QCOMPARE(ds->lastNs, last);
        QCOMPARE(ds->busyNs, busy);
        QCOMPARE(ds->computeBusyNs, computeBusy);
        QCOMPARE(ds->idleNs, (last - first) - busy);
        // Invariants.
        QVERIFY(ds->busyNs <= ds->lastNs - ds->firstNs);
        QVERIFY(ds->computeBusyNs <= ds->busyNs);
        QVERIFY(ds->idleNs >= 0);
        // Low-utilisation runs: bounds on the 30 equal chunks of the span, busy time of the
        // clipped GPU work, and the finding's lost time exact to the ns.
        qint64 lost = 0;
        for (const LowUtilChunk& c : ds->lowUtil) {
            const auto onBound = [&](qint64 ns) {
                for (qint64 k = 0; k <= 30; ++k)
                    if (first + (last - first) * k / 30 == ns)
                        return true;
                return false;
            };
            QVERIFY(onBound(c.startNs) && onBound(c.endNs));
            Intervals clipped;
            for (const auto& [s, e] : ivs)
                if (std::min(e, c.endNs) > std::max(s, c.startNs))
                    clipped.emplace_back(std::max(s, c.startNs), std::min(e, c.endNs));
            QCOMPARE(c.busyNs, unionLength(clipped));
            QVERIFY(2 * c.busyNs < c.endNs - c.startNs);
            lost += c.endNs - c.startNs - c.busyNs;
        }
        if (lost > 0) {
            const auto impact = std::find_if(r->findings.begin(), r->findings.end(), [&](const Finding& f) {
                return f.id == QLatin1String("low-utilisation") && !f.evidence.isEmpty() && f.evidence[0].deviceId == d;
            });
            QVERIFY(impact != r->findings.end());
            QCOMPARE(impact->impactNs, lost);
        }
    }

    // --- Idle put down to the profiler: a gap whose ending operation's process has profiler
    // overhead (PROFILER_OVERHEAD, its union) over at least half of it.
    {
        std::map<quint32, Intervals> overhead;
        if (db.hasTable(QStringLiteral("PROFILER_OVERHEAD")))
            for (const auto& row :
                db.rows(QStringLiteral("SELECT (globalTid >> 24) & 16777215, start, \"end\" FROM "
                                       "PROFILER_OVERHEAD WHERE globalTid IS NOT NULL AND \"end\" >= start")))
                overhead[row[0].toUInt()].emplace_back(row[1].toLongLong(), row[2].toLongLong());
        for (auto& [d, list] : ops) {
            std::stable_sort(
                list.begin(), list.end(), [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
            qint64 end = std::get<1>(list.front()), profiler = 0;
            for (const auto& [s, e, pid] : list) {
                if (s > end) {
                    Intervals clipped;
                    for (const auto& [a, b] : overhead[pid])
                        if (std::min(b, s) > std::max(a, end))
                            clipped.emplace_back(std::max(a, end), std::min(b, s));
                    profiler += 2 * unionLength(clipped) >= s - end ? s - end : 0;
                }
                end = std::max(end, e);
            }
            const DeviceStats* ds = nullptr;
            for (const auto& x : r->devices)
                ds = x.deviceId == d ? &x : ds;
            QVERIFY(ds);
            QCOMPARE(ds->idleByCauseNs[IdleGap::ProfilerOverhead], profiler);
        }
    }

    // --- Each listed process' profiler overhead: its PROFILER_OVERHEAD ranges starting in the
    // window, counted, and the length of their union.
    if (db.hasTable(QStringLiteral("PROFILER_OVERHEAD")))
        for (const ProcessStats& p : r->processes) {
            Intervals mine;
            for (const auto& row : db.rows(QStringLiteral("SELECT start, \"end\" FROM PROFILER_OVERHEAD WHERE "
                                                          "(globalTid >> 24) & 16777215 = %1 AND start BETWEEN %2 AND "
                                                          "%3 AND \"end\" >= start")
                                               .arg(p.pid)
                                               .arg(r->window.startNs)
                                               .arg(r->window.endNs)))
                mine.emplace_back(row[0].toLongLong(), row[1].toLongLong());
            QCOMPARE(p.profilerOverheadRanges, qint64(mine.size()));
            QCOMPARE(p.profilerOverheadNs, unionLength(mine));
        }

    // --- Top kernel by total time, named by demangledName.
    if (hasKernels && kCount > 0) {
        const QString col = db.hasColumn(K, QStringLiteral("demangledName")) ? QStringLiteral("demangledName")
                                                                             : QStringLiteral("shortName");
        const auto top
            = db.rows(QStringLiteral("SELECT s.value, SUM(k.\"end\" - k.start) AS total FROM %1 k "
                                     "JOIN StringIds s ON s.id = k.%2 GROUP BY s.value ORDER BY total DESC LIMIT 2")
                          .arg(K, col));
        QVERIFY(!top.isEmpty());
        QVERIFY(!r->kernels.isEmpty());
        QCOMPARE(r->kernels[0].totalNs, top[0][1].toLongLong());
        const bool tie = top.size() > 1 && top[1][1].toLongLong() == top[0][1].toLongLong();
        if (!tie)
            QCOMPARE(t.strings.at(r->kernels[0].name), top[0][0].toString());
    }

    // --- Memcpy per copyKind, then memsets: count and bytes (and time).
    {
        std::map<int, std::array<qint64, 3>> expected;
        if (db.hasTable(QStringLiteral("CUPTI_ACTIVITY_KIND_MEMCPY"))) {
            for (const auto& row : db.rows(QStringLiteral("SELECT copyKind, COUNT(*), SUM(bytes), SUM(\"end\" - start) "
                                                          "FROM CUPTI_ACTIVITY_KIND_MEMCPY GROUP BY copyKind")))
                expected[row[0].toInt()] = { row[1].toLongLong(), row[2].toLongLong(), row[3].toLongLong() };
        }
        // Memsets follow the copy kinds as kind -1 (as nsys stats' cuda_gpu_mem_time_sum).
        if (db.hasTable(QStringLiteral("CUPTI_ACTIVITY_KIND_MEMSET"))) {
            for (const auto& row : db.rows(QStringLiteral("SELECT COUNT(*), SUM(bytes), SUM(\"end\" - start) "
                                                          "FROM CUPTI_ACTIVITY_KIND_MEMSET HAVING COUNT(*) > 0")))
                expected[-1] = { row[0].toLongLong(), row[1].toLongLong(), row[2].toLongLong() };
        }
        QCOMPARE(qsizetype(r->memcpy.size()), qsizetype(expected.size()));
        for (const auto& m : r->memcpy) {
            QVERIFY(expected.count(m.kindId));
            QCOMPARE(m.count, expected[m.kindId][0]);
            QCOMPARE(m.bytes, expected[m.kindId][1]);
            QCOMPARE(m.totalNs, expected[m.kindId][2]);
        }
    }

    // --- Kernel time per process.
    if (hasKernels) {
        std::map<quint32, std::pair<qint64, qint64>> perPid;
        for (const auto& row :
            db.rows(QStringLiteral("SELECT (globalPid >> 24) & 16777215, COUNT(*), SUM(\"end\" - start) "
                                   "FROM %1 GROUP BY 1")
                        .arg(K)))
            perPid[row[0].toUInt()] = { row[1].toLongLong(), row[2].toLongLong() };
        qint64 sum = 0;
        for (const auto& p : r->processes) {
            sum += p.kernelNs;
            const auto it = perPid.find(p.pid);
            const qint64 expectNs = it == perPid.end() ? 0 : it->second.second;
            const qint64 expectCount = it == perPid.end() ? 0 : it->second.first;
            QCOMPARE(p.kernelNs, expectNs);
            QCOMPARE(p.kernelCount, expectCount);
        }
        for (const auto& [pid, v] : perPid) {
            bool listed = false;
            for (const auto& p : r->processes)
                listed = listed || p.pid == pid;
            QVERIFY2(listed, qPrintable(QStringLiteral("pid %1 missing").arg(pid)));
        }
        QCOMPARE(sum, r->kernelNs);
    }

    // --- Blocking synchronisation calls (eventClass 67 duplicates of a class 0/1 row excluded).
    {
        qint64 expected = 0;
        const QString R = QStringLiteral("CUPTI_ACTIVITY_KIND_RUNTIME");
        if (db.hasTable(R)) {
            std::map<qint64, QString> names;
            for (const auto& row : db.rows(QStringLiteral("SELECT id, value FROM StringIds")))
                names[row[0].toLongLong()] = row[1].toString();
            const auto calls = db.rows(
                QStringLiteral("SELECT eventClass, (globalTid >> 24) & 16777215, correlationId, nameId FROM %1")
                    .arg(R));
            std::set<std::pair<quint32, qint64>> primary;
            for (const auto& c : calls)
                if (c[0].toInt() != 67)
                    primary.insert({ c[1].toUInt(), c[2].toLongLong() });
            for (const auto& c : calls) {
                if (c[0].toInt() == 67 && primary.count({ c[1].toUInt(), c[2].toLongLong() }))
                    continue;
                expected += isBlockingName(names[c[3].toLongLong()]);
            }
        }
        qint64 got = 0;
        for (const auto& s : r->sync)
            if (s.blocking)
                got += s.count;
        QCOMPARE(got, expected);
    }

    QVERIFY(r->coverage >= 0.0 && r->coverage <= 1.0);
    QVERIFY(r->attributedNs <= r->kernelNs);

    // --- Privacy: no environment value, host, user or trace path in any written report file.
    // Environment rows are NAME=VALUE (VALUE often quoted); TARGET_INFO_SYSTEM_ENV also holds whole
    // environments as NAME=VALUE;NAME=VALUE lists.
    auto unquote = [](QString v) {
        v = v.trimmed();
        if (v.size() >= 2 && v.startsWith(QLatin1Char('"')) && v.endsWith(QLatin1Char('"')))
            v = v.mid(1, v.size() - 2);
        return v;
    };
    QStringList secrets;
    if (db.hasTable(QStringLiteral("META_DATA_CAPTURE"))) {
        for (const auto& row :
            db.rows(QStringLiteral("SELECT value FROM META_DATA_CAPTURE WHERE name LIKE '%ENVIRONMENT%'"))) {
            const QString v = row[0].toString();
            const qsizetype eq = v.indexOf(QLatin1Char('='));
            secrets << unquote(eq >= 0 ? v.mid(eq + 1) : v);
        }
    }
    if (db.hasTable(QStringLiteral("TARGET_INFO_SYSTEM_ENV"))) {
        static const QRegularExpression envList(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*="));
        for (const auto& row : db.rows(QStringLiteral("SELECT value FROM TARGET_INFO_SYSTEM_ENV"))) {
            const QString v = row[0].toString();
            if (envList.match(v).hasMatch()) {
                for (const auto& part : v.split(QLatin1Char(';'))) {
                    const qsizetype eq = part.indexOf(QLatin1Char('='));
                    if (eq > 0)
                        secrets << unquote(part.mid(eq + 1));
                }
            } else {
                secrets << unquote(v);
            }
        }
    }
    QStringList identities;
    for (const QString& table : { QStringLiteral("META_DATA_EXPORT"), QStringLiteral("EXPORT_META_DATA") }) {
        if (!db.hasTable(table))
            continue;
        for (const auto& row :
            db.rows(QStringLiteral("SELECT value FROM %1 WHERE name IN ('EXPORT_HOST', 'EXPORT_USER')").arg(table)))
            identities << unquote(row[0].toString());
    }
    // What a report must carry by design (file base name, versions, GPU, process, thread, kernel
    // and NVTX names): a secret that is part of one of these cannot be told apart from it and is
    // not checked. Generic words ("unknown") are not secrets.
    QStringList publicText = { t.info.fileName, t.info.nsysVersion, t.info.schemaVersion };
    for (const auto& g : t.gpus)
        publicText << g.name;
    for (const auto& n : t.processNames)
        publicText << n;
    for (auto it = t.threadNames.cbegin(); it != t.threadNames.cend(); ++it)
        publicText << t.strings.at(it.value());
    for (const auto& k : r->kernels)
        publicText << t.strings.at(k.name) << t.strings.at(k.shortName);
    for (const auto& n : r->nvtxRanges)
        publicText << t.strings.at(n.name);
    auto isPublic = [&](const QString& s) {
        if (s.compare(QLatin1String("unknown"), Qt::CaseInsensitive) == 0)
            return true;
        for (const auto& p : publicText)
            if (p.contains(s))
                return true;
        return false;
    };
    QStringList forbidden;
    for (const auto& s : secrets)
        if (s.size() >= 6 && !isPublic(s))
            forbidden << s;
    for (const auto& s : identities)
        if (s.size() >= 3 && !isPublic(s))
            forbidden << s;
    const QFileInfo fi(path);
    forbidden << fi.absoluteFilePath() << fi.canonicalFilePath() << fi.absolutePath();
    forbidden.removeDuplicates();
    qInfo("%lld sensitive strings checked", qlonglong(forbidden.size()));

    QTemporaryDir out;
    QVERIFY(out.isValid());
    QString error;
    QVERIFY2(ReportWriter::writeAll(*r, out.path(), ReportOptions {}, &error), qPrintable(error));
    QVERIFY(QFile::exists(out.filePath(QStringLiteral("report.json"))));
    int files = 0;
    QDirIterator it(out.path(), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString f = it.next();
        ++files;
        QFile file(f);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray data = file.readAll();
        for (const auto& s : forbidden)
            QVERIFY2(!data.contains(s.toUtf8()),
                qPrintable(QStringLiteral("%1 contains the sensitive value '%2'").arg(QFileInfo(f).fileName(), s)));
    }
    QVERIFY(files >= 3);
}

QTEST_GUILESS_MAIN(TestRealTraces)
#include "tst_realtraces.moc"
