// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/passes/statistics.h"
#include "core/analysis/rules/phasemap.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

namespace sl {

/// The serving steps of the window, columnar (one entry per step, ordered by rank then start).
/// A step is an NVTX range whose name matches a step rule of the phase map
/// (docs/analysis.md "Serving steps"). Times in ns; counts -1 when the name does not give them.
struct ServingSteps
{
    std::vector<quint32> range; ///< NvtxTable index of the step's range
    std::vector<quint32> pid; ///< process (rank) that opened it
    std::vector<qint16> device; ///< GPU its kernels ran on (most kernels), -1 none known
    std::vector<quint8> cls; ///< StepComposition::Class
    std::vector<quint8> scheme; ///< index into ServingStats::schemes (vllm, trtllm, sglang, custom)
    std::vector<qint32> ctxReqs, ctxTokens, genReqs, genTokens;
    std::vector<qint64> start, end;
    std::vector<qint64> busyNs; ///< union of the device's GPU work (kernels, graphs, copies, memsets) inside the step
    std::vector<qint64> kernelNs; ///< Σ durations of the kernels launched inside the step
    std::vector<qint32> kernelCount;
    std::vector<qint64> hostNs; ///< time in host ranges (phase map host_ranges) nested in the step

    qsizetype size() const { return qsizetype(range.size()); }
    qint64 duration(qsizetype i) const { return end[size_t(i)] - start[size_t(i)]; }
    qint64 idleNs(qsizetype i) const { return std::max<qint64>(0, duration(i) - busyNs[size_t(i)]); }
};

/// Nearest-rank percentiles (p50, p90, p99) and count of a set of durations (ns).
struct ServingDistribution
{
    qint64 count = 0, totalNs = 0;
    qint64 p50Ns = 0, p90Ns = 0, p99Ns = 0;

    static ServingDistribution of(std::vector<qint64> v)
    {
        ServingDistribution d;
        d.count = qint64(v.size());
        for (qint64 x : v)
            d.totalNs += x;
        std::sort(v.begin(), v.end());
        d.p50Ns = nearestRank(v, 50);
        d.p90Ns = nearestRank(v, 90);
        d.p99Ns = nearestRank(v, 99);
        return d;
    }
};

/// Requests (docs/analysis.md "Requests"): the window's NVTX ranges that the phase map's request
/// rules match, with their time to first token, end-to-end latency and time per output token.
/// Per-request columns, then the distributions over the requests that define each figure.
struct RequestStats
{
    std::vector<quint32> range; ///< NvtxTable index of the request range
    std::vector<qint64> e2eNs; ///< the range's duration (ns)
    std::vector<qint64> ttftNs; ///< request start → end of its first prefill step (ns), −1 none found
    std::vector<qint32> tokens; ///< output tokens from the name's `tokens` group, −1 unknown
    std::vector<qint64> tpotNs; ///< (e2e − ttft) ÷ (tokens − 1) (ns), −1 unknown
    ServingDistribution ttft, e2e, tpot;
    /// Equal-width histograms from 0 to the largest value: kBins counts each, bin width in ns.
    static constexpr int kBins = 20;
    std::vector<qint64> ttftHistogram, e2eHistogram;
    qint64 ttftBinNs = 0, e2eBinNs = 0;
    /// Why there is no TTFT (translated), empty when ttft.count > 0.
    QString ttftReason;

    qsizetype size() const { return qsizetype(range.size()); }
};

/// Serving figures of one rank (process) or of the whole window. Token totals are exact integers
/// from the step names; std::nullopt when some step of the kind does not give them.
struct ServingFigures
{
    quint32 pid = 0; ///< 0 for the window figures
    int deviceId = -1; ///< the rank's GPU (most of its steps), -1 unknown or window
    qint64 steps = 0;
    std::array<qint64, StepComposition::kClassCount> stepsByClass {}; ///< prefill, decode, mixed, other
    std::array<ServingDistribution, StepComposition::kClassCount> stepTime {}; ///< step durations per class
    std::optional<qint64> contextTokens; ///< Σ ctx_tokens (prefill and mixed steps)
    std::optional<qint64> generatedTokens; ///< Σ gen_tokens (decode and mixed steps)
    /// Time per output token of the steps with generation requests (decode and mixed): per step
    /// duration × gen_reqs ÷ gen_tokens; the mean is token-weighted: Σ duration·gen_reqs ÷ Σ gen_tokens.
    ServingDistribution tpot;
    std::optional<qint64> tpotMeanNs;
    std::optional<double> prefillTokensPerS; ///< contextTokens ÷ window length (s)
    std::optional<double> decodeTokensPerS; ///< generatedTokens ÷ window length (s)
    /// Kernel ns of decode steps ÷ their generated tokens; of prefill steps ÷ their context tokens
    /// (mixed steps feed neither: their kernel time cannot be split between the two).
    std::optional<qint64> kernelNsPerGeneratedToken, kernelNsPerContextToken;
    qint64 stepNs = 0, busyNs = 0, idleNs = 0, hostNs = 0, kernelNs = 0; ///< Σ over the steps
    /// Ranks only: the pid of the rank whose identical step sequence already counts these tokens
    /// (tensor-parallel replicas), 0 when this rank's tokens count in the window totals.
    quint32 replicaOf = 0;
};

/// Everything the serving analysis produced (AnalysisResult::serving).
struct ServingStats
{
    ServingSteps steps;
    QStringList schemes; ///< step schemes seen (vllm, trtllm, sglang, custom), first-seen order
    ServingFigures window; ///< the token totals the report, comparison and efficiency figures use
    QVector<ServingFigures> ranks; ///< per process with steps, pid ascending
    /// Per NVTX range (whole table): index into `steps` of the innermost window step enclosing it
    /// on its thread (itself included), -1 none. A kernel's step is rangeStep[kernelRange[k]].
    std::vector<qint32> rangeStep;
    RequestStats requests; ///< request ranges, TTFT and E2E latency (RequestAnalysis)

    bool present() const { return steps.size() > 0; }
};

} // namespace sl
