// SPDX-License-Identifier: MIT
#include "core/report/jsonreport.h"

#include "core/analysis/passes/statistics.h"
#include "core/analysis/rules/specrules.h"
#include "core/report/countersreport.h"
#include "core/report/dataqualityreport.h"
#include "core/report/designreport.h"
#include "core/report/efficiencyreport.h"
#include "core/report/iterationreport.h"
#include "core/report/memoryreport.h"
#include "core/report/servingreport.h"
#include "core/util/privacy.h"

#include <QJsonArray>

namespace sl {

namespace {
QJsonArray intArray(const QVector<int>& v)
{
    QJsonArray a;
    for (int x : v)
        a.append(x);
    return a;
}

QJsonValue optionalShare(const std::optional<double>& v) { return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null); }

QJsonArray phasesJson(const QVector<PhaseStats>& phases)
{
    QJsonArray a;
    for (const auto& p : phases) {
        std::vector<qint64> steps = p.stepNs;
        std::sort(steps.begin(), steps.end());
        a.append(QJsonObject { { QStringLiteral("phase"), p.phase }, { QStringLiteral("wall_ns"), p.wallNs },
            { QStringLiteral("kernel_ns"), p.kernelNs }, { QStringLiteral("kernel_count"), p.kernelCount },
            { QStringLiteral("steps"), p.steps }, { QStringLiteral("kernel_ns_per_step"), p.kernelNsPerStep() },
            { QStringLiteral("step_p50_ns"), nearestRank(steps, 50) },
            { QStringLiteral("step_p90_ns"), nearestRank(steps, 90) } });
    }
    return a;
}
} // namespace

QJsonObject JsonReport::evidenceToJson(const Evidence& e)
{
    QJsonArray rowids;
    for (qint64 id : e.rowids)
        rowids.append(id);
    return QJsonObject { { QStringLiteral("table"), e.table }, { QStringLiteral("rowids"), rowids },
        { QStringLiteral("row_count"), e.rowCount },
        { QStringLiteral("start_ns"), e.startNs >= 0 ? QJsonValue(e.startNs) : QJsonValue() },
        { QStringLiteral("end_ns"), e.endNs >= 0 ? QJsonValue(e.endNs) : QJsonValue() },
        { QStringLiteral("device_id"), e.deviceId >= 0 ? QJsonValue(e.deviceId) : QJsonValue() },
        { QStringLiteral("sql"), e.sql } };
}

QJsonObject JsonReport::findingToJson(const Finding& f)
{
    QJsonArray evidence;
    for (const auto& e : f.evidence)
        evidence.append(evidenceToJson(e));
    return QJsonObject { { QStringLiteral("id"), f.id },
        { QStringLiteral("severity"), Finding::severityName(f.severity) }, { QStringLiteral("title"), f.title },
        { QStringLiteral("summary"), f.summary }, { QStringLiteral("metric"), f.metric },
        { QStringLiteral("impact_ns"), f.impactNs }, { QStringLiteral("impact_share"), f.impactShare },
        { QStringLiteral("evidence"), evidence } };
}

