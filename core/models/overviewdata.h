// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/models/chartdata.h"

#include <QCoreApplication>

namespace sl {

/// The Overview dock's charts, aggregated from one analysis: at most a few dozen values,
/// whatever the trace size, computed from the per-name, per-device and per-phase figures the
/// analysis already holds (O(kernel names + devices + phases), cheap on the GUI thread).
/// Every figure is over the analysis window, like report.json.
class OverviewData
{
    Q_DECLARE_TR_FUNCTIONS(OverviewData)
public:
    /// GPU time by kernel category (Σ KernelSummary::totalNs per taxonomy category), largest first;
    /// categories beyond `maxCategories` − 1 are folded into "other". One series.
    static ChartData categories(const AnalysisResult& r, int maxCategories = 10);
    /// Per device, stacked to its span (first to last GPU work): compute (kernel and graph union),
    /// copies only (busy − compute), then idle split by cause (host wait, sync wait, other).
    /// `onlyDevice` ≥ 0 keeps that GPU's bar only (the docks' GPU focus).
    static ChartData devices(const AnalysisResult& r, qint64 onlyDevice = -1);
    /// Per phase (phase-map order, "unattributed" last): wall time of its steps and kernel time,
    /// side by side. Phases with neither are left out.
    static ChartData phases(const AnalysisResult& r);
};

} // namespace sl
