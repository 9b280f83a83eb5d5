// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/loadoutcome.h"
#include "core/io/stringidresolver.h"
#include "core/trace/dataquality.h"

#include <vector>

namespace sl {

class Schema;
class SqliteConnection;

/// Bulk readers for host-side tables: StringIds, CUDA API calls (runtime and driver) and NVTX
/// ranges. Same contract as GpuOpReader. Every id read is checked here, once: string ids go
/// through StringIdResolver, rows that break a load rule (DataQuality) are left out and logged.
class HostReader
{
public:
    HostReader(const SqliteConnection& db, const Schema& schema, LoadContext& ctx)
        : m_db(db)
        , m_schema(schema)
        , m_ctx(ctx)
    {
    }
    bool readStrings(Trace& trace, QString* error);
    /// `eventClass` receives each call's eventClass (TraceFinalizer drops class-67 backtrace copies).
    bool readApi(Trace& trace, std::vector<quint8>& eventClass, QString* error);
    bool readNvtx(Trace& trace, QString* error);

    /// The StringIds ids as read by readStrings, for the other readers' name columns.
    StringIdResolver& stringIds() { return m_ids; }
    /// Rows these readers left out or named by a placeholder (the loader merges the logs).
    DataQuality& quality() { return m_quality; }

private:
    const SqliteConnection& m_db;
    const Schema& m_schema;
    LoadContext& m_ctx;
    StringIdResolver m_ids;
    DataQuality m_quality;
};

} // namespace sl
