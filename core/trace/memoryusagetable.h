// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

#include <vector>

namespace sl {

/// GPU memory allocations and frees from CUDA_GPU_MEMORY_USAGE_EVENTS (`nsys profile
/// --cuda-memory-usage=true`), columnar, in start order (ties in table order). Each row is one
/// allocation or deallocation of `bytes` on `device` by process `pid` at `start` (ns).
struct MemoryUsageTable
{
    enum Operation : quint8 { Allocation = 0, Deallocation = 1 }; ///< ENUM_CUDA_DEV_MEM_EVENT_OPER

    std::vector<qint64> rowid;
    std::vector<qint64> start; ///< ns
    std::vector<quint16> device; ///< CUDA device id
    std::vector<quint32> pid;
    std::vector<qint64> bytes; ///< ≥ 0
    std::vector<quint8> operation; ///< Operation
    std::vector<quint8> memKind; ///< ENUM_CUDA_MEM_KIND (device, pinned, managed, …)

    qsizetype size() const { return qsizetype(start.size()); }
    /// Signed change of the memory in use caused by row i (B).
    qint64 delta(qsizetype i) const
    {
        return operation[size_t(i)] == Deallocation ? -bytes[size_t(i)] : bytes[size_t(i)];
    }
    qint64 memoryBytes() const { return qint64(size()) * (8 * 3 + 2 + 4 + 1 + 1); }
};

} // namespace sl
