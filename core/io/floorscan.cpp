// SPDX-License-Identifier: MIT
#include "core/io/floorscan.h"

#include "core/io/sqliteconnection.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QStringList>

namespace sl {

namespace {
/// Exactly the columns TraceLoader reads, table by table.
const char* const kQueries[] = {
    "SELECT id, value FROM StringIds",
    "SELECT rowid, start, \"end\", deviceId, streamId, correlationId, globalPid, demangledName, shortName, "
    "registersPerThread, gridX, gridY, gridZ, blockX, blockY, blockZ, staticSharedMemory, dynamicSharedMemory, "
    "graphNodeId FROM CUPTI_ACTIVITY_KIND_KERNEL",
    "SELECT rowid, start, \"end\", globalTid, correlationId, nameId, eventClass FROM CUPTI_ACTIVITY_KIND_RUNTIME",
    "SELECT rowid, start, \"end\", eventType, globalTid, endGlobalTid, text, textId, domainId FROM NVTX_EVENTS "
    "WHERE eventType IN (59, 60, 75)",
    "SELECT rowid, start, \"end\", deviceId, streamId, correlationId, globalPid, bytes, copyKind, srcKind, dstKind "
    "FROM CUPTI_ACTIVITY_KIND_MEMCPY",
    "SELECT rowid, start, \"end\", deviceId, streamId, correlationId, globalPid, bytes FROM "
    "CUPTI_ACTIVITY_KIND_MEMSET",
    "SELECT rowid, start, \"end\", deviceId, streamId, correlationId, globalPid, graphId FROM "
    "CUPTI_ACTIVITY_KIND_GRAPH_TRACE",
    "SELECT timestamp, typeId, metricId, value FROM GPU_METRICS",
    "SELECT rowid, start, deviceId, globalPid, bytes, memoryOperationType, memKind FROM CUDA_GPU_MEMORY_USAGE_EVENTS",
};

/// Per table the loader reads, the columns it reads (rowid aside), for the aggregate floor.
struct TableColumns
{
    const char* table;
    const char* columns[19];
    const char* where = "";
};
const TableColumns kColumns[] = {
    { "StringIds", { "id", "value" } },
    { "CUPTI_ACTIVITY_KIND_KERNEL",
        { "start", "end", "deviceId", "streamId", "correlationId", "globalPid", "demangledName", "shortName",
            "registersPerThread", "gridX", "gridY", "gridZ", "blockX", "blockY", "blockZ", "staticSharedMemory",
            "dynamicSharedMemory", "graphNodeId" } },
    { "CUPTI_ACTIVITY_KIND_RUNTIME", { "start", "end", "globalTid", "correlationId", "nameId", "eventClass" } },
    { "NVTX_EVENTS", { "start", "end", "eventType", "globalTid", "endGlobalTid", "text", "textId", "domainId" },
        " WHERE eventType IN (59, 60, 75)" },
    { "CUPTI_ACTIVITY_KIND_MEMCPY",
        { "start", "end", "deviceId", "streamId", "correlationId", "globalPid", "bytes", "copyKind", "srcKind",
            "dstKind" } },
    { "CUPTI_ACTIVITY_KIND_MEMSET", { "start", "end", "deviceId", "streamId", "correlationId", "globalPid", "bytes" } },
    { "CUPTI_ACTIVITY_KIND_GRAPH_TRACE",
        { "start", "end", "deviceId", "streamId", "correlationId", "globalPid", "graphId" } },
    { "GPU_METRICS", { "timestamp", "typeId", "metricId", "value" } },
    { "OSRT_API", { "start", "end" } },
    { "CUDA_GPU_MEMORY_USAGE_EVENTS", { "start", "deviceId", "globalPid", "bytes", "memoryOperationType", "memKind" } },
};
} // namespace

FloorScan::Result FloorScan::run(const QString& path)
{
    Result r;
    // Opened like every export (immutable, read-only, through QSQLITE); the floor then steps
    // with the bare C API on the driver's handle, or through SqliteStatement when the driver's
    // SQLite is not the linked one (then the floor is what QSqlQuery scans cost).
    SqliteConnection conn(path);
    if (!conn.isOpen())
        return r;
    sqlite3* db = conn.handle();
    QElapsedTimer t;
    t.start();
    qint64 n = 0;
    quint64 sink = 0; // every value is read, so SQLite decodes every column
    for (const char* q : kQueries) {
        if (!db) {
            SqliteStatement st(conn, QString::fromLatin1(q));
            const int cols = st.columnCount();
            while (st.next()) {
                ++n;
                for (int c = 0; c < cols; ++c)
                    sink += quint64(st.int64(c));
            }
            continue;
        }
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db, q, -1, &st, nullptr) != SQLITE_OK) {
            sqlite3_finalize(st);
            continue; // table or column absent in this export
        }
        const int cols = sqlite3_column_count(st);
        while (sqlite3_step(st) == SQLITE_ROW) {
            ++n;
            for (int c = 0; c < cols; ++c)
                sink += sqlite3_column_type(st, c) == SQLITE_TEXT ? quint64(sqlite3_column_bytes(st, c))
                                                                  : quint64(sqlite3_column_int64(st, c));
        }
        sqlite3_finalize(st);
    }
    r.ns = t.nsecsElapsed();
    r.rows = n + qint64(sink & 0); // `sink` stays observable without changing the count
    return r;
}

QStringList FloorScan::aggregateQueries(const SqliteConnection& db)
{
    QStringList out;
    const QStringList tables = db.tableNames();
    for (const TableColumns& t : kColumns) {
        const QString table = QLatin1String(t.table);
        if (!tables.contains(table))
            continue;
        const QStringList present = db.columnNames(table);
        QStringList totals;
        for (const char* c : t.columns)
            if (c && present.contains(QLatin1String(c)))
                totals << QStringLiteral("total(\"%1\")").arg(QLatin1String(c));
        if (!totals.isEmpty())
            out << QStringLiteral("SELECT %1 FROM %2%3")
                       .arg(totals.join(QStringLiteral(", ")), table,
                           QLatin1String(present.contains(QStringLiteral("eventType")) ? t.where : ""));
    }
    return out;
}

FloorScan::Result FloorScan::shellScan(const QString& path, const QString& shell)
{
    Result r;
    QByteArray script;
    {
        SqliteConnection db(path);
        if (!db.isOpen())
            return r;
        for (const QString& q : aggregateQueries(db))
            script += q.toUtf8() + ";\n";
    }
    QProcess p;
    p.setStandardOutputFile(QProcess::nullDevice());
    p.setStandardErrorFile(QProcess::nullDevice());
    QElapsedTimer t;
    t.start();
    p.start(shell, { QStringLiteral("-readonly"), QStringLiteral("-batch"), path });
    if (!p.waitForStarted(10'000))
        return r;
    p.write(script);
    p.closeWriteChannel();
    if (!p.waitForFinished(-1) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return r;
    r.ns = t.nsecsElapsed();
    return r;
}

} // namespace sl
