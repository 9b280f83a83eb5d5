// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace sl {

/// Which collection the warp stall figures come from. Ordered by preference: a file with both
/// keeps the sampled ones (their units differ, so the two are never added together).
enum class NcuStallSource {
    None,
    WarpState, ///< Warp State Statistics: warp cycles per issued instruction in each state
    Sampling, ///< Source Counters' warp sampling: samples in each state
};

/// One launch profiled by Nsight Compute, with the metrics Sightline uses already turned into
/// base units (ns, bytes, percent, operations). Absent metrics stay nullopt.
struct NcuLaunch
{
    qint64 id = -1; ///< ncu's "ID" (profiling order)
    QString kernelName; ///< as ncu printed it (demangled, function or mangled name)
    quint32 grid[3] = { 0, 0, 0 }; ///< all 0 when the file gives no (x, y, z) triple
    quint32 block[3] = { 0, 0, 0 };
    /// Blocks in the grid and threads in a block, when the file gives only totals (ncu before
    /// 2023 prints "Grid Size"/"Block Size" as Launch Statistics metrics; the raw page has
    /// launch__grid_size/launch__block_size); 0 = unknown. Set from the triple when there is one.
    quint64 gridTotal = 0, blockTotal = 0;
    QString file; ///< the file it came from, relative to the imported folder (several files)
    int device = -1;
    QString computeCapability; ///< "9.0"

    std::optional<double> durationNs; ///< gpu__time_duration.sum / "Duration"
    std::optional<double> smThroughputPct; ///< sm__throughput… / "Compute (SM) Throughput"
    std::optional<double> dramThroughputPct; ///< (gpu__)dram__throughput… / "DRAM Throughput"
    std::optional<double> achievedOccupancyPct; ///< sm__warps_active… / "Achieved Occupancy"
    std::optional<double> theoreticalOccupancyPct; ///< sm__maximum_warps_per_active_cycle_pct / "Theoretical Occupancy"
    std::optional<double> l1HitPct; ///< l1tex__t_sector_hit_rate.pct / "L1/TEX Hit Rate"
    std::optional<double> l2HitPct; ///< lts__t_sector_hit_rate.pct / "L2 Hit Rate"
    std::optional<double> tensorActivePct; ///< sm__pipe_tensor_cycles_active… / sm__inst_executed_pipe_tensor…
    std::optional<double>
        flops; ///< Σ add + mul + 2·fma over fp16, fp32, fp64 (sm__sass_thread_inst_executed_op_*_pred_on.sum)
    std::optional<double> flops16, flops32, flops64; ///< the same per precision
    /// Operations on the tensor path (sm__ops_path_tensor_src_<type>[_dst_<type>].sum: one
    /// multiply-add counts two, as for the CUDA cores; the work of whole tiles, padding included),
    /// included in `flops`.
    std::optional<double> flopsTensor;
    /// The same operations by source type ("bf16", "fp16", "tf32", "fp8", "int8", "int4", "int1",
    /// "fp64": the <type> of the counter's name): the type decides which tensor ceiling applies.
    QHash<QString, double> tensorOpsByType;
    std::optional<double> dramBytes; ///< dram__bytes.sum, or read + write
    std::optional<double> l2PeakBytesPerSecond; ///< lts__t_bytes peak × L2 clock, when both were collected
    QHash<QString, double> stalls; ///< warp stall reason ("long_scoreboard") → value in `stallSource`'s unit
    NcuStallSource stallSource = NcuStallSource::None;

    std::optional<double> arithmeticIntensity() const ///< FLOP per DRAM byte
    {
        if (!flops || !dramBytes || *dramBytes <= 0)
            return std::nullopt;
        return *flops / *dramBytes;
    }
};

/// An Nsight Compute CSV (`ncu --csv --page raw` or `--page details`) or `.ncu-rep` import.
struct NcuReport
{
    enum class Page { Raw, Details };
    Page page = Page::Raw;
    QString fileName; ///< base name of the file or folder imported (reports never carry paths)
    QStringList files; ///< the CSVs read, relative to the imported folder (one entry for a file)
    QVector<NcuLaunch> launches; ///< by ID ascending
    QStringList metricsSeen; ///< metric names found in the file
    QStringList skipped; ///< translated: files of an imported folder that were not Nsight Compute CSVs
    QString error; ///< translated, names the file; empty on success
};

} // namespace sl
