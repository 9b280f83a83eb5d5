// SPDX-License-Identifier: MIT
#include "core/synth/synthtracewriter.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace sl;

namespace {

/// Read-only view of a generated file; every check below is plain SQL against it, independent of
/// the generator's code.
class Db
{
public:
    explicit Db(const QString& path)
    {
        if (sqlite3_open_v2(QFile::encodeName(path).constData(), &m_db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK)
            qFatal("cannot open %s", qPrintable(path));
    }
    ~Db() { sqlite3_close(m_db); }
    Db(const Db&) = delete;
    Db& operator=(const Db&) = delete;

    /// First column of the first row as int64 (0 for no row); fails the test on SQL errors.
    qint64 scalar(const char* sql) const
    {
        sqlite3_stmt* s = nullptr;
        if (sqlite3_prepare_v2(m_db, sql, -1, &s, nullptr) != SQLITE_OK) {
            qWarning("%s: %s", sql, sqlite3_errmsg(m_db));
            return -999;
        }
        qint64 v = 0;
        if (sqlite3_step(s) == SQLITE_ROW)
            v = sqlite3_column_int64(s, 0);
        sqlite3_finalize(s);
        return v;
    }
    QString text(const char* sql) const
    {
        sqlite3_stmt* s = nullptr;
        QString v;
        if (sqlite3_prepare_v2(m_db, sql, -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
            v = QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(s, 0)));
        sqlite3_finalize(s);
        return v;
    }
    bool hasTable(const char* name) const
    {
        const QByteArray sql
            = "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '" + QByteArray(name) + "'";
        return scalar(sql.constData()) == 1;
    }

private:
    sqlite3* m_db = nullptr;
};

QByteArray sha256(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

SynthOptions small(SynthGraphMode graphs = SynthGraphMode::None, int ranks = 1)
{
    SynthOptions o;
    o.steps = 120; // crosses one periodic pause (every 100 steps) and several request groups
    o.ranks = ranks;
    o.layers = 2;
    o.graphs = graphs;
    return o;
}

// A GPU-side row starting before an earlier row of the same table: tables must be in start order.
constexpr const char* kOutOfOrder
    = "SELECT COUNT(*) FROM (SELECT start < LAG(start) OVER (ORDER BY rowid) AS bad FROM %1) "
      "WHERE bad";

} // namespace

class TestSynthTraceWriter : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void determinism()
    {
        const QString a = m_dir.filePath(QStringLiteral("det-a.sqlite"));
        const QString b = m_dir.filePath(QStringLiteral("det-b.sqlite"));
        const QString c = m_dir.filePath(QStringLiteral("det-c.sqlite"));
        SynthOptions o = small(SynthGraphMode::Node, 2);
        QVERIFY(writeSynthTrace(a, o).ok);
        QVERIFY(writeSynthTrace(b, o).ok);
        o.seed = 2;
        QVERIFY(writeSynthTrace(c, o).ok);
        QVERIFY(!sha256(a).isEmpty());
        QCOMPARE(sha256(a), sha256(b));
        QVERIFY(sha256(a) != sha256(c));
        QVERIFY(!QFile::exists(a + QStringLiteral(".part")));
    }

