// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/durationcolumn.h"
#include "core/trace/rowidcolumn.h"
#include "core/trace/shrinkcolumn.h"

#include <QtGlobal>

#include <vector>

namespace sl {

/// Columns shared by every GPU activity table (kernels, memcpy, memset, graph launches).
/// Columnar on purpose: one vector per column, one entry per row, row i of every vector is the
/// same record. Times are ns on the export's session timeline.
struct GpuOpColumns
{
    RowidColumn rowid; ///< rowid in the export, for evidence and detail lookups
    std::vector<qint64> start; ///< ns
    DurationColumn dur; ///< end − start, ns; read the end by endOf()
    std::vector<quint16> device; ///< CUDA deviceId
    std::vector<quint32> stream; ///< streamId
    /// The launching call's correlationId as read. Only the loader matches on it: once every op
    /// that has one (not 0) found its call, the finalizer empties it (compactCorrelations), and
    /// correlationOf() reads the call's, which is the same id (4 B an op less, issue 20).
    std::vector<quint32> correlationId;
    std::vector<quint32> pid; ///< (globalPid >> 24) & 0xFFFFFF; 0 when unknown
    std::vector<qint32> api; ///< index of the launching call in ApiTable, -1 when unmatched

    qsizetype size() const { return qsizetype(start.size()); }
    qint64 endOf(size_t i) const { return dur.endOf(i, start.data()); } ///< ns
    qint64 duration(qsizetype i) const { return dur.durationOf(size_t(i), start.data()); }

    void reserveOps(qsizetype n)
    {
        const auto s = size_t(n);
        rowid.reserve(s), start.reserve(s), dur.reserve(s), device.reserve(s), stream.reserve(s);
        correlationId.reserve(s), pid.reserve(s), api.reserve(s);
    }
    void shrinkOps()
    {
        rowid.shrink(), shrinkColumn(start), dur.shrink(), shrinkColumn(device);
        shrinkColumn(stream), shrinkColumn(correlationId), shrinkColumn(pid), shrinkColumn(api);
    }
    /// Bytes of the shared columns: rowid 4 (8 when widened), start 8, duration 4 (and 12 a row
    /// lasting 2^32 ns or more), device 2, stream, pid, api 4 each, correlationId 4 until compacted.
    qint64 opBytes() const
    {
        return rowid.memoryBytes() + dur.memoryBytes()
            + qint64(size()) * (8 + 2 + 4 * 3 + (correlationId.empty() ? 0 : 4));
    }

    /// The correlationId of op `i`: as read, or that of its launching call (`apiCorrelation`: the
    /// trace's ApiTable::correlationId) once compacted, 0 when it has none.
    quint32 correlationOf(size_t i, const std::vector<quint32>& apiCorrelation) const
    {
        if (!correlationId.empty())
            return correlationId[i];
        return api[i] < 0 ? 0 : apiCorrelation[size_t(api[i])];
    }
    /// Empties correlationId when every op with an id (not 0) has its launching call (`api`
    /// resolved on (pid, correlationId), so the call's id is the op's); else keeps it whole.
    void compactCorrelations()
    {
        for (size_t i = 0; i < correlationId.size(); ++i)
            if (correlationId[i] != 0 && api[i] < 0)
                return;
        std::vector<quint32>().swap(correlationId); // not `= {}`: that keeps the capacity
    }
};

} // namespace sl
