// SPDX-License-Identifier: MIT
#include "core/session/resultarchive.h"

#include "core/trace/nvtxthreadgroups.h"
#include "core/trace/tablenames.h"

#include <QBuffer>
#include <QDataStream>

#include <algorithm>
#include <array>
#include <concepts>
#include <limits>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace sl {

namespace {

constexpr auto kStreamVersion = QDataStream::Qt_6_4;

/// `T` is `U` or `const U`: one field list serves the writer (const) and the reader.
template <class T, class U>
concept Is = std::same_as<std::remove_const_t<T>, U>;

// ---- Field lists: every field of every struct, in declaration order. ----------------------
// The static_asserts below each list fail when a struct changes size: a new field must be
// added to its list here (and ResultArchive::kVersion bumped), or the cache would serve a
// result without it. Sizes are those of x86-64 Linux, the only platform the cache is built for.

template <class A, Is<AnalysisWindow> T> void fields(A& a, T& x) { a(x.startNs, x.endNs, x.kind); }
static_assert(sizeof(AnalysisWindow) == 24, "a new field must be added to the result serializer");

template <class A, Is<KernelSummary> T> void fields(A& a, T& x)
{
    a(x.name, x.shortName, x.category, x.count, x.totalNs, x.minNs, x.maxNs, x.meanNs, x.p50Ns, x.p90Ns, x.medianNs,
        x.stddevNs, x.share, x.devices, x.occupancy);
}
static_assert(sizeof(KernelSummary) == 152, "a new field must be added to the result serializer");

template <class A, Is<IdleGap> T> void fields(A& a, T& x) { a(x.deviceId, x.startNs, x.endNs, x.cause, x.nextApi); }
static_assert(sizeof(IdleGap) == 32, "a new field must be added to the result serializer");

template <class A, Is<LowUtilChunk> T> void fields(A& a, T& x) { a(x.startNs, x.endNs, x.busyNs, x.busyShare); }
static_assert(sizeof(LowUtilChunk) == 32, "a new field must be added to the result serializer");

template <class A, Is<DeviceStats> T> void fields(A& a, T& x)
{
    a(x.deviceId, x.firstNs, x.lastNs, x.busyNs, x.computeBusyNs, x.idleNs, x.gapCount, x.kernelCount, x.kernelNs,
        x.idleByCauseNs, x.lowUtil);
}
static_assert(sizeof(DeviceStats) == 128, "a new field must be added to the result serializer");

template <class A, Is<LaunchStats::PerDevice> T> void fields(A& a, T& x)
{
    a(x.deviceId, x.kernels, x.kernelsPerSecond, x.p50Ns, x.p90Ns, x.p99Ns, x.shareUnder5us, x.shareUnder10us,
        x.shareUnder20us, x.storm);
}
static_assert(sizeof(LaunchStats::PerDevice) == 80, "a new field must be added to the result serializer");

template <class A, Is<LaunchStats> T> void fields(A& a, T& x)
{
    a(x.perDevice, x.storm, x.matchedKernels, x.launchBound, x.apiP50Ns, x.queueP50Ns, x.queueP90Ns);
}
static_assert(sizeof(LaunchStats) == 72, "a new field must be added to the result serializer");

template <class A, Is<SyncCall> T> void fields(A& a, T& x) { a(x.api, x.blocking, x.count, x.totalNs); }
static_assert(sizeof(SyncCall) == 48, "a new field must be added to the result serializer");

template <class A, Is<MemcpyKind> T> void fields(A& a, T& x) { a(x.kindId, x.kind, x.count, x.bytes, x.totalNs); }
static_assert(sizeof(MemcpyKind) == 56, "a new field must be added to the result serializer");

template <class A, Is<NvtxRangeStats> T> void fields(A& a, T& x) { a(x.name, x.count, x.totalNs, x.maxDepth); }
static_assert(sizeof(NvtxRangeStats) == 32, "a new field must be added to the result serializer");

template <class A, Is<NvtxKernelStats> T> void fields(A& a, T& x) { a(x.name, x.kernelCount, x.kernelNs); }
static_assert(sizeof(NvtxKernelStats) == 24, "a new field must be added to the result serializer");

template <class A, Is<PhaseStats> T> void fields(A& a, T& x)
{
    a(x.phase, x.wallNs, x.kernelNs, x.kernelCount, x.steps, x.stepNs);
}
static_assert(sizeof(PhaseStats) == 80, "a new field must be added to the result serializer");

template <class A, Is<ProcessStats::Thread> T> void fields(A& a, T& x)
{
    a(x.tid, x.name, x.apiCount, x.apiNs, x.nvtxRanges);
}
static_assert(sizeof(ProcessStats::Thread) == 56, "a new field must be added to the result serializer");

template <class A, Is<ProcessStats::Stream> T> void fields(A& a, T& x) { a(x.stream, x.kernelCount, x.kernelNs); }
static_assert(sizeof(ProcessStats::Stream) == 24, "a new field must be added to the result serializer");

template <class A, Is<ProcessStats::Device> T> void fields(A& a, T& x)
{
    a(x.deviceId, x.kernelCount, x.kernelNs, x.streams);
}
static_assert(sizeof(ProcessStats::Device) == 48, "a new field must be added to the result serializer");

template <class A, Is<ProcessStats> T> void fields(A& a, T& x)
{
    a(x.pid, x.name, x.kernelCount, x.kernelNs, x.apiCount, x.apiNs, x.blockingSyncCount, x.blockingSyncNs,
        x.nvtxRanges, x.profilerOverheadRanges, x.profilerOverheadNs, x.devices, x.deviceMask, x.threads,
        x.deviceKernels, x.phases);
}
static_assert(sizeof(ProcessStats) == 208, "a new field must be added to the result serializer");

template <class A, Is<MemoryDeviceStats> T> void fields(A& a, T& x)
{
    a(x.deviceId, x.events, x.t, x.inUse, x.baselineBytes, x.peakBytes, x.peakNs, x.totalBytes, x.headroomBytes);
}
static_assert(sizeof(MemoryDeviceStats) == 112, "a new field must be added to the result serializer");

template <class A, Is<MemoryProcessStats> T> void fields(A& a, T& x) { a(x.pid, x.deviceId, x.peakBytes); }
static_assert(sizeof(MemoryProcessStats) == 16, "a new field must be added to the result serializer");

template <class A, Is<MemoryPhaseStats> T> void fields(A& a, T& x) { a(x.phase, x.steps, x.peakBytes); }
static_assert(sizeof(MemoryPhaseStats) == 40, "a new field must be added to the result serializer");

template <class A, Is<MemoryStats> T> void fields(A& a, T& x)
{
    a(x.devices, x.processes, x.phases, x.allocCalls, x.freeCalls, x.callHostNs, x.inStepCalls, x.inStepHostNs,
        x.stepWallNs);
}
static_assert(sizeof(MemoryStats) == 136, "a new field must be added to the result serializer");

template <class A, Is<IterationStats> T> void fields(A& a, T& x)
{
    a(x.deviceId, x.anchorName, x.names, x.iterations, x.firstNs, x.lastNs, x.p50Ns, x.p90Ns, x.minNs, x.maxNs,
        x.kernelsP50, x.regularity, x.computeNs, x.commOnlyNs, x.copyOnlyNs, x.idleNs, x.idleByCauseNs, x.slowest,
        x.slowestStartNs, x.slowestEndNs);
}
static_assert(sizeof(IterationStats) == 176, "a new field must be added to the result serializer");

template <class A, Is<ServingSteps> T> void fields(A& a, T& x)
{
    a(x.range, x.pid, x.device, x.cls, x.scheme, x.ctxReqs, x.ctxTokens, x.genReqs, x.genTokens, x.start, x.end,
        x.busyNs, x.kernelNs, x.kernelCount, x.hostNs);
}
static_assert(sizeof(ServingSteps) == 360, "a new field must be added to the result serializer");

template <class A, Is<ServingDistribution> T> void fields(A& a, T& x)
{
    a(x.count, x.totalNs, x.p50Ns, x.p90Ns, x.p99Ns);
}
static_assert(sizeof(ServingDistribution) == 40, "a new field must be added to the result serializer");

template <class A, Is<RequestStats> T> void fields(A& a, T& x)
{
    a(x.range, x.e2eNs, x.ttftNs, x.tokens, x.tpotNs, x.ttft, x.e2e, x.tpot, x.ttftHistogram, x.e2eHistogram,
        x.ttftBinNs, x.e2eBinNs, x.ttftReason);
}
static_assert(sizeof(RequestStats) == 328, "a new field must be added to the result serializer");

template <class A, Is<ServingFigures> T> void fields(A& a, T& x)
{
    a(x.pid, x.deviceId, x.steps, x.stepsByClass, x.stepTime, x.contextTokens, x.generatedTokens, x.tpot, x.tpotMeanNs,
        x.prefillTokensPerS, x.decodeTokensPerS, x.kernelNsPerGeneratedToken, x.kernelNsPerContextToken, x.stepNs,
        x.busyNs, x.idleNs, x.hostNs, x.kernelNs, x.replicaOf);
}
static_assert(sizeof(ServingFigures) == 408, "a new field must be added to the result serializer");

template <class A, Is<ServingStats> T> void fields(A& a, T& x)
{
    a(x.steps, x.schemes, x.window, x.ranks, x.rangeStep, x.requests);
}
static_assert(sizeof(ServingStats) == 1168, "a new field must be added to the result serializer");

template <class A, Is<MathPath> T> void fields(A& a, T& x) { a(x.kind, x.dtype); }
static_assert(sizeof(MathPath) == 32, "a new field must be added to the result serializer");

template <class A, Is<MathPathShare> T> void fields(A& a, T& x) { a(x.path, x.count, x.ns, x.gemmCount, x.gemmNs); }
static_assert(sizeof(MathPathShare) == 64, "a new field must be added to the result serializer");

template <class A, Is<BusySplit> T> void fields(A& a, T& x)
{
    a(x.deviceId, x.busyNs, x.computeBusyNs, x.copyBusyNs, x.copyOnlyNs, x.spanNs);
}
static_assert(sizeof(BusySplit) == 48, "a new field must be added to the result serializer");

template <class A, Is<CommOverlap> T> void fields(A& a, T& x)
{
    a(x.deviceId, x.phase, x.kernels, x.commNs, x.overlappedNs);
}
static_assert(sizeof(CommOverlap) == 32, "a new field must be added to the result serializer");

template <class A, Is<CollectiveStats> T> void fields(A& a, T& x)
{
    a(x.collective, x.count, x.totalNs, x.p50Ns, x.p90Ns);
}
static_assert(sizeof(CollectiveStats) == 56, "a new field must be added to the result serializer");

template <class A, Is<FlopFigure> T> void fields(A& a, T& x)
{
    a(x.name, x.ranges, x.kernels, x.kernelNs, x.flops, x.dtype, x.peakWork, x.peakKnownNs);
}
static_assert(sizeof(FlopFigure) == 96, "a new field must be added to the result serializer");

template <class A, Is<EfficiencyStats> T> void fields(A& a, T& x)
{
    a(x.mathOfName, x.math, x.gemmNs, x.gemmSimtNs, x.gemmSimtCount, x.busy, x.overlap, x.collectives, x.commKernels,
        x.shapeRanges, x.flopRanges, x.uncountedRanges, x.flopsByOp, x.flopKernels, x.flopsByPhase, x.flops,
        x.peakModel, x.peakSource, x.peakOverride, x.modelPeakTflops, x.modelPeakKey);
}
static_assert(sizeof(EfficiencyStats) == 448, "a new field must be added to the result serializer");

template <class A, Is<WaveGeometry> T> void fields(A& a, T& x)
{
    a(x.ctas, x.ctasPerSm, x.smCount, x.waves, x.efficiency);
}
static_assert(sizeof(WaveGeometry) == 32, "a new field must be added to the result serializer");

template <class A, Is<KernelWaves> T> void fields(A& a, T& x)
{
    a(x.name, x.shortName, x.category, x.launches, x.totalNs, x.knownLaunches, x.knownNs, x.configs, x.top,
        x.waveEfficiency, x.tailNs, x.multiWaveTailNs, x.tailLaunches, x.tailConfigs);
}
static_assert(sizeof(KernelWaves) == 184, "a new field must be added to the result serializer");

template <class A, Is<GemmCall> T> void fields(A& a, T& x)
{
    a(x.function, x.m, x.n, x.k, x.batch, x.transA, x.transB, x.aType, x.bType, x.cType, x.computeType, x.pid, x.thread,
        x.line, x.tileM, x.tileN, x.lt);
}
static_assert(sizeof(GemmCall) == 192, "a new field must be added to the result serializer");

template <class A, Is<GemmShape> T> void fields(A& a, T& x)
{
    a(x.call, x.calls, x.launches, x.kernelNs, x.flops, x.kernelName, x.tileM, x.tileN);
}
static_assert(sizeof(GemmShape) == 240, "a new field must be added to the result serializer");

template <class A, Is<GemmKernelFlops> T> void fields(A& a, T& x) { a(x.name, x.launches, x.kernelNs, x.flops); }
static_assert(sizeof(GemmKernelFlops) == 32, "a new field must be added to the result serializer");

template <class A, Is<GemmImport> T> void fields(A& a, T& x)
{
    a(x.present, x.fileName, x.notes, x.calls, x.gemmLaunches, x.matched, x.shapes, x.byKernel, x.matches);
}
static_assert(sizeof(GemmImport) == 152, "a new field must be added to the result serializer");

template <class A, Is<AnatomyCell> T> void fields(A& a, T& x)
{
    a(x.phase, x.cls, x.kernels, x.kernelNs, x.flopKernels, x.flopNs, x.flops, x.peakWork, x.peakKnownNs, x.bytes,
        x.bytesNs, x.bandwidthWork, x.bandwidthKnownNs, x.bound, x.boundSource);
}
static_assert(sizeof(AnatomyCell) == 144, "a new field must be added to the result serializer");

template <class A, Is<AnatomyStats> T> void fields(A& a, T& x) { a(x.cells); }
static_assert(sizeof(AnatomyStats) == 24, "a new field must be added to the result serializer");

template <class A, Is<DesignStats> T> void fields(A& a, T& x) { a(x.kernels, x.indexOfName, x.gemm, x.anatomy); }
static_assert(sizeof(DesignStats) == 208, "a new field must be added to the result serializer");

template <class A, Is<Evidence> T> void fields(A& a, T& x)
{
    a(x.table, x.rowids, x.rowCount, x.startNs, x.endNs, x.deviceId, x.sql, x.ruleSql, x.rows);
}
static_assert(sizeof(Evidence) == 152, "a new field must be added to the result serializer");

template <class A, Is<Finding> T> void fields(A& a, T& x)
{
    a(x.id, x.severity, x.title, x.summary, x.metric, x.impactNs, x.impactShare, x.evidence);
}
static_assert(sizeof(Finding) == 144, "a new field must be added to the result serializer");

template <class A, Is<CounterSummary> T> void fields(A& a, T& x) { a(x.coveredNs, x.samples, x.mean, x.p90, x.max); }
static_assert(sizeof(CounterSummary) == 40, "a new field must be added to the result serializer");

template <class A, Is<CounterFigure> T> void fields(A& a, T& x) { a(x.name, x.unit, x.nvml, x.whole, x.busy); }
static_assert(sizeof(CounterFigure) == 136, "a new field must be added to the result serializer");

template <class A, Is<CounterScope> T> void fields(A& a, T& x)
{
    a(x.kind, x.scope, x.deviceId, x.spanNs, x.kernelBusyNs, x.bound, x.dramPct, x.computePct, x.figures);
}
static_assert(sizeof(CounterScope) == 104, "a new field must be added to the result serializer");

template <class A, Is<NcuLaunch> T> void fields(A& a, T& x)
{
    a(x.id, x.kernelName, x.grid, x.block, x.gridTotal, x.blockTotal, x.file, x.device, x.computeCapability,
        x.durationNs, x.smThroughputPct, x.dramThroughputPct, x.achievedOccupancyPct, x.theoreticalOccupancyPct,
        x.l1HitPct, x.l2HitPct, x.tensorActivePct, x.flops, x.flops16, x.flops32, x.flops64, x.flopsTensor, x.dramBytes,
        x.l2PeakBytesPerSecond, x.stalls, x.stallSource, x.tensorOpsByType);
}
static_assert(sizeof(NcuLaunch) == 392, "a new field must be added to the result serializer");

template <class A, Is<NcuReport> T> void fields(A& a, T& x)
{
    a(x.page, x.fileName, x.files, x.launches, x.metricsSeen, x.skipped, x.error);
}
static_assert(sizeof(NcuReport) == 152, "a new field must be added to the result serializer");

template <class A, Is<NcuMatcher::Result> T> void fields(A& a, T& x)
{
    a(x.kernelOfLaunch, x.matched, x.byFullName, x.byFunctionName, x.withoutDims);
}
static_assert(sizeof(NcuMatcher::Result) == 56, "a new field must be added to the result serializer");

template <class A, Is<NcuKernelFigures> T> void fields(A& a, T& x)
{
    a(x.name, x.deviceId, x.launches, x.traceNs, x.durationNs, x.achievedOccupancyPct, x.theoreticalOccupancyPct,
        x.sightlineOccupancyPct, x.smThroughputPct, x.dramThroughputPct, x.l1HitPct, x.l2HitPct, x.tensorActivePct,
        x.flops, x.dramBytes, x.tensorFlops, x.arithmeticIntensity, x.achievedFlopsPerSecond, x.stalls, x.stallSource,
        x.kernelRows, x.tensorType);
}
static_assert(sizeof(NcuKernelFigures) == 312, "a new field must be added to the result serializer");

template <class A, Is<Roofline> T> void fields(A& a, T& x)
{
    a(x.deviceId, x.gpuName, x.dramBytesPerSecond, x.l2BytesPerSecond, x.fp32FlopsPerSecond, x.fp64FlopsPerSecond,
        x.fp16FlopsPerSecond, x.tensorFlopsPerSecond, x.source, x.tensorPeaks);
}
static_assert(sizeof(Roofline) == 112, "a new field must be added to the result serializer");

template <class A, Is<NcuResult> T> void fields(A& a, T& x) { a(x.report, x.match, x.kernels, x.roofs); }
static_assert(sizeof(NcuResult) == 256, "a new field must be added to the result serializer");

template <class A, Is<CounterSeries> T> void fields(A& a, T& x)
{
    a(x.source, x.deviceId, x.name, x.unit, x.t, x.v, x.prefix, x.medianPeriodNs);
}
static_assert(sizeof(CounterSeries) == 136, "a new field must be added to the result serializer");

template <class A, Is<CounterSet> T> void fields(A& a, T& x) { a(x.series, x.notes); }
static_assert(sizeof(CounterSet) == 48, "a new field must be added to the result serializer");

template <class A, Is<CounterResult> T> void fields(A& a, T& x) { a(x.scopes, x.notes, x.imported, x.ncu); }
static_assert(sizeof(CounterResult) == 360, "a new field must be added to the result serializer");

/// Everything of the result but `trace` (the reader's) and `nvtxThreads` (rebuilt from it).
template <class A, Is<AnalysisResult> T> void fields(A& a, T& x)
{
    a(x.window, x.kernelCount, x.kernelNs, x.kernels, x.devices, x.gaps, x.launches, x.sync, x.memcpy,
        x.pageableAsyncCopies, x.syncCopies, x.graphMode, x.graphLaunches, x.graphNs, x.graphNodeKernels);
    a(x.nvtxRanges, x.attributedNs, x.coverage, x.nvtxByRange, x.phases, x.phasesByPid, x.processes, x.memory,
        x.serving, x.iterations, x.efficiency, x.design, x.findings, x.warnings, x.counters);
    a(x.kernelInWindow, x.kernelRange, x.kernelPhase, x.rangeStepPhase, x.categoryOfName, x.nameCategory, x.rangePhase);
}
static_assert(sizeof(AnalysisResult) == 2976, "a new field must be added to the result serializer");

// ---- The two directions. -------------------------------------------------------------------

template <class T> struct IsStdVector : std::false_type
{
};
template <class T, class Al> struct IsStdVector<std::vector<T, Al>> : std::true_type
{
};
template <class T> struct IsQList : std::false_type
{
};
template <class T> struct IsQList<QList<T>> : std::true_type
{
};
template <class T> struct IsOptional : std::false_type
{
};
template <class T> struct IsOptional<std::optional<T>> : std::true_type
{
};
template <class T> struct IsQHash : std::false_type
{
};
template <class K, class V> struct IsQHash<QHash<K, V>> : std::true_type
{
};
template <class T> struct IsPair : std::false_type
{
};
template <class F, class S> struct IsPair<std::pair<F, S>> : std::true_type
{
};
template <class T> struct IsStdArray : std::false_type
{
};
template <class T, size_t N> struct IsStdArray<std::array<T, N>> : std::true_type
{
};

/// Integers travel as 64 bits of their signedness; enums as their value.
template <class T> using Wide = std::conditional_t<std::is_signed_v<T>, qint64, quint64>;

class Writer
{
public:
    explicit Writer(QDataStream& s)
        : m_s(s)
    {
    }
    template <class... T> void operator()(const T&... v) { (put(v), ...); }

private:
    template <class T> void put(const T& v)
    {
        if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, QString> || std::is_same_v<T, QChar>)
            m_s << v;
        else if constexpr (std::is_enum_v<T>)
            m_s << qint64(v);
        else if constexpr (std::is_integral_v<T>)
            m_s << Wide<T>(v);
        else if constexpr (std::is_floating_point_v<T>)
            m_s << double(v); // exact for float too
        else if constexpr (std::is_array_v<T> || IsStdArray<T>::value)
            for (const auto& e : v)
                put(e);
        else if constexpr (IsStdVector<T>::value || IsQList<T>::value)
            sequence(v);
        else if constexpr (IsOptional<T>::value) {
            m_s << v.has_value();
            if (v)
                put(*v);
        } else if constexpr (IsQHash<T>::value) {
            // By key: a hash's order depends on its history, its bytes here must not.
            auto keys = v.keys();
            std::sort(keys.begin(), keys.end());
            m_s << qint64(keys.size());
            for (const auto& k : keys)
                put(k), put(v.value(k));
        } else if constexpr (IsPair<T>::value)
            put(v.first), put(v.second);
        else
            fields(*this, v);
    }
    template <class C> void sequence(const C& v)
    {
        using E = typename C::value_type;
        m_s << qint64(v.size());
        if constexpr (IsStdVector<C>::value && std::is_arithmetic_v<E> && !std::is_same_v<E, bool>)
            m_s.writeRawData(reinterpret_cast<const char*>(v.data()), qint64(v.size() * sizeof(E)));
        else
            for (const E& e : v)
                put(e);
    }

