// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/shrinkcolumn.h"

#include <QtGlobal>

#include <vector>

namespace sl {

/// CUPTI_ACTIVITY_KIND_RUNTIME: CUDA runtime *and* driver API calls on the CPU, columnar.
/// `kind` is the classification of the call's name (see ApiClassifier), computed once per
/// distinct name at load so analyses never compare strings per row.
struct ApiTable
{
    enum Kind : quint8 {
        Other = 0,
        KernelLaunch = 1, ///< cudaLaunchKernel*, cuLaunchKernel*, cudaLaunchCooperative*, ...
        GraphLaunch = 2, ///< cudaGraphLaunch, cuGraphLaunch
        MemcpyAsync = 3, ///< cudaMemcpy*Async, cuMemcpy*Async
        MemcpySync = 4, ///< cudaMemcpy* without Async
        MemsetAsync = 5,
        MemsetSync = 6,
        BlockingSync = 7, ///< cudaDeviceSynchronize, cudaStreamSynchronize, ... (spec §3)
        NonBlockingSync = 8, ///< cudaStreamWaitEvent, cudaEventQuery, ...
        DriverSyncMemOp = 9, ///< cuMemcpy*/cuMemset* without Async: synchronous, not in the spec's blocking list
    };

    std::vector<qint64> rowid;
    std::vector<qint64> start; ///< ns
    std::vector<qint64> end; ///< ns
    std::vector<quint32> correlationId;
    std::vector<quint32> pid; ///< (globalTid >> 24) & 0xFFFFFF
    std::vector<quint32> tid; ///< globalTid & 0xFFFFFF
    std::vector<quint32> name; ///< StringTable index of nameId (with its _vNNNN suffix)
    std::vector<quint8> kind; ///< Kind

    qsizetype size() const { return qsizetype(start.size()); }
    qint64 duration(qsizetype i) const { return end[size_t(i)] - start[size_t(i)]; }
    void reserve(qsizetype n)
    {
        const auto s = size_t(n);
        rowid.reserve(s), start.reserve(s), end.reserve(s), correlationId.reserve(s), pid.reserve(s);
        tid.reserve(s), name.reserve(s), kind.reserve(s);
    }
    void shrink()
    {
        shrinkColumn(rowid), shrinkColumn(start), shrinkColumn(end), shrinkColumn(correlationId);
        shrinkColumn(pid), shrinkColumn(tid), shrinkColumn(name), shrinkColumn(kind);
    }
    qint64 memoryBytes() const { return qint64(size()) * (8 * 3 + 4 * 4 + 1); }
};

} // namespace sl
