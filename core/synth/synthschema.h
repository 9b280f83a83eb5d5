// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

struct sqlite3;

namespace sl {

/// DDL of the tables a synthetic 2026.2 export holds (ENUM_* tables: SynthEnumTables).
class SynthSchema
{
public:
    enum class Table {
        StringIds,
        MetaDataExport,
        MetaDataCapture,
        SessionStartTime,
        AnalysisDetails,
        Processes,
        ThreadNames,
        TargetInfoGpu,
        Kernel,
        Runtime,
        Memcpy,
        Memset,
        Synchronization,
        Nvtx,
        GraphTrace,
    };

    static const char* ddl(Table table);
    /// Creates the table; on failure sets `error` (SQLite's message) and returns false.
    static bool create(sqlite3* db, Table table, QString* error);
};

} // namespace sl