    QDataStream& m_s;
};

/// Reads what Writer wrote; stops at the first value that does not fit (a count beyond the bytes
/// left, an integer outside its type) and reports it through ok().
class Reader
{
public:
    explicit Reader(QDataStream& s)
        : m_s(s)
    {
    }
    template <class... T> void operator()(T&... v) { (get(v), ...); }
    bool ok() const { return m_ok && m_s.status() == QDataStream::Ok; }

private:
    template <class T> void get(T& v)
    {
        if (!ok())
            return;
        if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, QString> || std::is_same_v<T, QChar>)
            m_s >> v;
        else if constexpr (std::is_enum_v<T>) {
            qint64 x = 0;
            m_s >> x;
            v = T(x);
        } else if constexpr (std::is_integral_v<T>) {
            Wide<T> x = 0;
            m_s >> x;
            m_ok = m_ok && std::in_range<T>(x);
            v = T(x);
        } else if constexpr (std::is_floating_point_v<T>) {
            double x = 0;
            m_s >> x;
            v = T(x);
        } else if constexpr (std::is_array_v<T> || IsStdArray<T>::value)
            for (auto& e : v)
                get(e);
        else if constexpr (IsStdVector<T>::value || IsQList<T>::value)
            sequence(v);
        else if constexpr (IsOptional<T>::value)
            optional(v);
        else if constexpr (IsQHash<T>::value)
            hash(v);
        else if constexpr (IsPair<T>::value)
            get(v.first), get(v.second);
        else
            fields(*this, v);
    }
    /// An element count, refused when the bytes left could not hold that many elements.
    qint64 count(qint64 elementBytes)
    {
        qint64 n = -1;
        m_s >> n;
        const qint64 left = m_s.device()->bytesAvailable();
        m_ok = m_ok && n >= 0 && n <= left / std::max<qint64>(elementBytes, 1);
        return ok() ? n : 0;
    }
    template <class C> void sequence(C& v)
    {
        using E = typename C::value_type;
        constexpr bool raw = IsStdVector<C>::value && std::is_arithmetic_v<E> && !std::is_same_v<E, bool>;
        const qint64 n = count(raw ? qint64(sizeof(E)) : 1);
        v.clear();
        v.resize(decltype(v.size())(n));
        if constexpr (raw) {
            const qint64 bytes = n * qint64(sizeof(E));
            m_ok = m_ok && m_s.readRawData(reinterpret_cast<char*>(v.data()), bytes) == bytes;
        } else {
            for (E& e : v)
                get(e);
        }
    }
    template <class O> void optional(O& v)
    {
        bool has = false;
        m_s >> has;
        v.reset();
        if (has) {
            v.emplace();
            get(*v);
        }
    }
    template <class H> void hash(H& v)
    {
        const qint64 n = count(1);
        v.clear();
        v.reserve(qsizetype(n));
        for (qint64 i = 0; i < n && ok(); ++i) {
            typename H::key_type k {};
            typename H::mapped_type x {};
            get(k), get(x);
            v.insert(k, x);
        }
    }

    QDataStream& m_s;
    bool m_ok = true;
};

