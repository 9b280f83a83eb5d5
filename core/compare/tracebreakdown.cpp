// SPDX-License-Identifier: MIT
#include "core/compare/tracebreakdown.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/rules/taxonomy.h"
#include "core/trace/apiclassifier.h"
#include "core/trace/nvtxthreadgroups.h"

#include <QHash>

#include <algorithm>
#include <map>
#include <unordered_map>

namespace sl {

namespace {

quint64 threadKey(quint32 pid, quint32 tid) { return (quint64(pid) << 32) | tid; }

/// Kernel time per phase slot and category, from the analysis's per-kernel vectors.
void kernelTime(const AnalysisResult& r, TraceBreakdown& b, const Cancellation& cancel)
{
    const Trace& t = *r.trace;
    const QStringList categories = Taxonomy::categories();
    const auto other = qint8(categories.indexOf(QStringLiteral("other")));
    // Category of every name once, so the per-kernel loop is an array lookup, not a hash lookup.
    std::vector<qint8> categoryOfName(t.strings.size(), other);
    for (const auto& k : r.kernels) {
        const auto c = categories.indexOf(k.category);
        categoryOfName[k.name] = c >= 0 ? qint8(c) : other;
    }
    const int unattributed = int(b.phases.size()) - 1; // r.unattributedPhase(), or 0 without NVTX phases
    const auto& k = t.kernels;
    for (qsizetype i = 0; i < k.size(); ++i) {
        if (cancel.poll(i))
            return;
        if (!r.kernelInWindow[size_t(i)])
            continue;
        const int p = r.kernelPhase[size_t(i)] >= 0 ? r.kernelPhase[size_t(i)] : unattributed;
        const int c = categoryOfName[k.name[size_t(i)]];
        b.phases[p].categoryNs[size_t(c)] += k.duration(i);
        b.categoryNs[size_t(c)] += k.duration(i);
    }
}

/// Steps per thread (nesting gives top-level), and blocking calls attributed to their
/// innermost enclosing step: the same enclosure rule as the kernels' phase (a call belongs to a
/// step when step.start ≤ call.start ≤ step.end, on the same thread). Steps outside the window
/// still attribute calls inside it, as the analysis does for kernels.
void stepsAndSync(const AnalysisResult& r, TraceBreakdown& b, const Cancellation& cancel)
{
    const Trace& t = *r.trace;
    const auto& n = t.nvtx;
    const int unattributed = int(b.phases.size()) - 1; // r.unattributedPhase(), or 0 without NVTX phases
    std::unordered_map<quint64, std::vector<quint32>> stepsOf;
    for (qsizetype i = 0; i < n.size(); ++i) {
        if (cancel.poll(i))
            return;
        if (size_t(i) < r.rangeStepPhase.size() && r.rangeStepPhase[size_t(i)] >= 0)
            stepsOf[threadKey(n.pid[size_t(i)], n.tid[size_t(i)])].push_back(quint32(i));
    }

    std::unordered_map<quint64, std::vector<quint32>> callsOf;
    for (qsizetype i = 0; i < t.api.size(); ++i) {
        if (cancel.poll(i))
            return;
        if (!ApiClassifier::isBlocking(ApiTable::Kind(t.api.kind[size_t(i)]))
            || !r.window.contains(t.api.start[size_t(i)]))
            continue;
        const auto it = stepsOf.find(threadKey(t.api.pid[size_t(i)], t.api.tid[size_t(i)]));
        if (it != stepsOf.end()) {
            callsOf[it->first].push_back(quint32(i));
        } else {
            b.phases[unattributed].blockingSyncNs += t.api.duration(i);
            ++b.phases[unattributed].blockingSyncCount;
        }
    }

    std::vector<quint32> stack;
    for (auto& [thread, steps] : stepsOf) {
        if (cancel.isCancelled())
            return;
        // Nesting order and rule as every NVTX sweep (NvtxThreadGroups).
        std::sort(steps.begin(), steps.end(), [&](quint32 a, quint32 c) { return n.nestingBefore(a, c); });
        const auto& calls = callsOf[thread]; // start order: the API table is start-sorted
        stack.clear();
        auto popEnded = [&](qint64 at) {
            while (!stack.empty() && n.end[stack.back()] < at)
                stack.pop_back();
        };
        size_t si = 0, ci = 0;
        while (si < steps.size() || ci < calls.size()) {
            if (si < steps.size() && (ci >= calls.size() || n.start[steps[si]] <= t.api.start[calls[ci]])) {
                const quint32 s = steps[si++];
                NvtxThreadGroups::popToEnclosing(stack, n, s, [](quint32 o) { return o; });
                if (r.window.contains(n.start[s]))
                    b.steps.append({ n.start[s], n.end[s], s, n.pid[s], r.rangeStepPhase[s], stack.empty() });
                stack.push_back(s);
            } else {
                const quint32 c = calls[ci++];
                popEnded(t.api.start[c]);
                const int p = stack.empty() ? unattributed : r.rangeStepPhase[stack.back()];
                b.phases[p].blockingSyncNs += t.api.duration(c);
                ++b.phases[p].blockingSyncCount;
            }
        }
    }
    std::sort(b.steps.begin(), b.steps.end(), [](const AlignedStep& a, const AlignedStep& c) {
        return a.startNs != c.startNs ? a.startNs < c.startNs : a.nvtx < c.nvtx;
    });
    for (const auto& s : b.steps)
        if (s.topLevel)
            b.topLevelStepNs.push_back(s.endNs - s.startNs);
}

/// Busy time of one device's GPU work (kernels, graph launches, memcpy, memset starting in the
/// window, ends clipped to it: the single-trace busy union) is a non-decreasing function B(t) of
/// time; the busy time inside [a, b] is B(b) − B(a). Evaluating B at every step boundary in one
/// sweep over the union keeps this O(ops + steps log steps) with no copy of the intervals.
class BusyClock
{
public:
    BusyClock(const AnalysisResult& r, int device)
        : m_r(r)
    {
        const Trace& t = *r.trace;
        if (auto it = t.kernelsByDevice.find(quint16(device)); it != t.kernelsByDevice.end())
            m_lists.push_back({ &t.kernels, it->second, 0 });
        for (const GpuOpColumns* ops : { static_cast<const GpuOpColumns*>(&t.graphs),
                 static_cast<const GpuOpColumns*>(&t.memcpy), static_cast<const GpuOpColumns*>(&t.memset) }) {
            std::vector<quint32> idx;
            for (qsizetype i = 0; i < ops->size(); ++i)
                if (ops->device[size_t(i)] == device)
                    idx.push_back(quint32(i));
            if (!idx.empty())
                m_lists.push_back({ ops, std::move(idx), 0 });
        }
    }

