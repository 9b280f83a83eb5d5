// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/gpuopcolumns.h"

namespace sl {

/// CUPTI_ACTIVITY_KIND_KERNEL, columnar (~55 bytes a row). Launch geometry is interned into
/// LaunchConfigTable: a serving trace has millions of kernels but a few thousand distinct
/// (grid, block, registers, shared memory) tuples.
struct KernelTable : GpuOpColumns
{
    enum Flag : quint8 { FromGraph = 1 }; ///< graphNodeId set (node-mode CUDA graph)

    std::vector<quint32> name; ///< StringTable index of demangledName
    std::vector<quint32> shortName; ///< StringTable index of shortName (== name when absent)
    std::vector<quint32> config; ///< LaunchConfigTable index
    std::vector<quint8> flags;

    void reserve(qsizetype n)
    {
        reserveOps(n);
        name.reserve(size_t(n)), shortName.reserve(size_t(n)), config.reserve(size_t(n)), flags.reserve(size_t(n));
    }
    void shrink()
    {
        shrinkOps();
        shrinkColumn(name), shrinkColumn(shortName), shrinkColumn(config), shrinkColumn(flags);
    }
    qint64 memoryBytes() const { return qint64(size()) * (opBytesPerRow() + 13); }
};

} // namespace sl