    void countsMatchResult_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("ranks");
        QTest::addRow("eager-1") << int(SynthGraphMode::None) << 1;
        QTest::addRow("eager-2") << int(SynthGraphMode::None) << 2;
        QTest::addRow("node-2") << int(SynthGraphMode::Node) << 2;
        QTest::addRow("graph-4") << int(SynthGraphMode::Graph) << 4;
    }
    void countsMatchResult()
    {
        QFETCH(int, mode);
        QFETCH(int, ranks);
        const QString path = m_dir.filePath(QStringLiteral("counts.sqlite"));
        const SynthResult r = writeSynthTrace(path, small(SynthGraphMode(mode), ranks));
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY(r.error.isEmpty());
        Db db(path);
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL"), r.kernels);
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME"), r.runtimeCalls);
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM NVTX_EVENTS"), r.nvtxRanges);
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_MEMCPY"), r.memcpys);
        QCOMPARE(db.hasTable("CUPTI_ACTIVITY_KIND_MEMSET"), r.memsets > 0);
        if (r.memsets > 0)
            QCOMPARE(db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_MEMSET"), r.memsets);
        QCOMPARE(db.hasTable("CUPTI_ACTIVITY_KIND_GRAPH_TRACE"), mode == int(SynthGraphMode::Graph));
        if (mode == int(SynthGraphMode::Graph))
            QCOMPARE(db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_GRAPH_TRACE"), r.graphLaunches);
        else
            QCOMPARE(r.graphLaunches, 0);
        QVERIFY(r.kernels > 0 && r.runtimeCalls > 0 && r.nvtxRanges > 0 && r.memcpys > 0);

        // Span: first/last over every timed table.
        QCOMPARE(
            db.scalar(
                "SELECT MIN(s) FROM (SELECT MIN(start) s FROM CUPTI_ACTIVITY_KIND_KERNEL UNION ALL "
                "SELECT MIN(start) FROM CUPTI_ACTIVITY_KIND_RUNTIME UNION ALL SELECT MIN(start) FROM NVTX_EVENTS)"),
            r.firstNs);
        QCOMPARE(
            db.scalar("SELECT MAX(e) FROM (SELECT MAX(end) e FROM CUPTI_ACTIVITY_KIND_KERNEL UNION ALL "
                      "SELECT MAX(end) FROM CUPTI_ACTIVITY_KIND_RUNTIME UNION ALL SELECT MAX(end) FROM NVTX_EVENTS)"),
            r.lastNs);

        // Each worker is a process with its own GPU; the API server is pid 1000.
        QCOMPARE(db.scalar("SELECT COUNT(DISTINCT globalPid) FROM CUPTI_ACTIVITY_KIND_KERNEL"), qint64(ranks));
        QCOMPARE(
            db.scalar("SELECT COUNT(*) FROM TARGET_INFO_GPU WHERE name = 'NVIDIA H100 80GB HBM3' AND smCount = 132 "
                      "AND computeMajor = 9 AND maxShmemPerBlockOptin = 232448"),
            qint64(ranks));
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM PROCESSES WHERE name = 'python3'"), qint64(ranks + 1));
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE deviceId <> "
                           "((globalPid >> 24) & 0xFFFFFF) - 1001"),
            0);

        // Start-time order in every table, like a real export.
        for (const char* table : { "CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_RUNTIME", "NVTX_EVENTS",
                 "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION" }) {
            const QByteArray sql = QByteArray(kOutOfOrder).replace("%1", table);
            QCOMPARE(db.scalar(sql.constData()), 0);
        }
    }