namespace {

/// "trace": the file, its hash, versions, tables and GPUs.
QJsonObject traceJson(const Trace& t)
{
    QJsonArray tables, gpus;
    for (const auto& tb : t.info.tables)
        tables.append(tb.name);
    for (const auto& g : t.gpus)
        gpus.append(QJsonObject { { QStringLiteral("device_id"), g.deviceId }, { QStringLiteral("name"), g.name },
            { QStringLiteral("sm_count"), g.smCount },
            { QStringLiteral("compute_capability"),
                QStringLiteral("%1.%2").arg(g.computeMajor).arg(g.computeMinor) } });
    return QJsonObject { { QStringLiteral("file"), t.info.fileName }, { QStringLiteral("sha256"), t.sha256() },
        { QStringLiteral("nsys_version"), t.info.nsysVersion },
        { QStringLiteral("schema_version"), t.info.schemaVersion }, { QStringLiteral("tables"), tables },
        { QStringLiteral("gpus"), gpus } };
}

/// "kernels": totals, time by category and the top kernels.
QJsonObject kernelsJson(const AnalysisResult& r, const ReportOptions& options)
{
    const Trace& t = *r.trace;
    QJsonArray top;
    for (const auto& k : r.kernels) {
        if (top.size() >= options.topKernels)
            break;
        QJsonObject o { { QStringLiteral("name"), scrubPaths(t.strings.at(k.name)) },
            { QStringLiteral("short_name"), scrubPaths(t.strings.at(k.shortName)) },
            { QStringLiteral("category"), k.category },
            { QStringLiteral("math_path"), r.efficiency.mathOfName.value(k.name).label() },
            { QStringLiteral("count"), k.count }, { QStringLiteral("total_ns"), k.totalNs },
            { QStringLiteral("min_ns"), k.minNs }, { QStringLiteral("max_ns"), k.maxNs },
            { QStringLiteral("mean_ns"), k.meanNs }, { QStringLiteral("p50_ns"), k.p50Ns },
            { QStringLiteral("p90_ns"), k.p90Ns }, { QStringLiteral("median_ns"), k.medianNs },
            { QStringLiteral("stddev_ns"), k.stddevNs }, { QStringLiteral("share"), k.share },
            { QStringLiteral("devices"), intArray(k.devices) },
            { QStringLiteral("occupancy"), optionalShare(k.occupancy) } };
        top.append(o);
    }
    QJsonObject byCategory;
    for (const auto& k : r.kernels)
        byCategory.insert(k.category, byCategory.value(k.category).toInteger() + k.totalNs);
    return QJsonObject { { QStringLiteral("count"), r.kernelCount }, { QStringLiteral("total_ns"), r.kernelNs },
        { QStringLiteral("distinct_names"), r.kernels.size() }, { QStringLiteral("by_category_ns"), byCategory },
        { QStringLiteral("top"), top } };
}

/// "devices": busy, idle and low-utilisation chunks per GPU.
QJsonArray devicesJson(const AnalysisResult& r)
{
    QJsonArray devices;
    for (const auto& d : r.devices) {
        QJsonArray low;
        for (const auto& c : d.lowUtil)
            low.append(QJsonObject { { QStringLiteral("start_ns"), c.startNs }, { QStringLiteral("end_ns"), c.endNs },
                { QStringLiteral("busy_ns"), c.busyNs }, { QStringLiteral("busy_share"), c.busyShare } });
        devices.append(QJsonObject { { QStringLiteral("device_id"), d.deviceId },
            { QStringLiteral("first_ns"), d.firstNs }, { QStringLiteral("last_ns"), d.lastNs },
            { QStringLiteral("busy_ns"), d.busyNs }, { QStringLiteral("compute_busy_ns"), d.computeBusyNs },
            { QStringLiteral("copy_busy_ns"),
                EfficiencyReport::busyOf(r, d.deviceId) ? EfficiencyReport::busyOf(r, d.deviceId)->copyBusyNs : 0 },
            { QStringLiteral("idle_ns"), d.idleNs }, { QStringLiteral("gap_count"), d.gapCount },
            { QStringLiteral("kernel_count"), d.kernelCount },
            { QStringLiteral("idle_by_cause_ns"),
                QJsonObject { { QStringLiteral("host-wait"), d.idleByCauseNs[IdleGap::HostWait] },
                    { QStringLiteral("sync-wait"), d.idleByCauseNs[IdleGap::SyncWait] },
                    { QStringLiteral("other"), d.idleByCauseNs[IdleGap::Other] },
                    { QStringLiteral("profiler-overhead"), d.idleByCauseNs[IdleGap::ProfilerOverhead] } } },
            { QStringLiteral("low_utilisation"), low } });
    }
    return devices;
}

/// "idle_gaps": the largest gaps, and every one of the GPU gaps rule.
QJsonArray gapsJson(const AnalysisResult& r, const ReportOptions& options)
{
    QJsonArray gaps;
    for (const auto& g : r.gaps) {
        if (gaps.size() >= options.topGaps && g.durationNs() < spec::kGpuGapNs)
            continue;
        gaps.append(
            QJsonObject { { QStringLiteral("device_id"), g.deviceId }, { QStringLiteral("start_ns"), g.startNs },
                { QStringLiteral("end_ns"), g.endNs }, { QStringLiteral("duration_ns"), g.durationNs() },
                { QStringLiteral("cause"), IdleGap::causeName(g.cause) } });
    }
    return gaps;
}

/// "launches": rate and durations per GPU, and the launch overhead.
QJsonObject launchesJson(const AnalysisResult& r)
{
    QJsonArray perDevice;
    for (const auto& d : r.launches.perDevice)
        perDevice.append(QJsonObject { { QStringLiteral("device_id"), d.deviceId },
            { QStringLiteral("kernels"), d.kernels }, { QStringLiteral("kernels_per_s"), d.kernelsPerSecond },
            { QStringLiteral("p50_ns"), d.p50Ns }, { QStringLiteral("p90_ns"), d.p90Ns },
            { QStringLiteral("p99_ns"), d.p99Ns }, { QStringLiteral("share_under_5us"), d.shareUnder5us },
            { QStringLiteral("share_under_10us"), d.shareUnder10us },
            { QStringLiteral("share_under_20us"), d.shareUnder20us }, { QStringLiteral("storm"), d.storm } });
    return QJsonObject { { QStringLiteral("per_device"), perDevice }, { QStringLiteral("storm"), r.launches.storm },
        { QStringLiteral("overhead"),
            QJsonObject { { QStringLiteral("matched_kernels"), r.launches.matchedKernels },
                { QStringLiteral("launch_bound_kernels"), r.launches.launchBound },
                { QStringLiteral("api_p50_ns"), r.launches.apiP50Ns },
                { QStringLiteral("queue_p50_ns"), r.launches.queueP50Ns },
                { QStringLiteral("queue_p90_ns"), r.launches.queueP90Ns } } } };
}

/// "nvtx": ranges, attribution, kernel time by range and phases.
QJsonObject nvtxJson(const AnalysisResult& r, const ReportOptions& options)
{
    const Trace& t = *r.trace;
    QJsonArray ranges, byRange;
    for (const auto& n : r.nvtxRanges)
        if (ranges.size() < options.topRanges)
            ranges.append(QJsonObject { { QStringLiteral("name"), scrubPaths(t.strings.at(n.name)) },
                { QStringLiteral("count"), n.count }, { QStringLiteral("total_ns"), n.totalNs },
                { QStringLiteral("max_depth"), n.maxDepth } });
    for (const auto& n : r.nvtxByRange)
        if (byRange.size() < options.topRanges)
            byRange.append(QJsonObject { { QStringLiteral("name"), scrubPaths(t.strings.at(n.name)) },
                { QStringLiteral("kernel_count"), n.kernelCount }, { QStringLiteral("kernel_ns"), n.kernelNs } });
    return QJsonObject { { QStringLiteral("ranges"), ranges },
        { QStringLiteral("attribution"),
            QJsonObject { { QStringLiteral("attributed_ns"), r.attributedNs },
                { QStringLiteral("total_kernel_ns"), r.kernelNs }, { QStringLiteral("coverage"), r.coverage } } },
        { QStringLiteral("by_range"), byRange }, { QStringLiteral("phases"), phasesJson(r.phases) } };
}

/// "processes": per-process and per-thread totals.
QJsonArray processesJson(const AnalysisResult& r)
{
    QJsonArray procs;
    for (const auto& p : r.processes) {
        QJsonArray threads;
        for (const auto& th : p.threads)
            threads.append(QJsonObject { { QStringLiteral("tid"), qint64(th.tid) },
                { QStringLiteral("name"), scrubPaths(th.name) }, { QStringLiteral("api_count"), th.apiCount },
                { QStringLiteral("api_ns"), th.apiNs }, { QStringLiteral("nvtx_ranges"), th.nvtxRanges } });
        procs.append(QJsonObject { { QStringLiteral("pid"), qint64(p.pid) },
            { QStringLiteral("name"), scrubPaths(p.name) }, { QStringLiteral("kernel_count"), p.kernelCount },
            { QStringLiteral("kernel_ns"), p.kernelNs }, { QStringLiteral("api_count"), p.apiCount },
            { QStringLiteral("api_ns"), p.apiNs }, { QStringLiteral("blocking_sync_count"), p.blockingSyncCount },
            { QStringLiteral("blocking_sync_ns"), p.blockingSyncNs }, { QStringLiteral("nvtx_ranges"), p.nvtxRanges },
            { QStringLiteral("profiler_overhead_ranges"), p.profilerOverheadRanges },
            { QStringLiteral("profiler_overhead_ns"), p.profilerOverheadNs },
            { QStringLiteral("devices"), intArray(p.devices) }, { QStringLiteral("threads"), threads },
            { QStringLiteral("phases"), phasesJson(p.phases) } });
    }
    return procs;
}

} // namespace

