// SPDX-License-Identifier: MIT
#include "core/analysis/passes/servinganalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/passes/statistics.h"
#include "core/analysis/rules/phasemap.h"
#include "core/trace/nvtxthreadgroups.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace sl {

namespace {

/// Adds to busy[i] the part of step i (indices `steps` into s, start-sorted) covered by the busy
/// union of one device's GPU work (kernels, graph launches, memcpy, memset). The union is
/// produced segment by segment from the start-sorted tables and swept against the steps, never
/// materialised: a serving trace holds millions of kernels on a device and only thousands of steps.
void addBusy(
    const Trace& t, quint16 device, const ServingSteps& s, const std::vector<qint32>& steps, std::vector<qint64>& busy)
{
    std::vector<std::pair<qint64, qint64>> others; // copies, memsets, graph launches: few
    for (const GpuOpColumns* table : { static_cast<const GpuOpColumns*>(&t.memcpy),
             static_cast<const GpuOpColumns*>(&t.memset), static_cast<const GpuOpColumns*>(&t.graphs) }) {
        const auto mid = others.size();
        for (qsizetype i = 0; i < table->size(); ++i)
            if (table->device[size_t(i)] == device)
                others.emplace_back(table->start[size_t(i)], table->endOf(size_t(i)));
        std::inplace_merge(others.begin(), others.begin() + ptrdiff_t(mid), others.end());
    }
    static const std::vector<quint32> kNone;
    const auto kit = t.kernelsByDevice.find(device);
    const std::vector<quint32>& kernels = kit == t.kernelsByDevice.end() ? kNone : kit->second;
    size_t ki = 0, oi = 0, first = 0;
    auto flush = [&](qint64 segStart, qint64 segEnd) {
        while (first < steps.size() && s.end[size_t(steps[first])] < segStart)
            ++first;
        for (size_t j = first; j < steps.size() && s.start[size_t(steps[j])] < segEnd; ++j) {
            const auto st = size_t(steps[j]);
            busy[st] += std::max<qint64>(0, std::min(segEnd, s.end[st]) - std::max(segStart, s.start[st]));
        }
    };
    bool open = false;
    qint64 segStart = 0, segEnd = 0;
    while (ki < kernels.size() || oi < others.size()) {
        qint64 a = 0, b = 0;
        if (oi >= others.size() || (ki < kernels.size() && t.kernels.start[kernels[ki]] <= others[oi].first)) {
            a = t.kernels.start[kernels[ki]], b = t.kernels.endOf(kernels[ki]);
            ++ki;
        } else {
            a = others[oi].first, b = others[oi].second;
            ++oi;
        }
        if (open && a <= segEnd) {
            segEnd = std::max(segEnd, b);
            continue;
        }
        if (open)
            flush(segStart, segEnd);
        open = true, segStart = a, segEnd = b;
    }
    if (open)
        flush(segStart, segEnd);
}

ServingDistribution distribution(std::vector<qint64> v) { return ServingDistribution::of(std::move(v)); }

/// The composition of one step, for comparing the step sequences of two ranks.
struct Composition
{
    quint8 cls;
    qint32 ctxReqs, ctxTokens, genReqs, genTokens;
    bool operator==(const Composition&) const = default;
};

/// Whether `shorter` occurs contiguously in `longer` and they differ by at most two steps (the
/// window's edges can cut a step of one rank and not of its replica, which runs µs apart).
bool replicates(const std::vector<Composition>& longer, const std::vector<Composition>& shorter)
{
    if (shorter.empty() || longer.size() < shorter.size() || longer.size() - shorter.size() > 2)
        return false;
    for (size_t off = 0; off + shorter.size() <= longer.size(); ++off)
        if (std::equal(shorter.begin(), shorter.end(), longer.begin() + ptrdiff_t(off)))
            return true;
    return false;
}

/// Figures over the steps `idx` (indices into s). `windowNs` scales the throughput.
ServingFigures figuresOf(
    const ServingSteps& s, const std::vector<qint32>& counted, const std::vector<qint32>& all, qint64 windowNs)
{
    ServingFigures f;
    std::array<std::vector<qint64>, StepComposition::kClassCount> byClass;
    std::vector<qint64> tpot;
    qint64 ctx = 0, gen = 0, tpotWeighted = 0, tpotTokens = 0;
    bool ctxKnown = !counted.empty(), genKnown = !counted.empty();
    qint64 decodeKernelNs = 0, decodeTokens = 0, prefillKernelNs = 0, prefillTokens = 0;
    bool anyDecode = false, anyPrefill = false;
    for (qint32 i : counted) {
        const auto c = StepComposition::Class(s.cls[size_t(i)]);
        const qint64 d = s.duration(i);
        ++f.steps;
        ++f.stepsByClass[c];
        byClass[c].push_back(d);
        const qint32 cr = s.ctxReqs[size_t(i)], ct = s.ctxTokens[size_t(i)];
        const qint32 gr = s.genReqs[size_t(i)], gt = s.genTokens[size_t(i)];
        if (cr < 0 && gr < 0)
            ctxKnown = genKnown = false; // the name gives no composition at all
        if (cr > 0 && ct < 0)
            ctxKnown = false;
        ctx += std::max(0, cr > 0 ? ct : 0);
        if (gr > 0 && gt < 0)
            genKnown = false;
        gen += std::max(0, gr > 0 ? gt : 0);
        if (gr > 0 && gt > 0) {
            tpot.push_back(d * gr / gt);
            tpotWeighted += d * gr;
            tpotTokens += gt;
        }
        if (c == StepComposition::Decode && gt > 0)
            anyDecode = true, decodeTokens += gt;
        if (c == StepComposition::Prefill && ct > 0)
            anyPrefill = true, prefillTokens += ct;
    }
    for (qint32 i : all) {
        const auto c = StepComposition::Class(s.cls[size_t(i)]);
        f.stepNs += s.duration(i);
        f.busyNs += s.busyNs[size_t(i)];
        f.idleNs += s.idleNs(i);
        f.hostNs += s.hostNs[size_t(i)];
        f.kernelNs += s.kernelNs[size_t(i)];
        if (c == StepComposition::Decode)
            decodeKernelNs += s.kernelNs[size_t(i)];
        else if (c == StepComposition::Prefill)
            prefillKernelNs += s.kernelNs[size_t(i)];
    }
    for (int c = 0; c < StepComposition::kClassCount; ++c)
        f.stepTime[size_t(c)] = distribution(std::move(byClass[size_t(c)]));
    f.tpot = distribution(std::move(tpot));
    if (tpotTokens > 0)
        f.tpotMeanNs = tpotWeighted / tpotTokens;
    const double seconds = double(std::max<qint64>(1, windowNs)) / 1e9;
    if (ctxKnown) {
        f.contextTokens = ctx;
        f.prefillTokensPerS = double(ctx) / seconds;
    }
    if (genKnown) {
        f.generatedTokens = gen;
        f.decodeTokensPerS = double(gen) / seconds;
    }
    if (genKnown && anyDecode)
        f.kernelNsPerGeneratedToken = decodeKernelNs / decodeTokens;
    if (ctxKnown && anyPrefill)
        f.kernelNsPerContextToken = prefillKernelNs / prefillTokens;
    return f;
}

/// Step composition and host flag of one distinct range name.
struct NameInfo
{
    StepComposition step;
    bool host = false;
};
using NameInfos = std::unordered_map<quint32, NameInfo>;

/// NameInfo of each distinct NVTX range name, computed once. False when no name is a step or
/// when cancelled.
bool nameInfos(const PhaseMap& phaseMap, const Trace& t, NameInfos& names, const Cancellation& cancel)
{
    const auto& n = t.nvtx;
    bool anyStep = false;
    for (qsizetype i = 0; i < n.size(); ++i) {
        if (cancel.poll(i))
            return false;
        auto [it, inserted] = names.try_emplace(n.name[size_t(i)]);
        if (!inserted)
            continue;
        const QString text = t.strings.at(n.name[size_t(i)]);
        it->second.step = phaseMap.matchStep(text);
        it->second.host = !it->second.step.isStep() && phaseMap.isHostRange(text);
        anyStep = anyStep || it->second.step.isStep();
    }
    return anyStep && !cancel.isCancelled();
}

/// Appends NVTX range `rg`, a step of composition `c`, to `sv.steps` (its device and times of
/// GPU work are filled in later).
void appendStep(ServingStats& sv, const PhaseMap& phaseMap, const NvtxTable& n, quint32 rg, const StepComposition& c)
{
    ServingSteps& s = sv.steps;
    s.range.push_back(rg);
    s.pid.push_back(n.pid[rg]);
    s.device.push_back(-1);
    s.cls.push_back(quint8(c.stepClass()));
    s.ctxReqs.push_back(c.ctxReqs), s.ctxTokens.push_back(c.ctxTokens);
    s.genReqs.push_back(c.genReqs), s.genTokens.push_back(c.genTokens);
    s.start.push_back(n.start[rg]), s.end.push_back(n.end[rg]);
    s.busyNs.push_back(0), s.kernelNs.push_back(0), s.kernelCount.push_back(0), s.hostNs.push_back(0);
    const QString& scheme = phaseMap.stepScheme(c.rule);
    if (!sv.schemes.contains(scheme))
        sv.schemes.append(scheme);
    s.scheme.push_back(quint8(std::min<qsizetype>(255, sv.schemes.indexOf(scheme))));
}

/// The steps (step ranges starting in the window) into `r.serving.steps`, each range's
/// innermost enclosing step into `r.serving.rangeStep`, and the host time inside each step
/// (ranges per thread: same-thread ranges only, like the kernel attribution rule).
void collectSteps(const PhaseMap& phaseMap, AnalysisResult& r, const NameInfos& names)
{
    const auto& n = r.trace->nvtx;
    ServingStats& sv = r.serving;
    ServingSteps& s = sv.steps;
    NvtxThreadGroups built;
    if (!r.nvtxThreads)
        built.build(n); // serving run on its own (tests); the analysis has built them once
    const NvtxThreadGroups& threads = r.nvtxThreads ? *r.nvtxThreads : built;
    sv.rangeStep.assign(size_t(n.size()), -1);
    struct Open
    {
        quint32 range;
        qint32 step; ///< innermost enclosing window step (itself included), -1 none
        bool inHost; ///< this range or an enclosing one inside the step is a host range
    };
    std::vector<Open> stack;
    for (const auto& ranges : threads.ranges) {
        stack.clear();
        for (quint32 rg : ranges) {
            NvtxThreadGroups::popToEnclosing(stack, n, rg, [](const Open& o) { return o.range; });
            Open open { rg, stack.empty() ? -1 : stack.back().step, !stack.empty() && stack.back().inHost };
            const NameInfo& info = names.at(n.name[rg]);
            if (info.step.isStep() && r.window.contains(n.start[rg])) {
                open.step = qint32(s.size());
                open.inHost = false;
                appendStep(sv, phaseMap, n, rg, info.step);
            } else if (info.host && open.step >= 0 && !open.inHost) {
                // Outermost host range inside the step: its time, clipped to the step, counts once.
                const auto st = size_t(open.step);
                s.hostNs[st] += std::max<qint64>(0, std::min(n.end[rg], s.end[st]) - n.start[rg]);
                open.inHost = true;
            }
            sv.rangeStep[rg] = open.step;
            stack.push_back(open);
        }
    }
}

/// The device with the most votes (the lowest id on a tie), -1 without votes.
qint16 mostVoted(const std::map<quint16, qint64>& votes)
{
    qint16 best = -1;
    qint64 count = 0;
    for (const auto& [dev, c] : votes)
        if (c > count)
            best = qint16(dev), count = c;
    return best;
}

/// Kernels launched inside a step: their time and count per step; each step's GPU is where
/// most of its kernels ran (else where most of its process's did), and its busy time is the
/// GPU's busy union over it. False when cancelled.
bool attributeKernels(AnalysisResult& r, const Cancellation& cancel)
{
    const Trace& t = *r.trace;
    const auto& k = t.kernels;
    ServingStats& sv = r.serving;
    ServingSteps& s = sv.steps;
    std::vector<std::map<quint16, qint64>> deviceVotes(size_t(s.size()));
    std::map<quint32, std::map<quint16, qint64>> pidDevices;
    for (qsizetype i = 0; i < k.size(); ++i) {
        if (cancel.poll(i))
            return false;
        if (!r.kernelInWindow[size_t(i)])
            continue;
        const qint32 rg = r.kernelRange[size_t(i)];
        const qint32 st = rg >= 0 ? sv.rangeStep[size_t(rg)] : -1;
        if (st < 0)
            continue;
        s.kernelNs[size_t(st)] += k.duration(i);
        ++s.kernelCount[size_t(st)];
        ++deviceVotes[size_t(st)][k.device[size_t(i)]];
        ++pidDevices[s.pid[size_t(st)]][k.device[size_t(i)]];
    }
    std::map<qint16, std::vector<qint32>> stepsOfDevice;
    for (qsizetype i = 0; i < s.size(); ++i) {
        qint16 dev = mostVoted(deviceVotes[size_t(i)]);
        if (dev < 0) {
            const auto it = pidDevices.find(s.pid[size_t(i)]);
            dev = it == pidDevices.end() ? qint16(-1) : mostVoted(it->second);
        }
        s.device[size_t(i)] = dev;
        if (dev >= 0)
            stepsOfDevice[dev].push_back(qint32(i));
    }
    for (auto& [dev, steps] : stepsOfDevice) {
        std::stable_sort(
            steps.begin(), steps.end(), [&](qint32 a, qint32 b) { return s.start[size_t(a)] < s.start[size_t(b)]; });
        addBusy(t, quint16(dev), s, steps, s.busyNs);
    }
    return true;
}

/// Tensor-parallel replicas run the same steps: a rank whose composition sequence occurs in a
/// rank with as many or more steps counts once (the longest rank of the group counts). Returns
/// pid → the pid it replicates (0: none).
std::map<quint32, quint32> replicas(const ServingSteps& s, const std::map<quint32, std::vector<qint32>>& stepsOfPid)
{
    std::vector<quint32> order;
    std::map<quint32, std::vector<Composition>> seq;
    for (const auto& [pid, idx] : stepsOfPid) {
        order.push_back(pid);
        auto& v = seq[pid];
        for (qint32 i : idx)
            v.push_back({ s.cls[size_t(i)], s.ctxReqs[size_t(i)], s.ctxTokens[size_t(i)], s.genReqs[size_t(i)],
                s.genTokens[size_t(i)] });
    }
    std::stable_sort(order.begin(), order.end(), [&](quint32 a, quint32 b) { return seq[a].size() > seq[b].size(); });
    std::map<quint32, quint32> replicaOf;
    std::vector<quint32> representatives;
    for (quint32 pid : order) {
        quint32 of = 0;
        for (quint32 rep : representatives)
            if (replicates(seq[rep], seq[pid])) {
                of = rep;
                break;
            }
        replicaOf[pid] = of;
        if (!of)
            representatives.push_back(pid);
    }
    return replicaOf;
}

/// The figures per rank (the steps of each process, in start order) and of the window (the
/// steps of ranks that replicate no other).
void rankFigures(AnalysisResult& r)
{
    ServingStats& sv = r.serving;
    const ServingSteps& s = sv.steps;
    std::map<quint32, std::vector<qint32>> stepsOfPid;
    for (qsizetype i = 0; i < s.size(); ++i)
        stepsOfPid[s.pid[size_t(i)]].push_back(qint32(i));
    for (auto& [pid, idx] : stepsOfPid)
        std::stable_sort(
            idx.begin(), idx.end(), [&](qint32 a, qint32 b) { return s.start[size_t(a)] < s.start[size_t(b)]; });
    std::map<quint32, quint32> replicaOf = replicas(s, stepsOfPid);
    const qint64 windowNs = r.window.lengthNs();
    std::vector<qint32> countedSteps, allSteps;
    for (const auto& [pid, idx] : stepsOfPid) {
        ServingFigures f = figuresOf(s, idx, idx, windowNs);
        f.pid = pid;
        f.replicaOf = replicaOf[pid];
        std::map<quint16, qint64> votes;
        for (qint32 i : idx)
            if (s.device[size_t(i)] >= 0)
                ++votes[quint16(s.device[size_t(i)])];
        f.deviceId = mostVoted(votes);
        sv.ranks.append(f);
        allSteps.insert(allSteps.end(), idx.begin(), idx.end());
        if (!f.replicaOf)
            countedSteps.insert(countedSteps.end(), idx.begin(), idx.end());
    }
    sv.window = figuresOf(s, countedSteps, allSteps, windowNs);
}

} // namespace

void ServingAnalysis::run(const PhaseMap& phaseMap, AnalysisResult& r, const Cancellation& cancel)
{
    ServingStats& sv = r.serving;
    sv = ServingStats();
    if (phaseMap.stepRuleCount() == 0 || r.trace->nvtx.size() == 0)
        return;
    NameInfos names;
    if (!nameInfos(phaseMap, *r.trace, names, cancel))
        return;
    collectSteps(phaseMap, r, names);
    if (sv.steps.size() == 0 || cancel.isCancelled())
        return;
    if (!attributeKernels(r, cancel) || cancel.isCancelled())
        return;
    rankFigures(r);
}

} // namespace sl
