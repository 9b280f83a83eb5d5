// SPDX-License-Identifier: MIT
#include "core/report/csvtables.h"

#include "core/report/countersreport.h"
#include "core/report/csvwriter.h"
#include "core/report/designreport.h"
#include "core/report/efficiencyreport.h"
#include "core/report/memoryreport.h"
#include "core/report/servingreport.h"
#include "core/util/privacy.h"

#include <QStringList>

namespace sl {

namespace {
using Csv = CsvWriter;

QString n(qint64 v) { return QString::number(v); }
QString d(double v) { return QString::number(v, 'g', 10); }
} // namespace

QString CsvTables::field(const QString& s)
{
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) && !s.contains(QLatin1Char('\n'))
        && !s.contains(QLatin1Char('\r')))
        return s;
    QString q = s;
    q.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

namespace {
/// kernels.csv, devices.csv, idle_gaps.csv, launches.csv: the GPU side.
void addGpuTables(const AnalysisResult& r, QMap<QString, QByteArray>& out)
{
    const Trace& t = *r.trace;
    Csv kernels({ QStringLiteral("name"), QStringLiteral("short_name"), QStringLiteral("category"),
        QStringLiteral("count"), QStringLiteral("total_ns"), QStringLiteral("min_ns"), QStringLiteral("max_ns"),
        QStringLiteral("mean_ns"), QStringLiteral("p50_ns"), QStringLiteral("p90_ns"), QStringLiteral("share"),
        QStringLiteral("devices"), QStringLiteral("occupancy") });
    for (const auto& k : r.kernels) {
        QStringList devs;
        for (int dev : k.devices)
            devs << QString::number(dev);
        kernels.row({ scrubPaths(t.strings.at(k.name)), scrubPaths(t.strings.at(k.shortName)), k.category, n(k.count),
            n(k.totalNs), n(k.minNs), n(k.maxNs), d(k.meanNs), n(k.p50Ns), n(k.p90Ns), d(k.share),
            devs.join(QLatin1Char(' ')), k.occupancy ? d(*k.occupancy) : QString() });
    }
    out.insert(QStringLiteral("kernels.csv"), kernels.bytes());

    Csv devices(
        { QStringLiteral("device_id"), QStringLiteral("first_ns"), QStringLiteral("last_ns"), QStringLiteral("busy_ns"),
            QStringLiteral("compute_busy_ns"), QStringLiteral("idle_ns"), QStringLiteral("gap_count"),
            QStringLiteral("kernel_count"), QStringLiteral("idle_host_wait_ns"), QStringLiteral("idle_sync_wait_ns"),
            QStringLiteral("idle_other_ns"), QStringLiteral("idle_profiler_overhead_ns") });
    for (const auto& x : r.devices)
        devices.row(
            { n(x.deviceId), n(x.firstNs), n(x.lastNs), n(x.busyNs), n(x.computeBusyNs), n(x.idleNs), n(x.gapCount),
                n(x.kernelCount), n(x.idleByCauseNs[IdleGap::HostWait]), n(x.idleByCauseNs[IdleGap::SyncWait]),
                n(x.idleByCauseNs[IdleGap::Other]), n(x.idleByCauseNs[IdleGap::ProfilerOverhead]) });
    out.insert(QStringLiteral("devices.csv"), devices.bytes());

    Csv gaps({ QStringLiteral("device_id"), QStringLiteral("start_ns"), QStringLiteral("end_ns"),
        QStringLiteral("duration_ns"), QStringLiteral("cause") });
    for (const auto& g : r.gaps)
        gaps.row({ n(g.deviceId), n(g.startNs), n(g.endNs), n(g.durationNs()), IdleGap::causeName(g.cause) });
    out.insert(QStringLiteral("idle_gaps.csv"), gaps.bytes());

    Csv launches({ QStringLiteral("device_id"), QStringLiteral("kernels"), QStringLiteral("kernels_per_s"),
        QStringLiteral("p50_ns"), QStringLiteral("p90_ns"), QStringLiteral("p99_ns"), QStringLiteral("share_under_5us"),
        QStringLiteral("share_under_10us"), QStringLiteral("share_under_20us"), QStringLiteral("storm") });
    for (const auto& x : r.launches.perDevice)
        launches.row({ n(x.deviceId), n(x.kernels), d(x.kernelsPerSecond), n(x.p50Ns), n(x.p90Ns), n(x.p99Ns),
            d(x.shareUnder5us), d(x.shareUnder10us), d(x.shareUnder20us),
            x.storm ? QStringLiteral("true") : QStringLiteral("false") });
    out.insert(QStringLiteral("launches.csv"), launches.bytes());
}

/// sync.csv, memcpy.csv, processes.csv, threads.csv: the host side and the copies.
void addHostTables(const AnalysisResult& r, QMap<QString, QByteArray>& out)
{
    Csv sync(
        { QStringLiteral("api"), QStringLiteral("blocking"), QStringLiteral("count"), QStringLiteral("total_ns") });
    for (const auto& s : r.sync)
        sync.row({ s.api, s.blocking ? QStringLiteral("true") : QStringLiteral("false"), n(s.count), n(s.totalNs) });
    out.insert(QStringLiteral("sync.csv"), sync.bytes());

    Csv memcpy({ QStringLiteral("kind"), QStringLiteral("kind_id"), QStringLiteral("count"), QStringLiteral("bytes"),
        QStringLiteral("total_ns"), QStringLiteral("gb_per_s") });
    for (const auto& m : r.memcpy)
        memcpy.row({ m.kind, n(m.kindId), n(m.count), n(m.bytes), n(m.totalNs), d(m.gbPerSecond()) });
    out.insert(QStringLiteral("memcpy.csv"), memcpy.bytes());

    Csv procs(
        { QStringLiteral("pid"), QStringLiteral("name"), QStringLiteral("kernel_count"), QStringLiteral("kernel_ns"),
            QStringLiteral("api_count"), QStringLiteral("api_ns"), QStringLiteral("blocking_sync_count"),
            QStringLiteral("blocking_sync_ns"), QStringLiteral("nvtx_ranges"), QStringLiteral("devices"),
            QStringLiteral("profiler_overhead_ranges"), QStringLiteral("profiler_overhead_ns") });
    Csv threads({ QStringLiteral("pid"), QStringLiteral("tid"), QStringLiteral("name"), QStringLiteral("api_count"),
        QStringLiteral("api_ns"), QStringLiteral("nvtx_ranges") });
    for (const auto& p : r.processes) {
        QStringList devs;
        for (int dev : p.devices)
            devs << QString::number(dev);
        procs.row({ n(p.pid), scrubPaths(p.name), n(p.kernelCount), n(p.kernelNs), n(p.apiCount), n(p.apiNs),
            n(p.blockingSyncCount), n(p.blockingSyncNs), n(p.nvtxRanges), devs.join(QLatin1Char(' ')),
            n(p.profilerOverheadRanges), n(p.profilerOverheadNs) });
        for (const auto& th : p.threads)
            threads.row({ n(p.pid), n(th.tid), scrubPaths(th.name), n(th.apiCount), n(th.apiNs), n(th.nvtxRanges) });
    }
    out.insert(QStringLiteral("processes.csv"), procs.bytes());
    out.insert(QStringLiteral("threads.csv"), threads.bytes());
}

/// nvtx_ranges.csv, nvtx_by_range.csv, phases.csv.
void addNvtxTables(const AnalysisResult& r, QMap<QString, QByteArray>& out)
{
    const Trace& t = *r.trace;
    Csv ranges(
        { QStringLiteral("name"), QStringLiteral("count"), QStringLiteral("total_ns"), QStringLiteral("max_depth") });
    for (const auto& x : r.nvtxRanges)
        ranges.row({ scrubPaths(t.strings.at(x.name)), n(x.count), n(x.totalNs), n(x.maxDepth) });
    out.insert(QStringLiteral("nvtx_ranges.csv"), ranges.bytes());

    Csv byRange({ QStringLiteral("name"), QStringLiteral("kernel_count"), QStringLiteral("kernel_ns") });
    for (const auto& x : r.nvtxByRange)
        byRange.row({ scrubPaths(t.strings.at(x.name)), n(x.kernelCount), n(x.kernelNs) });
    out.insert(QStringLiteral("nvtx_by_range.csv"), byRange.bytes());

    Csv phases({ QStringLiteral("pid"), QStringLiteral("phase"), QStringLiteral("steps"), QStringLiteral("wall_ns"),
        QStringLiteral("kernel_count"), QStringLiteral("kernel_ns"), QStringLiteral("kernel_ns_per_step") });
    for (const auto& p : r.phases)
        phases.row({ QStringLiteral("all"), p.phase, n(p.steps), n(p.wallNs), n(p.kernelCount), n(p.kernelNs),
            n(p.kernelNsPerStep()) });
    for (const auto& proc : r.processes)
        for (const auto& p : proc.phases)
            phases.row({ n(proc.pid), p.phase, n(p.steps), n(p.wallNs), n(p.kernelCount), n(p.kernelNs),
                n(p.kernelNsPerStep()) });
    out.insert(QStringLiteral("phases.csv"), phases.bytes());
}

void addFindingsTable(const AnalysisResult& r, QMap<QString, QByteArray>& out)
{
    Csv findings({ QStringLiteral("rank"), QStringLiteral("id"), QStringLiteral("severity"), QStringLiteral("title"),
        QStringLiteral("metric"), QStringLiteral("impact_ns"), QStringLiteral("impact_share"),
        QStringLiteral("summary") });
    int rank = 0;
    for (const auto& f : r.findings)
        findings.row({ n(++rank), f.id, Finding::severityName(f.severity), f.title, f.metric, n(f.impactNs),
            d(f.impactShare), f.summary });
    out.insert(QStringLiteral("findings.csv"), findings.bytes());
}
} // namespace

QMap<QString, QByteArray> CsvTables::build(const AnalysisResult& r)
{
    QMap<QString, QByteArray> out;
    addGpuTables(r, out);
    addHostTables(r, out);
    addNvtxTables(r, out);
    addFindingsTable(r, out);
    if (r.serving.present())
        out.insert(QStringLiteral("serving_steps.csv"), ServingReport::stepsCsv(r));
    if (!r.memory.devices.isEmpty())
        out.insert(QStringLiteral("memory_in_use.csv"), MemoryReport::inUseCsv(r));
    if (r.serving.requests.size() > 0)
        out.insert(QStringLiteral("requests.csv"), ServingReport::requestsCsv(r));
    EfficiencyReport::csv(r, &out);
    DesignReport::csv(r, &out);
    CountersReport::addCsv(r, out);
    return out;
}

} // namespace sl
