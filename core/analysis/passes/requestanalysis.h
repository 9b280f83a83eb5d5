// SPDX-License-Identifier: MIT
#pragma once

#include "core/util/cancellation.h"

#include <QCoreApplication>

namespace sl {

struct AnalysisResult;
class PhaseMap;

/// Requests, TTFT and end-to-end latency (docs/analysis.md "Requests"): the window's NVTX ranges
/// that match the phase map's request rules (any thread: a harness may start a request on one
/// thread and end it on another). TTFT = from the request's start to the end of the first
/// prefill (or mixed) serving step that starts inside it; E2E = its duration; per-request TPOT
/// where the name gives the output tokens. Runs after ServingAnalysis (it reads the steps).
/// O(requests · log steps).
class RequestAnalysis
{
    Q_DECLARE_TR_FUNCTIONS(RequestAnalysis)
public:
    /// Returns early, with r.serving.requests incomplete, when `cancel` is set (polled per 16 k
    /// requests).
    static void run(const PhaseMap& phases, AnalysisResult& r, const Cancellation& cancel = {});
};

} // namespace sl
