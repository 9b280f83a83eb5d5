// SPDX-License-Identifier: MIT
#pragma once

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
    static void launches(AnalysisResult& r);
    static void sync(AnalysisResult& r);
    static void memcpy(AnalysisResult& r);
    static void graphs(AnalysisResult& r);

    /// The copy rules, shared with the findings so evidence selects exactly what was counted.
    static bool isPageableAsyncCopy(const Trace& t, qsizetype i);
    static bool isSyncCopy(const Trace& t, qsizetype i);
};

} // namespace sl