    void schemaIs2026_2()
    {
        const QString path = m_dir.filePath(QStringLiteral("schema.sqlite"));
        QVERIFY(writeSynthTrace(path, small()).ok);
        Db db(path);
        QCOMPARE(db.text("SELECT value FROM META_DATA_EXPORT WHERE name = 'EXPORT_SCHEMA_VERSION'"),
            QStringLiteral("3.25.0"));
        QCOMPARE(db.text("SELECT value FROM META_DATA_EXPORT WHERE name = 'EXPORT_PRODUCT_VERSION'"),
            QStringLiteral("2026.2.1.210"));
        QCOMPARE(db.text("SELECT value FROM META_DATA_EXPORT WHERE name = 'EXPORT_PARAM_INPUT_FILE'"),
            QStringLiteral("sightline-synth.nsys-rep"));
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM META_DATA_EXPORT WHERE name IN ('EXPORT_HOST', 'EXPORT_USER')"), 0);
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM pragma_table_info('CUPTI_ACTIVITY_KIND_KERNEL')"), 40);
        QCOMPARE(db.scalar("SELECT \"notnull\" FROM pragma_table_info('CUPTI_ACTIVITY_KIND_KERNEL') "
                           "WHERE name = 'tensorSizeMinusOneElements'"),
            1);
        QCOMPARE(
            db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE tensorSizeMinusOneElements IS NULL"), 0);
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM pragma_table_info('NVTX_EVENTS') WHERE name = 'binaryData'"), 1);
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM pragma_table_info('TARGET_INFO_GPU')"), 41);
        QCOMPARE(
            db.scalar("SELECT COUNT(*) FROM ENUM_NSYS_EVENT_TYPE WHERE id = 60 AND name = 'NvtxStartEndRange'"), 1);
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM ENUM_CUDA_MEMCPY_OPER WHERE id = 2 AND label = 'Device-to-Host'"), 1);
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM META_DATA_CAPTURE WHERE name = 'CAPTURE_EVENT_TYPE'"), 2);
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM META_DATA_CAPTURE WHERE name = 'PROCESS_0:ENVIRONMENT_VARIABLE' "
                           "AND value LIKE 'HF_TOKEN=%'"),
            1);
        // Every name id resolves.
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL k LEFT JOIN StringIds s ON s.id = "
                           "k.shortName WHERE s.id IS NULL"),
            0);
        QCOMPARE(db.text("SELECT s.value FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.shortName "
                         "JOIN StringIds d ON d.id = k.demangledName WHERE d.value LIKE 'void vllm::rms_norm_kernel%' "
                         "LIMIT 1"),
            QStringLiteral("rms_norm_kernel"));
    }

    void everyKernelHasItsLaunchCall()
    {
        const QString path = m_dir.filePath(QStringLiteral("launch.sqlite"));
        const SynthResult r = writeSynthTrace(path, small(SynthGraphMode::None, 2));
        QVERIFY(r.ok);
        Db db(path);
        // Exactly one runtime row with the same correlationId in the same process.
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM (SELECT k.rowid, COUNT(r.rowid) AS n "
                           "FROM CUPTI_ACTIVITY_KIND_KERNEL k LEFT JOIN CUPTI_ACTIVITY_KIND_RUNTIME r "
                           "ON r.correlationId = k.correlationId AND (r.globalTid & ~0xFFFFFF) = k.globalPid "
                           "GROUP BY k.rowid) WHERE n <> 1"),
            0);
        // The call is cudaLaunchKernel on the worker's main thread and ends before its kernel starts.
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN CUPTI_ACTIVITY_KIND_RUNTIME r "
                           "ON r.correlationId = k.correlationId AND (r.globalTid & ~0xFFFFFF) = k.globalPid "
                           "JOIN StringIds s ON s.id = r.nameId "
                           "WHERE s.value <> 'cudaLaunchKernel_v7000' OR r.end > k.start "
                           "OR (r.globalTid & 0xFFFFFF) <> ((r.globalTid >> 24) & 0xFFFFFF)"),
            0);
        // correlationId is per process: both workers count from 1, so a join on it alone is wrong.
        QVERIFY(db.scalar("SELECT COUNT(*) FROM (SELECT correlationId FROM CUPTI_ACTIVITY_KIND_KERNEL "
                          "GROUP BY correlationId HAVING COUNT(DISTINCT globalPid) = 2)")
            > 100);
        QVERIFY(db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME a JOIN CUPTI_ACTIVITY_KIND_RUNTIME b "
                          "ON a.correlationId = b.correlationId AND a.globalTid < b.globalTid")
            > 100);
        QCOMPARE(db.scalar("SELECT MIN(correlationId) FROM CUPTI_ACTIVITY_KIND_RUNTIME"), 1);
        // Launch-bound decode: most kernels of decode steps are shorter than their launch call.
        const char* decodeKernels = "FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN CUPTI_ACTIVITY_KIND_RUNTIME r "
                                    "ON r.correlationId = k.correlationId AND (r.globalTid & ~0xFFFFFF) = k.globalPid "
                                    "JOIN NVTX_EVENTS n ON n.globalTid = r.globalTid AND n.text = 'decode_step' "
                                    "AND r.start BETWEEN n.start AND n.end";
        const qint64 decode = db.scalar(QByteArray("SELECT COUNT(*) ").append(decodeKernels).constData());
        const qint64 shorter
            = db.scalar(QByteArray("SELECT SUM(k.end - k.start < r.end - r.start) ").append(decodeKernels).constData());
        QVERIFY(decode > r.kernels / 2);
        QVERIFY2(shorter * 2 > decode, qPrintable(QStringLiteral("%1 of %2").arg(shorter).arg(decode)));
        // The all-reduce runs on its own stream.
        QCOMPARE(db.scalar("SELECT COUNT(DISTINCT k.streamId) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s "
                           "ON s.id = k.shortName WHERE s.value = 'ncclDevKernel_AllReduce_Sum_bf16_RING_LL'"),
            2);
        // Blocking syncs: one SYNCHRONIZATION row (stream sync) per cudaStreamSynchronize call.
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_SYNCHRONIZATION WHERE syncType = 3"),
            db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME r JOIN StringIds s ON s.id = r.nameId "
                      "WHERE s.value = 'cudaStreamSynchronize_v3020'"));
    }

    void graphModes()
    {
        const QString eagerPath = m_dir.filePath(QStringLiteral("eager.sqlite"));
        const QString nodePath = m_dir.filePath(QStringLiteral("node.sqlite"));
        const QString graphPath = m_dir.filePath(QStringLiteral("graph.sqlite"));
        const SynthResult eager = writeSynthTrace(eagerPath, small(SynthGraphMode::None));
        const SynthResult node = writeSynthTrace(nodePath, small(SynthGraphMode::Node));
        const SynthResult graph = writeSynthTrace(graphPath, small(SynthGraphMode::Graph));
        QVERIFY(eager.ok && node.ok && graph.ok);
        QCOMPARE(node.kernels, eager.kernels);
        QVERIFY(node.runtimeCalls < eager.runtimeCalls);
        QVERIFY(graph.kernels < eager.kernels / 2);
        QVERIFY(graph.graphLaunches > 0);

        Db n(nodePath);
        QCOMPARE(n.text("SELECT value FROM META_DATA_CAPTURE WHERE name = 'CUDA_GRAPH_TRACE_OPTIONS:MODE'"),
            QStringLiteral("Node"));
        QVERIFY(n.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE graphNodeId > 0 AND graphId > 0") > 0);
        // All nodes of one launch share the cudaGraphLaunch call's correlationId.
        QCOMPARE(n.scalar("SELECT MAX(c) FROM (SELECT COUNT(*) AS c FROM CUPTI_ACTIVITY_KIND_KERNEL "
                          "WHERE graphNodeId IS NOT NULL GROUP BY globalPid, correlationId)"),
            qint64(2 * 12));
        QCOMPARE(n.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN CUPTI_ACTIVITY_KIND_RUNTIME r "
                          "ON r.correlationId = k.correlationId AND (r.globalTid & ~0xFFFFFF) = k.globalPid "
                          "JOIN StringIds s ON s.id = r.nameId WHERE k.graphNodeId IS NOT NULL "
                          "AND s.value <> 'cudaGraphLaunch_v10000'"),
            0);
        QCOMPARE(n.scalar("SELECT COUNT(DISTINCT graphNodeId) FROM CUPTI_ACTIVITY_KIND_KERNEL"), qint64(2 * 12));

        Db g(graphPath);
        QCOMPARE(g.text("SELECT value FROM META_DATA_CAPTURE WHERE name = 'CUDA_GRAPH_TRACE_OPTIONS:MODE'"),
            QStringLiteral("Graph"));
        QCOMPARE(g.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE graphNodeId IS NOT NULL"), 0);
        QCOMPARE(g.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_GRAPH_TRACE t JOIN CUPTI_ACTIVITY_KIND_RUNTIME r "
                          "ON r.correlationId = t.correlationId AND (r.globalTid & ~0xFFFFFF) = t.globalPid "
                          "JOIN StringIds s ON s.id = r.nameId WHERE s.value = 'cudaGraphLaunch_v10000' "
                          "AND r.end <= t.start AND t.graphId > 0 AND t.graphExecId > 0"),
            graph.graphLaunches);
        // Prefill and sampling kernels stay individual launches.
        QVERIFY(g.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.shortName "
                         "WHERE s.value = 'flash_fwd_kernel'")
            > 0);
        QCOMPARE(g.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.shortName "
                          "WHERE s.value = 'cunn_SoftMaxForward'"),
            qint64(3 + 120));
    }

    void nvtx()
    {
        const QString path = m_dir.filePath(QStringLiteral("nvtx.sqlite"));
        QVERIFY(writeSynthTrace(path, small(SynthGraphMode::None, 2)).ok);
        Db db(path);
        // Start/end ranges on the API server that end on another thread of the same process.
        const qint64 requests
            = db.scalar("SELECT COUNT(*) FROM NVTX_EVENTS WHERE eventType = 60 AND text LIKE 'request %' "
                        "AND endGlobalTid IS NOT NULL AND endGlobalTid <> globalTid "
                        "AND (endGlobalTid >> 24) = (globalTid >> 24) AND rangeId IS NOT NULL");
        QCOMPARE(requests, qint64((120 + 15) / 16));
        QCOMPARE(db.scalar("SELECT MIN((globalTid >> 24) & 0xFFFFFF) FROM NVTX_EVENTS WHERE eventType = 60"), 1000);
        // A request spans several steps.
        QVERIFY(db.scalar("SELECT MIN((SELECT COUNT(*) FROM NVTX_EVENTS s WHERE s.text = 'decode_step' "
                          "AND s.start > r.start AND s.end < r.end)) FROM NVTX_EVENTS r WHERE r.eventType = 60")
            >= 2);
        // Registered layer names: textId in the "vllm" domain, whose create row exists per worker.
        QCOMPARE(
            db.scalar("SELECT COUNT(*) FROM NVTX_EVENTS WHERE eventType = 75 AND text = 'vllm' AND domainId = 1"), 2);
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM NVTX_EVENTS n JOIN StringIds s ON s.id = n.textId "
                           "WHERE n.eventType = 59 AND n.text IS NULL AND n.domainId = 1 AND s.value = 'layer 1'"),
            qint64(2 * (3 + 120)));
        for (const char* name : { "prefill", "decode_step", "sampling", "tokenize", "detokenize" })
            QVERIFY2(db.scalar(QByteArray("SELECT COUNT(*) FROM NVTX_EVENTS WHERE eventType = 59 AND text = '")
                                   .append(name)
                                   .append("'")
                                   .constData())
                    > 0,
                name);
        // Every kernel's launch call lies inside a "layer"/"sampling"/step range of its thread.
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME r WHERE NOT EXISTS (SELECT 1 FROM "
                           "NVTX_EVENTS n WHERE n.eventType = 59 AND n.globalTid = r.globalTid AND n.start <= r.start "
                           "AND n.end >= r.end)"),
            0);
    }

    void opRanges()
    {
        const QString path = m_dir.filePath(QStringLiteral("ops.sqlite"));
        SynthOptions o = small(SynthGraphMode::None, 2);
        o.opRanges = true;
        const SynthResult r = writeSynthTrace(path, o);
        QVERIFY(r.ok);
        Db db(path);
        // One range per launch call, named after its kernel, enclosing the call on the caller's thread.
        const qint64 launches = db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME r JOIN StringIds s ON "
                                          "s.id = r.nameId WHERE s.value = 'cudaLaunchKernel_v7000'");
        QCOMPARE(launches, r.kernels);
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM NVTX_EVENTS WHERE text IN (SELECT value FROM StringIds WHERE id IN "
                           "(SELECT shortName FROM CUPTI_ACTIVITY_KIND_KERNEL))"),
            launches);
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN CUPTI_ACTIVITY_KIND_RUNTIME r ON "
                           "r.correlationId = k.correlationId AND (r.globalTid >> 24) = (k.globalPid >> 24) "
                           "JOIN StringIds s ON s.id = k.shortName WHERE NOT EXISTS (SELECT 1 FROM NVTX_EVENTS n "
                           "WHERE n.globalTid = r.globalTid AND n.text = s.value AND n.start <= r.start "
                           "AND n.end >= r.end)"),
            0);
        // The per-layer ranges are still there: op ranges nest inside them.
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM NVTX_EVENTS n JOIN StringIds s ON s.id = n.textId "
                           "WHERE s.value = 'layer 1'"),
            qint64(2 * (3 + 120)));
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM NVTX_EVENTS"), r.nvtxRanges);
    }

    void idleGapsAndCopies()
    {
        const QString path = m_dir.filePath(QStringLiteral("gaps.sqlite"));
        const SynthResult r = writeSynthTrace(path, small());
        QVERIFY(r.ok);
        Db db(path);
        // Holes of the per-device GPU busy union (kernels + memcpys), largest first.
        const char* gaps = "WITH ops AS (SELECT deviceId, start, end FROM CUPTI_ACTIVITY_KIND_KERNEL UNION ALL "
                           "SELECT deviceId, start, end FROM CUPTI_ACTIVITY_KIND_MEMCPY), "
                           "w AS (SELECT start, MAX(end) OVER (PARTITION BY deviceId ORDER BY start, end "
                           "ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prevEnd FROM ops) "
                           "SELECT COUNT(*) FROM w WHERE start - prevEnd >= %1";
        QCOMPARE(db.scalar(QByteArray(gaps).replace("%1", "1000000000").constData()), 1); // the warm-up pause
        QCOMPARE(db.scalar(QByteArray(gaps).replace("%1", "500000000").constData()), 2); // + the pause at step 100
        // The warm-up pause is more than a quarter of the capture (steady-window rule).
        QByteArray largest = QByteArray(gaps).replace("SELECT COUNT(*)", "SELECT MAX(start - prevEnd)");
        const qint64 warmupGap = db.scalar(largest.replace(" WHERE start - prevEnd >= %1", "").constData());
        const qint64 span = db.scalar("SELECT MAX(end) - MIN(start) FROM CUPTI_ACTIVITY_KIND_KERNEL");
        QVERIFY2(warmupGap * 4 > span, qPrintable(QStringLiteral("%1 of %2").arg(warmupGap).arg(span)));

        // Pinned HtoD input ids and pageable DtoH sampled tokens, both via cudaMemcpyAsync.
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_MEMCPY WHERE copyKind = 2 AND srcKind = 2 "
                           "AND dstKind = 0"),
            qint64(3 + 120));
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_MEMCPY WHERE copyKind = 1 AND srcKind = 1 "
                           "AND dstKind = 2"),
            qint64(3 + 120));
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_MEMCPY m JOIN CUPTI_ACTIVITY_KIND_RUNTIME r "
                           "ON r.correlationId = m.correlationId AND (r.globalTid & ~0xFFFFFF) = m.globalPid "
                           "JOIN StringIds s ON s.id = r.nameId WHERE s.value = 'cudaMemcpyAsync_v3020'"),
            r.memcpys);
    }

    void blockedLayout()
    {
        // --layout blocked: the same rows, each per-process table in one block per process (by
        // process id), time-ordered within a block; no free pages left by the rewrite.
        const QString timePath = m_dir.filePath(QStringLiteral("layout-time.sqlite"));
        const QString blockedPath = m_dir.filePath(QStringLiteral("layout-blocked.sqlite"));
        SynthOptions o = small(SynthGraphMode::None, 2);
        QVERIFY(writeSynthTrace(timePath, o).ok);
        o.blockedLayout = true;
        QVERIFY(writeSynthTrace(blockedPath, o).ok);
        Db time(timePath), blocked(blockedPath);
        QCOMPARE(blocked.scalar("PRAGMA freelist_count"), 0);
        for (const auto& [table, id] : { std::pair { "CUPTI_ACTIVITY_KIND_KERNEL", "globalPid" },
                 std::pair { "CUPTI_ACTIVITY_KIND_RUNTIME", "globalTid" }, std::pair { "NVTX_EVENTS", "globalTid" },
                 std::pair { "CUPTI_ACTIVITY_KIND_MEMCPY", "globalPid" } }) {
            const QByteArray sums = QStringLiteral("SELECT COUNT(*) * 1000003 + total(start) + total(\"end\") * 3 + "
                                                   "total(%1) FROM %2")
                                        .arg(QLatin1String(id), QLatin1String(table))
                                        .toUtf8();
            QCOMPARE(blocked.scalar(sums.constData()), time.scalar(sums.constData()));
            const QByteArray pid = QStringLiteral("((%1 >> 24) & 16777215)").arg(QLatin1String(id)).toUtf8();
            const QByteArray backwards = "SELECT COUNT(*) FROM (SELECT " + pid + " < LAG(" + pid
                + ") OVER (ORDER BY rowid) AS bad FROM " + table + ") WHERE bad";
            QCOMPARE(blocked.scalar(backwards.constData()), 0);
            const QByteArray unordered = "SELECT COUNT(*) FROM (SELECT start < LAG(start) OVER (PARTITION BY " + pid
                + " ORDER BY rowid) AS bad FROM " + table + ") WHERE bad";
            QCOMPARE(blocked.scalar(unordered.constData()), 0);
        }
        // Two worker processes: the kernels are no longer in start order across the table.
        QVERIFY(blocked.scalar(QByteArray(kOutOfOrder).replace("%1", "CUPTI_ACTIVITY_KIND_KERNEL").constData()) > 0);
        QCOMPARE(time.scalar(QByteArray(kOutOfOrder).replace("%1", "CUPTI_ACTIVITY_KIND_KERNEL").constData()), 0);
    }

    void targetKernels()
    {
        const QString path = m_dir.filePath(QStringLiteral("target.sqlite"));
        for (const SynthGraphMode mode : { SynthGraphMode::None, SynthGraphMode::Graph }) {
            SynthOptions o;
            o.targetKernels = 100'000;
            o.ranks = 2;
            o.graphs = mode;
            const SynthResult r = writeSynthTrace(path, o);
            QVERIFY2(r.ok, qPrintable(r.error));
            QVERIFY2(r.kernels >= 95'000 && r.kernels <= 105'000, qPrintable(QString::number(r.kernels)));
            Db db(path);
            QCOMPARE(db.scalar("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL"), r.kernels);
        }
    }

    void cancelRemovesPartialFile()
    {
        const QString path = m_dir.filePath(QStringLiteral("cancel.sqlite"));
        {
            QFile old(path);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("previous");
        }
        int calls = 0;
        SynthOptions o = small();
        o.steps = 2'000;
        const SynthResult r = writeSynthTrace(path, o, [&](int permille) {
            [&] { QVERIFY(permille >= 0 && permille < 1000); }();
            return ++calls < 5;
        });
        QVERIFY(!r.ok);
        QCOMPARE(calls, 5);
        QVERIFY(r.error.contains(QStringLiteral("cancel.sqlite")));
        QVERIFY(!QFile::exists(path + QStringLiteral(".part")));
        QFile old(path);
        QVERIFY(old.open(QIODevice::ReadOnly));
        QCOMPARE(old.readAll(), QByteArray("previous")); // the destination is only replaced on success
    }

    void progressIsMonotonic()
    {
        const QString path = m_dir.filePath(QStringLiteral("progress.sqlite"));
        int last = -1;
        bool monotonic = true;
        const SynthResult r = writeSynthTrace(path, small(), [&](int permille) {
            monotonic = monotonic && permille > last && permille <= 1000;
            last = permille;
            return true;
        });
        QVERIFY(r.ok);
        QVERIFY(monotonic);
        QCOMPARE(last, 1000);
    }

    void invalidOptions()
    {
        const QString path = m_dir.filePath(QStringLiteral("invalid.sqlite"));
        SynthOptions o;
        o.ranks = 9;
        SynthResult r = writeSynthTrace(path, o);
        QVERIFY(!r.ok);
        QVERIFY(r.error.contains(path));
        QVERIFY(!QFile::exists(path));
        r = writeSynthTrace(m_dir.filePath(QStringLiteral("no/such/dir/x.sqlite")), SynthOptions());
        QVERIFY(!r.ok);
        QVERIFY(r.error.contains(QStringLiteral("x.sqlite")));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestSynthTraceWriter)
#include "tst_synthtracewriter.moc"
