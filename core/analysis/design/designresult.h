// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/design/anatomyresult.h"
#include "core/analysis/design/gemmcall.h"

#include <QHash>
#include <QString>
#include <QVector>

#include <optional>
#include <vector>

namespace sl {

/// How one launch geometry fills the GPU (docs/analysis.md "Waves and tails"): CTAs = gridX ·
/// gridY · gridZ, `ctasPerSm` from the occupancy calculator, waves = ⌈CTAs ÷ (SMs · CTAs per
/// SM)⌉, efficiency = CTAs ÷ (waves · SMs · CTAs per SM).
struct WaveGeometry
{
    qint64 ctas = 0;
    int ctasPerSm = 0;
    int smCount = 0;
    qint64 waves = 0;
    double efficiency = 0; ///< (0, 1]
    /// Nullopt when the SM count or the occupancy limits are unknown, or the block cannot launch.
    static std::optional<WaveGeometry> of(qint64 ctas, int smCount, int ctasPerSm);
};

/// Waves and tails of one kernel name over the window (all devices). Times in ns.
struct KernelWaves
{
    quint32 name = 0; ///< StringTable index (demangled)
    quint32 shortName = 0;
    QString category; ///< taxonomy category
    qint64 launches = 0, totalNs = 0; ///< in-window launches and their Σ duration
    qint64 knownLaunches = 0, knownNs = 0; ///< the part whose geometry is known
    int configs = 0; ///< distinct (device, launch configuration) pairs
    /// The geometry of the (device, configuration) with the most GPU time; ctas 0 when unknown.
    WaveGeometry top;
    /// Σ duration · efficiency ÷ knownNs over the launches whose geometry is known.
    std::optional<double> waveEfficiency;
    /// GPU time lost in partial last waves: Σ duration · (1 − efficiency) over the known launches.
    qint64 tailNs = 0;
    /// The part of tailNs from launches of two waves or more: a partial wave behind full ones.
    /// A launch of one partly filled wave is a grid too small for the GPU, not a tail; the
    /// wave-tail finding counts only this part.
    qint64 multiWaveTailNs = 0;
    /// Launches (Trace kernel indices) of two waves or more whose own tail is at least
    /// spec::kWaveTailShare of their duration, longest first: the evidence of the wave-tail finding.
    std::vector<quint32> tailLaunches;
    /// Their (device, configuration) pairs as (deviceId, LaunchConfigTable index), for the SQL.
    std::vector<std::pair<int, quint32>> tailConfigs;
    double tailShare() const { return totalNs > 0 ? double(tailNs) / double(totalNs) : 0.0; }
};

/// One distinct GEMM of an imported cuBLAS/cuBLASLt log (same m, n, k, batch, transposes and
/// types) with the trace launches its calls matched (docs/analysis.md "cuBLAS and cuBLASLt logs").
struct GemmShape
{
    GemmCall call; ///< the first call with this shape
    qint64 calls = 0; ///< log calls with this shape
    qint64 launches = 0, kernelNs = 0; ///< matched launches in the window, their Σ duration
    double flops = 0; ///< Σ 2·m·n·k·batch over those launches
    qint64 kernelName = -1; ///< StringTable index of the matched kernel name with the most time, −1 none
    int tileM = 0, tileN = 0; ///< from that kernel's name, else the cuBLASLt algo tile; 0 unknown
    double tflops() const { return kernelNs > 0 ? flops / double(kernelNs) / 1e3 : 0.0; }
};

/// FLOPs of one kernel name from the matched log calls (kernels without NVTX operator shapes).
struct GemmKernelFlops
{
    quint32 name = 0;
    qint64 launches = 0, kernelNs = 0;
    double flops = 0;
    double tflops() const { return kernelNs > 0 ? flops / double(kernelNs) / 1e3 : 0.0; }
};

/// The imported log and its match with the trace's GEMM launches.
struct GemmImport
{
    bool present = false;
    QString fileName; ///< base name
    QStringList notes; ///< translated: what was read, skipped and matched
    qint64 calls = 0; ///< GEMM calls in the log
    qint64 gemmLaunches = 0; ///< the trace's GEMM launches with a known launching thread
    qint64 matched = 0; ///< calls matched to a launch (by process, thread and order)
    QVector<GemmShape> shapes; ///< by matched kernel time descending
    QVector<GemmKernelFlops> byKernel; ///< by kernel time descending
    /// (Trace kernel index, index into `shapes`) of every matched launch in the window, kernel order.
    std::vector<std::pair<quint32, qint32>> matches;
};

/// Issue 23: from kernel launch geometry and GEMM shapes to the model dimension that wastes the
/// GPU (docs/analysis.md "Model design").
struct DesignStats
{
    QVector<KernelWaves> kernels; ///< every in-window kernel name, by tailNs descending, then total
    QHash<quint32, qsizetype> indexOfName; ///< StringTable index → index into `kernels`
    GemmImport gemm; ///< the --cublas-log import (present = false without one)
    AnatomyStats anatomy; ///< time, FLOPs and bound class per phase and operator class
    /// The KernelWaves of a name (StringTable index), or null.
    const KernelWaves* wavesOf(quint32 name) const
    {
        const auto it = indexOfName.constFind(name);
        return it == indexOfName.constEnd() ? nullptr : &kernels[*it];
    }
};

} // namespace sl
