// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/loadoutcome.h"

#include <vector>

namespace sl {

class Schema;
class SqliteConnection;

/// Bulk readers for host-side tables: StringIds, CUDA API calls (runtime and driver) and NVTX
/// ranges. Same contract as GpuOpReader.
class HostReader
{
public:
    HostReader(const SqliteConnection& db, const Schema& schema, LoadContext& ctx)
        : m_db(db), m_schema(schema), m_ctx(ctx)
    {
    }
    bool readStrings(Trace& trace, QString* error);
    /// `eventClass` receives each call's eventClass (TraceFinalizer drops class-67 backtrace copies).
    bool readApi(Trace& trace, std::vector<quint8>& eventClass, QString* error);
    bool readNvtx(Trace& trace, QString* error);

private:
    const SqliteConnection& m_db;
    const Schema& m_schema;
    LoadContext& m_ctx;
};

} // namespace sl
