// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysiswindow.h"
#include "core/analysis/counters/counterresult.h"
#include "core/analysis/design/designresult.h"
#include "core/analysis/findings/finding.h"
#include "core/analysis/passes/efficiencyresult.h"
#include "core/analysis/passes/iterationanalysis.h"
#include "core/analysis/passes/memorystats.h"
#include "core/analysis/passes/servingstats.h"
#include "core/trace/trace.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

namespace sl {

struct NvtxThreadGroups;

/// Per kernel name (all devices), spec §3 "Kernels". Times in ns.
struct KernelSummary
{
    quint32 name = 0; ///< StringTable index (demangled)
    quint32 shortName = 0; ///< StringTable index
    QString category; ///< taxonomy category
    qint64 count = 0;
    qint64 totalNs = 0;
    qint64 minNs = 0, maxNs = 0;
    double meanNs = 0;
    qint64 p50Ns = 0, p90Ns = 0; ///< nearest rank on the sorted durations
    double medianNs = 0; ///< as nsys stats: the middle value, the mean of the two middle ones on even counts
    double stddevNs = 0; ///< sample standard deviation (n − 1), 0 for one launch, as nsys stats
    double share = 0; ///< of total kernel time in the window
    QVector<int> devices;
    std::optional<double> occupancy; ///< theoretical occupancy of the most used launch configuration, [0,1]
};

/// An idle gap: a hole in a device's busy union. Times in ns.
struct IdleGap
{
    enum Cause { HostWait, SyncWait, Other, ProfilerOverhead };
    static constexpr int kCauses = 4;
    int deviceId = 0;
    qint64 startNs = 0, endNs = 0;
    Cause cause = Other;
    qint32 nextApi = -1; ///< ApiTable index of the call that launched the op ending the gap
    qint64 durationNs() const { return endNs - startNs; }
    static QString causeName(Cause c);
};

struct LowUtilChunk
{
    qint64 startNs = 0, endNs = 0; ///< merged run of adjacent low chunks
    qint64 busyNs = 0; ///< busy time inside the run (ns): its unused time is exact, not share × length
    double busyShare = 0; ///< busyNs / (endNs − startNs), [0,1]
};

struct DeviceStats
{
    int deviceId = 0;
    qint64 firstNs = 0, lastNs = 0; ///< first/last GPU work inside the window
    qint64 busyNs = 0; ///< union of kernels, graph launches, memcpy, memset
    qint64 computeBusyNs = 0; ///< union of kernels and graph launches
    qint64 idleNs = 0; ///< (last − first) − busy
    qint64 gapCount = 0;
    qint64 kernelCount = 0;
    qint64 kernelNs = 0; ///< plain sum of kernel durations (concurrency counts twice)
    qint64 idleByCauseNs[IdleGap::kCauses] = {}; ///< idle ns of all gaps by IdleGap::Cause
    QVector<LowUtilChunk> lowUtil; ///< gpu_time_util rule: chunks below 50 % busy, merged
};

struct LaunchStats
{
    struct PerDevice
    {
        int deviceId = 0;
        qint64 kernels = 0;
        double kernelsPerSecond = 0; ///< over the device's kernel span (first kernel start → last kernel end)
        qint64 p50Ns = 0, p90Ns = 0, p99Ns = 0;
        double shareUnder5us = 0, shareUnder10us = 0, shareUnder20us = 0;
        bool storm = false;
    };
    QVector<PerDevice> perDevice;
    bool storm = false;
    qint64 matchedKernels = 0; ///< kernels with a launching API call
    qint64 launchBound = 0; ///< kernels shorter than their launch call
    qint64 apiP50Ns = 0; ///< median duration of the launching calls
    qint64 queueP50Ns = 0, queueP90Ns = 0; ///< kernel.start − api.end (only ≥ 0)
};

struct SyncCall
{
    QString api; ///< base name (no _vNNNN)
    bool blocking = false;
    qint64 count = 0;
    qint64 totalNs = 0;
};

struct MemcpyKind
{
    int kindId = 0;
    QString kind; ///< HtoD, DtoH, DtoD, PtoP, ...
    qint64 count = 0, bytes = 0, totalNs = 0;
    double gbPerSecond() const { return totalNs > 0 ? double(bytes) / double(totalNs) : 0.0; }
};

struct NvtxRangeStats
{
    quint32 name = 0;
    qint64 count = 0, totalNs = 0;
    int maxDepth = 0; ///< deepest nesting level seen (0 = outermost)
};

struct NvtxKernelStats
{
    quint32 name = 0;
    qint64 kernelCount = 0, kernelNs = 0;
};

struct PhaseStats
{
    /// The phase slot of the kernels (and steps) no phase range encloses: always the last slot
    /// of AnalysisResult::phases, after the phase map's phases. A phase map cannot use the name.
    static QString unattributedName() { return QStringLiteral("unattributed"); }

