// SPDX-License-Identifier: MIT
#include "core/io/schema.h"

#include "core/io/sqliteconnection.h"

namespace sl {

Schema Schema::probe(const SqliteConnection& db)
{
    Schema s;
    s.m_tables = db.tableNames();
    for (const auto& t : std::as_const(s.m_tables)) {
        const QStringList cols = db.columnNames(t);
        s.m_columns.insert(t, QSet<QString>(cols.begin(), cols.end()));
    }
    return s;
}

QString Schema::firstTable(const QStringList& candidates) const
{
    for (const auto& c : candidates)
        if (hasTable(c))
            return c;
    return {};
}

namespace {
// What the readers (HostReader, GpuOpReader) select: required ones without a fallback, optional
// ones through columnOr(). Kept beside Schema so that a message can name the table and column.
struct TableColumns
{
    const char* table;
    std::initializer_list<const char*> required;
    std::initializer_list<const char*> optional;
};
const TableColumns kReadColumns[] = {
    { "StringIds", { "id", "value" }, {} },
    { "CUPTI_ACTIVITY_KIND_KERNEL",
        { "start", "end", "deviceId", "streamId", "gridX", "gridY", "gridZ", "blockX", "blockY", "blockZ" },
        { "correlationId", "globalPid", "registersPerThread", "staticSharedMemory", "dynamicSharedMemory",
            "graphNodeId" } },
    { "CUPTI_ACTIVITY_KIND_RUNTIME", { "start", "end", "nameId" }, { "globalTid", "correlationId", "eventClass" } },
    { "NVTX_EVENTS", { "start", "end", "eventType" }, { "globalTid", "endGlobalTid", "text", "textId", "domainId" } },
    { "CUPTI_ACTIVITY_KIND_MEMCPY", { "start", "end", "deviceId", "streamId", "bytes", "copyKind" },
        { "correlationId", "globalPid", "srcKind", "dstKind" } },
    { "CUPTI_ACTIVITY_KIND_MEMSET", { "start", "end", "deviceId", "streamId" },
        { "correlationId", "globalPid", "bytes" } },
    { "CUPTI_ACTIVITY_KIND_GRAPH_TRACE", { "start", "end", "deviceId", "streamId" },
        { "correlationId", "globalPid", "graphId" } },
};
} // namespace

QList<Schema::Column> Schema::missingRequired() const
{
    QList<Column> out;
    for (const auto& t : kReadColumns) {
        const QString table = QLatin1String(t.table);
        if (!hasTable(table))
            continue;
        for (const char* c : t.required)
            if (!hasColumn(table, QLatin1String(c)))
                out.append({ table, QLatin1String(c) });
        // Kernels are named by demangledName, else shortName: one of them must be there.
        if (table == QLatin1String("CUPTI_ACTIVITY_KIND_KERNEL") && !hasColumn(table, QStringLiteral("demangledName"))
            && !hasColumn(table, QStringLiteral("shortName")))
            out.append({ table, QStringLiteral("demangledName") });
    }
    return out;
}

QList<Schema::Column> Schema::missingOptional() const
{
    QList<Column> out;
    for (const auto& t : kReadColumns) {
        const QString table = QLatin1String(t.table);
        if (!hasTable(table))
            continue;
        for (const char* c : t.optional)
            if (!hasColumn(table, QLatin1String(c)))
                out.append({ table, QLatin1String(c) });
    }
    return out;
}

bool Schema::looksLikeNsys() const
{
    if (!hasTable(QStringLiteral("StringIds")))
        return false;
    static const char* const markers[] = { "CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_RUNTIME", "NVTX_EVENTS",
        "TARGET_INFO_GPU", "ProcessStreams", "ThreadNames", "META_DATA_EXPORT", "EXPORT_META_DATA", "OSRT_API",
        "TARGET_INFO_SESSION_START_TIME" };
    for (const char* m : markers)
        if (hasTable(QLatin1String(m)))
            return true;
    return false;
}

} // namespace sl
