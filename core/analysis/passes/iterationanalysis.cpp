// SPDX-License-Identifier: MIT
#include "core/analysis/passes/iterationanalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/passes/iterationdetector.h"
#include "core/analysis/passes/statistics.h"
#include "core/analysis/rules/taxonomy.h"

namespace sl {

namespace {

/// Whether kernel `k` is communication: the taxonomy's category, as the efficiency pass's
/// overlap figures read it (NCCL, and custom all-reduce kernels a rule file adds).
bool isCommunication(const AnalysisResult& r, quint32 k, quint8 commIndex)
{
    const quint32 name = r.trace->kernels.name[k];
    return name < r.nameCategory.size() && r.nameCategory[name] == commIndex;
}

/// Splits [s.firstNs, s.lastNs] of one GPU into compute, communication-only and idle time: two
/// busy-time unions over the kernels in start order (a cursor each: covered up to, ns).
void split(const AnalysisResult& r, const std::vector<quint32>& kernels, IterationStats& s)
{
    const Trace& t = *r.trace;
    const auto commIndex = quint8(Taxonomy::categories().indexOf(QStringLiteral("communication")));
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
        if (!isCommunication(r, k, commIndex)) {
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
        split(r, inWindow, s);
        r.iterations.push_back(s);
    }
}

} // namespace sl
