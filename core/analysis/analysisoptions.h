// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysiswindow.h"
#include "core/analysis/gpupeaks.h"
#include "core/analysis/mathpath.h"
#include "core/analysis/phasemap.h"
#include "core/analysis/taxonomy.h"

#include <optional>

namespace sl {

struct AnalysisOptions
{
    WindowSpec window;
    PhaseMap phases = PhaseMap::defaultMap();
    Taxonomy taxonomy = Taxonomy::defaultTaxonomy();
    /// Idle gaps kept in AnalysisResult::gaps (largest first); every gap ≥ 500 ms is kept too.
    /// All gaps still count in DeviceStats::gapCount and the idle-cause totals.
    int maxGaps = 1000;
    /// Math path of kernels by name (resources/efficiency/math-paths.json + --math-paths).
    MathPathTable mathPaths = MathPathTable::defaultTable();
    /// Dense peak TFLOP/s per GPU model (resources/efficiency/gpu-peaks.json + --gpu-peaks).
    GpuPeaks peaks = GpuPeaks::defaultTable();
    /// --peak-tflops: one peak (TFLOP/s per GPU) for every kernel, instead of the table.
    std::optional<double> peakTflops;
};

} // namespace sl
