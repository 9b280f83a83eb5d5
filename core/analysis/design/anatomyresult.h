// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QVector>

#include <optional>

namespace sl {

/// Kernel time, FLOPs and bound class of one operator class in one phase (docs/analysis.md
/// "Model anatomy"). Times in ns.
struct AnatomyCell
{
    int phase = -1; ///< index into AnalysisResult::phases (the unattributed slot included)
    int cls = 0; ///< index into AnatomyRules::classes()
    qint64 kernels = 0, kernelNs = 0; ///< in-window kernels of this class in this phase
    /// The part of them whose FLOPs are known (PyTorch shape ranges, else a matched cuBLAS call).
    qint64 flopKernels = 0, flopNs = 0;
    double flops = 0;
    double peakWork = 0; ///< Σ flopNs × peak TFLOP/s over the FLOP kernels whose peak is known
    qint64 peakKnownNs = 0;
    double bytes = 0; ///< minimum DRAM bytes of the FLOP kernels whose bytes are known (cuBLAS shapes)
    qint64 bytesNs = 0;
    double bandwidthWork = 0; ///< Σ flopNs × peak TB/s over the FLOP kernels whose GPU bandwidth is known
    qint64 bandwidthKnownNs = 0;
    QString bound; ///< "compute-bound", "memory-bound", a counters' class key, or "unknown"
    QString boundSource; ///< "intensity", "counters" or empty (unknown)

    std::optional<double> knownFlops() const { return flopKernels > 0 ? std::optional<double>(flops) : std::nullopt; }
    /// FLOPs ÷ the time of the kernels that have them, in TFLOP/s.
    std::optional<double> tflops() const
    {
        return flopNs > 0 ? std::optional<double>(flops / double(flopNs) / 1e3) : std::nullopt;
    }
    /// Achieved ÷ the time-weighted peak, when every FLOP kernel's peak is known.
    std::optional<double> mfu() const
    {
        if (flopNs <= 0 || peakKnownNs != flopNs || peakWork <= 0)
            return std::nullopt;
        return *tflops() / (peakWork / double(flopNs));
    }
};

/// Where the model spends the GPU: every (phase, operator class) with kernels, phase order then
/// class order.
struct AnatomyStats
{
    QVector<AnatomyCell> cells;
};

} // namespace sl