/// Every value of `v` lies in [lo, hi).
template <class C> bool within(const C& v, qint64 lo, qint64 hi)
{
    return std::all_of(v.begin(), v.end(), [lo, hi](auto x) { return qint64(x) >= lo && qint64(x) < hi; });
}

template <class H> bool keysWithin(const H& h, qint64 hi)
{
    return std::all_of(h.keyBegin(), h.keyEnd(), [hi](auto k) { return qint64(k) < hi; });
}

/// The per-kernel, per-range and per-name vectors: their sizes and values against the tables.
QString perRowMismatch(const AnalysisResult& r, const Trace& t)
{
    const qint64 kernels = t.kernels.size(), ranges = t.nvtx.size(), strings = t.strings.size();
    const qint64 phases = r.phases.size();
    const auto sized = [](const auto& v, qint64 n) { return qint64(v.size()) == n; };
    if (!sized(r.kernelInWindow, kernels) || !within(r.kernelInWindow, 0, 2))
        return QStringLiteral("kernelInWindow");
    if (!sized(r.kernelRange, kernels) || !within(r.kernelRange, -1, ranges))
        return QStringLiteral("kernelRange");
    if (!sized(r.kernelPhase, kernels) || !within(r.kernelPhase, -1, phases))
        return QStringLiteral("kernelPhase");
    if (!sized(r.rangeStepPhase, ranges) || !within(r.rangeStepPhase, -1, phases))
        return QStringLiteral("rangeStepPhase");
    if (!sized(r.rangePhase, ranges) || !within(r.rangePhase, -1, phases))
        return QStringLiteral("rangePhase");
    if (qint64(r.nameCategory.size()) > strings || !keysWithin(r.categoryOfName, strings))
        return QStringLiteral("nameCategory");
    if (!r.serving.rangeStep.empty()
        && (!sized(r.serving.rangeStep, ranges) || !within(r.serving.rangeStep, -1, r.serving.steps.size())))
        return QStringLiteral("serving.rangeStep");
    if (!within(r.serving.steps.range, 0, ranges) || !within(r.serving.requests.range, 0, ranges))
        return QStringLiteral("serving ranges");
    return {};
}

