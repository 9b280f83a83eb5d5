// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QSize>
#include <QString>
#include <QVector>

namespace sl {

class TimeCanvas;

/// Repaint cost of the timeline views for the GUI benchmark mode: builds the lanes (timing the
/// level-of-detail build), then renders a TimelineView and an NvtxView offscreen into a QImage at
/// several zoom levels — the whole capture, 1 %, 0.01 % and one kernel — and times each repaint.
/// GUI thread; blocks while it runs (a benchmark, not for interactive use).
class TimelineBenchmark
{
public:
    struct Sample
    {
        QString view; ///< "timeline" or "nvtx"
        QString zoom; ///< "whole capture", "1 %", "0.01 %", "one kernel"
        qint64 spanNs = 0;
        double medianMs = 0, maxMs = 0; ///< wall time over the repaints after one warm-up
        double cpuMedianMs = 0; ///< the painting thread's CPU time (steadier on a busy machine)
    };
    struct Result
    {
        double lodBuildMs = 0; ///< TimelineData build on the thread pool, request to result
        qint64 lodBytes = 0; ///< TimelineData::memoryBytes()
        /// GUI-thread cost of handing a view an analysis whose lanes are cached (a re-analysis):
        /// colour keys and their hash, gaps, rows.
        double setAnalysisMs = 0;
        qint64 kernels = 0;
        QSize size;
        int lanes = 0; ///< timeline rows painted (all lanes of the trace)
        QVector<Sample> samples;
        QString toText() const; ///< one line per sample, for logs and docs/benchmarks.md
    };

    /// `size` is the view's size in pixels; `repaints` per zoom level (after one warm-up).
    static Result run(const AnalysisPtr& analysis, QSize size = QSize(1600, 1000), int repaints = 10);
    /// The same four zoom levels on a view as it is (e.g. the main window's timeline, at its size
    /// and with its lanes): the slowest zoom level's median repaint, ns; −1 when the view has no
    /// analysis. Waits for the view's lanes if they are still being built; restores its range.
    static qint64 slowestRepaintNs(TimeCanvas& view, int repaints = 5);
};

} // namespace sl
