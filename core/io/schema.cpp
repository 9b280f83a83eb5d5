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

bool Schema::looksLikeNsys() const
{
    if (!hasTable(QStringLiteral("StringIds")))
        return false;
    static const char* const markers[] = {"CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_RUNTIME", "NVTX_EVENTS",
                                          "TARGET_INFO_GPU", "ProcessStreams", "ThreadNames", "META_DATA_EXPORT",
                                          "EXPORT_META_DATA", "OSRT_API", "TARGET_INFO_SESSION_START_TIME"};
    for (const char* m : markers)
        if (hasTable(QLatin1String(m)))
            return true;
    return false;
}

} // namespace sl
