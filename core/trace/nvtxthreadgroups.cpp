// SPDX-License-Identifier: MIT
#include "core/trace/nvtxthreadgroups.h"

#include "core/trace/nvtxtable.h"

#include <algorithm>

namespace sl {

bool NvtxThreadGroups::build(const NvtxTable& n, const Cancellation& cancel)
{
    index.clear();
    ranges.clear();
    // The table is start-sorted, so each group comes out nearly sorted already.
    for (qsizetype i = 0; i < n.size(); ++i) {
        if (cancel.poll(i))
            return false;
        if (!n.sameThread(i))
            continue;
        const quint32 th = index.emplace(key(n.pid[size_t(i)], n.tid[size_t(i)]), quint32(index.size())).first->second;
        if (th >= ranges.size())
            ranges.resize(th + 1);
        ranges[th].push_back(quint32(i));
    }
    for (auto& group : ranges)
        std::stable_sort(group.begin(), group.end(), [&](quint32 a, quint32 b) {
            return n.start[a] != n.start[b] ? n.start[a] < n.start[b] : n.end[a] > n.end[b];
        });
    return !cancel.isCancelled();
}

} // namespace sl
