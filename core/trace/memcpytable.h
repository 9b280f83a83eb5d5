// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/gpuopcolumns.h"

namespace sl {

/// CUPTI_ACTIVITY_KIND_MEMCPY, columnar.
struct MemcpyTable : GpuOpColumns
{
    std::vector<qint64> bytes;
    std::vector<quint8> copyKind; ///< ENUM_CUDA_MEMCPY_OPER id (1 HtoD, 2 DtoH, 8 DtoD, 10 PtoP, ...)
    std::vector<qint8> srcKind; ///< ENUM_CUDA_MEM_KIND id (0 pageable, 1 pinned, 2 device, ...); -1 unknown
    std::vector<qint8> dstKind;

    void reserve(qsizetype n)
    {
        reserveOps(n);
        bytes.reserve(size_t(n)), copyKind.reserve(size_t(n)), srcKind.reserve(size_t(n)), dstKind.reserve(size_t(n));
    }
    void shrink()
    {
        shrinkOps();
        shrinkColumn(bytes), shrinkColumn(copyKind), shrinkColumn(srcKind), shrinkColumn(dstKind);
    }
};

/// CUPTI_ACTIVITY_KIND_MEMSET, columnar.
struct MemsetTable : GpuOpColumns
{
    std::vector<qint64> bytes;
    void reserve(qsizetype n) { reserveOps(n), bytes.reserve(size_t(n)); }
    void shrink() { shrinkOps(), shrinkColumn(bytes); }
};

/// CUPTI_ACTIVITY_KIND_GRAPH_TRACE: one row per whole CUDA-graph launch (graph trace mode).
struct GraphLaunchTable : GpuOpColumns
{
    std::vector<quint32> graphId;
    void reserve(qsizetype n) { reserveOps(n), graphId.reserve(size_t(n)); }
    void shrink() { shrinkOps(), shrinkColumn(graphId); }
};

} // namespace sl
