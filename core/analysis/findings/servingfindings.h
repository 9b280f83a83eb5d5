// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/findings/finding.h"

#include <QCoreApplication>

#include <vector>

namespace sl {

struct AnalysisResult;

/// The serving findings (docs/analysis.md "Serving findings"): decode steps dominated by host
/// overhead, prefill work stalling decode (mixed steps far slower than decode-only steps of
/// the same batch), and a rank whose steps are slower than the others'. Each carries the step
/// ranges (NVTX_EVENTS) and the kernels launched inside them as evidence. Appends to the list it
/// is given (thresholds: specrules.h); Analyzer::analyze ranks them with the rest.
class ServingFindings
{
    Q_DECLARE_TR_FUNCTIONS(ServingFindings)
public:
    /// Appends the serving findings of `r` to `out`.
    static void run(const AnalysisResult& r, QVector<Finding>& out);
    /// Evidence of steps (indices into r.serving.steps, most important first; at most
    /// Evidence::kMaxRowids are kept): their NVTX_EVENTS rows, and the kernels launched inside
    /// them, longest first (launching call on the step's thread, its start inside the step).
    /// Also what the Serving dock routes when a step is clicked; evidence of one step also carries
    /// its time range and GPU.
    static QVector<Evidence> stepEvidence(const AnalysisResult& r, std::vector<qint32> steps);

private:
    static void hostOverhead(const AnalysisResult& r, QVector<Finding>& out);
    static void prefillStall(const AnalysisResult& r, QVector<Finding>& out);
    static void slowRank(const AnalysisResult& r, QVector<Finding>& out);
};

} // namespace sl
