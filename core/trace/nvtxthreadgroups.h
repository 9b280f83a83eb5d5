// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/nvtxtable.h"
#include "core/util/cancellation.h"

#include <QtGlobal>

#include <unordered_map>
#include <vector>

namespace sl {

/// The NVTX ranges opened and closed on one thread, grouped by that thread, each group in
/// nesting order (NvtxTable::nestingBefore), with each range's enclosing range and depth under
/// NvtxTable::nestsIn. Ranges a start/end pair carried across threads are left out: the
/// attribution rule (spec §2.3) nests kernels only in ranges of the launching thread. Built
/// once per analysis (AnalysisResult::nvtxThreads); the NVTX attribution, the serving steps,
/// the comparison's step alignment and the operator FLOPs all walk it, so one rule decides
/// what is nested everywhere.
struct NvtxThreadGroups
{
    std::unordered_map<quint64, quint32> index; ///< key(pid, tid) → position in `ranges`
    std::vector<std::vector<quint32>> ranges; ///< NvtxTable indices per thread
    /// Per NvtxTable row: the innermost same-thread range it nests in, −1 for none (and for
    /// ranges that ended on another thread).
    std::vector<qint32> parent;
    /// Per NvtxTable row: the number of ranges it nests in (0 = outermost).
    std::vector<qint32> depth;

    static quint64 key(quint32 pid, quint32 tid) { return (quint64(pid) << 32) | tid; }
    /// Group position of a thread, −1 when it opened no same-thread range.
    qint64 find(quint32 pid, quint32 tid) const
    {
        const auto it = index.find(key(pid, tid));
        return it == index.end() ? -1 : qint64(it->second);
    }
    /// Builds the groups, parents and depths; false (incomplete) when `cancel` fired.
    bool build(const NvtxTable& n, const Cancellation& cancel = {});
    /// Pops from a stack of open ranges (each nested in the one below it) those `rg` does not
    /// nest in; `rangeOf` maps a stack entry to its NvtxTable index. Every per-thread sweep
    /// uses it, so that they agree with `parent`.
    template <typename Stack, typename RangeOf>
    static void popToEnclosing(Stack& stack, const NvtxTable& n, quint32 rg, RangeOf rangeOf);
};

template <typename Stack, typename RangeOf>
void NvtxThreadGroups::popToEnclosing(Stack& stack, const NvtxTable& n, quint32 rg, RangeOf rangeOf)
{
    while (!stack.empty() && !n.nestsIn(rg, quint32(rangeOf(stack.back()))))
        stack.pop_back();
}

} // namespace sl
