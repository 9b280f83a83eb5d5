// SPDX-License-Identifier: MIT
#include "core/analysis/passes/nvtxanalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/rules/phasemap.h"
#include "core/trace/nvtxthreadgroups.h"
#include "core/util/logging.h"
#include "core/util/ranking.h"
#include "core/util/recentcache.h"

#include <algorithm>
#include <limits>
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

/// One thread's sweep in progress: its next range to open and the ranges open at the last call.
struct ThreadSweep
{
    size_t next = 0;
    std::vector<Open> stack;
};

/// Per kernel, the position of its launching thread in NvtxThreadGroups::ranges when there are
/// fewer than kNoThread threads; kNoThread for a kernel outside the window, without a launching
/// call, or launched from a thread that opened no range.
constexpr quint8 kNoThread = 0xFF;

/// Kernel totals per phase slot of one process (a few ranks: a short list, not a hash lookup
/// per kernel), added to phasesByPid at the end.
struct PidTotals
{
    quint32 pid;
    std::vector<qint64> ns, count; ///< per phase slot
};

/// The stages of NvtxAnalysis::run over one analysis: each returns false when cancelled.
class NvtxPass
{
public:
    NvtxPass(const PhaseMap& phaseMap, AnalysisResult& r, const Cancellation& cancel)
        : m_map(phaseMap)
        , m_r(r)
        , m_t(*r.trace)
        , m_cancel(cancel)
    {
    }

    /// How many in-window kernels with a launching call each thread launched (`counts`, indexed
    /// like threads.ranges); with fewer than kNoThread threads also each kernel's thread
    /// (`m_threadOf`) and whether every thread's kernels come in the order of their calls.
    bool countKernels(const NvtxThreadGroups& threads, std::vector<size_t>& counts);
    /// Whether sweepInOrder() may run: each kernel's thread is known, and every thread launched
    /// its kernels in table order.
    bool kernelsInCallOrder() const { return m_inCallOrder; }
    /// Innermost range and phase of each kernel, depth and step flag of each range, one thread
    /// at a time over its kernels gathered in call order.
    bool sweep(const NvtxThreadGroups& threads, const std::vector<size_t>& counts);
    /// The same in one walk over the kernel table, every thread's sweep advanced at its own
    /// kernels, and attributeKernels()'s totals taken in the same walk.
    bool sweepInOrder(const NvtxThreadGroups& threads);
    /// Depth of each range (NvtxThreadGroups::depth), read by rangeStats.
    void setDepths(const std::vector<qint32>& depth) { m_depth = &depth; }
    /// Ranges by name (in-window ranges), steps and wall time per phase.
    bool rangeStats();
    /// Kernel totals per phase, per process and per range name.
    bool attributeKernels();
    /// Adds the totals to the phases; call once, after rangeStats().
    void storeTotals();

private:
    /// Phase of a range name, looked up once per distinct name.
    int phaseOf(quint32 name)
    {
        auto it = m_phaseOfName.find(name);
        if (it == m_phaseOfName.end())
            it = m_phaseOfName.emplace(name, qint8(m_map.match(m_t.strings.at(name)))).first;
        return it->second;
    }
    /// Calls f(thread, kernel) for each in-window kernel with a launching call on a thread of
    /// `threads`, in kernel order; false when cancelled.
    template <class F> bool forEachKernel(const NvtxThreadGroups& threads, F f) const;
    /// The kernels of threads [first, last), grouped by the call's thread (`kernelsOf`, sized for
    /// every thread; each list reserved at its count). Kernels, not calls, so that the sweep
    /// writes each kernel's range and phase directly and needs no per-call arrays (4-9 B per
    /// API row at millions of rows).
    bool groupKernels(const NvtxThreadGroups& threads, size_t first, size_t last, const std::vector<size_t>& counts,
        std::vector<std::vector<quint32>>& kernelsOf) const;
    void startSweep();
    void finishSweep();
    bool sweepThread(const std::vector<quint32>& ranges, std::vector<quint32>& kernels);
    qint64 callStart(quint32 kernel) const { return m_t.api.start[size_t(m_t.kernels.api[kernel])]; }
    /// Opens the thread's ranges that start at or before `at` (all of them when `at` is max).
    void openRanges(const std::vector<quint32>& ranges, ThreadSweep& s, qint64 at);
    /// Sets the innermost open range and phase of a kernel whose call starts at `at`.
    void placeKernel(ThreadSweep& s, quint32 kernel, qint64 at);
    /// Adds in-window kernel i to the totals (its range and phase set).
    void attribute(qsizetype i);
    PidTotals& totalsOf(quint32 pid);
    QVector<PhaseStats>& pidPhases(quint32 pid);

