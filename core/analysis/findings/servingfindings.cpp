// SPDX-License-Identifier: MIT
#include "core/analysis/findings/servingfindings.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/findings/evidencebuilder.h"
#include "core/analysis/passes/statistics.h"
#include "core/analysis/rules/specrules.h"
#include "core/trace/tablenames.h"
#include "core/util/format.h"

#include <algorithm>
#include <map>
#include <utility>

namespace sl {

namespace {
/// Impact `ns` (of the window) and its severity, at least low: every serving finding names
/// steps the user can act on.
void setImpact(Finding& f, qint64 ns, const AnalysisResult& r)
{
    f.setImpact(ns, r.window);
    f.severity = std::max(Finding::Severity::Low, Finding::severityForShare(f.impactShare));
}
} // namespace

QVector<Evidence> ServingFindings::stepEvidence(const AnalysisResult& r, std::vector<qint32> steps)
{
    const Trace& t = *r.trace;
    const ServingSteps& s = r.serving.steps;
    if (steps.size() > size_t(Evidence::kMaxRowids))
        steps.resize(size_t(Evidence::kMaxRowids));
    std::vector<quint32> ranges;
    std::vector<char> chosen(size_t(s.size()), 0);
    QStringList ids;
    for (qint32 i : steps) {
        ranges.push_back(s.range[size_t(i)]);
        chosen[size_t(i)] = 1;
        ids << QString::number(t.nvtx.rowid[s.range[size_t(i)]]);
    }
    QVector<Evidence> out;
    out.append(EvidenceBuilder::rows(tables::kNvtxEvents, t.nvtx.rowid, std::move(ranges), QString()));
    if (steps.size() == 1) {
        // One step (a click in the Serving dock): its time range on its GPU, for the timeline.
        const auto st = size_t(steps.front());
        out.back().startNs = s.start[st];
        out.back().endNs = s.end[st];
        out.back().deviceId = s.device[st];
    }
    std::vector<quint32> kernels;
    for (qsizetype k = 0; k < t.kernels.size(); ++k) {
        if (!r.kernelInWindow[size_t(k)])
            continue;
        const qint32 rg = r.kernelRange[size_t(k)];
        const qint32 st = rg >= 0 ? r.serving.rangeStep[size_t(rg)] : -1;
        if (st >= 0 && chosen[size_t(st)])
            kernels.push_back(quint32(k));
    }
    std::stable_sort(kernels.begin(), kernels.end(),
        [&](quint32 a, quint32 b) { return t.kernels.duration(a) > t.kernels.duration(b); });
    // The step rule in SQL: the launching call (same correlationId and process) starts inside one
    // of the step ranges, on the range's thread.
    const QString predicate
        = QStringLiteral("rowid IN (SELECT k.rowid FROM %1 k JOIN %2 r ON %3 JOIN %4 n ON n.globalTid = r.globalTid "
                         "AND r.start BETWEEN n.start AND n.\"end\" WHERE n.rowid IN (%5) AND %6)")
              .arg(tables::kKernel, tables::kRuntime,
                  EvidenceBuilder::launchingCall(QStringLiteral("k"), QStringLiteral("r")), tables::kNvtxEvents,
                  ids.join(QLatin1Char(',')), EvidenceBuilder::windowPredicate(r, QStringLiteral("k")));
    if (!kernels.empty())
        out.append(EvidenceBuilder::rows(tables::kKernel, t.kernels.rowid, std::move(kernels), predicate));
    return out;
}

void ServingFindings::run(const AnalysisResult& r, QVector<Finding>& out)
{
    if (!r.serving.present())
        return;
    hostOverhead(r, out);
    prefillStall(r, out);
    slowRank(r, out);
}

void ServingFindings::hostOverhead(const AnalysisResult& r, QVector<Finding>& out)
{
    const ServingSteps& s = r.serving.steps;
    qint64 steps = 0, total = 0, idle = 0, host = 0;
    std::vector<qint32> flagged;
    for (qsizetype i = 0; i < s.size(); ++i) {
        if (s.cls[size_t(i)] != StepComposition::Decode)
            continue;
        ++steps;
        total += s.duration(i);
        idle += s.idleNs(i);
        host += s.hostNs[size_t(i)];
        if (spec::isHostDominated(s.idleNs(i), std::max<qint64>(1, s.duration(i))))
            flagged.push_back(qint32(i));
    }
    if (steps < spec::kMinDecodeSteps || total <= 0 || !spec::isHostDominated(idle, total))
        return;
    std::stable_sort(flagged.begin(), flagged.end(), [&](qint32 a, qint32 b) { return s.idleNs(a) > s.idleNs(b); });
    Finding f;
    f.id = QStringLiteral("decode-host-overhead");
    setImpact(f, idle, r);
    f.title = tr("Decode steps are dominated by host overhead");
    f.metric = formatPercent(double(idle) / double(total));
    f.summary = tr("The GPU is idle for %1 of the time of %2 decode steps (%3 of %4): the host prepares, schedules "
                   "and bookkeeps longer than the GPU computes (%5 in host ranges). %6 steps are idle more than "
                   "half of their time. CUDA graphs, async scheduling or a larger batch shorten the host's share.")
                    .arg(formatPercent(double(idle) / double(total)), formatCount(steps), formatDuration(idle),
                        formatDuration(total), formatDuration(host), formatCount(qint64(flagged.size())));
    f.evidence = stepEvidence(r, flagged);
    out.append(std::move(f));
}

void ServingFindings::prefillStall(const AnalysisResult& r, QVector<Finding>& out)
{
    const ServingSteps& s = r.serving.steps;
    // Decode-only step times per batch size (generation requests), for the reference median.
    std::map<qint32, std::vector<qint64>> decodeAt;
    for (qsizetype i = 0; i < s.size(); ++i)
        if (s.cls[size_t(i)] == StepComposition::Decode)
            decodeAt[s.genReqs[size_t(i)]].push_back(s.duration(i));
    std::map<qint32, qint64> reference;
    for (auto& [batch, v] : decodeAt) {
        if (qint64(v.size()) < spec::kMinReferenceSteps)
            continue;
        std::sort(v.begin(), v.end());
        reference[batch] = nearestRank(v, 50);
    }
    std::vector<qint32> matched;
    std::vector<qint64> ratiosPermille;
    qint64 stall = 0, mixedNs = 0;
    for (qsizetype i = 0; i < s.size(); ++i) {
        if (s.cls[size_t(i)] != StepComposition::Mixed)
            continue;
        const auto it = reference.find(s.genReqs[size_t(i)]);
        if (it == reference.end() || it->second <= 0)
            continue;
        matched.push_back(qint32(i));
        ratiosPermille.push_back(s.duration(i) * 1000 / it->second);
        stall += std::max<qint64>(0, s.duration(i) - it->second);
        mixedNs += s.duration(i);
    }
    if (qint64(matched.size()) < spec::kMinMixedSteps)
        return;
    std::sort(ratiosPermille.begin(), ratiosPermille.end());
    const double ratio = double(nearestRank(ratiosPermille, 50)) / 1000.0;
    if (ratio < spec::kStallRatio)
        return;
    std::stable_sort(matched.begin(), matched.end(), [&](qint32 a, qint32 b) { return s.duration(a) > s.duration(b); });
    Finding f;
    f.id = QStringLiteral("prefill-stalls-decode");
    setImpact(f, stall, r);
    f.title = tr("Prefill work stalls decode");
    f.metric = QStringLiteral("%1×").arg(ratio, 0, 'f', 2);
    f.summary = tr("%1 mixed steps (prefill and decode requests in one batch) take a median %2× the time of "
                   "decode-only steps with the same number of generation requests: every decoding request waits "
                   "%3 in all for the prefills batched with it. Chunked prefill with a smaller token budget, or "
                   "separate prefill and decode instances, bound the stall.")
                    .arg(formatCount(qint64(matched.size())))
                    .arg(ratio, 0, 'f', 2)
                    .arg(formatDuration(stall));
    f.evidence = stepEvidence(r, matched);
    out.append(std::move(f));
}

void ServingFindings::slowRank(const AnalysisResult& r, QVector<Finding>& out)
{
    const ServingSteps& s = r.serving.steps;
    // Compare decode steps when ranks have enough of them, else all steps.
    for (const bool decodeOnly : { true, false }) {
        std::map<quint32, std::vector<qint64>> times;
        for (qsizetype i = 0; i < s.size(); ++i)
            if (!decodeOnly || s.cls[size_t(i)] == StepComposition::Decode)
                times[s.pid[size_t(i)]].push_back(s.duration(i));
        std::map<quint32, qint64> median;
        for (auto& [pid, v] : times) {
            if (qint64(v.size()) < spec::kMinRankSteps)
                continue;
            std::sort(v.begin(), v.end());
            median[pid] = nearestRank(v, 50);
        }
        if (median.size() < 2)
            continue;
        auto [fast, slow] = std::minmax_element(
            median.begin(), median.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
        if (!spec::isSlowRank(slow->second, fast->second))
            return;
        std::vector<qint32> steps;
        for (qsizetype i = 0; i < s.size(); ++i)
            if (s.pid[size_t(i)] == slow->first && (!decodeOnly || s.cls[size_t(i)] == StepComposition::Decode))
                steps.push_back(qint32(i));
        std::stable_sort(steps.begin(), steps.end(), [&](qint32 a, qint32 b) { return s.duration(a) > s.duration(b); });
        const double ratio = double(slow->second) / double(fast->second);
        Finding f;
        f.id = QStringLiteral("slow-rank-steps");
        setImpact(f, (slow->second - fast->second) * qint64(steps.size()), r);
        f.title = tr("Process %1 runs slower steps than the other ranks").arg(slow->first);
        f.metric = QStringLiteral("%1×").arg(ratio, 0, 'f', 2);
        f.summary = tr("The median %1 step of process %2 takes %3, of process %4 only %5 (%6 ranks with steps): the "
                       "slow rank holds the others back at every collective.")
                        .arg(decodeOnly ? tr("decode") : tr("serving"))
                        .arg(slow->first)
                        .arg(formatDuration(slow->second))
                        .arg(fast->first)
                        .arg(formatDuration(fast->second))
                        .arg(median.size());
        f.evidence = stepEvidence(r, steps);
        out.append(std::move(f));
        return;
    }
}

} // namespace sl
