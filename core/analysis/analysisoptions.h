// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysiswindow.h"
#include "core/analysis/phasemap.h"
#include "core/analysis/taxonomy.h"

namespace sl {

struct AnalysisOptions
{
    WindowSpec window;
    PhaseMap phases = PhaseMap::defaultMap();
    Taxonomy taxonomy = Taxonomy::defaultTaxonomy();
    /// Idle gaps kept in AnalysisResult::gaps (largest first); every gap ≥ 500 ms is kept too.
    /// All gaps still count in DeviceStats::gapCount and the idle-cause totals.
    int maxGaps = 1000;
    /// Hardware counters imported beside the export (docs/analysis.md, "Hardware counters"):
    /// an NVML sampler's CSV and Nsight Compute results (CSV or .ncu-rep). Empty = none.
    QString nvmlCsv;
    QString ncuFile;
    QString ncuExecutable; ///< ncu for .ncu-rep conversion; empty = search PATH
};

} // namespace sl