    const PhaseMap& m_map;
    AnalysisResult& m_r;
    const Trace& m_t;
    const Cancellation& m_cancel;
    std::unordered_map<quint32, qint8> m_phaseOfName;
    const std::vector<qint32>* m_depth = nullptr; ///< per range: ranges it nests in on its thread
    std::vector<bool> m_isStep; ///< per range
    std::vector<quint8> m_threadOf; ///< per kernel (countKernels), empty with kNoThread threads or more
    bool m_inCallOrder = false;
    std::vector<qint32> m_byRangeRow; ///< range name → row of m_byRange
    std::vector<NvtxKernelStats> m_byRange;
    std::vector<PidTotals> m_perPid;
    size_t m_lastPid = 0;
};

template <class F> bool NvtxPass::forEachKernel(const NvtxThreadGroups& threads, F f) const
{
    const auto& k = m_t.kernels;
    // The launching threads of the ranks interleave kernel by kernel: each thread's position is
    // found through a RecentCache in front of the hash.
    RecentCache<quint64, qint64> recent { ~quint64(0) }; // pids are 24-bit
    for (qsizetype i = 0; i < k.size(); ++i) {
        if (m_cancel.poll(i))
            return false;
        const qint32 a = k.api[size_t(i)];
        if (!m_r.kernelInWindow[size_t(i)] || a < 0)
            continue;
        const quint32 pid = m_t.api.pid[size_t(a)], tid = m_t.api.tid[size_t(a)];
        const qint64 thread
            = recent.get(NvtxThreadGroups::key(pid, tid), pid * 31u + tid, [&] { return threads.find(pid, tid); });
        if (thread >= 0)
            f(size_t(thread), quint32(i));
    }
    return true;
}

bool NvtxPass::countKernels(const NvtxThreadGroups& threads, std::vector<size_t>& counts)
{
    counts.assign(threads.ranges.size(), 0);
    if (threads.ranges.size() >= kNoThread)
        return forEachKernel(threads, [&counts](size_t thread, quint32) { ++counts[thread]; });
    m_threadOf.assign(size_t(m_t.kernels.size()), kNoThread);
    std::vector<qint32> lastCall(threads.ranges.size(), -1);
    bool inOrder = true;
    const bool done = forEachKernel(threads, [&](size_t thread, quint32 kernel) {
        ++counts[thread];
        m_threadOf[kernel] = quint8(thread);
        const qint32 call = m_t.kernels.api[kernel];
        inOrder &= call >= lastCall[thread];
        lastCall[thread] = call;
    });
    m_inCallOrder = inOrder;
    if (!inOrder)
        std::vector<quint8>().swap(m_threadOf); // the sweep gathers each thread's kernels instead
    return done;
}

bool NvtxPass::groupKernels(const NvtxThreadGroups& threads, size_t first, size_t last,
    const std::vector<size_t>& counts, std::vector<std::vector<quint32>>& kernelsOf) const
{
    // Reserved at their counts: grown by doubling, the lists (4 B per kernel) held up to twice
    // that at the analysis' peak — 14 MB over the 20 MB at 5 M kernels.
    for (size_t thread = first; thread < last; ++thread)
        kernelsOf[thread].reserve(counts[thread]);
    return forEachKernel(threads, [&](size_t thread, quint32 kernel) {
        if (thread >= first && thread < last)
            kernelsOf[thread].push_back(kernel);
    });
}

