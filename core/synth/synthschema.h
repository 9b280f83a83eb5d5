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
        SystemEnv,
        AnalysisFile,
        ProcessStreams,
        DiagnosticEvent,
        CudaDevice,
        CudaContextInfo,
        CudaStream,
    };

    static const char* ddl(Table table);
    /// Creates the table; on failure sets `error` (SQLite's message) and returns false.
    static bool create(sqlite3* db, Table table, QString* error);
    /// Runs `sql` (one or more statements); on failure sets `error` and returns false. The one
    /// sqlite3_exec wrapper of the synth writers.
    static bool exec(sqlite3* db, const char* sql, QString* error);
};

} // namespace sl
