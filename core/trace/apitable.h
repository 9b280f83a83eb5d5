// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/durationcolumn.h"
#include "core/trace/rowidcolumn.h"
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

    RowidColumn rowid;
    std::vector<qint64> start; ///< ns
    DurationColumn dur; ///< end − start, ns; read the end by endOf()
    std::vector<quint32> correlationId;
    std::vector<quint32> pid; ///< (globalTid >> 24) & 0xFFFFFF
    std::vector<quint32> tid; ///< globalTid & 0xFFFFFF
    std::vector<quint32> name; ///< StringTable index of nameId (with its _vNNNN suffix)
    std::vector<quint8> kind; ///< Kind

    qsizetype size() const { return qsizetype(start.size()); }
    qint64 endOf(size_t i) const { return dur.endOf(i, start.data()); } ///< ns
    qint64 duration(qsizetype i) const { return dur.durationOf(size_t(i), start.data()); }
    void reserve(qsizetype n)
    {
        const auto s = size_t(n);
        rowid.reserve(s), start.reserve(s), dur.reserve(s), correlationId.reserve(s), pid.reserve(s);
        tid.reserve(s), name.reserve(s), kind.reserve(s);
    }
    void shrink()
    {
        rowid.shrink(), shrinkColumn(start), dur.shrink(), shrinkColumn(correlationId);
        shrinkColumn(pid), shrinkColumn(tid), shrinkColumn(name), shrinkColumn(kind);
    }
    /// rowid 4 (8 when widened), start 8, duration 4 (and 12 a call lasting 2^32 ns or more),
    /// correlationId, pid, tid, name 4 each, kind 1: 33 B a call.
    qint64 memoryBytes() const { return rowid.memoryBytes() + dur.memoryBytes() + qint64(size()) * (8 + 4 * 4 + 1); }
};

} // namespace sl