void NvtxPass::startSweep()
{
    const auto& n = m_t.nvtx;
    const auto kernelCount = size_t(m_t.kernels.size());
    m_r.kernelRange.assign(kernelCount, -1);
    m_r.kernelPhase.assign(kernelCount, -1);
    m_isStep.assign(size_t(n.size()), false);
    // Ranges the per-thread sweep does not see (ended on another thread) keep their own phase.
    m_r.rangePhase.assign(size_t(n.size()), -1);
    for (qsizetype i = 0; i < n.size(); ++i)
        if (!n.sameThread(i))
            m_r.rangePhase[size_t(i)] = qint8(phaseOf(n.name[size_t(i)]));
}

void NvtxPass::finishSweep()
{
    const auto& n = m_t.nvtx;
    m_r.rangeStepPhase.assign(size_t(n.size()), -1);
    for (qsizetype i = 0; i < n.size(); ++i)
        if (m_isStep[size_t(i)])
            m_r.rangeStepPhase[size_t(i)] = qint8(phaseOf(n.name[size_t(i)]));
}

bool NvtxPass::sweep(const NvtxThreadGroups& threads, const std::vector<size_t>& counts)
{
    startSweep();
    // The threads' kernel lists (4 B a kernel) are gathered for a batch of threads at a time,
    // about a quarter of the kernels (or one thread that has more), as the kernel summary's
    // batches: every thread's at once was 4 B per kernel at the analysis' peak (issue 20). A
    // batch costs one more walk over the kernels; a trace with one launching thread has one.
    const size_t budget = std::max<size_t>(1, size_t(m_t.kernels.size()) / 4);
    std::vector<std::vector<quint32>> kernelsOf(threads.ranges.size());
    for (size_t first = 0, last = 0; first < threads.ranges.size(); first = last) {
        size_t held = counts[first];
        for (last = first + 1; last < threads.ranges.size() && held + counts[last] <= budget; ++last)
            held += counts[last];
        if (held > 0 && !groupKernels(threads, first, last, counts, kernelsOf))
            return false;
        for (size_t th = first; th < last; ++th) {
            if (!sweepThread(threads.ranges[th], kernelsOf[th]))
                return false;
            std::vector<quint32>().swap(kernelsOf[th]); // done with this thread: free its share early
        }
    }
    finishSweep();
    return true;
}

bool NvtxPass::sweepThread(const std::vector<quint32>& ranges, std::vector<quint32>& kernels)
{
    // In call order: kernels start in about the order of their calls (the API table is
    // start-sorted, so call index order is call start order); a stable sort fixes the rest.
    const auto& k = m_t.kernels;
    const auto byCall = [&](quint32 a, quint32 b) { return k.api[a] < k.api[b]; };
    if (!std::is_sorted(kernels.begin(), kernels.end(), byCall))
        std::stable_sort(kernels.begin(), kernels.end(), byCall);
    ThreadSweep s;
    for (size_t ki = 0; ki < kernels.size(); ++ki) {
        if (m_cancel.poll(qint64(ki)))
            return false;
        const qint64 at = callStart(kernels[ki]);
        openRanges(ranges, s, at);
        placeKernel(s, kernels[ki], at);
    }
    openRanges(ranges, s, std::numeric_limits<qint64>::max());
    return !m_cancel.isCancelled();
}

bool NvtxPass::sweepInOrder(const NvtxThreadGroups& threads)
{
    startSweep();
    std::vector<ThreadSweep> sweeps(threads.ranges.size());
    const auto& k = m_t.kernels;
    for (qsizetype i = 0; i < k.size(); ++i) {
        if (m_cancel.poll(i))
            return false;
        if (!m_r.kernelInWindow[size_t(i)])
            continue;
        if (const quint8 th = m_threadOf[size_t(i)]; th != kNoThread) {
            const qint64 at = callStart(quint32(i));
            openRanges(threads.ranges[th], sweeps[th], at);
            placeKernel(sweeps[th], quint32(i), at);
        }
        attribute(i);
    }
    std::vector<quint8>().swap(m_threadOf);
    for (size_t th = 0; th < sweeps.size(); ++th)
        openRanges(threads.ranges[th], sweeps[th], std::numeric_limits<qint64>::max());
    finishSweep();
    return !m_cancel.isCancelled();
}

