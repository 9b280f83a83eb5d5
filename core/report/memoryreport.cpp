// SPDX-License-Identifier: MIT
#include "core/report/memoryreport.h"

#include "core/util/format.h"

#include <QJsonArray>
#include <QTextStream>

namespace sl {

namespace {
QString mib(qint64 bytes) { return QString::number(double(bytes) / (1024.0 * 1024.0), 'f', 1) + QLatin1String(" MiB"); }
} // namespace

QJsonObject MemoryReport::json(const AnalysisResult& r)
{
    const MemoryStats& m = r.memory;
    QJsonArray devices, processes, phases;
    for (const MemoryDeviceStats& d : m.devices)
        devices.append(QJsonObject { { QStringLiteral("device_id"), d.deviceId },
            { QStringLiteral("events"), d.events }, { QStringLiteral("peak_bytes"), d.peakBytes },
            { QStringLiteral("peak_ns"), d.peakNs }, { QStringLiteral("baseline_bytes"), d.baselineBytes },
            { QStringLiteral("total_bytes"), d.totalBytes > 0 ? QJsonValue(d.totalBytes) : QJsonValue() },
            { QStringLiteral("headroom_bytes"), d.headroomBytes ? QJsonValue(*d.headroomBytes) : QJsonValue() } });
    for (const MemoryProcessStats& p : m.processes)
        processes.append(QJsonObject { { QStringLiteral("pid"), qint64(p.pid) },
            { QStringLiteral("device_id"), p.deviceId }, { QStringLiteral("peak_bytes"), p.peakBytes } });
    for (const MemoryPhaseStats& p : m.phases)
        phases.append(QJsonObject { { QStringLiteral("phase"), p.phase }, { QStringLiteral("steps"), p.steps },
            { QStringLiteral("peak_bytes"), p.peakBytes } });
    const QJsonObject churn { { QStringLiteral("alloc_calls"), m.allocCalls },
        { QStringLiteral("free_calls"), m.freeCalls }, { QStringLiteral("host_ns"), m.callHostNs },
        { QStringLiteral("in_step_calls"), qint64(m.inStepCalls.size()) },
        { QStringLiteral("in_step_host_ns"), m.inStepHostNs }, { QStringLiteral("step_wall_ns"), m.stepWallNs } };
    return QJsonObject { { QStringLiteral("present"), m.present() }, { QStringLiteral("devices"), devices },
        { QStringLiteral("processes"), processes }, { QStringLiteral("phases"), phases },
        { QStringLiteral("churn"), churn } };
}

QString MemoryReport::markdown(const AnalysisResult& r)
{
    const MemoryStats& m = r.memory;
    if (!m.present())
        return {};
    QString md;
    QTextStream s(&md);
    s << "## " << tr("GPU memory") << "\n\n";
    if (!m.devices.isEmpty()) {
        s << "| " << tr("GPU") << " | " << tr("Events") << " | " << tr("Peak in use") << " | " << tr("GPU memory")
          << " | " << tr("Headroom") << " |\n|---:|---:|---:|---:|---:|\n";
        for (const MemoryDeviceStats& d : m.devices)
            s << "| " << d.deviceId << " | " << formatCount(d.events) << " | " << mib(d.peakBytes) << " | "
              << (d.totalBytes > 0 ? mib(d.totalBytes) : QStringLiteral("—")) << " | "
              << (d.headroomBytes ? mib(*d.headroomBytes) : QStringLiteral("—")) << " |\n";
        s << "\n";
    }
    for (const MemoryPhaseStats& p : m.phases)
        s << "- " << tr("Peak during %1 steps: %2").arg(p.phase, mib(p.peakBytes)) << "\n";
    s << "- "
      << tr("Allocation churn: %1 allocation and %2 free calls, %3 of CPU time; %4 of it inside steps.")
             .arg(formatCount(m.allocCalls), formatCount(m.freeCalls), formatDuration(m.callHostNs),
                 formatDuration(m.inStepHostNs))
      << "\n\n";
    return md;
}

QByteArray MemoryReport::inUseCsv(const AnalysisResult& r)
{
    QByteArray out = "device_id,time_ns,in_use_bytes\r\n";
    for (const MemoryDeviceStats& d : r.memory.devices)
        for (size_t i = 0; i < d.t.size(); ++i)
            out += QByteArray::number(d.deviceId) + ',' + QByteArray::number(d.t[i]) + ','
                + QByteArray::number(d.inUse[i]) + "\r\n";
    return out;
}

} // namespace sl
