// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisoptions.h"
#include "core/analysis/analysisresult.h"
#include "core/util/cancellation.h"

#include <QFuture>

#include <functional>

namespace sl {

/// Runs every analysis of spec §2–§4 over one trace and window. Independent analyses run in
/// parallel on the global thread pool; nothing here touches SQL (the trace is in memory).
class Analyzer
{
    Q_DECLARE_TR_FUNCTIONS(Analyzer)
public:
    /// Called once, on the analysing thread, as soon as the whole-trace inputs of the views are
    /// final (nameCategory, rangePhase and the phases' names) and before the window's remaining
    /// passes run: the Timeline's lanes can be built from them on the other core meanwhile. The
    /// result is incomplete then; read only those members, and only during the call.
    using ViewInputsReady = std::function<void(const AnalysisResult&)>;

    /// Blocking; returns null only when cancelled. Every analysis loop polls `cancel`
    /// (Cancellation::poll), so a cancel stops the running analyses within about a millisecond
    /// of work and skips the ones not started. With `options.imports` set no pass reads a file;
    /// import paths without a snapshot are read once first (ImportsReader), for callers that
    /// analyse once.
    static AnalysisPtr analyze(const TracePtr& trace, const AnalysisOptions& options, const Cancellation& cancel = {},
        const ViewInputsReady& viewInputsReady = {});
    /// analyze() on the global thread pool. Cancelling the future stops the analysis (the
    /// loops poll the promise); a cancelled future has no result.
    static QFuture<AnalysisPtr> analyzeAsync(
        const TracePtr& trace, const AnalysisOptions& options, ViewInputsReady viewInputsReady = {});

    /// The window the spec defines for `spec` (full: first to last GPU or API event; steady:
    /// after the warm-up gap, up to the last GPU work). Adds a warning when steady cannot apply.
    static AnalysisWindow resolveWindow(const Trace& trace, const WindowSpec& spec, QStringList* warnings);

private:
    /// Warns when the idle-gap list holds fewer gaps than the devices count.
    static void warnOfCappedGaps(AnalysisResult& r);
};

} // namespace sl