void NvtxPass::openRanges(const std::vector<quint32>& ranges, ThreadSweep& s, qint64 at)
{
    const auto& n = m_t.nvtx;
    auto& stack = s.stack;
    const auto livePhase = [&](qint32 p, qint64 t) {
        while (p >= 0 && n.end[stack[size_t(p)].range] < t)
            p = stack[size_t(p)].parentPhase;
        return p;
    };
    for (; s.next < ranges.size() && n.start[ranges[s.next]] <= at; ++s.next) {
        const quint32 rg = ranges[s.next];
        NvtxThreadGroups::popToEnclosing(stack, n, rg, [](const Open& o) { return o.range; });
        const qint32 parent = stack.empty() ? -1 : livePhase(stack.back().phaseLink, n.start[rg]);
        const int ph = phaseOf(n.name[rg]);
        const int parentPhase = parent < 0 ? -1 : stack[size_t(parent)].phase;
        m_isStep[rg] = ph >= 0 && parentPhase != ph;
        m_r.rangePhase[rg] = qint8(ph >= 0 ? ph : parentPhase);
        const auto pos = qint32(stack.size());
        stack.push_back({ rg, ph >= 0 ? pos : parent, parent, qint8(ph) });
    }
}

void NvtxPass::placeKernel(ThreadSweep& s, quint32 kernel, qint64 at)
{
    const auto& n = m_t.nvtx;
    auto& stack = s.stack;
    while (!stack.empty() && n.end[stack.back().range] < at)
        stack.pop_back();
    if (stack.empty())
        return;
    m_r.kernelRange[kernel] = qint32(stack.back().range);
    qint32 p = stack.back().phaseLink;
    while (p >= 0 && n.end[stack[size_t(p)].range] < at)
        p = stack[size_t(p)].parentPhase;
    m_r.kernelPhase[kernel] = p >= 0 ? stack[size_t(p)].phase : qint8(-1);
}

QVector<PhaseStats>& NvtxPass::pidPhases(quint32 pid)
{
    auto it = m_r.phasesByPid.find(pid);
    if (it == m_r.phasesByPid.end()) {
        QVector<PhaseStats> v(m_r.phases.size());
        for (qsizetype p = 0; p < m_r.phases.size(); ++p)
            v[p].phase = m_r.phases[p].phase;
        it = m_r.phasesByPid.insert(pid, v);
    }
    return it.value();
}

bool NvtxPass::rangeStats()
{
    const auto& n = m_t.nvtx;
    const int phaseCount = m_map.size();
    m_r.phases.resize(phaseCount + 1);
    for (int p = 0; p < phaseCount; ++p)
        m_r.phases[p].phase = m_map.name(p);
    m_r.phases[phaseCount].phase = PhaseStats::unattributedName();
    std::unordered_map<quint32, qsizetype> rangeRow;
    for (qsizetype i = 0; i < n.size(); ++i) {
        if (m_cancel.poll(i))
            return false;
        if (!m_r.window.contains(n.start[size_t(i)]))
            continue;
        const quint32 name = n.name[size_t(i)];
        auto [it, inserted] = rangeRow.emplace(name, m_r.nvtxRanges.size());
        if (inserted)
            m_r.nvtxRanges.append({ name, 0, 0, 0 });
        auto& s = m_r.nvtxRanges[it->second];
        ++s.count;
        s.totalNs += n.duration(i);
        if (n.sameThread(i))
            s.maxDepth = std::max(s.maxDepth, int((*m_depth)[size_t(i)]));
        if (m_isStep[size_t(i)]) {
            const int ph = phaseOf(name);
            for (auto* ps : { &m_r.phases[ph], &pidPhases(n.pid[size_t(i)])[ph] }) {
                ++ps->steps;
                ps->wallNs += n.duration(i);
                ps->stepNs.push_back(n.duration(i));
            }
        }
    }
    std::sort(m_r.nvtxRanges.begin(), m_r.nvtxRanges.end(), [&](const NvtxRangeStats& a, const NvtxRangeStats& b) {
        return rankedBefore(a.totalNs, b.totalNs, m_t.strings.at(a.name), m_t.strings.at(b.name));
    });
    return true;
}

