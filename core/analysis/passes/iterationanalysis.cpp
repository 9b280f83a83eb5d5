// SPDX-License-Identifier: MIT
#include "core/analysis/passes/iterationanalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/passes/gapcauses.h"
#include "core/analysis/passes/iterationdetector.h"
#include "core/analysis/passes/statistics.h"
#include "core/analysis/rules/taxonomy.h"

#include <algorithm>
#include <optional>

namespace sl {

namespace {

/// Length of a union of intervals fed in start order: a cursor (covered up to, ns).
struct UnionLength
{
    qint64 cursor = 0, length = 0;
    void add(qint64 start, qint64 end)
    {
        length += std::max<qint64>(0, end - std::max(start, cursor));
        cursor = std::max(cursor, end);
    }
};

/// GPU work besides the kernels, clipped to [first, last] ns: graph launches (compute, as the
/// device pass counts them) and copies (memcpy, memset); `table`, `index`: its row.
struct OtherOp
{
    qint64 start = 0, end = 0;
    bool compute = false;
    const GpuOpColumns* table = nullptr;
    quint32 index = 0;
    bool operator<(const OtherOp& o) const { return start < o.start; }
};

/// The graph launches and copies of GPU `device` in the window that overlap [first, last], in
/// start order: each table is start-sorted, so only the rows starting in [window start, last)
/// are looked at; the three are merged by a sort.
std::vector<OtherOp> otherOpsOf(const AnalysisResult& r, int device, qint64 first, qint64 last)
{
    const Trace& t = *r.trace;
    std::vector<OtherOp> out;
    for (const GpuOpColumns* ops : { static_cast<const GpuOpColumns*>(&t.graphs),
             static_cast<const GpuOpColumns*>(&t.memcpy), static_cast<const GpuOpColumns*>(&t.memset) })
        for (auto i
             = size_t(std::lower_bound(ops->start.begin(), ops->start.end(), r.window.startNs) - ops->start.begin());
             i < ops->start.size() && ops->start[i] < last; ++i) {
            const qint64 start = ops->start[i];
            if (ops->device[i] != device || start > r.window.endNs)
                continue;
            const qint64 end = std::min({ ops->endOf(i), r.window.endNs, last });
            if (end >= std::max(start, first)) // zero-length ops too: each ends a gap, as in the device pass
                out.push_back({ std::max(start, first), end, ops == &t.graphs, ops, quint32(i) });
        }
    std::stable_sort(out.begin(), out.end());
    return out;
}

/// Splits [s.firstNs, s.lastNs] of one GPU into compute, communication-only, copy-only and idle
/// time (analysis-spec: idle is no GPU work at all, copies included): three busy-time unions
/// over the kernels and the other ops fed in start order. Each hole of the last union is one of
/// the device pass's idle gaps, classed by the same GapCauses (the device's gap list keeps only
/// the longest).
class SpanSplit
{
public:
    SpanSplit(const AnalysisResult& r, GapCauses& causes, IterationStats& s)
        : m_r(r)
        , m_causes(causes)
        , m_s(s)
        , m_compute { s.firstNs }
        , m_anyKernel { s.firstNs }
        , m_any { s.firstNs }
        , m_commIndex(quint8(Taxonomy::categories().indexOf(QStringLiteral("communication"))))
    {
    }
    void run(const std::vector<quint32>& kernels);

private:
    /// An op of `table` from `start` on (ns): the hole before it in the busy union is a gap it ends.
    void gapBefore(const GpuOpColumns& table, quint32 index, qint64 start);
    void addOther(const OtherOp& o);

