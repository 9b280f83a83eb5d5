// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/loadoutcome.h"
#include "core/trace/dataquality.h"

namespace sl {

class Schema;
class SqliteConnection;

/// Bulk readers for the GPU activity tables (kernels, memcpy, memset, graph launches) into
/// their columnar tables. Rows are read in rowid order with no ORDER BY (the export has no
/// index; TraceFinalizer sorts in memory if needed). Return false with `error` set on a
/// SQLite error (corrupt page); return false with an empty error when cancelled. Rows with
/// NULL, non-integer or out-of-range ids are left out and logged in quality(); kernel name ids
/// stay raw until TraceValidator resolves them (this runs beside the host reader, which interns).
class GpuOpReader
{
public:
    GpuOpReader(const SqliteConnection& db, const Schema& schema, LoadContext& ctx)
        : m_db(db)
        , m_schema(schema)
        , m_ctx(ctx)
    {
    }
    bool readKernels(Trace& trace, QString* error);
    bool readMemcpy(Trace& trace, QString* error);
    bool readMemset(Trace& trace, QString* error);
    bool readGraphLaunches(Trace& trace, QString* error);
    /// Rows left out because they broke a load rule (the loader merges this log).
    DataQuality& quality() { return m_quality; }

private:
    QString opColumns(const QString& table) const;
    const SqliteConnection& m_db;
    const Schema& m_schema;
    LoadContext& m_ctx;
    DataQuality m_quality;
};

} // namespace sl
