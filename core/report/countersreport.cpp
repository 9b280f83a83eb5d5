// SPDX-License-Identifier: MIT
#include "core/report/countersreport.h"

#include "core/io/ncustallreasons.h"
#include "core/report/csvwriter.h"
#include "core/report/markdownreport.h"
#include "core/util/format.h"
#include "core/util/privacy.h"

#include <QJsonArray>
#include <QTextStream>

#include <cmath>

namespace sl {

namespace {

QJsonValue opt(const std::optional<double>& v)
{
    return v && std::isfinite(*v) ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

QJsonObject summaryJson(const CounterSummary& s)
{
    if (!s.valid())
        return QJsonObject { { QStringLiteral("covered_ns"), 0 } };
    return QJsonObject { { QStringLiteral("covered_ns"), s.coveredNs }, { QStringLiteral("samples"), s.samples },
        { QStringLiteral("mean"), s.mean }, { QStringLiteral("p90"), s.p90 }, { QStringLiteral("max"), s.max } };
}

QString pct(const std::optional<double>& v) { return v ? formatPercent(*v / 100) : QStringLiteral("–"); }

QString num(const std::optional<double>& v, int decimals = 2)
{
    return v ? QString::number(*v, 'f', decimals) : QStringLiteral("–");
}

/// "Long scoreboard (L1TEX/memory wait) 30.0 %": the largest stall reason and its share; "–" without stalls.
QString topStall(const NcuKernelFigures& k)
{
    const QString top = NcuStallReasons::top(k.stalls);
    if (top.isEmpty())
        return QStringLiteral("–");
    return NcuStallReasons::label(top) + QLatin1Char(' ')
        + formatPercent(k.stalls.value(top) / NcuStallReasons::total(k.stalls));
}

QString csvOpt(const std::optional<double>& v) { return v ? QString::number(*v, 'g', 10) : QString(); }

} // namespace

QJsonObject CountersReport::json(const AnalysisResult& r)
{
    const Trace& t = *r.trace;
    QJsonArray scopes;
    for (const auto& s : r.counters.scopes) {
        QJsonArray figures;
        for (const auto& f : s.figures)
            figures.append(QJsonObject { { QStringLiteral("name"), f.name }, { QStringLiteral("unit"), f.unit },
                { QStringLiteral("source"), f.nvml ? QStringLiteral("nvml") : QStringLiteral("gpu_metrics") },
                { QStringLiteral("whole"), summaryJson(f.whole) },
                { QStringLiteral("kernel_time"), summaryJson(f.busy) } });
        scopes.append(QJsonObject { { QStringLiteral("kind"), scopeKindKey(s.kind) },
            { QStringLiteral("scope"), s.scope }, { QStringLiteral("device_id"), s.deviceId },
            { QStringLiteral("span_ns"), s.spanNs }, { QStringLiteral("kernel_busy_ns"), s.kernelBusyNs },
            { QStringLiteral("bound"), boundClassKey(s.bound) },
            { QStringLiteral("dram_pct"), s.dramPct >= 0 ? QJsonValue(s.dramPct) : QJsonValue() },
            { QStringLiteral("compute_pct"), s.computePct >= 0 ? QJsonValue(s.computePct) : QJsonValue() },
            { QStringLiteral("figures"), figures } });
    }
    QJsonObject out { { QStringLiteral("scopes"), scopes },
        { QStringLiteral("notes"), QJsonArray::fromStringList(r.counters.notes) } };
    if (r.counters.ncu) {
        const NcuResult& n = *r.counters.ncu;
        QJsonArray kernels;
        for (const auto& k : n.kernels) {
            QJsonObject stalls;
            for (auto it = k.stalls.cbegin(); it != k.stalls.cend(); ++it)
                stalls.insert(it.key(), it.value());
            kernels.append(QJsonObject { { QStringLiteral("name"), scrubPaths(t.strings.at(k.name)) },
                { QStringLiteral("device_id"), k.deviceId }, { QStringLiteral("profiled_launches"), k.launches },
                { QStringLiteral("trace_ns"), k.traceNs }, { QStringLiteral("duration_ns"), opt(k.durationNs) },
                { QStringLiteral("achieved_occupancy_pct"), opt(k.achievedOccupancyPct) },
                { QStringLiteral("theoretical_occupancy_pct"), opt(k.theoreticalOccupancyPct) },
                { QStringLiteral("sightline_occupancy_pct"), opt(k.sightlineOccupancyPct) },
                { QStringLiteral("sm_throughput_pct"), opt(k.smThroughputPct) },
                { QStringLiteral("dram_throughput_pct"), opt(k.dramThroughputPct) },
                { QStringLiteral("l1_hit_pct"), opt(k.l1HitPct) }, { QStringLiteral("l2_hit_pct"), opt(k.l2HitPct) },
                { QStringLiteral("tensor_active_pct"), opt(k.tensorActivePct) },
                { QStringLiteral("flops_per_launch"), opt(k.flops) },
                { QStringLiteral("dram_bytes_per_launch"), opt(k.dramBytes) },
                { QStringLiteral("tensor_flops_per_launch"), opt(k.tensorFlops) },
                { QStringLiteral("tensor_type"), k.tensorType.isEmpty() ? QJsonValue() : QJsonValue(k.tensorType) },
                { QStringLiteral("arithmetic_intensity"), opt(k.arithmeticIntensity) },
                { QStringLiteral("achieved_flops_per_s"), opt(k.achievedFlopsPerSecond) },
                { QStringLiteral("stalls"), stalls },
                { QStringLiteral("stall_source"),
                    k.stallSource == NcuStallSource::Sampling        ? QJsonValue(QStringLiteral("sampling"))
                        : k.stallSource == NcuStallSource::WarpState ? QJsonValue(QStringLiteral("warp_state"))
                                                                     : QJsonValue() } });
        }
        QJsonArray roofs;
        for (const auto& rf : n.roofs) {
            QJsonObject peaks;
            for (auto it = rf.tensorPeaks.cbegin(); it != rf.tensorPeaks.cend(); ++it)
                peaks.insert(it.key(), it.value());
            roofs.append(QJsonObject { { QStringLiteral("device_id"), rf.deviceId },
                { QStringLiteral("gpu"), rf.gpuName }, { QStringLiteral("dram_bytes_per_s"), rf.dramBytesPerSecond },
                { QStringLiteral("l2_bytes_per_s"),
                    rf.l2BytesPerSecond > 0 ? QJsonValue(rf.l2BytesPerSecond) : QJsonValue() },
                { QStringLiteral("fp32_flops_per_s"), rf.fp32FlopsPerSecond },
                { QStringLiteral("fp16_flops_per_s"), rf.fp16FlopsPerSecond },
                { QStringLiteral("fp64_flops_per_s"), rf.fp64FlopsPerSecond },
                { QStringLiteral("tensor_flops_per_s"),
                    rf.tensorFlopsPerSecond > 0 ? QJsonValue(rf.tensorFlopsPerSecond) : QJsonValue() },
                { QStringLiteral("tensor_peaks_per_s"), peaks } });
        }
        out.insert(QStringLiteral("ncu"),
            QJsonObject { { QStringLiteral("file"), n.report.fileName },
                { QStringLiteral("files"), QJsonArray::fromStringList(n.report.files) },
                { QStringLiteral("matched_without_dims"), n.match.withoutDims },
                { QStringLiteral("page"),
                    n.report.page == NcuReport::Page::Raw ? QStringLiteral("raw") : QStringLiteral("details") },
                { QStringLiteral("profiled_launches"), n.report.launches.size() },
                { QStringLiteral("matched"), n.match.matched },
                { QStringLiteral("matched_by_full_name"), n.match.byFullName },
                { QStringLiteral("matched_by_function_name"), n.match.byFunctionName },
                { QStringLiteral("kernels"), kernels }, { QStringLiteral("roofs"), roofs } });
    }
    return out;
}

QString CountersReport::markdown(const AnalysisResult& r)
{
    const Trace& t = *r.trace;
    if (r.counters.scopes.isEmpty() && !r.counters.ncu)
        return {};
    QString md;
    QTextStream s(&md);
    s << "## " << tr("Hardware counters") << "\n\n";
    for (const auto& note : r.counters.notes)
        s << "- " << MarkdownReport::cell(note) << "\n";
    if (!r.counters.notes.isEmpty())
        s << "\n";
    if (!r.counters.scopes.isEmpty()) {
        s << "| GPU | " << tr("Kind") << " | " << tr("Stretch") << " | " << tr("Kernel time") << " | " << tr("Class")
          << " | DRAM | " << tr("Compute") << " |\n|---:|---|---|---:|---|---:|---:|\n";
        for (const auto& sc : r.counters.scopes)
            s << "| " << sc.deviceId << " | " << scopeKindLabel(sc.kind) << " | "
              << MarkdownReport::cell(scopeLabel(sc)) << " | " << formatDuration(sc.kernelBusyNs) << " / "
              << formatDuration(sc.spanNs) << " | " << boundClassLabel(sc.bound) << " | "
              << (sc.dramPct >= 0 ? formatPercent(sc.dramPct / 100) : QStringLiteral("–")) << " | "
              << (sc.computePct >= 0 ? formatPercent(sc.computePct / 100) : QStringLiteral("–")) << " |\n";
        s << "\n"
          << tr("DRAM and compute are time-weighted means over kernel time (percent of peak); the class "
                "follows the rule in docs/analysis.md.")
          << "\n\n";
    }
    if (r.counters.ncu) {
        const NcuResult& n = *r.counters.ncu;
        s << "### " << tr("Nsight Compute (%1)").arg(MarkdownReport::cell(n.report.fileName)) << "\n\n";
        s << tr("%1 of %2 profiled launches matched the trace's kernels.")
                 .arg(n.match.matched)
                 .arg(n.report.launches.size())
          << "\n\n";
        s << "| " << tr("Kernel") << " | " << tr("Launches") << " | " << tr("Occupancy (achieved / theoretical)")
          << " | SM | DRAM | L2 " << tr("hit") << " | " << tr("Tensor") << " | FLOP/B | GFLOP/s | "
          << tr("Top warp stall") << " |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n";
        for (const auto& k : n.kernels.mid(0, 20)) {
            QString name = scrubPaths(t.strings.at(k.name));
            if (name.size() > 60)
                name = name.left(57) + QStringLiteral("…");
            s << "| `" << MarkdownReport::cell(name) << "` | " << k.launches << " | " << pct(k.achievedOccupancyPct)
              << " / " << pct(k.theoreticalOccupancyPct ? k.theoreticalOccupancyPct : k.sightlineOccupancyPct) << " | "
              << pct(k.smThroughputPct) << " | " << pct(k.dramThroughputPct) << " | " << pct(k.l2HitPct) << " | "
              << pct(k.tensorActivePct) << " | " << num(k.arithmeticIntensity) << " | "
              << (k.achievedFlopsPerSecond ? num(*k.achievedFlopsPerSecond / 1e9, 1) : QStringLiteral("–")) << " | "
              << topStall(k) << " |\n";
        }
        s << "\n";
    }
    return md;
}

void CountersReport::addCsv(const AnalysisResult& r, QMap<QString, QByteArray>& tables)
{
    if (!r.counters.scopes.isEmpty()) {
        CsvWriter csv({ QStringLiteral("device_id"), QStringLiteral("kind"), QStringLiteral("scope"),
            QStringLiteral("span_ns"), QStringLiteral("kernel_busy_ns"), QStringLiteral("bound"),
            QStringLiteral("counter"), QStringLiteral("unit"), QStringLiteral("source"), QStringLiteral("mean"),
            QStringLiteral("p90"), QStringLiteral("max"), QStringLiteral("kernel_time_mean"),
            QStringLiteral("kernel_time_p90"), QStringLiteral("covered_ns") });
        for (const auto& sc : r.counters.scopes)
            for (const auto& f : sc.figures)
                csv.row({ QString::number(sc.deviceId), scopeKindKey(sc.kind), sc.scope, QString::number(sc.spanNs),
                    QString::number(sc.kernelBusyNs), boundClassKey(sc.bound), f.name, f.unit,
                    f.nvml ? QStringLiteral("nvml") : QStringLiteral("gpu_metrics"),
                    QString::number(f.whole.mean, 'g', 10), QString::number(f.whole.p90, 'g', 10),
                    QString::number(f.whole.max, 'g', 10),
                    f.busy.valid() ? QString::number(f.busy.mean, 'g', 10) : QString(),
                    f.busy.valid() ? QString::number(f.busy.p90, 'g', 10) : QString(),
                    QString::number(f.whole.coveredNs) });
        tables.insert(QStringLiteral("counters.csv"), csv.bytes());
    }
    if (r.counters.ncu) {
        const Trace& t = *r.trace;
        CsvWriter csv({ QStringLiteral("name"), QStringLiteral("device_id"), QStringLiteral("profiled_launches"),
            QStringLiteral("trace_ns"), QStringLiteral("duration_ns"), QStringLiteral("achieved_occupancy_pct"),
            QStringLiteral("theoretical_occupancy_pct"), QStringLiteral("sm_throughput_pct"),
            QStringLiteral("dram_throughput_pct"), QStringLiteral("l1_hit_pct"), QStringLiteral("l2_hit_pct"),
            QStringLiteral("tensor_active_pct"), QStringLiteral("flops_per_launch"),
            QStringLiteral("dram_bytes_per_launch"), QStringLiteral("arithmetic_intensity"),
            QStringLiteral("achieved_flops_per_s") });
        for (const auto& k : r.counters.ncu->kernels)
            csv.row({ scrubPaths(t.strings.at(k.name)), QString::number(k.deviceId), QString::number(k.launches),
                QString::number(k.traceNs), csvOpt(k.durationNs), csvOpt(k.achievedOccupancyPct),
                csvOpt(k.theoreticalOccupancyPct), csvOpt(k.smThroughputPct), csvOpt(k.dramThroughputPct),
                csvOpt(k.l1HitPct), csvOpt(k.l2HitPct), csvOpt(k.tensorActivePct), csvOpt(k.flops), csvOpt(k.dramBytes),
                csvOpt(k.arithmeticIntensity), csvOpt(k.achievedFlopsPerSecond) });
        tables.insert(QStringLiteral("ncu_kernels.csv"), csv.bytes());
    }
}

} // namespace sl
