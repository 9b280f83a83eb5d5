// SPDX-License-Identifier: MIT
#include "core/analysis/passes/gapcauses.h"

#include "core/trace/apiclassifier.h"

#include <algorithm>

namespace sl {

bool SyncIntervals::overlaps(qint64 a, qint64 b, size_t& before) const
{
    if (before > start.size() || (before > 0 && start[before - 1] >= b))
        before = size_t(std::lower_bound(start.begin(), start.end(), b) - start.begin());
    while (before < start.size() && start[before] < b)
        ++before;
    return before > 0 && maxEnd[before - 1] > a;
}

CauseInputs CauseInputs::of(const Trace& t, const Cancellation& cancel)
{
    CauseInputs inputs;
    for (qsizetype i = 0; i < t.api.size(); ++i) {
        if (cancel.poll(i))
            return {};
        if (!ApiClassifier::isBlocking(ApiTable::Kind(t.api.kind[size_t(i)])))
            continue;
        auto& s = inputs.sync[t.api.pid[size_t(i)]];
        s.start.push_back(t.api.start[size_t(i)]);
        s.maxEnd.push_back(std::max(s.maxEnd.empty() ? 0 : s.maxEnd.back(), t.api.endOf(size_t(i))));
    }
    inputs.overhead = t.profilerOverhead.unionByProcess([](size_t) { return true; });
    return inputs;
}

IdleGap::Cause GapCauses::of(const IdleGap& g, quint32 pid)
{
    select(pid);
    if (m_overhead && 2 * overheadIn(g.startNs, g.endNs) >= g.durationNs())
        return IdleGap::ProfilerOverhead;
    if (g.nextApi >= 0 && m_t.api.start[size_t(g.nextApi)] > g.startNs)
        return IdleGap::HostWait;
    return m_sync && m_sync->overlaps(g.startNs, g.endNs, m_before) ? IdleGap::SyncWait : IdleGap::Other;
}

qint64 GapCauses::overheadIn(qint64 a, qint64 b) const
{
    const auto& u = *m_overhead;
    auto i = std::upper_bound(u.begin(), u.end(), a, [](qint64 v, const auto& x) { return v < x.second; });
    qint64 covered = 0;
    for (; i != u.end() && i->first < b; ++i)
        covered += std::min(b, i->second) - std::max(a, i->first);
    return covered;
}

void GapCauses::select(quint32 pid)
{
    if (pid == m_pid)
        return;
    const auto sync = m_syncByPid.find(pid);
    const auto overhead = m_overheadByPid.find(pid);
    m_pid = pid;
    m_sync = sync == m_syncByPid.end() ? nullptr : &sync->second;
    m_overhead = overhead == m_overheadByPid.end() ? nullptr : &overhead->second;
    m_before = kUnknown;
}

} // namespace sl