    /// B(t) for every t of `times` (any order); returns values in the same order, or nothing
    /// on a cancel.
    std::vector<qint64> busyBefore(const std::vector<qint64>& times, const Cancellation& cancel)
    {
        std::vector<quint32> order(times.size());
        for (size_t i = 0; i < order.size(); ++i)
            order[i] = quint32(i);
        std::sort(order.begin(), order.end(), [&](quint32 a, quint32 b) { return times[a] < times[b]; });
        std::vector<qint64> out(times.size(), 0);
        size_t q = 0;
        qint64 acc = 0;
        auto flush = [&](qint64 s, qint64 e) {
            for (; q < order.size() && times[order[q]] < e; ++q)
                out[order[q]] = acc + std::max<qint64>(0, times[order[q]] - s);
            acc += e - s;
        };
        qint64 cs = 0, ce = 0;
        bool open = false;
        qint64 s = 0, e = 0;
        for (qint64 n = 0; next(&s, &e); ++n) {
            if (cancel.poll(n))
                return {};
            if (open && s <= ce) {
                ce = std::max(ce, e);
                continue;
            }
            if (open)
                flush(cs, ce);
            cs = s;
            ce = e;
            open = true;
        }
        if (open)
            flush(cs, ce);
        for (; q < order.size(); ++q)
            out[order[q]] = acc;
        return out;
    }

private:
    bool next(qint64* start, qint64* end)
    {
        for (;;) {
            List* best = nullptr;
            for (auto& l : m_lists)
                if (l.pos < l.idx.size()
                    && (!best || l.ops->start[l.idx[l.pos]] < best->ops->start[best->idx[best->pos]]))
                    best = &l;
            if (!best)
                return false;
            const quint32 i = best->idx[best->pos++];
            if (!m_r.window.contains(best->ops->start[i]))
                continue;
            *start = best->ops->start[i];
            *end = std::min(best->ops->endOf(i), m_r.window.endNs);
            return true;
        }
    }
    struct List
    {
        const GpuOpColumns* ops;
        std::vector<quint32> idx;
        size_t pos;
    };
    const AnalysisResult& m_r;
    std::vector<List> m_lists;
};

/// GPU idle inside each phase's steps, on the GPUs of the step's process.
void stepIdle(const AnalysisResult& r, TraceBreakdown& b, const Cancellation& cancel)
{
    QHash<quint32, QVector<int>> devicesOf;
    for (const auto& p : r.processes)
        devicesOf.insert(p.pid, p.devices);
    struct Query
    {
        qint32 step;
        qint64 start, end;
    };
    std::map<int, std::vector<Query>> queries; // by device
    for (qsizetype i = 0; i < b.steps.size(); ++i) {
        const auto& s = b.steps[i];
        const qint64 end = std::min(s.endNs, r.window.endNs);
        if (end <= s.startNs)
            continue;
        for (int d : devicesOf.value(s.pid))
            queries[d].push_back({ qint32(i), s.startNs, end });
    }
    for (const auto& [device, qs] : queries) {
        if (cancel.isCancelled())
            return;
        std::vector<qint64> times;
        times.reserve(qs.size() * 2);
        for (const auto& q : qs) {
            times.push_back(q.start);
            times.push_back(q.end);
        }
        const auto busy = BusyClock(r, device).busyBefore(times, cancel);
        if (busy.size() != times.size())
            return;
        for (size_t i = 0; i < qs.size(); ++i) {
            auto& ph = b.phases[b.steps[qs[i].step].phase];
            const qint64 length = qs[i].end - qs[i].start;
            ph.stepDeviceNs += length;
            ph.stepIdleNs += length - (busy[2 * i + 1] - busy[2 * i]);
        }
    }
}

} // namespace

TraceBreakdown TraceBreakdown::compute(const AnalysisResult& r, const Cancellation& cancel)
{
    TraceBreakdown b;
    const auto categories = size_t(Taxonomy::categories().size());
    b.phases.resize(std::max<qsizetype>(1, r.phases.size()));
    for (auto& p : b.phases)
        p.categoryNs.assign(categories, 0);
    b.categoryNs.assign(categories, 0);
    if (r.kernelInWindow.size() == size_t(r.trace->kernels.size()) && r.kernelPhase.size() == r.kernelInWindow.size())
        kernelTime(r, b, cancel);
    if (cancel.isCancelled())
        return {};
    stepsAndSync(r, b, cancel);
    if (cancel.isCancelled())
        return {};
    stepIdle(r, b, cancel);
    if (cancel.isCancelled())
        return {};
    return b;
}

} // namespace sl
