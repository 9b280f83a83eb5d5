// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/apitable.h"
#include "core/trace/counterseries.h"
#include "core/trace/dataquality.h"
#include "core/trace/gpuinfo.h"
#include "core/trace/kerneltable.h"
#include "core/trace/launchconfigtable.h"
#include "core/trace/memcpytable.h"
#include "core/trace/memoryusagetable.h"
#include "core/trace/nvtxtable.h"
#include "core/trace/profileroverheadtable.h"
#include "core/trace/stringtable.h"
#include "core/trace/traceinfo.h"

#include <QHash>
#include <QMap>
#include <QStringList>

#include <map>
#include <memory>
#include <mutex>

namespace sl {

class FileHash;

/// One loaded Nsight Systems export: every table the analyses need, columnar, each sorted by
/// start time (ns), with the launching API call of every GPU operation already resolved
/// (correlationId *and* process). Built on a loader thread, then immutable and shared as
/// `std::shared_ptr<const Trace>` by the GUI, the analyses and the comparison.
struct Trace
{
    TraceInfo info;
    StringTable strings;
    LaunchConfigTable configs;

    KernelTable kernels;
    ApiTable api;
    NvtxTable nvtx;
    MemcpyTable memcpy;
    MemsetTable memset;
    GraphLaunchTable graphs;
    /// GPU memory allocations and frees (CUDA_GPU_MEMORY_USAGE_EVENTS), empty without them.
    MemoryUsageTable memoryUsage;
    /// The profiler's own work (PROFILER_OVERHEAD): what an idle gap may be put down to.
    ProfilerOverheadTable profilerOverhead;
    /// Sampled hardware counters: GPU metrics from the export, NVML samples when imported.
    CounterSet counters;

    QVector<GpuInfo> gpus; ///< TARGET_INFO_GPU rows (all GPUs in the box)
    QHash<quint32, QString> processNames; ///< pid → executable base name
    QHash<quint64, quint32> threadNames; ///< (pid << 32 | tid) → StringTable index
    QHash<quint64, QString> nvtxDomains; ///< (pid << 32 | domainId) → domain name

    /// Per device, kernel indices in start order (kernels are start-sorted, so these are too).
    std::map<quint16, std::vector<quint32>> kernelsByDevice;
    /// Per (device, stream), kernel indices in start order: the timeline's lanes.
    std::map<std::pair<quint16, quint32>, std::vector<quint32>> kernelsByStream;

    qint64 firstNs = 0; ///< first event start of any kind (GPU, API, NVTX, OS runtime; ns): the "full" window
    qint64 lastNs = 0; ///< last event end of any kind (ns)
    /// Rows the load-time checks left out or named by a placeholder (docs/analysis.md).
    DataQuality dataQuality;
    QStringList loadWarnings; ///< translated, for report.json warnings[]

    const GpuInfo* gpu(int deviceId) const
    {
        for (const auto& g : gpus)
            if (g.deviceId == deviceId)
                return &g;
        return nullptr;
    }
    QString processName(quint32 pid) const { return processNames.value(pid); }
    QString threadName(quint32 pid, quint32 tid) const
    {
        const auto it = threadNames.constFind((quint64(pid) << 32) | tid);
        return it == threadNames.constEnd() ? QString() : strings.at(it.value());
    }
    /// Short label of an ENUM_CUDA_MEMCPY_OPER id (HtoD, DtoH, DtoD, PtoP, ...).
    static QString memcpyKindLabel(int kind);
    bool hasGpuRecords() const { return kernels.size() + memcpy.size() + memset.size() + graphs.size() > 0; }
    /// Approximate heap bytes held, for the benchmark's memory report.
    qint64 memoryBytes() const;
    /// The rowid column of the table an export table (CUPTI_ACTIVITY_KIND_KERNEL, …_RUNTIME,
    /// NVTX_EVENTS, …_MEMCPY, …_MEMSET, …_GRAPH_TRACE) was loaded into: what an evidence item's
    /// rows index. Null for any other table (none of its rows is in the trace).
    const RowidColumn* rowidsOf(const QString& exportTable) const;

    /// SHA-256 of the export (hex): the one the load started (LoadOptions::computeSha256; it
    /// may still be running, then this waits for it), else computed here on first use and kept.
    /// The desktop explorer loads without hashing, so its first paint does not wait for a hash
    /// only reports need; the report writers call this on their worker threads. Thread-safe;
    /// empty when the file cannot be read any more.
    QString sha256() const;
    /// The same when it is known or being computed (waits for it then), else empty: never reads
    /// the file itself (the trace cache records a hash only when the load made one).
    QString knownSha256() const;
    /// Takes the load's hash of this export, still running or done: the analysis need not wait
    /// for it, only the first sha256() (the report) does.
    void adoptHash(std::shared_ptr<FileHash> running);

private:
    /// The lazily computed hash. Copyable so a Trace still is (tests copy one before sharing it).
    /// A copy takes the other's lock: its sha256() may be filling it on another thread.
    struct HashCache
    {
        mutable std::mutex mutex;
        QString value;
        std::shared_ptr<FileHash> running; ///< the load's hash until its result is taken
        HashCache() = default;
        HashCache(const HashCache& other)
        {
            const std::lock_guard<std::mutex> lock(other.mutex);
            value = other.value;
            running = other.running;
        }
        HashCache& operator=(const HashCache& other)
        {
            if (this == &other)
                return *this;
            const std::scoped_lock lock(mutex, other.mutex);
            value = other.value;
            running = other.running;
            return *this;
        }
    };
    mutable HashCache m_hash;
};

using TracePtr = std::shared_ptr<const Trace>;

} // namespace sl
