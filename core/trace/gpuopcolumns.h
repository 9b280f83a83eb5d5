// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/shrinkcolumn.h"

#include <QtGlobal>

#include <vector>

namespace sl {

/// Columns shared by every GPU activity table (kernels, memcpy, memset, graph launches).
/// Columnar on purpose: one vector per column, one entry per row, row i of every vector is the
/// same record. Times are ns on the export's session timeline.
struct GpuOpColumns
{
    std::vector<qint64> rowid; ///< rowid in the export, for evidence and detail lookups
    std::vector<qint64> start; ///< ns
    std::vector<qint64> end; ///< ns
    std::vector<quint16> device; ///< CUDA deviceId
    std::vector<quint32> stream; ///< streamId
    std::vector<quint32> correlationId;
    std::vector<quint32> pid; ///< (globalPid >> 24) & 0xFFFFFF; 0 when unknown
    std::vector<qint32> api; ///< index of the launching call in ApiTable, -1 when unmatched

    qsizetype size() const { return qsizetype(start.size()); }
    qint64 duration(qsizetype i) const { return end[size_t(i)] - start[size_t(i)]; }

    void reserveOps(qsizetype n)
    {
        const auto s = size_t(n);
        rowid.reserve(s), start.reserve(s), end.reserve(s), device.reserve(s), stream.reserve(s);
        correlationId.reserve(s), pid.reserve(s), api.reserve(s);
    }
    void shrinkOps()
    {
        shrinkColumn(rowid), shrinkColumn(start), shrinkColumn(end), shrinkColumn(device);
        shrinkColumn(stream), shrinkColumn(correlationId), shrinkColumn(pid), shrinkColumn(api);
    }
    qint64 opBytesPerRow() const { return 8 * 3 + 2 + 4 * 4; }
};

} // namespace sl
