// SPDX-License-Identifier: MIT
#include "core/models/overviewdata.h"

#include <QHash>

#include <algorithm>

namespace sl {

namespace {
// The taxonomy's own name for uncategorised kernels: folded categories join it rather than
// adding a second "other" bar.
const QString kOther = QStringLiteral("other");
} // namespace

ChartData OverviewData::categories(const AnalysisResult& r, int maxCategories)
{
    ChartData c;
    c.title = tr("GPU time by kernel category");
    c.valueAxisTitle = tr("Kernel time");
    QHash<QString, qint64> byCategory;
    for (const KernelSummary& k : r.kernels)
        byCategory[k.category.isEmpty() ? kOther : k.category] += k.totalNs;
    QVector<QPair<QString, qint64>> sorted;
    for (auto it = byCategory.cbegin(); it != byCategory.cend(); ++it)
        if (it.value() > 0)
            sorted.append({ it.key(), it.value() });
    // Ties by name so that the order does not depend on hash order.
    std::sort(sorted.begin(), sorted.end(),
        [](const auto& a, const auto& b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
    const qsizetype keep = std::max(1, maxCategories - 1);
    if (sorted.size() > keep + 1) {
        qint64 folded = 0;
        for (qsizetype i = keep; i < sorted.size(); ++i)
            folded += sorted[i].second;
        sorted.resize(keep);
        auto it = std::find_if(sorted.begin(), sorted.end(), [](const auto& p) { return p.first == kOther; });
        if (it != sorted.end())
            it->second += folded;
        else
            sorted.append({ kOther, folded });
        std::stable_sort(
            sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    }
    ChartData::Series s { tr("Kernel time"), {} };
    for (const auto& [name, ns] : sorted) {
        c.categories << name;
        s.valuesNs << ns;
    }
    if (!c.categories.isEmpty())
        c.series << s;
    return c;
}

ChartData OverviewData::devices(const AnalysisResult& r, qint64 onlyDevice)
{
    ChartData c;
    c.title = tr("Busy and idle time per GPU");
    c.valueAxisTitle = tr("Time from first to last GPU work");
    c.stacked = true;
    QVector<DeviceStats> devices = r.devices;
    std::sort(devices.begin(), devices.end(), [](const auto& a, const auto& b) { return a.deviceId < b.deviceId; });
    const auto idle
        = [](IdleGap::Cause cause) -> QString { return QStringLiteral("idle:") + IdleGap::causeName(cause); };
    c.series = { { tr("Compute"), {}, false, QStringLiteral("compute") },
        { tr("Copies only"), {}, false, QStringLiteral("copy") },
        { tr("Idle: waiting for the host"), {}, true, idle(IdleGap::HostWait) },
        { tr("Idle: blocked in a sync"), {}, true, idle(IdleGap::SyncWait) },
        { tr("Idle: other"), {}, true, idle(IdleGap::Other) },
        { tr("Idle: profiler overhead"), {}, true, idle(IdleGap::ProfilerOverhead) } };
    for (const DeviceStats& d : devices) {
        if (onlyDevice >= 0 && d.deviceId != onlyDevice)
            continue;
        c.categories << tr("GPU %1").arg(d.deviceId);
        c.series[0].valuesNs << d.computeBusyNs;
        c.series[1].valuesNs << d.busyNs - d.computeBusyNs;
        c.series[2].valuesNs << d.idleByCauseNs[IdleGap::HostWait];
        c.series[3].valuesNs << d.idleByCauseNs[IdleGap::SyncWait];
        c.series[4].valuesNs << d.idleByCauseNs[IdleGap::Other];
        c.series[5].valuesNs << d.idleByCauseNs[IdleGap::ProfilerOverhead];
    }
    if (c.categories.isEmpty())
        c.series.clear();
    return c;
}

ChartData OverviewData::phases(const AnalysisResult& r)
{
    ChartData c;
    c.title = tr("Time per phase");
    c.valueAxisTitle = tr("Time");
    c.series = { { tr("Wall time of the steps"), {} }, { tr("Kernel time"), {} } };
    for (const PhaseStats& p : r.phases) {
        if (p.wallNs == 0 && p.kernelNs == 0)
            continue;
        c.categories << p.phase;
        c.series[0].valuesNs << p.wallNs;
        c.series[1].valuesNs << p.kernelNs;
    }
    if (c.categories.isEmpty())
        c.series.clear();
    return c;
}

} // namespace sl