/// Every other index into a trace table or into another part of the result.
QString indexMismatch(const AnalysisResult& r, const Trace& t)
{
    const qint64 kernels = t.kernels.size(), strings = t.strings.size(), api = t.api.size();
    for (const KernelSummary& k : r.kernels)
        if (k.name >= strings || k.shortName >= strings)
            return QStringLiteral("kernels");
    for (const IdleGap& g : r.gaps)
        if (g.nextApi < -1 || g.nextApi >= api)
            return QStringLiteral("gaps");
    for (const NvtxRangeStats& n : r.nvtxRanges)
        if (n.name >= strings)
            return QStringLiteral("nvtxRanges");
    for (const IterationStats& s : r.iterations)
        if (s.anchorName >= strings || !t.kernelsByDevice.contains(quint16(s.deviceId)))
            return QStringLiteral("iterations");
    for (const NvtxKernelStats& n : r.nvtxByRange)
        if (n.name >= strings)
            return QStringLiteral("nvtxByRange");
    if (!within(r.memory.inStepCalls, 0, api))
        return QStringLiteral("memory");
    const EfficiencyStats& e = r.efficiency;
    if (!within(e.commKernels, 0, kernels) || !keysWithin(e.mathOfName, strings))
        return QStringLiteral("efficiency");
    for (const auto& [k, op] : e.flopKernels)
        if (k >= kernels || op >= e.flopsByOp.size())
            return QStringLiteral("efficiency.flopKernels");
    for (const KernelWaves& w : r.design.kernels) {
        if (w.name >= strings || w.shortName >= strings || !within(w.tailLaunches, 0, kernels))
            return QStringLiteral("design.kernels");
        for (const auto& [device, config] : w.tailConfigs)
            if (config >= t.configs.size())
                return QStringLiteral("design.kernels");
    }
    for (const GemmShape& g : r.design.gemm.shapes)
        if (g.kernelName < -1 || g.kernelName >= strings)
            return QStringLiteral("design.gemm.shapes");
    if (!within(r.design.indexOfName, 0, r.design.kernels.size()) || !keysWithin(r.design.indexOfName, strings))
        return QStringLiteral("design.indexOfName");
    for (const auto& [k, shape] : r.design.gemm.matches)
        if (k >= kernels || shape < 0 || shape >= r.design.gemm.shapes.size())
            return QStringLiteral("design.gemm");
    for (const Finding& f : r.findings)
        for (const Evidence& ev : f.evidence)
            if (const RowidColumn* rowids = t.rowidsOf(ev.table);
                !within(ev.rows, 0, rowids ? qint64(rowids->size()) : 0))
                return QStringLiteral("evidence of %1").arg(f.id);
    if (const auto& ncu = r.counters.ncu) {
        if (!within(ncu->match.kernelOfLaunch, -1, kernels))
            return QStringLiteral("ncu.match");
        for (const NcuKernelFigures& k : ncu->kernels)
            if (k.name >= strings || !within(k.kernelRows, 0, kernels))
                return QStringLiteral("ncu.kernels");
    }
    return {};
}

} // namespace