    QString phase;
    qint64 wallNs = 0; ///< Σ duration of the phase's ranges (steps)
    qint64 kernelNs = 0; ///< kernels whose nearest enclosing phase range is of this phase
    qint64 kernelCount = 0;
    qint64 steps = 0; ///< number of ranges matched to the phase
    std::vector<qint64> stepNs; ///< duration of each step (ns), for distributions
    qint64 kernelNsPerStep() const { return steps ? kernelNs / steps : 0; }
};

struct ProcessStats
{
    quint32 pid = 0;
    QString name;
    qint64 kernelCount = 0, kernelNs = 0;
    qint64 apiCount = 0, apiNs = 0;
    qint64 blockingSyncCount = 0, blockingSyncNs = 0;
    qint64 nvtxRanges = 0;
    /// PROFILER_OVERHEAD ranges of this process starting in the window, and their union (ns): the
    /// profiler's own work in it (CUPTI buffer flushes, instrumentation, initialization), which
    /// perturbs what it measured there.
    qint64 profilerOverheadRanges = 0, profilerOverheadNs = 0;
    QVector<int> devices;
    quint64 deviceMask = 0; ///< bit d set when the process ran work on device d (< 64)
    struct Thread
    {
        quint32 tid = 0;
        QString name;
        qint64 apiCount = 0, apiNs = 0, nvtxRanges = 0;
    };
    QVector<Thread> threads;
    /// Kernels of this process per device and stream (in the window), devices ascending.
    struct Stream
    {
        quint32 stream = 0;
        qint64 kernelCount = 0, kernelNs = 0;
    };
    struct Device
    {
        int deviceId = 0;
        qint64 kernelCount = 0, kernelNs = 0;
        QVector<Stream> streams; ///< streamId ascending
    };
    QVector<Device> deviceKernels;
    QVector<PhaseStats> phases; ///< per-rank phase figures (phase imbalance rule)
};

/// Everything one analysis of one trace over one window produced. Immutable once built.
struct AnalysisResult
{
    TracePtr trace;
    AnalysisWindow window;

    qint64 kernelCount = 0, kernelNs = 0;
    QVector<KernelSummary> kernels; ///< all names, by total time descending
    QVector<DeviceStats> devices;
    QVector<IdleGap> gaps; ///< all gaps, largest first
    LaunchStats launches;
    QVector<SyncCall> sync; ///< sync-related calls, blocking first then by total
    QVector<MemcpyKind> memcpy;
    qint64 pageableAsyncCopies = 0, syncCopies = 0;

    GraphMode graphMode = GraphMode::Unknown; ///< from the records, else the capture settings
    qint64 graphLaunches = 0, graphNs = 0, graphNodeKernels = 0;

    QVector<NvtxRangeStats> nvtxRanges; ///< by total descending
    qint64 attributedNs = 0; ///< kernel ns attributed to an innermost NVTX range
    double coverage = 0; ///< attributedNs / kernelNs
    QVector<NvtxKernelStats> nvtxByRange;
    QVector<PhaseStats> phases; ///< in phase-map order, plus unattributed last (unattributedPhase())
    QHash<quint32, QVector<PhaseStats>> phasesByPid; ///< same, per process (rank)

    QVector<ProcessStats> processes;
    MemoryStats memory; ///< GPU memory in use, peaks, headroom and churn (docs/analysis.md "GPU memory")
    ServingStats serving; ///< serving steps, tokens, TPOT, throughput (docs/analysis.md "Serving steps")
    /// Per GPU, its loop found from the kernels where the window has no step (IterationAnalysis).
    std::vector<IterationStats> iterations;
    EfficiencyStats efficiency; ///< math paths, busy split, communication overlap, FLOPs
    DesignStats design; ///< waves and tails, GEMM shapes (docs/analysis.md "Model design")
    QVector<Finding> findings; ///< ranked by impact
    QStringList warnings;
    /// Sampled counters per window/phase and device, Nsight Compute figures (CounterAnalysis).
    CounterResult counters;

    /// Per kernel of the trace: whether it is in the window (start ∈ [start, end]).
    /// Models and comparison use it instead of re-testing times.
    std::vector<quint8> kernelInWindow;
    /// Per kernel: NVTX range (NvtxTable index) it is attributed to, -1 if none.
    std::vector<qint32> kernelRange;
    /// Per kernel: phase index into `phases`, -1 if none.
    std::vector<qint8> kernelPhase;
    /// Per NVTX range (whole table, not only the window): its phase index when the range is a
    /// step (matches a phase and no enclosing range has that phase), else -1. The comparison
    /// derives its per-step figures and aligned steps from it.
    std::vector<qint8> rangeStepPhase;
    /// Taxonomy category of each kernel name (StringTable index → category).
    QHash<quint32, QString> categoryOfName;
    /// Per StringTable index: the category of that kernel name as an index into
    /// Taxonomy::categories(), for every kernel name of the trace, inside the window or not (the
    /// timeline colours the whole capture); kNoCategory for strings that name no kernel.
    std::vector<quint8> nameCategory;
    static constexpr quint8 kNoCategory = 0xFF;
    /// Whether kernel name `name` (StringTable index) is in category `category` (an index into
    /// Taxonomy::categories()).
    bool nameInCategory(quint32 name, quint8 category) const
    {
        return name < nameCategory.size() && nameCategory[name] == category;
    }
    /// Per NVTX range (NvtxTable index): phase index into `phases` of the nearest enclosing range
    /// on its thread that matches a phase, itself included; -1 if none. Every range of the trace,
    /// not only the window's. Ranges that end on another thread only get their own name's phase.
    std::vector<qint8> rangePhase;
    /// The per-thread NVTX groups with each range's parent and depth (NvtxAnalysis), built once
    /// per analysis and walked by every pass that needs nesting; null before the NVTX analysis.
    std::shared_ptr<const NvtxThreadGroups> nvtxThreads;

    /// Index of the unattributed slot in `phases` (the last one); -1 before the NVTX analysis.
    int unattributedPhase() const { return int(phases.size()) - 1; }
    /// The phases of the phase map, i.e. `phases` without the unattributed slot.
    int mappedPhaseCount() const { return std::max(0, int(phases.size()) - 1); }
};

using AnalysisPtr = std::shared_ptr<const AnalysisResult>;

} // namespace sl
