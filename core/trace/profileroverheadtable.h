// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

#include <vector>

namespace sl {

/// The profiler's own work from PROFILER_OVERHEAD (CUPTI buffer flushes, "CUDA profiling data
/// flush", dlopen of the CUDA driver), columnar, in start order (ties in table order). Each row is
/// one stretch [start, end) ns of process `pid`, on the thread that recorded it: a flush on a
/// CUPTI thread also holds up the process' launching thread, so the GPU idles meanwhile.
struct ProfilerOverheadTable
{
    std::vector<qint64> rowid;
    std::vector<qint64> start; ///< ns
    std::vector<qint64> end; ///< ns, ≥ start
    std::vector<quint32> pid;

    qsizetype size() const { return qsizetype(start.size()); }
    qint64 memoryBytes() const { return qint64(size()) * (8 * 3 + 4); }
};

} // namespace sl
