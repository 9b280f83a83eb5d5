// SPDX-License-Identifier: MIT
#include "core/analysis/nvtxanalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/phasemap.h"
#include "core/trace/nvtxthreadgroups.h"

#include <algorithm>
#include <unordered_map>

namespace sl {

namespace {
struct Open
{
    quint32 range;
    qint32 phaseLink; ///< stack position of the nearest phase range at or below this entry, -1 none
    qint32 parentPhase; ///< the same, excluding this entry
    qint8 phase; ///< this range's own phase, -1 none (looked up once per range)
};
} // namespace

void NvtxAnalysis::run(const PhaseMap& phaseMap, AnalysisResult& r, const Cancellation& cancel)
{
    const Trace& t = *r.trace;
    const auto& n = t.nvtx;
    const auto& k = t.kernels;
    const int phaseCount = phaseMap.size();

    // Phase of each distinct range name, computed once.
    std::unordered_map<quint32, qint8> phaseOfName;
    auto phaseOf = [&](quint32 name) -> int {
        auto it = phaseOfName.find(name);
        if (it == phaseOfName.end())
            it = phaseOfName.emplace(name, qint8(phaseMap.match(t.strings.at(name)))).first;
        return it->second;
    };

    NvtxThreadGroups threads;
    if (!threads.build(n, cancel))
        return;
    // The query points: in-window kernels with a launching call, grouped by the call's thread.
    // Kernels, not calls, so that the sweep writes each kernel's range and phase directly and
    // needs no per-call arrays (4-9 B per API row at millions of rows).
    std::vector<std::vector<quint32>> kernelsOf(threads.ranges.size());
    {
        quint64 lastKey = ~quint64(0);
        qint64 lastThread = -1;
        for (qsizetype i = 0; i < k.size(); ++i) {
            if (cancel.poll(i))
                return;
            const qint32 a = k.api[size_t(i)];
            if (!r.kernelInWindow[size_t(i)] || a < 0)
                continue;
            const quint64 key = NvtxThreadGroups::key(t.api.pid[size_t(a)], t.api.tid[size_t(a)]);
            if (key != lastKey) {
                lastKey = key;
                lastThread = threads.find(t.api.pid[size_t(a)], t.api.tid[size_t(a)]);
            }
            if (lastThread >= 0)
                kernelsOf[size_t(lastThread)].push_back(quint32(i));
        }
    }

    r.kernelRange.assign(size_t(k.size()), -1);
    r.kernelPhase.assign(size_t(k.size()), -1);
    std::vector<int> depth(size_t(n.size()), 0);
    std::vector<bool> isStep(size_t(n.size()), false);
    // Ranges the per-thread sweep does not see (ended on another thread) keep their own phase.
    r.rangePhase.assign(size_t(n.size()), -1);
    for (qsizetype i = 0; i < n.size(); ++i)
        if (!n.sameThread(i))
            r.rangePhase[size_t(i)] = qint8(phaseOf(n.name[size_t(i)]));
    std::vector<Open> stack;
    auto callStart = [&](quint32 kernel) { return t.api.start[size_t(k.api[kernel])]; };
    for (size_t th = 0; th < threads.ranges.size(); ++th) {
        const auto& ranges = threads.ranges[th];
        // In call order: kernels start in about the order of their calls (the API table is
        // start-sorted, so call index order is call start order); a stable sort fixes the rest.
        auto& kernels = kernelsOf[th];
        const auto byCall = [&](quint32 a, quint32 b) { return k.api[a] < k.api[b]; };
        if (!std::is_sorted(kernels.begin(), kernels.end(), byCall))
            std::stable_sort(kernels.begin(), kernels.end(), byCall);
        stack.clear();
        auto popEnded = [&](qint64 at) {
            while (!stack.empty() && n.end[stack.back().range] < at)
                stack.pop_back();
        };
        auto livePhase = [&](qint32 p, qint64 at) {
            while (p >= 0 && n.end[stack[size_t(p)].range] < at)
                p = stack[size_t(p)].parentPhase;
            return p;
        };
        size_t ri = 0, ki = 0;
        for (qint64 swept = 0; ri < ranges.size() || ki < kernels.size(); ++swept) {
            if (cancel.poll(swept))
                return;
            const bool takeRange
                = ri < ranges.size() && (ki >= kernels.size() || n.start[ranges[ri]] <= callStart(kernels[ki]));
            if (takeRange) {
                const quint32 rg = ranges[ri++];
                popEnded(n.start[rg]);
                const qint32 parent = stack.empty() ? -1 : livePhase(stack.back().phaseLink, n.start[rg]);
                const int ph = phaseOf(n.name[rg]);
                depth[rg] = int(stack.size());
                const int parentPhase = parent < 0 ? -1 : stack[size_t(parent)].phase;
                isStep[rg] = ph >= 0 && parentPhase != ph;
                r.rangePhase[rg] = qint8(ph >= 0 ? ph : parentPhase);
                const auto pos = qint32(stack.size());
                stack.push_back({ rg, ph >= 0 ? pos : parent, parent, qint8(ph) });
            } else {
                const quint32 kernel = kernels[ki++];
                const qint64 at = callStart(kernel);
                popEnded(at);
                if (stack.empty())
                    continue;
                r.kernelRange[kernel] = qint32(stack.back().range);
                const qint32 p = livePhase(stack.back().phaseLink, at);
                r.kernelPhase[kernel] = p >= 0 ? stack[size_t(p)].phase : qint8(-1);
            }
        }
        std::vector<quint32>().swap(kernels); // done with this thread: free its share early
    }

    r.rangeStepPhase.assign(size_t(n.size()), -1);
    for (qsizetype i = 0; i < n.size(); ++i)
        if (isStep[size_t(i)])
            r.rangeStepPhase[size_t(i)] = qint8(phaseOf(n.name[size_t(i)]));

    // Ranges by name (in-window ranges), steps and wall time per phase.
    const int unattributed = phaseCount;
    r.phases.resize(phaseCount + 1);
    for (int p = 0; p < phaseCount; ++p)
        r.phases[p].phase = phaseMap.name(p);
    r.phases[unattributed].phase = PhaseStats::unattributedName();
    auto pidPhases = [&](quint32 pid) -> QVector<PhaseStats>& {
        auto it = r.phasesByPid.find(pid);
        if (it == r.phasesByPid.end()) {
            QVector<PhaseStats> v(phaseCount + 1);
            for (int p = 0; p <= phaseCount; ++p)
                v[p].phase = r.phases[p].phase;
            it = r.phasesByPid.insert(pid, v);
        }
        return it.value();
    };
    std::unordered_map<quint32, qsizetype> rangeRow;
    for (qsizetype i = 0; i < n.size(); ++i) {
        if (cancel.poll(i))
            return;
        if (!r.window.contains(n.start[size_t(i)]))
            continue;
        const quint32 name = n.name[size_t(i)];
        auto [it, inserted] = rangeRow.emplace(name, r.nvtxRanges.size());
        if (inserted)
            r.nvtxRanges.append({ name, 0, 0, 0 });
        auto& s = r.nvtxRanges[it->second];
        ++s.count;
        s.totalNs += n.duration(i);
        s.maxDepth = std::max(s.maxDepth, depth[size_t(i)]);
        if (isStep[size_t(i)]) {
            const int ph = phaseOf(name);
            for (auto* ps : { &r.phases[ph], &pidPhases(n.pid[size_t(i)])[ph] }) {
                ++ps->steps;
                ps->wallNs += n.duration(i);
                ps->stepNs.push_back(n.duration(i));
            }
        }
    }
    std::sort(r.nvtxRanges.begin(), r.nvtxRanges.end(), [](const NvtxRangeStats& a, const NvtxRangeStats& b) {
        return a.totalNs != b.totalNs ? a.totalNs > b.totalNs : a.name < b.name;
    });

    // Kernel attribution: totals per phase, per process and per range name. Kernels of the ranks
    // interleave, so per-process totals are kept in a short local list (a few ranks) instead of
    // a hash lookup per kernel, and added to phasesByPid at the end.
    std::vector<qint32> byRangeRow(t.strings.size(), -1); // name → row of byRange
    std::vector<NvtxKernelStats> byRange;
    struct PidTotals
    {
        quint32 pid;
        std::vector<qint64> ns, count; ///< per phase slot
    };
    std::vector<PidTotals> perPid;
    size_t lastPid = 0;
    auto totalsOf = [&](quint32 pid) -> PidTotals& {
        if (lastPid < perPid.size() && perPid[lastPid].pid == pid)
            return perPid[lastPid];
        for (lastPid = 0; lastPid < perPid.size(); ++lastPid)
            if (perPid[lastPid].pid == pid)
                return perPid[lastPid];
        const auto slotCount = size_t(phaseCount) + 1;
        perPid.push_back({ pid, std::vector<qint64>(slotCount), std::vector<qint64>(slotCount) });
        return perPid.back();
    };
    for (qsizetype i = 0; i < k.size(); ++i) {
        if (cancel.poll(i))
            return;
        if (!r.kernelInWindow[size_t(i)])
            continue;
        const qint32 rg = r.kernelRange[size_t(i)];
        const int ph = r.kernelPhase[size_t(i)];
        const qint64 d = k.duration(i);
        const int slot = ph >= 0 ? ph : unattributed;
        r.phases[slot].kernelNs += d;
        ++r.phases[slot].kernelCount;
        PidTotals& pp = totalsOf(k.pid[size_t(i)]);
        pp.ns[size_t(slot)] += d;
        ++pp.count[size_t(slot)];
        if (rg < 0)
            continue;
        r.attributedNs += d;
        const quint32 name = n.name[size_t(rg)];
        if (byRangeRow[name] < 0) {
            byRangeRow[name] = qint32(byRange.size());
            byRange.push_back({ name, 0, 0 });
        }
        NvtxKernelStats& row = byRange[size_t(byRangeRow[name])];
        ++row.kernelCount;
        row.kernelNs += d;
    }
    r.nvtxByRange = QVector<NvtxKernelStats>(byRange.begin(), byRange.end());
    for (const PidTotals& p : perPid) {
        QVector<PhaseStats>& phases = pidPhases(p.pid);
        for (int slot = 0; slot <= phaseCount; ++slot) {
            phases[slot].kernelNs += p.ns[size_t(slot)];
            phases[slot].kernelCount += p.count[size_t(slot)];
        }
    }
    std::sort(r.nvtxByRange.begin(), r.nvtxByRange.end(), [](const NvtxKernelStats& a, const NvtxKernelStats& b) {
        return a.kernelNs != b.kernelNs ? a.kernelNs > b.kernelNs : a.name < b.name;
    });
}

} // namespace sl
