// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

#include <algorithm>
#include <unordered_map>
#include <utility>
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

    using Union = std::vector<std::pair<qint64, qint64>>; ///< disjoint [start, end) ns, in start order
    /// Per process, the union of its rows `keep(row index)` accepts: tens to hundreds per export.
    template <typename Keep> std::unordered_map<quint32, Union> unionByProcess(Keep keep) const
    {
        std::unordered_map<quint32, Union> byPid;
        for (size_t i = 0; i < start.size(); ++i) { // rows in start order: each extends the last stretch or opens one
            if (!keep(i))
                continue;
            Union& u = byPid[pid[i]];
            if (!u.empty() && start[i] <= u.back().second)
                u.back().second = std::max(u.back().second, end[i]);
            else
                u.emplace_back(start[i], end[i]);
        }
        return byPid;
    }
};

} // namespace sl
