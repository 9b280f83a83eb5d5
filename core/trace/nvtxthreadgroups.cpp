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
    parent.assign(size_t(n.size()), -1);
    depth.assign(size_t(n.size()), 0);
    std::vector<quint32> stack;
    for (auto& group : ranges) {
        if (cancel.isCancelled())
            return false;
        const auto before = [&](quint32 a, quint32 b) { return n.nestingBefore(a, b); };
        if (!std::is_sorted(group.begin(), group.end(), before))
            std::sort(group.begin(), group.end(), before);
        stack.clear();
        for (quint32 rg : group) {
            popToEnclosing(stack, n, rg, [](quint32 s) { return s; });
            parent[rg] = stack.empty() ? -1 : qint32(stack.back());
            depth[rg] = qint32(stack.size());
            stack.push_back(rg);
        }
    }
    return !cancel.isCancelled();
}

} // namespace sl
