// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/trace.h"

#include <QCoreApplication>
#include <QString>

namespace sl {

/// What the user focused on in the Processes dock: a process, one of its threads, or one of
/// its devices or streams. Docks apply it as a *view* filter over the same analysis (numbers
/// of the analysis itself stay whole-trace so that they match report.json). A default
/// ScopeFilter accepts everything. Cheap to copy; evaluated per row, so every test is O(1).
struct ScopeFilter
{
    Q_DECLARE_TR_FUNCTIONS(ScopeFilter)
public:
    static constexpr qint64 kAny = -1;
    qint64 pid = kAny; ///< process id, kAny for every process
    qint64 tid = kAny; ///< thread id (with pid), kAny for every thread
    qint64 device = kAny; ///< CUDA deviceId, kAny for every device
    qint64 stream = kAny; ///< streamId (with device), kAny for every stream

    bool isAll() const { return pid == kAny && tid == kAny && device == kAny && stream == kAny; }
    bool operator==(const ScopeFilter&) const = default;

    /// Kernel `k` of `t`: its process, device and stream match; a thread scope matches the thread
    /// of the kernel's launching API call (kernels without one never match a thread scope).
    bool acceptsKernel(const Trace& t, quint32 k) const
    {
        const KernelTable& kt = t.kernels;
        if (pid != kAny && kt.pid[k] != quint32(pid))
            return false;
        if (device != kAny && kt.device[k] != quint16(device))
            return false;
        if (stream != kAny && kt.stream[k] != quint32(stream))
            return false;
        if (tid != kAny) {
            const qint32 a = kt.api[k];
            return a >= 0 && t.api.tid[size_t(a)] == quint32(tid);
        }
        return true;
    }
    /// A device/stream lane of the timeline.
    bool acceptsLane(int deviceId, qint64 streamId) const
    {
        return (device == kAny || device == deviceId) && (stream == kAny || streamId == kAny || stream == streamId);
    }
    /// A CPU thread (API calls, NVTX ranges). Device and stream scopes do not hide threads of the process.
    bool acceptsThread(quint32 p, quint32 t) const
    {
        return (pid == kAny || quint32(pid) == p) && (tid == kAny || quint32(tid) == t);
    }

    /// Short translated caption, e.g. "process 1001 › GPU 0 › stream 7".
    QString label() const
    {
        if (isAll())
            return tr("everything");
        QStringList parts;
        if (pid != kAny)
            parts << tr("process %1").arg(pid);
        if (tid != kAny)
            parts << tr("thread %1").arg(tid);
        if (device != kAny)
            parts << tr("GPU %1").arg(device);
        if (stream != kAny)
            parts << tr("stream %1").arg(stream);
        return parts.join(QStringLiteral(" › "));
    }
};

} // namespace sl
