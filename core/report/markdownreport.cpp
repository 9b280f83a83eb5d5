// SPDX-License-Identifier: MIT
#include "core/report/markdownreport.h"

#include "core/report/anatomyreport.h"
#include "core/report/countersreport.h"
#include "core/report/dataqualityreport.h"
#include "core/report/designreport.h"
#include "core/report/efficiencyreport.h"
#include "core/report/iterationreport.h"
#include "core/report/memoryreport.h"
#include "core/report/servingreport.h"
#include "core/util/format.h"
#include "core/util/privacy.h"

#include <QTextStream>

#include <algorithm>

namespace sl {

QString MarkdownReport::cell(const QString& s)
{
    QString out = s;
    out.replace(QLatin1Char('|'), QLatin1String("\\|"));
    out.replace(QLatin1Char('\n'), QLatin1Char(' '));
    out.replace(QLatin1Char('`'), QLatin1Char('\''));
    if (out.size() > 120)
        out = out.left(117) + QLatin1String("...");
    return out;
}

/// The trace, its window, GPUs and headline figures.
void MarkdownReport::writeSummary(QTextStream& s, const AnalysisResult& r)
{
    const Trace& t = *r.trace;
    QStringList gpuNames;
    for (const auto& d : r.devices) {
        const GpuInfo* g = t.gpu(d.deviceId);
        gpuNames << QStringLiteral("%1 (%2)").arg(d.deviceId).arg(g ? g->name : tr("unknown GPU"));
    }
    s << "| " << tr("Trace") << " | " << tr("Value") << " |\n|---|---|\n";
    s << "| " << tr("nsys / export schema") << " | "
      << (t.info.nsysVersion.isEmpty() ? tr("unknown") : t.info.nsysVersion) << " / "
      << (t.info.schemaVersion.isEmpty() ? tr("none") : t.info.schemaVersion) << " |\n";
    s << "| " << tr("Window") << " | " << AnalysisWindow::kindName(r.window.kind) << ": "
      << formatDuration(r.window.startNs) << " – " << formatDuration(r.window.endNs) << " ("
      << formatDuration(r.window.lengthNs()) << ") |\n";
    s << "| " << tr("GPUs with work") << " | " << cell(gpuNames.join(QLatin1String(", "))) << " |\n";
    s << "| " << tr("Kernels") << " | " << formatCount(r.kernelCount) << ", " << formatDuration(r.kernelNs) << " |\n";
    for (const auto& d : r.devices) {
        const qint64 span = std::max<qint64>(1, d.lastNs - d.firstNs);
        s << "| " << tr("GPU %1 busy / idle").arg(d.deviceId) << " | " << formatPercent(double(d.busyNs) / double(span))
          << " busy (" << formatDuration(d.busyNs) << "), " << formatPercent(double(d.idleNs) / double(span))
          << " idle in " << formatCount(d.gapCount) << " " << tr("gaps") << " |\n";
        if (const BusySplit* b = EfficiencyReport::busyOf(r, d.deviceId))
            s << "| " << tr("GPU %1 busy split").arg(d.deviceId) << " | " << EfficiencyReport::busyHeadline(*b)
              << " |\n";
    }
    if (t.nvtx.size() > 0)
        s << "| " << tr("NVTX coverage") << " | " << formatPercent(r.coverage) << " |\n";
    s << "\n";
}

/// The findings, ranked, with their first evidence items and SQL.
void MarkdownReport::writeFindings(QTextStream& s, const AnalysisResult& r)
{
    s << "## " << tr("Findings") << "\n\n";
    if (r.findings.isEmpty())
        s << tr("No finding crossed its threshold.") << "\n\n";
    int n = 0;
    for (const auto& f : r.findings) {
        s << "### " << ++n << ". [" << Finding::severityName(f.severity) << "] " << f.title << "\n\n";
        s << f.summary << "\n\n";
        s << "- " << tr("At stake: %1 (%2 of the window)").arg(formatDuration(f.impactNs), formatPercent(f.impactShare))
          << "\n";
        // By index, not f.evidence.mid(0, 3): that copied the items with their row indices (a
        // launch-bound finding's 2.7 M rows at 5 M kernels, 11 MB) at the report's peak.
        for (qsizetype i = 0; i < std::min<qsizetype>(3, f.evidence.size()); ++i) {
            const Evidence& e = f.evidence[i];
            QString where = e.table;
            if (e.deviceId >= 0)
                where += tr(", GPU %1").arg(e.deviceId);
            if (e.startNs >= 0)
                where += tr(", %1 – %2").arg(formatDuration(e.startNs), formatDuration(e.endNs));
            if (e.rowids.empty() && e.startNs >= 0)
                s << "- " << tr("Evidence: %1").arg(where);
            else
                s << "- " << tr("Evidence: %1, %2 rows").arg(where, formatCount(e.rowCount));
            if (!e.sql.isEmpty()) {
                const QString sql = e.sql.size() > 600 ? e.sql.left(600) + QStringLiteral(" …") : e.sql;
                s << "\n  ```sql\n  " << sql << "\n  ```";
            }
            s << "\n";
        }
        if (f.evidence.size() > 3)
            s << "- " << tr("… and %1 more evidence items in report.json").arg(f.evidence.size() - 3) << "\n";
        s << "\n";
    }
}

/// The top kernels by total time.
void MarkdownReport::writeKernels(QTextStream& s, const AnalysisResult& r, const ReportOptions& options)
{
    const Trace& t = *r.trace;
    s << "## " << tr("Top kernels") << "\n\n";
    s << "| # | " << tr("Kernel") << " | " << tr("Category") << " | " << tr("Count") << " | " << tr("Total") << " | "
      << tr("Mean") << " | p50 | p90 | " << tr("Share") << " | " << tr("Occupancy") << " |\n";
    s << "|---|---|---|---:|---:|---:|---:|---:|---:|---:|\n";
    int i = 0;
    for (const auto& k : r.kernels) {
        if (i >= options.topKernels)
            break;
        s << "| " << ++i << " | `" << cell(scrubPaths(t.strings.at(k.shortName))) << "` | " << k.category << " | "
          << formatCount(k.count) << " | " << formatDuration(k.totalNs) << " | " << formatDuration(qint64(k.meanNs))
          << " | " << formatDuration(k.p50Ns) << " | " << formatDuration(k.p90Ns) << " | " << formatPercent(k.share)
          << " | " << (k.occupancy ? formatPercent(*k.occupancy, 0) : QStringLiteral("–")) << " |\n";
    }
    s << "\n";
}

/// Idle gaps and launch statistics.
void MarkdownReport::writeGpuTables(QTextStream& s, const AnalysisResult& r)
{
    if (!r.gaps.isEmpty()) {
        s << "## " << tr("Largest idle gaps") << "\n\n| GPU | " << tr("Start") << " | " << tr("Duration") << " | "
          << tr("Cause") << " |\n|---:|---:|---:|---|\n";
        for (const auto& g : r.gaps.mid(0, 10))
            s << "| " << g.deviceId << " | " << formatDuration(g.startNs) << " | " << formatDuration(g.durationNs())
              << " | " << IdleGap::causeName(g.cause) << " |\n";
        s << "\n";
    }
    if (!r.launches.perDevice.isEmpty()) {
        s << "## " << tr("Launches") << "\n\n| GPU | " << tr("Kernels") << " | " << tr("Rate")
          << " | p50 | p90 | p99 | " << tr("< 10 µs") << " | " << tr("Storm")
          << " |\n|---:|---:|---:|---:|---:|---:|---:|---|\n";
        for (const auto& d : r.launches.perDevice)
            s << "| " << d.deviceId << " | " << formatCount(d.kernels) << " | " << formatRate(d.kernelsPerSecond)
              << " | " << formatDuration(d.p50Ns) << " | " << formatDuration(d.p90Ns) << " | "
              << formatDuration(d.p99Ns) << " | " << formatPercent(d.shareUnder10us) << " | "
              << (d.storm ? tr("yes") : tr("no")) << " |\n";
        s << "\n"
          << tr("%1 of %2 matched kernels are shorter than their launch call; median launch call %3, median "
                "queue delay %4.")
                 .arg(formatCount(r.launches.launchBound), formatCount(r.launches.matchedKernels),
                     formatDuration(r.launches.apiP50Ns), formatDuration(r.launches.queueP50Ns))
          << "\n\n";
    }
}

/// Synchronisation calls and memory transfers.
void MarkdownReport::writeHostTables(QTextStream& s, const AnalysisResult& r)
{
    if (!r.sync.isEmpty()) {
        s << "## " << tr("Synchronisation") << "\n\n| API | " << tr("Blocking") << " | " << tr("Calls") << " | "
          << tr("Total") << " |\n|---|---|---:|---:|\n";
        for (const auto& c : r.sync)
            s << "| `" << c.api << "` | " << (c.blocking ? tr("yes") : tr("no")) << " | " << formatCount(c.count)
              << " | " << formatDuration(c.totalNs) << " |\n";
        s << "\n";
    }
    if (!r.memcpy.isEmpty()) {
        s << "## " << tr("Memory transfers") << "\n\n| " << tr("Kind") << " | " << tr("Count") << " | " << tr("Bytes")
          << " | " << tr("Time") << " | GB/s |\n|---|---:|---:|---:|---:|\n";
        for (const auto& m : r.memcpy)
            s << "| " << m.kind << " | " << formatCount(m.count) << " | " << formatBytes(m.bytes) << " | "
              << formatDuration(m.totalNs) << " | " << QString::number(m.gbPerSecond(), 'f', 2) << " |\n";
        s << "\n";
    }
}

/// Phases and kernel time by innermost NVTX range.
void MarkdownReport::writeNvtxTables(QTextStream& s, const AnalysisResult& r)
{
    const Trace& t = *r.trace;
    bool anyPhase = false;
    for (const auto& p : r.phases)
        anyPhase = anyPhase || p.steps > 0;
    if (anyPhase) {
        s << "## " << tr("Phases") << "\n\n| " << tr("Phase") << " | " << tr("Steps") << " | " << tr("Wall") << " | "
          << tr("Kernel time") << " | " << tr("Kernel time / step") << " |\n|---|---:|---:|---:|---:|\n";
        for (const auto& p : r.phases)
            s << "| " << p.phase << " | " << formatCount(p.steps) << " | " << formatDuration(p.wallNs) << " | "
              << formatDuration(p.kernelNs) << " | " << formatDuration(p.kernelNsPerStep()) << " |\n";
        s << "\n";
    }
    s << ServingReport::markdown(r);
    s << IterationReport::markdown(r);
    s << MemoryReport::markdown(r);
    if (!r.nvtxByRange.isEmpty()) {
        s << "## " << tr("Kernel time by innermost NVTX range") << "\n\n| " << tr("Range") << " | " << tr("Kernels")
          << " | " << tr("Kernel time") << " |\n|---|---:|---:|\n";
        for (const auto& b : r.nvtxByRange.mid(0, 15))
            s << "| " << cell(scrubPaths(t.strings.at(b.name))) << " | " << formatCount(b.kernelCount) << " | "
              << formatDuration(b.kernelNs) << " |\n";
        s << "\n";
    }
    s << CountersReport::markdown(r);
}

/// Per-process totals.
void MarkdownReport::writeProcesses(QTextStream& s, const AnalysisResult& r)
{
    if (!r.processes.isEmpty()) {
        s << "## " << tr("Processes") << "\n\n| PID | " << tr("Name") << " | " << tr("Kernels") << " | "
          << tr("Kernel time") << " | " << tr("API calls") << " | " << tr("API time") << " | " << tr("Blocking sync")
          << " | " << tr("Profiler overhead") << " | GPUs |\n|---:|---|---:|---:|---:|---:|---:|---:|---|\n";
        for (const auto& p : r.processes) {
            QStringList devs;
            for (int d : p.devices)
                devs << QString::number(d);
            s << "| " << p.pid << " | " << cell(scrubPaths(p.name)) << " | " << formatCount(p.kernelCount) << " | "
              << formatDuration(p.kernelNs) << " | " << formatCount(p.apiCount) << " | " << formatDuration(p.apiNs)
              << " | " << formatDuration(p.blockingSyncNs) << " | " << formatDuration(p.profilerOverheadNs) << " | "
              << devs.join(QLatin1String(", ")) << " |\n";
        }
        s << "\n";
    }
}

QString MarkdownReport::build(const AnalysisResult& r, const ReportOptions& options)
{
    QString md;
    QTextStream s(&md);
    s << "# " << tr("Sightline report: %1").arg(r.trace->info.fileName) << "\n\n";
    writeSummary(s, r);
    writeFindings(s, r);
    writeKernels(s, r, options);
    writeGpuTables(s, r);
    writeHostTables(s, r);
    writeNvtxTables(s, r);
    s << EfficiencyReport::markdown(r);
    s << DesignReport::markdown(r);
    s << DesignReport::gemmMarkdown(r);
    s << AnatomyReport::markdown(r);
    writeProcesses(s, r);
    s << DataQualityReport::markdown(r.trace->dataQuality);
    if (!r.warnings.isEmpty()) {
        s << "## " << tr("Warnings") << "\n\n";
        for (const auto& w : r.warnings)
            s << "- " << w << "\n";
        s << "\n";
    }
    s << "---\n"
      << tr("Generated by Sightline %1. Times are on the export's session timeline; shares are of the "
            "analysis window unless stated.")
             .arg(QStringLiteral(SIGHTLINE_VERSION))
      << "\n";
    return md;
}

} // namespace sl
