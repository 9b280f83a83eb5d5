// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/timeline/lanesummary.h"

#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace sl {

/// One drawable row of the timeline: what it shows, and its level-of-detail summary.
struct TimelineLane
{
    enum class Kind : quint8 {
        DeviceBusy, ///< union of all GPU work of a device (kernels, graph launches, copies, memsets); key 0
        Kernels, ///< kernels of one (device, stream); key = taxonomy category index
        Graphs, ///< whole-graph launches of a device (graph trace mode); key 0
        Memcpy, ///< copies of a device; key = copyKind
        Memset, ///< memsets of a device; key 0
        Nvtx, ///< NVTX ranges of one thread at one nesting depth; key = phase index
    };
    Kind kind = Kind::Kernels;
    int device = -1; ///< CUDA deviceId (GPU lanes)
    qint64 stream = -1; ///< streamId (Kernels lanes), -1 otherwise
    quint32 pid = 0, tid = 0; ///< NVTX lanes: the thread that opened the ranges
    int depth = 0; ///< NVTX lanes: nesting depth, 0 = outermost
    std::vector<quint32> pids; ///< processes with events in the lane, ascending (scope filtering)
    /// Table rows in start order when the lane owns its order (copies, NVTX); DeviceBusy: the
    /// device's kernels, graph launches, copies and memsets merged by start, tagged by table
    /// (LaneEvents::tagged, tables in that order).
    std::vector<quint32> rows;
    const qint64* tableStart[4] = {}; ///< DeviceBusy: start column of each tagged table
    const DurationColumn* tableDur[4] = {}; ///< DeviceBusy: end column of each tagged table
    LaneSummary summary; ///< reads the trace's columns through the rows above
};

/// Every timeline lane of one trace with its level-of-detail summary (LaneSummary): per device a
/// busy band, one lane per stream, graph, copy and memset lanes; per CPU thread one NVTX lane per
/// nesting depth. Built once per trace on a worker thread (TimelineCache) and shared by the
/// Timeline and NVTX docks across re-analyses of the same trace: nothing here depends on the
/// analysis window, only on the colour keys (categories of kernel names, phases of ranges).
///
/// Memory beyond the trace, about 10 bytes per kernel: 3 for its stream lane's summary (the lane
/// reads the trace's per-stream index), 4 for its entry in the device band's merged order and 3
/// for that band's summary; 7 bytes per copy, memset and NVTX range (own start order and
/// summary), plus the colour keys (1 byte per string and per range). 10.9 bytes per kernel in
/// all on 5 M-kernel synthetic exports. Built on the thread pool (lanes in parallel); immutable
/// once built; read from any thread.
class TimelineData
{
public:
    /// Colour keys the lanes are summarised by, taken from an analysis.
    struct Keys
    {
        std::vector<quint8> kernelKeyOfName; ///< per StringTable index: Taxonomy::categories() index
        std::vector<quint8> rangeKey; ///< per NVTX range: phase index, LaneSummary::kNoKey when none
        QStringList phaseNames; ///< names of the phase indices
        static Keys fromAnalysis(const AnalysisResult& analysis);
        /// Equal keys give equal hashes: a re-analysis over another window reuses the data.
        size_t hash() const;
        bool operator==(const Keys&) const = default;
    };

    struct Device
    {
        int deviceId = 0;
        int busy = -1; ///< lane index of the busy band
        std::vector<int> kernels; ///< lane indices of the stream lanes, by stream id
        int graphs = -1, memcpy = -1, memset = -1;
    };
    struct Thread
    {
        quint32 pid = 0, tid = 0;
        std::vector<int> depths; ///< lane index per nesting depth, outermost first
    };

    /// Deepest nesting shown as its own lane; deeper ranges share the last lane.
    static constexpr int kMaxDepth = 24;

    /// Null when `cancel` turns true. `progress` (0–1000) is called from the building thread.
    static std::shared_ptr<const TimelineData> build(const TracePtr& trace, Keys keys,
        const std::atomic<bool>* cancel = nullptr, const std::function<void(int)>& progress = {});

    const TracePtr& trace() const { return m_trace; }
    const Keys& keys() const { return m_keys; }
    const std::vector<TimelineLane>& lanes() const { return m_lanes; }
    const TimelineLane& lane(int index) const { return m_lanes[size_t(index)]; }
    const std::vector<Device>& devices() const { return m_devices; }
    const std::vector<Thread>& threads() const { return m_threads; }
    /// Lane of the kernels of (device, stream), -1 when there is none.
    int kernelLane(int device, quint32 stream) const;
    /// Bytes held beyond the trace (summaries, own orders, busy segments, keys).
    qint64 memoryBytes() const;

private:
    friend class TimelineArchive; // stores and restores the lanes (result cache)
    TimelineData() = default;
    bool buildGpuLanes(const std::atomic<bool>* cancel);
    bool buildNvtxLanes(const std::atomic<bool>* cancel);
    bool buildSummaries(const std::atomic<bool>* cancel, const std::function<void(qint64)>& done);
    LaneEvents eventsOf(const TimelineLane& lane) const;

    TracePtr m_trace;
    Keys m_keys;
    std::vector<TimelineLane> m_lanes;
    std::vector<Device> m_devices;
    std::vector<Thread> m_threads;
};

using TimelineDataPtr = std::shared_ptr<const TimelineData>;

} // namespace sl