QJsonObject JsonReport::build(const AnalysisResult& r, const ReportOptions& options)
{
    const Trace& t = *r.trace;
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("sightline.report"));
    root.insert(QStringLiteral("format_version"), kFormatVersion);
    root.insert(QStringLiteral("tool"),
        QJsonObject { { QStringLiteral("name"), QStringLiteral("sightline") },
            { QStringLiteral("version"), QStringLiteral(SIGHTLINE_VERSION) } });

    root.insert(QStringLiteral("trace"), traceJson(t));
    root.insert(QStringLiteral("window"),
        QJsonObject { { QStringLiteral("start_ns"), r.window.startNs }, { QStringLiteral("end_ns"), r.window.endNs },
            { QStringLiteral("kind"), AnalysisWindow::kindName(r.window.kind) } });

    root.insert(QStringLiteral("kernels"), kernelsJson(r, options));
    root.insert(QStringLiteral("devices"), devicesJson(r));
    root.insert(QStringLiteral("idle_gaps"), gapsJson(r, options));
    root.insert(QStringLiteral("launches"), launchesJson(r));

    QJsonArray calls;
    for (const auto& s : r.sync)
        calls.append(QJsonObject { { QStringLiteral("api"), s.api }, { QStringLiteral("blocking"), s.blocking },
            { QStringLiteral("count"), s.count }, { QStringLiteral("total_ns"), s.totalNs } });
    root.insert(QStringLiteral("sync"), QJsonObject { { QStringLiteral("calls"), calls } });

    QJsonArray kinds;
    for (const auto& m : r.memcpy)
        kinds.append(QJsonObject { { QStringLiteral("kind"), m.kind }, { QStringLiteral("kind_id"), m.kindId },
            { QStringLiteral("count"), m.count }, { QStringLiteral("bytes"), m.bytes },
            { QStringLiteral("total_ns"), m.totalNs }, { QStringLiteral("gb_per_s"), m.gbPerSecond() } });
    root.insert(QStringLiteral("memcpy"),
        QJsonObject { { QStringLiteral("by_kind"), kinds },
            { QStringLiteral("pageable_async_copies"), r.pageableAsyncCopies },
            { QStringLiteral("synchronous_copies"), r.syncCopies } });
    root.insert(QStringLiteral("graphs"),
        QJsonObject { { QStringLiteral("mode"), GraphModes::key(r.graphMode) },
            { QStringLiteral("launches"), r.graphLaunches }, { QStringLiteral("total_ns"), r.graphNs },
            { QStringLiteral("node_kernels"), r.graphNodeKernels } });

    root.insert(QStringLiteral("nvtx"), nvtxJson(r, options));
    root.insert(QStringLiteral("processes"), processesJson(r));
    root.insert(QStringLiteral("serving"), ServingReport::json(r));
    root.insert(QStringLiteral("iterations"), IterationReport::json(r));
    root.insert(QStringLiteral("memory"), MemoryReport::json(r));
    root.insert(QStringLiteral("efficiency"), EfficiencyReport::json(r));
    root.insert(QStringLiteral("design"), DesignReport::json(r));

    QJsonArray findings;
    for (const auto& f : r.findings)
        findings.append(findingToJson(f));
    root.insert(QStringLiteral("findings"), findings);
    root.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(r.warnings));
    root.insert(QStringLiteral("data_quality"), DataQualityReport::json(t.dataQuality));
    root.insert(QStringLiteral("counters"), CountersReport::json(r));
    return root;
}

} // namespace sl
