// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisoptions.h"
#include "core/analysis/analysisresult.h"

#include <QFuture>

#include <atomic>

namespace sl {

/// Runs every analysis of spec §2–§4 over one trace and window. Independent analyses run in
/// parallel on the global thread pool; nothing here touches SQL (the trace is in memory).
class Analyzer
{
    Q_DECLARE_TR_FUNCTIONS(Analyzer)
public:
    /// Blocking; returns null only when cancelled.
    static AnalysisPtr analyze(const TracePtr& trace, const AnalysisOptions& options,
                               const std::atomic<bool>* cancel = nullptr);
    static QFuture<AnalysisPtr> analyzeAsync(const TracePtr& trace, const AnalysisOptions& options);

    /// The window the spec defines for `spec` (full: first to last GPU or API event; steady:
    /// after the warm-up gap, up to the last GPU work). Adds a warning when steady cannot apply.
    static AnalysisWindow resolveWindow(const Trace& trace, const WindowSpec& spec, QStringList* warnings);
};

} // namespace sl
