// SPDX-License-Identifier: MIT
#include "core/analysis/passes/requestanalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/rules/phasemap.h"

#include <algorithm>
#include <unordered_map>

namespace sl {

namespace {

/// Serving steps that can hold a request's first token, start-sorted, per process. A process
/// whose steps all lack a composition (SGLang's scheduler.run_batch) offers all of its steps.
class FirstTokenSteps
{
public:
    explicit FirstTokenSteps(const ServingSteps& s)
        : m_s(s)
    {
        std::unordered_map<quint32, bool> knowsClass;
        for (qsizetype i = 0; i < s.size(); ++i)
            knowsClass[s.pid[size_t(i)]] |= s.cls[size_t(i)] != StepComposition::Other;
        for (qsizetype i = 0; i < s.size(); ++i) {
            const auto c = StepComposition::Class(s.cls[size_t(i)]);
            const bool prefill = c == StepComposition::Prefill || c == StepComposition::Mixed;
            if (prefill || !knowsClass[s.pid[size_t(i)]]) {
                m_byPid[s.pid[size_t(i)]].push_back(qint32(i));
                m_all.push_back(qint32(i));
            }
        }
        const auto byStart = [&](qint32 a, qint32 b) { return s.start[size_t(a)] < s.start[size_t(b)]; };
        for (auto& [pid, v] : m_byPid)
            std::stable_sort(v.begin(), v.end(), byStart);
        std::stable_sort(m_all.begin(), m_all.end(), byStart);
    }

    bool empty() const { return m_all.empty(); }

    /// End (ns) of the first candidate step of `pid` (of any process when `pid` has none)
    /// starting in [start, end]; −1 when there is none.
    qint64 firstEnd(quint32 pid, qint64 start, qint64 end) const
    {
        const auto it = m_byPid.find(pid);
        const std::vector<qint32>& v = it != m_byPid.end() ? it->second : m_all;
        const auto first = std::lower_bound(
            v.begin(), v.end(), start, [&](qint32 st, qint64 t) { return m_s.start[size_t(st)] < t; });
        if (first == v.end() || m_s.start[size_t(*first)] > end)
            return -1;
        return m_s.end[size_t(*first)];
    }

private:
    const ServingSteps& m_s;
    std::unordered_map<quint32, std::vector<qint32>> m_byPid;
    std::vector<qint32> m_all;
};

/// kBins equal-width bins from 0 to the largest value (width rounded up to whole ns).
std::vector<qint64> histogram(const std::vector<qint64>& v, qint64* binNs)
{
    std::vector<qint64> bins(RequestStats::kBins, 0);
    qint64 max = 0;
    for (qint64 x : v)
        max = std::max(max, x);
    *binNs = std::max<qint64>(1, (max + RequestStats::kBins) / RequestStats::kBins);
    for (qint64 x : v)
        ++bins[size_t(std::min<qint64>(RequestStats::kBins - 1, x / *binNs))];
    return v.empty() ? std::vector<qint64> {} : bins;
}

/// The request ranges of the window with their E2E latency and output tokens.
void collect(const PhaseMap& phases, const AnalysisResult& r, RequestStats& q)
{
    const NvtxTable& n = r.trace->nvtx;
    std::unordered_map<quint32, qint32> tokensOfName; // −2 = not a request name
    for (qsizetype i = 0; i < n.size(); ++i) {
        if (!r.window.contains(n.start[size_t(i)]))
            continue;
        const quint32 name = n.name[size_t(i)];
        auto it = tokensOfName.find(name);
        if (it == tokensOfName.end()) {
            qint32 tokens = -1;
            const bool isRequest = phases.matchRequest(r.trace->strings.at(name), &tokens);
            it = tokensOfName.emplace(name, isRequest ? tokens : -2).first;
        }
        if (it->second == -2)
            continue;
        q.range.push_back(quint32(i));
        q.e2eNs.push_back(n.duration(i));
        q.tokens.push_back(it->second);
    }
}

} // namespace

void RequestAnalysis::run(const PhaseMap& phases, AnalysisResult& r, const Cancellation& cancel)
{
    RequestStats& q = r.serving.requests;
    q = {};
    if (!phases.hasRequestRules() || cancel.isCancelled())
        return;
    collect(phases, r, q);
    const NvtxTable& n = r.trace->nvtx;
    const FirstTokenSteps steps(r.serving.steps);
    std::vector<qint64> ttft, tpot;
    for (qsizetype i = 0; i < q.size(); ++i) {
        if (cancel.poll(i))
            return;
        const quint32 rg = q.range[size_t(i)];
        const qint64 firstEnd = steps.firstEnd(n.pid[rg], n.start[rg], n.end[rg]);
        const qint64 t = firstEnd < 0 ? -1 : firstEnd - n.start[rg];
        q.ttftNs.push_back(t);
        const qint32 tokens = q.tokens[size_t(i)];
        // The first token ends the prefill; the other tokens − 1 share the rest of the request.
        const qint64 rest = q.e2eNs[size_t(i)] - t;
        const qint64 perToken = t >= 0 && tokens >= 2 && rest >= 0 ? rest / (tokens - 1) : -1;
        q.tpotNs.push_back(perToken);
        if (t >= 0)
            ttft.push_back(t);
        if (perToken >= 0)
            tpot.push_back(perToken);
    }
    q.ttftHistogram = histogram(ttft, &q.ttftBinNs);
    q.e2eHistogram = histogram(q.e2eNs, &q.e2eBinNs);
    q.ttft = ServingDistribution::of(std::move(ttft));
    q.e2e = ServingDistribution::of(q.e2eNs);
    q.tpot = ServingDistribution::of(std::move(tpot));
    if (q.size() == 0)
        q.ttftReason = tr("No request ranges in the window: add a \"requests\" rule to the phase map for the "
                          "harness's request ranges.");
    else if (steps.empty())
        q.ttftReason = tr("No prefill serving steps: the end of a request's first prefill step is its first token.");
    else if (q.ttft.count == 0)
        q.ttftReason = tr("No prefill step starts inside any request range.");
}

} // namespace sl
