// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/rules/mathpath.h"

#include <QHash>
#include <QString>
#include <QVector>

#include <optional>
#include <vector>

namespace sl {

/// Kernel time of one math path (kind + data type), over the window. Times in ns.
struct MathPathShare
{
    MathPath path;
    qint64 count = 0, ns = 0;
    qint64 gemmCount = 0, gemmNs = 0; ///< the part in the taxonomy's gemm category
};

/// Busy time of one device split by what keeps it busy (ns, window-clipped unions).
struct BusySplit
{
    int deviceId = 0;
    qint64 busyNs = 0; ///< kernels, graph launches, copies, memsets (DeviceStats::busyNs)
    qint64 computeBusyNs = 0; ///< kernels and graph launches
    qint64 copyBusyNs = 0; ///< memcpy and memset
    qint64 copyOnlyNs = 0; ///< busy with copies while no kernel runs: busy − compute-busy
    qint64 spanNs = 0; ///< first to last GPU work
};

/// Compute/communication overlap on one device, over the window or one phase (ns).
struct CommOverlap
{
    int deviceId = 0;
    int phase = -1; ///< index into AnalysisResult::phases, -1 = the whole window
    qint64 kernels = 0; ///< communication kernels
    qint64 commNs = 0; ///< length of the union of communication kernels
    qint64 overlappedNs = 0; ///< its intersection with the union of the device's other kernels
    qint64 exposedNs() const { return commNs - overlappedNs; }
};

/// Communication kernels of one collective type, all devices (ns).
struct CollectiveStats
{
    QString collective; ///< AllReduce, AllGather, ReduceScatter, SendRecv, Broadcast, AllToAll, CustomAllReduce, Other
    qint64 count = 0, totalNs = 0, p50Ns = 0, p90Ns = 0;
};

/// FLOPs attributed to a group of kernels (an operator name, a phase, the window).
struct FlopFigure
{
    QString name; ///< operator ("aten::mm"), phase name, or "window"
    qint64 ranges = 0; ///< operator ranges with FLOPs and at least one kernel
    qint64 kernels = 0, kernelNs = 0;
    double flops = 0;
    QString dtype; ///< peak key used ("bf16", "fp32", ...), "mixed", or empty (unknown)
    /// Σ kernel ns × peak TFLOP/s of the kernels whose peak is known; MFU = flops / (this · 1e3).
    double peakWork = 0;
    qint64 peakKnownNs = 0; ///< kernel ns whose peak is known (MFU only when it covers kernelNs)
    double tflops() const { return kernelNs > 0 ? flops / double(kernelNs) / 1e3 : 0.0; }
    /// The time-weighted peak TFLOP/s, when every kernel's peak is known.
    std::optional<double> peakTflops() const
    {
        return kernelNs > 0 && peakKnownNs == kernelNs ? std::optional<double>(peakWork / double(kernelNs))
                                                       : std::nullopt;
    }
    std::optional<double> mfu() const
    {
        const auto p = peakTflops();
        return p && *p > 0 ? std::optional<double>(tflops() / *p) : std::nullopt;
    }
};

/// Issue 9: how well the GPU is used while it is busy. See docs/analysis.md "Efficiency".
struct EfficiencyStats
{
    QHash<quint32, MathPath> mathOfName; ///< StringTable index of an in-window kernel name → math path
    QVector<MathPathShare> math; ///< by ns descending
    qint64 gemmNs = 0, gemmSimtNs = 0; ///< gemm-category kernel time, and the part on SIMT
    qint64 gemmSimtCount = 0;

    QVector<BusySplit> busy; ///< per device, ascending

    QVector<CommOverlap> overlap; ///< per device (phase −1) first, then per device and phase
    QVector<CollectiveStats> collectives; ///< by total descending
    /// In-window communication kernels (Trace kernel indices), most exposed ns first: the
    /// evidence of the exposed-communication finding and of the GUI's overlap figures.
    std::vector<quint32> commKernels;

    /// FLOPs from PyTorch shape ranges. `shapeRanges` counts every operator range with sizes;
    /// `uncountedRanges` the counted operators whose shapes do not give FLOPs (convolutions).
    qint64 shapeRanges = 0, flopRanges = 0, uncountedRanges = 0;
    QVector<FlopFigure> flopsByOp; ///< by FLOPs descending
    /// (kernel, index into flopsByOp) of every in-window kernel attributed to an operator with FLOPs,
    /// in kernel order: the evidence of the per-operator and per-phase figures.
    std::vector<std::pair<quint32, quint16>> flopKernels;
    QVector<FlopFigure> flopsByPhase; ///< in phase order (only phases with FLOPs)
    FlopFigure flops; ///< the whole window
    QString peakModel, peakSource; ///< the peak-table entry used (first device with one)
    std::optional<double> peakOverride; ///< --peak-tflops
    /// The peak a whole-model MFU (FLOPs per token × tokens) divides by: --peak-tflops, else the
    /// first device's table peak for the math path with the most kernel time that has one.
    std::optional<double> modelPeakTflops;
    QString modelPeakKey; ///< its math path key (bf16, fp32, ...), empty with --peak-tflops
    bool hasShapes() const { return shapeRanges > 0; }
};

} // namespace sl
