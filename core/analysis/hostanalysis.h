// SPDX-License-Identifier: MIT
#pragma once

#include "core/util/cancellation.h"

#include <QtGlobal>

namespace sl {

struct AnalysisResult;
struct Trace;

/// Host-side views of the window: launch rate, storm and launch overhead; synchronisation
/// calls; memory transfers by kind with the pageable-async and synchronous copy rules; CUDA
/// graph launches (spec §3 "Launch rate", "Synchronisation", "Memory transfers").
class HostAnalysis
{
public:
    /// Each returns early, with its part of `r` incomplete, when `cancel` is set.
    static void launches(AnalysisResult& r, const Cancellation& cancel = {});
    static void sync(AnalysisResult& r, const Cancellation& cancel = {});
    static void memcpy(AnalysisResult& r, const Cancellation& cancel = {});
    static void graphs(AnalysisResult& r, const Cancellation& cancel = {});

    /// The copy rules, shared with the findings so evidence selects exactly what was counted.
    static bool isPageableAsyncCopy(const Trace& t, qsizetype i);
    static bool isSyncCopy(const Trace& t, qsizetype i);
};

} // namespace sl
