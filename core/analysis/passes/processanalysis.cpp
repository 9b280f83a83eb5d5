// SPDX-License-Identifier: MIT
#include "core/analysis/passes/processanalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/trace/apiclassifier.h"
#include "core/trace/trace.h"
#include "core/util/recentcache.h"

#include <map>
#include <tuple>

namespace sl {

namespace {

/// Per-process and per-thread totals being counted. Rows of millions come from a few processes
/// and threads, and those of the ranks interleave row by row: each is found through a
/// RecentCache in front of the maps (std::map nodes are stable).
class Tally
{
public:
    ProcessStats& proc(quint32 pid)
    {
        return *m_proc.get(pid, pid, [&] {
            ProcessStats* p = &procs[pid];
            p->pid = pid;
            return p;
        });
    }
    ProcessStats::Thread& thread(quint32 pid, quint32 tid)
    {
        return *m_thread.get((quint64(pid) << 32) | tid, pid * 31u + tid, [&] {
            ProcessStats::Thread* th = &threads[pid][tid];
            th->tid = tid;
            return th;
        });
    }

    std::map<quint32, ProcessStats> procs;
    std::map<quint32, std::map<quint32, ProcessStats::Thread>> threads;

private:
    RecentCache<quint32, ProcessStats*> m_proc { ~quint32(0) }; // pids are 24-bit
    RecentCache<quint64, ProcessStats::Thread*> m_thread { ~quint64(0) };
};

/// Kernel count and ns per (pid, device, stream), found like Tally's.
class StreamTally
{
public:
    using Key = std::tuple<quint32, quint16, quint32>;
    std::pair<qint64, qint64>& at(quint32 pid, quint16 device, quint32 stream)
    {
        const Key key { pid, device, stream };
        return *m_recent.get(key, pid * 7u + device * 31u + stream, [&] { return &streams[key]; });
    }
    std::map<Key, std::pair<qint64, qint64>> streams;

private:
    RecentCache<Key, std::pair<qint64, qint64>*> m_recent { Key { ~quint32(0), 0, 0 } };
};

/// Kernel totals per process, and per process, device and stream. False on a cancel.
bool countKernels(const AnalysisResult& r, Tally& tally, const Cancellation& cancel)
{
    StreamTally streams;
    const auto& k = r.trace->kernels;
    for (qsizetype i = 0; i < k.size(); ++i) {
        if (cancel.poll(i))
            return false;
        if (!r.kernelInWindow[size_t(i)])
            continue;
        const auto s = size_t(i);
        auto& p = tally.proc(k.pid[s]);
        const qint64 d = k.duration(i);
        ++p.kernelCount;
        p.kernelNs += d;
        p.deviceMask |= quint64(1) << std::min<quint16>(k.device[s], 63);
        auto& stream = streams.at(k.pid[s], k.device[s], k.stream[s]);
        ++stream.first;
        stream.second += d;
    }
    for (const auto& [key, v] : streams.streams) {
        auto& p = tally.proc(std::get<0>(key));
        if (p.deviceKernels.isEmpty() || p.deviceKernels.back().deviceId != std::get<1>(key))
            p.deviceKernels.append({ std::get<1>(key), 0, 0, {} });
        auto& dev = p.deviceKernels.back();
        dev.kernelCount += v.first;
        dev.kernelNs += v.second;
        dev.streams.append({ std::get<2>(key), v.first, v.second });
    }
    return true;
}

/// API calls (and blocking ones) per process and thread. False on a cancel.
bool countCalls(const AnalysisResult& r, Tally& tally, const Cancellation& cancel)
{
    const auto& a = r.trace->api;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (cancel.poll(i))
            return false;
        if (!r.window.contains(a.start[size_t(i)]))
            continue;
        auto& p = tally.proc(a.pid[size_t(i)]);
        const qint64 d = a.duration(i);
        ++p.apiCount;
        p.apiNs += d;
        if (ApiClassifier::isBlocking(ApiTable::Kind(a.kind[size_t(i)]))) {
            ++p.blockingSyncCount;
            p.blockingSyncNs += d;
        }
        auto& th = tally.thread(p.pid, a.tid[size_t(i)]);
        ++th.apiCount;
        th.apiNs += d;
    }
    return true;
}

/// NVTX ranges per process and thread. False on a cancel.
bool countRanges(const AnalysisResult& r, Tally& tally, const Cancellation& cancel)
{
    const auto& n = r.trace->nvtx;
    for (qsizetype i = 0; i < n.size(); ++i) {
        if (cancel.poll(i))
            return false;
        if (!r.window.contains(n.start[size_t(i)]))
            continue;
        ++tally.proc(n.pid[size_t(i)]).nvtxRanges;
        ++tally.thread(n.pid[size_t(i)], n.tid[size_t(i)]).nvtxRanges;
    }
    return true;
}

/// The profiler's overhead ranges per process already counted (a process with nothing else in
/// the window is not listed for its overhead alone): their count and union (ns).
void countOverhead(const AnalysisResult& r, Tally& tally)
{
    const ProfilerOverheadTable& o = r.trace->profilerOverhead;
    const auto listed = [&](size_t i) { return tally.procs.contains(o.pid[i]) && r.window.contains(o.start[i]); };
    for (const auto& [pid, stretches] : o.unionByProcess(listed)) {
        ProcessStats& p = tally.procs.at(pid);
        for (const auto& [s, e] : stretches)
            p.profilerOverheadNs += e - s;
    }
    for (size_t i = 0; i < size_t(o.size()); ++i)
        if (listed(i))
            ++tally.procs.at(o.pid[i]).profilerOverheadRanges;
}

} // namespace

void ProcessAnalysis::run(AnalysisResult& r, const Cancellation& cancel)
{
    const Trace& t = *r.trace;
    Tally tally;
    if (!countKernels(r, tally, cancel) || !countCalls(r, tally, cancel) || !countRanges(r, tally, cancel))
        return;
    countOverhead(r, tally); // tens to hundreds of rows
    for (auto& [pid, p] : tally.procs) {
        p.name = t.processName(pid);
        for (int d = 0; d < 64; ++d)
            if (p.deviceMask & (quint64(1) << d))
                p.devices.append(d);
        for (auto& [tid, th] : tally.threads[pid]) {
            th.name = t.threadName(pid, tid);
            p.threads.append(th);
        }
        p.phases = r.phasesByPid.value(pid);
        r.processes.append(p);
    }
}

} // namespace sl