PidTotals& NvtxPass::totalsOf(quint32 pid)
{
    if (m_lastPid < m_perPid.size() && m_perPid[m_lastPid].pid == pid)
        return m_perPid[m_lastPid];
    for (m_lastPid = 0; m_lastPid < m_perPid.size(); ++m_lastPid)
        if (m_perPid[m_lastPid].pid == pid)
            return m_perPid[m_lastPid];
    const auto slotCount = size_t(m_map.size()) + 1; // the last: unattributed
    m_perPid.push_back({ pid, std::vector<qint64>(slotCount), std::vector<qint64>(slotCount) });
    return m_perPid.back();
}

void NvtxPass::attribute(qsizetype i)
{
    const auto& k = m_t.kernels;
    const qint32 rg = m_r.kernelRange[size_t(i)];
    const int ph = m_r.kernelPhase[size_t(i)];
    const qint64 d = k.duration(i);
    const auto slot = size_t(ph >= 0 ? ph : m_map.size());
    PidTotals& pp = totalsOf(k.pid[size_t(i)]);
    pp.ns[slot] += d;
    ++pp.count[slot];
    if (rg < 0)
        return;
    m_r.attributedNs += d;
    const quint32 name = m_t.nvtx.name[size_t(rg)];
    if (m_byRangeRow.empty())
        m_byRangeRow.assign(m_t.strings.size(), -1);
    if (m_byRangeRow[name] < 0) {
        m_byRangeRow[name] = qint32(m_byRange.size());
        m_byRange.push_back({ name, 0, 0 });
    }
    NvtxKernelStats& row = m_byRange[size_t(m_byRangeRow[name])];
    ++row.kernelCount;
    row.kernelNs += d;
}

bool NvtxPass::attributeKernels()
{
    const auto& k = m_t.kernels;
    for (qsizetype i = 0; i < k.size(); ++i) {
        if (m_cancel.poll(i))
            return false;
        if (m_r.kernelInWindow[size_t(i)])
            attribute(i);
    }
    return true;
}

void NvtxPass::storeTotals()
{
    // The phases' totals are the sums over the processes: every kernel was added to one.
    for (const PidTotals& p : m_perPid) {
        QVector<PhaseStats>& phases = pidPhases(p.pid);
        for (size_t slot = 0; slot < p.ns.size(); ++slot) {
            phases[qsizetype(slot)].kernelNs += p.ns[slot];
            phases[qsizetype(slot)].kernelCount += p.count[slot];
            m_r.phases[qsizetype(slot)].kernelNs += p.ns[slot];
            m_r.phases[qsizetype(slot)].kernelCount += p.count[slot];
        }
    }
    m_r.nvtxByRange = QVector<NvtxKernelStats>(m_byRange.begin(), m_byRange.end());
    std::sort(m_r.nvtxByRange.begin(), m_r.nvtxByRange.end(), [&](const NvtxKernelStats& a, const NvtxKernelStats& b) {
        return rankedBefore(a.kernelNs, b.kernelNs, m_t.strings.at(a.name), m_t.strings.at(b.name));
    });
}

} // namespace

void NvtxAnalysis::run(const PhaseMap& phaseMap, AnalysisResult& r, const Cancellation& cancel)
{
    NvtxPass pass(phaseMap, r, cancel);
    auto threads = std::make_shared<NvtxThreadGroups>();
    std::vector<size_t> counts;
    pass.setDepths(threads->depth);
    // Each stage stops at a cancel; the figures are then incomplete, as documented.
    if (threads->build(r.trace->nvtx, cancel))
        r.nvtxThreads = threads; // built once: the serving steps and the comparison walk it too
    if (!r.nvtxThreads || !pass.countKernels(*threads, counts))
        return;
    // Kernels launched in call order on every thread (one stream per thread, say): one walk
    // sweeps and totals them. Else each thread's kernels are gathered and sorted by call first.
    qCDebug(lcAnalysis) << "NVTX sweep:" << (pass.kernelsInCallOrder() ? "one walk in table order" : "per thread");
    const bool swept = pass.kernelsInCallOrder() ? pass.sweepInOrder(*threads)
                                                 : pass.sweep(*threads, counts) && pass.attributeKernels();
    if (swept && pass.rangeStats())
        pass.storeTotals();
}

} // namespace sl