QByteArray ResultArchive::write(const AnalysisResult& result)
{
    QByteArray bytes;
    QDataStream s(&bytes, QIODevice::WriteOnly);
    s.setVersion(kStreamVersion);
    s.setByteOrder(QDataStream::LittleEndian);
    Writer w(s);
    w(result);
    // The NVTX groups are rebuilt on read; whether there were any (an analysis always builds
    // them unless cancelled) is all that is stored.
    w(result.nvtxThreads != nullptr);
    return bytes;
}

bool ResultArchive::fitsTrace(const AnalysisResult& result, const Trace& trace, QString* why)
{
    QString bad = perRowMismatch(result, trace);
    if (bad.isEmpty())
        bad = indexMismatch(result, trace);
    if (!bad.isEmpty() && why)
        *why = QStringLiteral("%1 does not fit the trace").arg(bad);
    return bad.isEmpty();
}

std::shared_ptr<AnalysisResult> ResultArchive::read(const QByteArray& bytes, const TracePtr& trace, QString* why,
    const std::function<void(const AnalysisResult&)>& checked)
{
    auto fail = [why](const QString& reason) {
        if (why)
            *why = reason;
        return std::shared_ptr<AnalysisResult>();
    };
    if (!trace)
        return fail(QStringLiteral("no trace"));
    QByteArray view = QByteArray::fromRawData(bytes.constData(), bytes.size());
    QBuffer buffer(&view);
    buffer.open(QIODevice::ReadOnly);
    QDataStream s(&buffer);
    s.setVersion(kStreamVersion);
    s.setByteOrder(QDataStream::LittleEndian);
    auto r = std::make_shared<AnalysisResult>();
    bool hasThreads = false;
    Reader reader(s);
    reader(*r, hasThreads);
    if (!reader.ok())
        return fail(QStringLiteral("the result does not parse"));
    if (!buffer.atEnd())
        return fail(QStringLiteral("bytes left after the result"));
    r->trace = trace;
    if (!fitsTrace(*r, *trace, why))
        return nullptr;
    if (checked)
        checked(*r);
    if (hasThreads) {
        auto threads = std::make_shared<NvtxThreadGroups>();
        if (!threads->build(trace->nvtx))
            return fail(QStringLiteral("the NVTX groups cannot be rebuilt"));
        r->nvtxThreads = std::move(threads);
    }
    return r;
}

} // namespace sl
