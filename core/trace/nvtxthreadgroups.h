// SPDX-License-Identifier: MIT
#pragma once

#include "core/util/cancellation.h"

#include <QtGlobal>

#include <unordered_map>
#include <vector>

namespace sl {

struct NvtxTable;

/// The NVTX ranges opened and closed on one thread, grouped by that thread, each group in
/// nesting order (start ascending; of two ranges starting together the longer, outer one
/// first, so a per-thread stack sweep sees the inner one end on top). Ranges a start/end pair
/// carried across threads are left out: the attribution rule (spec §2.3) nests kernels only
/// in ranges of the launching thread. The NVTX attribution and the serving-step sweep both
/// walk these groups.
struct NvtxThreadGroups
{
    std::unordered_map<quint64, quint32> index; ///< key(pid, tid) → position in `ranges`
    std::vector<std::vector<quint32>> ranges; ///< NvtxTable indices per thread

    static quint64 key(quint32 pid, quint32 tid) { return (quint64(pid) << 32) | tid; }
    /// Group position of a thread, −1 when it opened no same-thread range.
    qint64 find(quint32 pid, quint32 tid) const
    {
        const auto it = index.find(key(pid, tid));
        return it == index.end() ? -1 : qint64(it->second);
    }
    /// Builds the groups; false (groups incomplete) when `cancel` fired.
    bool build(const NvtxTable& n, const Cancellation& cancel = {});
};

} // namespace sl
