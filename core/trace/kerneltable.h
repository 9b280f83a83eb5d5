// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/gpuopcolumns.h"

namespace sl {

/// CUPTI_ACTIVITY_KIND_KERNEL, columnar (~39 bytes a row). Launch geometry is interned into
/// LaunchConfigTable: a serving trace has millions of kernels but a few thousand distinct
/// (grid, block, registers, shared memory) tuples.
struct KernelTable : GpuOpColumns
{
    enum Flag : quint8 { FromGraph = 1 }; ///< graphNodeId set (node-mode CUDA graph)

    std::vector<quint32> name; ///< StringTable index of demangledName
    /// StringTable index of shortName (== name when absent), one a kernel while loading; empty
    /// once compactShortNames() found one short name per name (every export we have seen:
    /// nsys derives it from the name), then shortNameByName holds it. Read it by shortNameOf().
    std::vector<quint32> shortName;
    /// The short name of each name (indexed by the name's StringTable index) when shortName is
    /// empty: 4 B a distinct string instead of 4 B a kernel (issue 20).
    std::vector<quint32> shortNameByName;
    std::vector<quint32> config; ///< LaunchConfigTable index
    std::vector<quint8> flags;

    quint32 shortNameOf(size_t i) const { return shortName.empty() ? shortNameByName[name[i]] : shortName[i]; }
    /// The short name of name `n` (a StringTable index) where the table keeps one per name, else
    /// `n` itself (the shortName column kept: a name may have several).
    quint32 shortNameOfName(quint32 n) const { return n < shortNameByName.size() ? shortNameByName[n] : n; }
    /// Replaces the shortName column by shortNameByName when every name has one short name
    /// (`strings`: the StringTable's size, which bounds every name); else leaves it as it is.
    void compactShortNames(quint32 strings)
    {
        if (shortName.empty())
            return;
        constexpr quint32 kUnset = ~0u;
        std::vector<quint32> byName(strings, kUnset);
        for (size_t i = 0; i < name.size(); ++i) {
            if (name[i] >= strings)
                return; // not a string index (never after the validator): the column stays
            quint32& s = byName[name[i]];
            if (s != kUnset && s != shortName[i])
                return; // a name with two short names: the column stays
            s = shortName[i];
        }
        for (quint32& s : byName) // names no kernel has: any valid index, never read
            s = s == kUnset ? 0 : s;
        shortNameByName = std::move(byName);
        std::vector<quint32>().swap(shortName); // not `= {}`: that keeps the capacity
    }

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
    qint64 memoryBytes() const
    {
        return opBytes() + qint64(size()) * 9 + 4 * qint64(shortName.size() + shortNameByName.size());
    }
};

} // namespace sl
