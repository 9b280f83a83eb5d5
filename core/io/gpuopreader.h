// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/kernelchunks.h"
#include "core/io/loadoutcome.h"
#include "core/trace/dataquality.h"

#include <memory>

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
    /// The kernel table's rowid chunks (none without the table); sets the trace's kernel name
    /// column.
    std::unique_ptr<KernelChunks> kernelChunks(Trace& trace) const;
    /// Reads the kernel chunks from the front into trace.kernels until they run out. Its rows'
    /// faults go to quality(), which the caller takes before the other tables' come.
    bool readKernels(Trace& trace, KernelChunks& chunks, QString* error);
    /// Reads the kernel chunks from the back into fragments of `chunks` until the two ends meet
    /// (the host reader's thread, once its own tables are read); each fragment carries its log.
    bool readKernelsFromBack(const Trace& trace, KernelChunks& chunks, QString* error);
    bool readMemcpy(Trace& trace, QString* error);
    bool readMemset(Trace& trace, QString* error);
    bool readGraphLaunches(Trace& trace, QString* error);
    /// Rows left out because they broke a load rule (the loader merges this log).
    DataQuality& quality() { return m_quality; }

private:
    QString opColumns(const QString& table) const;
    /// Appends the rows of `table` to `ops`: the shared op columns, then `column` (0 where the
    /// export lacks it), which `extra(value)` appends. True without the table.
    template <typename Ops, typename Extra>
    bool readOpsPlusOne(const QString& table, const QString& column, Ops& ops, QString* error, Extra extra);
    /// The kernel table's columns as the loader selects them (SELECT positions 0..18).
    QString kernelColumns(const Trace& trace) const;
    /// Appends the kernels with rowids `first`..`last` to `k`, their configurations interned in
    /// `configs`.
    bool readKernelRows(
        const QString& columns, qint64 first, qint64 last, KernelTable& k, LaunchConfigTable& configs, QString* error);
    const SqliteConnection& m_db;
    const Schema& m_schema;
    LoadContext& m_ctx;
    DataQuality m_quality;
};

} // namespace sl