    const AnalysisResult& m_r;
    GapCauses& m_causes;
    IterationStats& m_s;
    UnionLength m_compute, m_anyKernel, m_any;
    quint8 m_commIndex;
};

void SpanSplit::gapBefore(const GpuOpColumns& table, quint32 index, qint64 start)
{
    static_assert(std::size(IterationStats {}.idleByCauseNs) == IdleGap::kCauses);
    if (start <= m_any.cursor)
        return;
    IdleGap g;
    g.deviceId = m_s.deviceId;
    g.startNs = m_any.cursor;
    g.endNs = start;
    g.nextApi = table.api[index];
    m_s.idleByCauseNs[m_causes.of(g, table.pid[index])] += g.durationNs();
}

void SpanSplit::addOther(const OtherOp& o)
{
    gapBefore(*o.table, o.index, o.start);
    m_any.add(o.start, o.end);
    if (o.compute)
        m_anyKernel.add(o.start, o.end), m_compute.add(o.start, o.end);
}

void SpanSplit::run(const std::vector<quint32>& kernels)
{
    const Trace& t = *m_r.trace;
    const std::vector<OtherOp> others = otherOpsOf(m_r, m_s.deviceId, m_s.firstNs, m_s.lastNs);
    auto other = others.begin();
    for (const quint32 k : kernels) {
        if (t.kernels.start[k] >= m_s.lastNs) {
            // The last anchor (or a kernel at its start): it ends the span's last gap, if any.
            for (; other != others.end(); ++other)
                addOther(*other);
            gapBefore(t.kernels, k, m_s.lastNs);
            break;
        }
        const qint64 start = std::max(t.kernels.start[k], m_s.firstNs);
        const qint64 end = std::min(t.kernels.endOf(k), m_s.lastNs);
        if (end < start) // before the span; a zero-length kernel in it still ends a gap
            continue;
        for (; other != others.end() && other->start < start; ++other) // a kernel first on a tie, as OpWalk
            addOther(*other);
        gapBefore(t.kernels, k, start);
        m_any.add(start, end);
        m_anyKernel.add(start, end);
        if (!m_r.nameInCategory(t.kernels.name[k], m_commIndex)) // as the efficiency overlap reads it
            m_compute.add(start, end);
    }
    for (; other != others.end(); ++other)
        addOther(*other);
    m_s.computeNs = m_compute.length;
    m_s.commOnlyNs = m_anyKernel.length - m_compute.length;
    m_s.copyOnlyNs = m_any.length - m_anyKernel.length;
    m_s.idleNs = (m_s.lastNs - m_s.firstNs) - m_any.length;
}

/// The figures of one GPU's detected loop.
IterationStats statsOf(int device, const IterationDetector::Result& found)
{
    IterationStats s;
    s.deviceId = device;
    s.anchorName = quint32(found.anchorName);
    s.names = found.names;
    s.iterations = qint64(found.boundsNs.size()) - 1;
    s.firstNs = found.boundsNs.front();
    s.lastNs = found.boundsNs.back();
    s.regularity = found.regularity;
    std::vector<qint64> lengths;
    for (size_t k = 0; k + 1 < found.boundsNs.size(); ++k) {
        lengths.push_back(found.boundsNs[k + 1] - found.boundsNs[k]);
        if (lengths.back() > s.maxNs)
            s.maxNs = lengths.back(), s.slowest = qint64(k), s.slowestStartNs = found.boundsNs[k],
            s.slowestEndNs = found.boundsNs[k + 1];
    }
    std::sort(lengths.begin(), lengths.end());
    s.minNs = lengths.front();
    s.p50Ns = nearestRank(lengths, 50);
    s.p90Ns = nearestRank(lengths, 90);
    std::vector<qint64> kernels = found.kernels;
    s.kernelsP50 = nearestRankUnsorted(kernels, 50);
    return s;
}

} // namespace

bool IterationAnalysis::hasSteps(const AnalysisResult& r)
{
    for (const PhaseStats& p : r.phases)
        if (p.steps > 0)
            return true;
    return r.serving.steps.size() > 0;
}

void IterationAnalysis::run(AnalysisResult& r, const Cancellation& cancel)
{
    r.iterations.clear();
    if (hasSteps(r))
        return;
    const Trace& t = *r.trace;
    std::optional<CauseInputs> causeInputs; // built for the first loop found
    for (const auto& [device, kernels] : t.kernelsByDevice) {
        if (cancel.isCancelled())
            return;
        KernelSequence gpu;
        std::vector<quint32> inWindow;
        for (const quint32 k : kernels)
            if (r.kernelInWindow[k]) {
                gpu.append(t.kernels.start[k], t.kernels.endOf(k), t.kernels.name[k]);
                inWindow.push_back(k);
            }
        const IterationDetector::Result found = IterationDetector::detect(gpu);
        if (!found.found)
            continue;
        IterationStats s = statsOf(device, found);
        if (!causeInputs)
            causeInputs = CauseInputs::of(t, cancel);
        GapCauses causes(t, *causeInputs);
        SpanSplit(r, causes, s).run(inWindow);
        r.iterations.push_back(s);
    }
}

} // namespace sl
