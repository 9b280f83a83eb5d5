// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysiswindow.h"
#include "core/analysis/design/anatomyrules.h"
#include "core/analysis/rules/gpupeaks.h"
#include "core/analysis/rules/mathpath.h"
#include "core/analysis/rules/phasemap.h"
#include "core/analysis/rules/taxonomy.h"

#include <QCoreApplication>

#include <memory>
#include <optional>

namespace sl {

struct Imports;

struct AnalysisOptions
{
    Q_DECLARE_TR_FUNCTIONS(AnalysisOptions)
public:
    /// Loads a phase map file (replaces the phases) and a taxonomy file (rules tried before the
    /// built-in ones) into these options; an empty path keeps that part. The one loader of
    /// `--phase-map`/`--taxonomy` (CLI) and the Preferences and Analysis menu (GUI): on failure
    /// nothing changes and `error` is the parser's message, naming the file.
    bool loadFiles(const QString& phaseMapFile, const QString& taxonomyFile, QString* error);
    /// Extends the math-path and GPU-peak tables with a user's rules (same formats as
    /// resources/efficiency), tried before the built-in ones: the one loader of
    /// `--math-paths`/`--gpu-peaks` (CLI) and the Preferences (GUI). An empty path keeps that
    /// table; on failure nothing changes and `error` names the file.
    bool loadEfficiencyFiles(const QString& mathPathsFile, const QString& gpuPeaksFile, QString* error);
    /// `--peak-tflops` and the Preferences: a positive number of TFLOP/s per GPU in `text` becomes
    /// every kernel's peak (peakTflops), an empty `text` restores the peak table. Anything else:
    /// false with `error` set, nothing changes.
    bool setPeakTflops(const QString& text, QString* error);
    /// Model FLOPs per generated token of a dense model with `params` parameters: 2·P, a multiply
    /// and an add per parameter and token (the forward pass). compare's `--params` and the
    /// Comparison dock's "N params".
    static double flopsPerTokenOfParams(double params) { return 2.0 * params; }

    WindowSpec window;
    PhaseMap phases = PhaseMap::defaultMap();
    Taxonomy taxonomy = Taxonomy::defaultTaxonomy();
    /// Idle gaps kept in AnalysisResult::gaps (largest first); every gap ≥ 500 ms is kept too.
    /// All gaps still count in DeviceStats::gapCount and the idle-cause totals.
    int maxGaps = 1000;
    /// Math path of kernels by name (resources/efficiency/math-paths.json + --math-paths or the
    /// Preferences' math-path rules, through loadEfficiencyFiles).
    MathPathTable mathPaths = MathPathTable::defaultTable();
    /// Dense peak TFLOP/s per GPU model (resources/efficiency/gpu-peaks.json + --gpu-peaks or the
    /// Preferences' GPU peaks, through loadEfficiencyFiles).
    GpuPeaks peaks = GpuPeaks::defaultTable();
    /// Operator classes of the model anatomy (resources/anatomy/default-anatomy.json).
    AnatomyRules anatomy = AnatomyRules::defaultRules();
    /// --peak-tflops or the Preferences (setPeakTflops): one peak (TFLOP/s per GPU) for every
    /// kernel, instead of the table.
    std::optional<double> peakTflops;
    /// Hardware counters imported beside the export (docs/analysis.md, "Hardware counters"):
    /// an NVML sampler's CSV and Nsight Compute results (CSV or .ncu-rep). Empty = none.
    QString nvmlCsv;
    /// The columns of an NVML file written without a header row (nvidia-smi --format=csv,noheader),
    /// in order: its --query-gpu list ("timestamp", "index", "power.draw", …). Empty = its header.
    QStringList nvmlColumns;
    QString ncuFile;
    QString ncuExecutable; ///< ncu for .ncu-rep conversion; empty = search PATH
    /// Time limit of one .ncu-rep conversion (ms; 0: none), NcuCsvReader::kDefaultTimeoutMs by default.
    qint64 ncuTimeoutMs = 120 * 1000;
    /// A cuBLAS or cuBLASLt API log (docs/analysis.md "cuBLAS and cuBLASLt logs"). Empty = none.
    QString cublasLog;
    /// The imports above, already read (ImportsReader): the analyses use this snapshot and read
    /// no file. Null with import paths set: Analyzer::analyze reads them once before it starts
    /// (callers that analyse once); TraceSession and the CLI read it themselves.
    std::shared_ptr<const Imports> imports;
};

} // namespace sl
