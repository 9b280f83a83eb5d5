// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/loadoutcome.h"

namespace sl {

class Schema;
class SqliteConnection;

/// Bulk readers for the GPU activity tables (kernels, memcpy, memset, graph launches) into
/// their columnar tables. Rows are read in rowid order with no ORDER BY (the export has no
/// index; TraceFinalizer sorts in memory if needed). Return false with `error` set on a
/// SQLite error (corrupt page); return false with an empty error when cancelled.
class GpuOpReader
{
public:
    GpuOpReader(const SqliteConnection& db, const Schema& schema, LoadContext& ctx)
        : m_db(db), m_schema(schema), m_ctx(ctx)
    {
    }
    bool readKernels(Trace& trace, QString* error);
    bool readMemcpy(Trace& trace, QString* error);
    bool readMemset(Trace& trace, QString* error);
    bool readGraphLaunches(Trace& trace, QString* error);

private:
    QString opColumns(const QString& table) const;
    const SqliteConnection& m_db;
    const Schema& m_schema;
    LoadContext& m_ctx;
};

} // namespace sl
