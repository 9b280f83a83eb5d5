// SPDX-License-Identifier: MIT
#include "core/analysis/passes/iterationanalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/passes/iterationdetector.h"
#include "core/analysis/passes/statistics.h"
#include "core/analysis/rules/ncclkernel.h"

namespace sl {

namespace {

/// Whether kernel name `name` (StringTable index) is an NCCL kernel, by its short name; cached
/// per name (a trace has thousands of names and millions of kernels).
class NcclNames
{
public:
    explicit NcclNames(const Trace& t)
        : m_t(t)
        , m_known(t.strings.size(), -1)
    {
    }
    bool operator()(size_t kernel)
    {
        const quint32 name = m_t.kernels.name[kernel];
        if (name >= m_known.size())
            return false;
        if (m_known[name] < 0)
            m_known[name] = NcclKernel::op(m_t.strings.at(m_t.kernels.shortNameOf(kernel))).isEmpty() ? 0 : 1;
        return m_known[name] == 1;
    }

private:
    const Trace& m_t;
    std::vector<qint8> m_known;
};

/// Splits [s.firstNs, s.lastNs] of one GPU into compute, NCCL-only and idle time: two busy-time
/// unions over the kernels in start order (a cursor each: covered up to, ns).
void split(const Trace& t, const std::vector<quint32>& kernels, NcclNames& nccl, IterationStats& s)
{
    qint64 computeCursor = s.firstNs, anyCursor = s.firstNs, any = 0;
    for (const quint32 k : kernels) {
        const qint64 start = std::max(t.kernels.start[k], s.firstNs);
        const qint64 end = std::min(t.kernels.endOf(k), s.lastNs);
        if (t.kernels.start[k] >= s.lastNs)
            break;
        if (end <= start)
            continue;
        any += std::max<qint64>(0, end - std::max(start, anyCursor));
        anyCursor = std::max(anyCursor, end);
        if (!nccl(k)) {
            s.computeNs += std::max<qint64>(0, end - std::max(start, computeCursor));
            computeCursor = std::max(computeCursor, end);
        }
    }
    s.commOnlyNs = any - s.computeNs;
    s.idleNs = (s.lastNs - s.firstNs) - any;
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
    std::vector<qint64> sorted = lengths;
    std::sort(sorted.begin(), sorted.end());
    s.minNs = sorted.front();
    s.p50Ns = nearestRank(sorted, 50);
    s.p90Ns = nearestRank(sorted, 90);
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
    NcclNames nccl(t);
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
        split(t, inWindow, nccl, s);
        r.iterations.push_back(s);
    }
}

} // namespace sl
