// SPDX-License-Identifier: MIT
#include "core/analysis/processanalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/trace/apiclassifier.h"

#include <map>
#include <tuple>

namespace sl {

void ProcessAnalysis::run(AnalysisResult& r)
{
    const Trace& t = *r.trace;
    std::map<quint32, ProcessStats> procs;
    std::map<quint32, std::map<quint32, ProcessStats::Thread>> threads;
    // Consecutive rows nearly always come from the same process and thread: remember the last
    // lookup instead of searching the maps for each of millions of rows (std::map nodes are stable).
    ProcessStats* lastProc = nullptr;
    ProcessStats::Thread* lastThread = nullptr;
    quint32 lastThreadPid = ~0u;
    auto proc = [&](quint32 pid) -> ProcessStats& {
        if (!lastProc || lastProc->pid != pid) {
            lastProc = &procs[pid];
            lastProc->pid = pid;
        }
        return *lastProc;
    };
    auto thread = [&](quint32 pid, quint32 tid) -> ProcessStats::Thread& {
        if (!lastThread || lastThreadPid != pid || lastThread->tid != tid) {
            lastThread = &threads[pid][tid];
            lastThread->tid = tid;
            lastThreadPid = pid;
        }
        return *lastThread;
    };

    // (pid, device, stream) → kernel count and ns; a handful of keys, so the same last-key cache applies.
    std::map<std::tuple<quint32, quint16, quint32>, std::pair<qint64, qint64>> streams;
    std::pair<qint64, qint64>* lastStream = nullptr;
    std::tuple<quint32, quint16, quint32> lastStreamKey;
    const auto& k = t.kernels;
    for (qsizetype i = 0; i < k.size(); ++i) {
        if (!r.kernelInWindow[size_t(i)])
            continue;
        const auto s = size_t(i);
        auto& p = proc(k.pid[s]);
        const qint64 d = k.duration(i);
        ++p.kernelCount;
        p.kernelNs += d;
        p.deviceMask |= quint64(1) << std::min<quint16>(k.device[s], 63);
        const auto key = std::make_tuple(k.pid[s], k.device[s], k.stream[s]);
        if (!lastStream || key != lastStreamKey)
            lastStream = &streams[key], lastStreamKey = key;
        ++lastStream->first, lastStream->second += d;
    }
    for (const auto& [key, v] : streams) {
        auto& p = proc(std::get<0>(key));
        if (p.deviceKernels.isEmpty() || p.deviceKernels.back().deviceId != std::get<1>(key))
            p.deviceKernels.append({ std::get<1>(key), 0, 0, {} });
        auto& dev = p.deviceKernels.back();
        dev.kernelCount += v.first, dev.kernelNs += v.second;
        dev.streams.append({ std::get<2>(key), v.first, v.second });
    }
    const auto& a = t.api;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (!r.window.contains(a.start[size_t(i)]))
            continue;
        auto& p = proc(a.pid[size_t(i)]);
        const qint64 d = a.duration(i);
        ++p.apiCount, p.apiNs += d;
        if (ApiClassifier::isBlocking(ApiTable::Kind(a.kind[size_t(i)])))
            ++p.blockingSyncCount, p.blockingSyncNs += d;
        auto& th = thread(p.pid, a.tid[size_t(i)]);
        ++th.apiCount, th.apiNs += d;
    }
    const auto& n = t.nvtx;
    for (qsizetype i = 0; i < n.size(); ++i) {
        if (!r.window.contains(n.start[size_t(i)]))
            continue;
        ++proc(n.pid[size_t(i)]).nvtxRanges;
        ++thread(n.pid[size_t(i)], n.tid[size_t(i)]).nvtxRanges;
    }

    for (auto& [pid, p] : procs) {
        p.name = t.processName(pid);
        for (int d = 0; d < 64; ++d)
            if (p.deviceMask & (quint64(1) << d))
                p.devices.append(d);
        for (auto& [tid, th] : threads[pid]) {
            th.name = t.threadName(pid, tid);
            p.threads.append(th);
        }
        p.phases = r.phasesByPid.value(pid);
        r.processes.append(p);
    }
}

} // namespace sl
