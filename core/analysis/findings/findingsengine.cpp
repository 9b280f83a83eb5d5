// SPDX-License-Identifier: MIT
#include "core/analysis/findings/findingsengine.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/analyzer.h"
#include "core/analysis/design/gemmanalysis.h"
#include "core/analysis/design/waveanalysis.h"
#include "core/analysis/findings/evidencebuilder.h"
#include "core/analysis/findings/servingfindings.h"
#include "core/analysis/passes/efficiencyanalysis.h"
#include "core/analysis/passes/hostanalysis.h"
#include "core/analysis/rules/ncclkernel.h"
#include "core/analysis/rules/specrules.h"
#include "core/trace/apiclassifier.h"
#include "core/trace/tablenames.h"
#include "core/util/format.h"
#include "core/util/privacy.h"
#include "core/util/workerpool.h"

#include <QStringList>

#include <algorithm>
#include <array>
#include <tuple>
#include <utility>

namespace sl {

namespace {
const QString kKernelTable = tables::kKernel;
const QString kApiTable = tables::kRuntime;
const QString kMemcpyTable = tables::kMemcpy;

/// The kernel rows whose launching call `r` passes `condition`, as an SQL predicate over the
/// kernel table (aliases k for the kernel, r for the call).
QString kernelsWithCall(const QString& join, const QString& condition)
{
    return QStringLiteral("rowid IN (SELECT k.rowid FROM %1 k %2 %3 r ON %4 WHERE %5)")
        .arg(tables::kKernel, join, tables::kRuntime,
            EvidenceBuilder::launchingCall(QStringLiteral("k"), QStringLiteral("r")), condition);
}
/// Sum over threads of the union of the calls `rows` (ApiTable indices) clipped to
/// [from, to), in ns; `*threads` receives how many threads have any.
qint64 blockedThreadTime(const Trace& t, const std::vector<quint32>& rows, qint64 from, qint64 to, int* threads)
{
    std::vector<std::tuple<quint64, qint64, qint64>> iv; // (pid << 32 | tid, start, end)
    iv.reserve(rows.size());
    for (quint32 i : rows)
        iv.emplace_back(
            (quint64(t.api.pid[i]) << 32) | t.api.tid[i], std::max(from, t.api.start[i]), std::min(to, t.api.endOf(i)));
    std::sort(iv.begin(), iv.end());
    qint64 total = 0;
    *threads = 0;
    for (size_t j = 0; j < iv.size();) {
        const quint64 thread = std::get<0>(iv[j]);
        ++*threads;
        qint64 runStart = std::get<1>(iv[j]), runEnd = std::get<2>(iv[j]);
        for (; j < iv.size() && std::get<0>(iv[j]) == thread; ++j) {
            const auto [th, s, e] = iv[j];
            if (s > runEnd) {
                total += std::max<qint64>(0, runEnd - runStart);
                runStart = s, runEnd = e;
            } else {
                runEnd = std::max(runEnd, e);
            }
        }
        total += std::max<qint64>(0, runEnd - runStart);
    }
    return total;
}

} // namespace

void FindingsEngine::run(AnalysisResult& r, const Cancellation& cancel)
{
    using Rule = void (*)(const AnalysisResult&, QVector<Finding>&);
    const Rule rules[] = {
        &noGpuRecords,
        &dominantKernel,
        &launchStorm,
        &launchBound,
        &blockingSync,
        &idle,
        &gpuGaps,
        &lowUtilisation,
        &warmup,
        &copies,
        &nvtxCoverage,
        &graphMode,
        &phaseImbalance,
        &severalRanks,
        &ServingFindings::run,
        [](const AnalysisResult& res, QVector<Finding>& out) { out += EfficiencyAnalysis::findings(res); },
        [](const AnalysisResult& res, QVector<Finding>& out) {
            out += WaveAnalysis::findings(res);
            out += GemmAnalysis::findings(res);
        },
    };
    // A few rules walk every kernel (launch-bound 27 ms at 5 M, the dominant kernel's rows
    // 20 ms, the warm-up's GPU span 12 ms, the blocking calls 10 ms): one after another they
    // kept a core idle beside the anatomy at the end of every analysis.
    constexpr size_t kRules = std::size(rules);
    std::array<QVector<Finding>, kRules> found;
    parallelFor(kRules, [&](size_t i) {
        if (!cancel.isCancelled())
            rules[i](r, found[i]);
    });
    if (cancel.isCancelled())
        return;
    for (QVector<Finding>& f : found)
        r.findings += std::move(f);
}

void FindingsEngine::noGpuRecords(const AnalysisResult& r, QVector<Finding>& out)
{
    const Trace& t = *r.trace;
    if (t.hasGpuRecords())
        return;
    Finding f;
    f.severity = Finding::Severity::High;
    f.setImpact(r.window.lengthNs(), r.window);
    if (t.api.size() > 0) {
        qint64 launches = 0;
        for (quint8 k : t.api.kind)
            launches += k == ApiTable::KernelLaunch || k == ApiTable::GraphLaunch;
        f.id = QStringLiteral("api-without-gpu-records");
        f.title = tr("CUDA API calls but no GPU activity recorded");
        f.metric = tr("%1 API calls, %2 kernel launches, 0 GPU records")
                       .arg(formatCount(t.api.size()), formatCount(launches));
        f.summary
            = tr("The export holds %1 CUDA API calls (%2 of them kernel launches) but no kernel, memcpy or memset "
                 "rows, so GPU time cannot be measured. Likely causes: the GPU activity collection failed to "
                 "start (CUPTI injection failure; check the capture's output and 'nsys status -e'); the target "
                 "ran under WSL2 or a driver without GPU tracing support; or the capture range (--capture-range, "
                 "cudaProfilerStart/Stop, --delay/--duration) excluded the GPU work. Capture again with "
                 "'--trace=cuda' on a supported driver.")
                  .arg(formatCount(t.api.size()), formatCount(launches));
        // The launches prove it best; an export without any (OS runtime or UVM calls only) shows all its calls.
        std::vector<quint32> rows, nameIds;
        for (qsizetype i = 0; i < t.api.size(); ++i) {
            const auto kind = ApiTable::Kind(t.api.kind[size_t(i)]);
            if (launches > 0 && kind != ApiTable::KernelLaunch && kind != ApiTable::GraphLaunch)
                continue;
            rows.push_back(quint32(i));
            if (std::find(nameIds.begin(), nameIds.end(), t.api.name[size_t(i)]) == nameIds.end())
                nameIds.push_back(t.api.name[size_t(i)]);
        }
        f.evidence.append(EvidenceBuilder::apiRows(t, std::move(rows),
            launches > 0 ? QStringLiteral("nameId IN (%1)").arg(EvidenceBuilder::stringIdList(t.strings, nameIds))
                         : QStringLiteral("1")));
    } else {
        f.id = QStringLiteral("no-cuda-activity");
        f.title = tr("No CUDA activity in the export");
        f.metric = tr("0 API calls, 0 GPU records");
        f.summary = t.info.processStreamsReportError
            ? tr("The export has no CUDA API calls and no GPU records, and the profiled process's captured output "
                 "(ProcessStreams) reports an error: the application or the profiler's injection library most likely "
                 "failed to start. Check that the nsys version matches the driver and rerun.")
            : tr("The export has no CUDA API calls and no GPU records. The application may not have used the GPU "
                 "during the capture, CUDA tracing may have been off (--trace), or the capture range missed the work.");
        // Evidence of an absence: the query that lists the CUDA activity tables the export has (none, or empty).
        Evidence cuptiTables;
        cuptiTables.table = QStringLiteral("sqlite_master");
        cuptiTables.sql = QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%1%' "
                                         "ORDER BY name;")
                              .arg(tables::kCuptiActivityPrefix);
        cuptiTables.rowCount
            = std::count_if(t.info.tables.cbegin(), t.info.tables.cend(), [](const TraceInfo::Table& table) {
                  return table.name.startsWith(tables::kCuptiActivityPrefix, Qt::CaseInsensitive);
              });
        f.evidence.append(cuptiTables);
        if (t.info.processStreamsReportError) {
            Evidence streams;
            streams.table = tables::kProcessStreams;
            streams.sql = QStringLiteral("SELECT p.rowid, s.value FROM %1 p JOIN %2 s ON s.id = p.contentId;")
                              .arg(tables::kProcessStreams, tables::kStringIds);
            streams.rowCount = t.info.processStreamRows;
            f.evidence.append(streams);
        }
    }
    out.append(std::move(f));
}

void FindingsEngine::dominantKernel(const AnalysisResult& r, QVector<Finding>& out)
{
    if (r.kernels.isEmpty() || r.kernelNs <= 0)
        return;
    const KernelSummary& top = r.kernels.front();
    if (top.share < spec::kDominantKernelShare)
        return;
    const Trace& t = *r.trace;
    Finding f;
    f.id = QStringLiteral("dominant-kernel");
    f.severity = top.share >= spec::kDominantKernelHighShare ? Finding::Severity::High : Finding::Severity::Medium;
    f.setImpact(top.totalNs, r.window);
    f.title = tr("One kernel dominates GPU time");
    f.metric = formatPercent(top.share);
    f.summary
        = tr("%1 (%2) takes %3 of all kernel time: %4 over %5 launches, median %6, p90 %7. Optimising this "
             "kernel, or the shapes it runs on, is where GPU time can be won.")
              .arg(t.strings.at(top.shortName), top.category, formatPercent(top.share), formatDuration(top.totalNs),
                  formatCount(top.count), formatDuration(top.p50Ns), formatDuration(top.p90Ns));
    std::vector<quint32> rows;
    for (qsizetype i = 0; i < t.kernels.size(); ++i)
        if (r.kernelInWindow[size_t(i)] && t.kernels.name[size_t(i)] == top.name)
            rows.push_back(quint32(i));
    EvidenceBuilder::longestFirst(rows, t.kernels);
    const QString& nameColumn = t.info.kernelNameColumn;
    f.evidence.append(EvidenceBuilder::rows(kKernelTable, t.kernels.rowid, std::move(rows),
        QStringLiteral("%1 IN (%2) AND %3")
            .arg(nameColumn, EvidenceBuilder::stringIdList(t.strings, { top.name }),
                EvidenceBuilder::windowPredicate(r))));
    out.append(std::move(f));
}

void FindingsEngine::launchStorm(const AnalysisResult& r, QVector<Finding>& out)
{
    const Trace& t = *r.trace;
    for (const auto& d : r.launches.perDevice) {
        if (!d.storm)
            continue;
        // At stake: the device's idle time inside its span, which a storm of tiny launches causes.
        qint64 idleNs = 0;
        for (const auto& ds : r.devices)
            if (ds.deviceId == d.deviceId)
                idleNs = ds.idleNs;
        Finding f;
        f.id = QStringLiteral("launch-storm");
        f.setImpact(idleNs, r.window);
        f.severity = std::max(Finding::Severity::Medium, Finding::severityForShare(f.impactShare));
        f.title = tr("Launch storm on GPU %1").arg(d.deviceId);
        f.metric = formatRate(d.kernelsPerSecond);
        f.summary = tr("GPU %1 runs %2 kernels at %3 with a median duration of %4 (%5 under 10 µs): the CPU launch "
                       "path, not the GPU, sets the pace. Fuse kernels or capture the step in a CUDA graph.")
                        .arg(d.deviceId)
                        .arg(formatCount(d.kernels), formatRate(d.kernelsPerSecond), formatDuration(d.p50Ns),
                            formatPercent(d.shareUnder10us));
        std::vector<quint32> rows;
        if (auto it = t.kernelsByDevice.find(quint16(d.deviceId)); it != t.kernelsByDevice.end())
            for (quint32 i : it->second)
                if (r.kernelInWindow[i] && t.kernels.duration(i) <= spec::kStormP50Ns)
                    rows.push_back(i);
        f.evidence.append(EvidenceBuilder::rows(kKernelTable, t.kernels.rowid, std::move(rows),
            QStringLiteral("deviceId = %1 AND \"end\" - start <= %2 AND %3")
                .arg(d.deviceId)
                .arg(spec::kStormP50Ns)
                .arg(EvidenceBuilder::windowPredicate(r))));
        out.append(std::move(f));
    }
}

void FindingsEngine::launchBound(const AnalysisResult& r, QVector<Finding>& out)
{
    const Trace& t = *r.trace;
    const auto& k = t.kernels;
    // Prefer the decode phase when the phase map found one: that is where launch-bound kernels hurt.
    int decode = -1;
    for (int p = 0; p < r.phases.size(); ++p)
        if (r.phases[p].phase == QLatin1String("decode") && r.phases[p].kernelCount > 0)
            decode = p;
    // HostAnalysis::launches counted the launch-bound kernels of the window: as many rows at most
    // (fewer with a decode phase). Grown by doubling, they held up to twice that at the peak.
    HostAnalysis::LaunchBoundKernels found = HostAnalysis::launchBoundKernels(r, decode, r.launches.launchBound);
    const qint64 considered = found.considered, bound = qint64(found.rows.size()), excessNs = found.excessNs;
    if (considered < spec::kLaunchBoundMinKernels || 2 * bound <= considered)
        return;
    Finding f;
    f.id = QStringLiteral("launch-bound");
    f.setImpact(excessNs, r.window);
    f.severity = std::max(Finding::Severity::Medium, Finding::severityForShare(f.impactShare));
    f.title = decode >= 0 ? tr("Decode is launch-bound") : tr("Most kernels are shorter than their launch call");
    f.metric = formatPercent(double(bound) / double(considered));
    f.summary = tr("%1 of %2 %3kernels (%4) run for less time than the API call that launched them (median launch "
                   "call %5); the CPU spends %6 more launching them than the GPU spends running them. CUDA graphs or "
                   "kernel fusion remove this overhead.")
                    .arg(formatCount(bound), formatCount(considered), decode >= 0 ? tr("decode ") : QString(),
                        formatPercent(double(bound) / double(considered)), formatDuration(r.launches.apiP50Ns),
                        formatDuration(excessNs));
    // The rule in SQL; graph-launched kernels have no launch call of their own, and with a
    // decode phase only its kernels are considered.
    QString rule = QStringLiteral("k.\"end\" - k.start < r.\"end\" - r.start AND %1")
                       .arg(EvidenceBuilder::windowPredicate(r, QStringLiteral("k")));
    if (std::any_of(k.flags.cbegin(), k.flags.cend(), [](quint8 f) { return f & KernelTable::FromGraph; }))
        rule += QStringLiteral(" AND COALESCE(k.graphNodeId, 0) = 0"); // the column exists: a kernel has one
    if (decode >= 0)
        rule += QStringLiteral(" AND ") + EvidenceBuilder::phaseRule(r, decode);
    f.evidence.append(EvidenceBuilder::rows(
        kKernelTable, k.rowid, std::move(found.rows), kernelsWithCall(QStringLiteral("JOIN"), rule)));
    out.append(std::move(f));
}

void FindingsEngine::blockingSync(const AnalysisResult& r, QVector<Finding>& out)
{
    const Trace& t = *r.trace;
    int threads = 0;
    qint64 count = 0, total = 0;
    std::vector<quint32> rows, nameIds;
    for (qsizetype i = 0; i < t.api.size(); ++i) {
        if (!ApiClassifier::isBlocking(ApiTable::Kind(t.api.kind[size_t(i)]))
            || !r.window.contains(t.api.start[size_t(i)]))
            continue;
        ++count;
        total += t.api.duration(i);
        rows.push_back(quint32(i));
        if (std::find(nameIds.begin(), nameIds.end(), t.api.name[size_t(i)]) == nameIds.end())
            nameIds.push_back(t.api.name[size_t(i)]);
    }
    // A share of a total that contains it: blocked time per thread (the union of its calls, as
    // a runtime sync wraps a driver sync, clipped to the window) over the window times the
    // threads that block. Summed over processes against one window it could pass 100 %.
    const qint64 blockedNs = blockedThreadTime(t, rows, r.window.startNs, r.window.endNs, &threads);
    const double share
        = double(blockedNs) / (double(std::max<qint64>(1, r.window.lengthNs())) * double(std::max(1, threads)));
    if (count == 0 || share < spec::kBlockingSyncShare)
        return;
    QStringList top;
    for (const auto& s : r.sync)
        if (s.blocking && top.size() < 3)
            top << tr("%1 ×%2 (%3)").arg(s.api, formatCount(s.count), formatDuration(s.totalNs));
    Finding f;
    f.id = QStringLiteral("blocking-sync");
    f.setImpact(total, r.window);
    f.severity = Finding::severityForShare(share);
    f.title = tr("The CPU blocks on the GPU");
    f.metric = formatDuration(total);
    f.summary
        = tr("%1 blocking synchronisation calls hold the CPU for %2 (%3 of the window): %4. While blocked, the "
             "CPU cannot queue the next step; move syncs off the hot path or replace them with events.")
              .arg(formatCount(count), formatDuration(total), formatPercent(share), top.join(QLatin1String(", ")));
    EvidenceBuilder::longestFirst(rows, t.api);
    f.evidence.append(EvidenceBuilder::apiRows(t, std::move(rows),
        QStringLiteral("nameId IN (%1) AND %2")
            .arg(EvidenceBuilder::stringIdList(t.strings, { nameIds.begin(), nameIds.end() }),
                EvidenceBuilder::windowPredicate(r))));
    out.append(std::move(f));
    out.back().impactShare = share; // per blocking thread, see above
}

void FindingsEngine::idle(const AnalysisResult& r, QVector<Finding>& out)
{
    for (const auto& d : r.devices) {
        const qint64 span = d.lastNs - d.firstNs;
        if (span <= 0)
            continue;
        const double share = double(d.idleNs) / double(span);
        if (share < spec::kSignificantIdleShare)
            continue;
        Finding f;
        f.id = QStringLiteral("significant-idle");
        f.setImpact(d.idleNs, r.window);
        f.severity = share >= spec::kSignificantIdleHighShare ? Finding::Severity::High : Finding::Severity::Medium;
        f.title = tr("GPU %1 is idle %2 of the time").arg(d.deviceId).arg(formatPercent(share));
        f.metric = formatPercent(share);
        const qint64 idleTotal = std::max<qint64>(1, d.idleNs);
        f.summary = tr("Between its first and last operation GPU %1 is idle for %2 of %3, in %4 gaps. Of the idle "
                       "time %5 is host-wait (the CPU launched the next operation late), %6 sync-wait (a blocking "
                       "call was holding the CPU) and %7 other.")
                        .arg(d.deviceId)
                        .arg(formatDuration(d.idleNs), formatDuration(span), formatCount(d.gapCount),
                            formatPercent(double(d.idleByCauseNs[IdleGap::HostWait]) / double(idleTotal)),
                            formatPercent(double(d.idleByCauseNs[IdleGap::SyncWait]) / double(idleTotal)),
                            formatPercent(double(d.idleByCauseNs[IdleGap::Other]) / double(idleTotal)));
        if (const qint64 profiler = d.idleByCauseNs[IdleGap::ProfilerOverhead]; profiler > 0)
            f.summary += QLatin1Char(' ')
                + tr("%1 (%2) is the profiler's own work, such as CUPTI buffer flushes: it is not there without "
                     "the profiler.")
                      .arg(formatPercent(double(profiler) / double(idleTotal)), formatDuration(profiler));
        int listed = 0;
        for (const auto& g : r.gaps)
            if (g.deviceId == d.deviceId && listed++ < 5)
                f.evidence.append(EvidenceBuilder::timeRange(r, g.deviceId, g.startNs, g.endNs));
        out.append(std::move(f));
    }
}

void FindingsEngine::gpuGaps(const AnalysisResult& r, QVector<Finding>& out)
{
    QHash<int, QVector<const IdleGap*>> byDevice;
    for (const auto& g : r.gaps)
        if (g.durationNs() >= spec::kGpuGapNs)
            byDevice[g.deviceId].append(&g);
    for (auto it = byDevice.cbegin(); it != byDevice.cend(); ++it) {
        qint64 total = 0;
        for (const IdleGap* g : it.value())
            total += g->durationNs();
        Finding f;
        f.id = QStringLiteral("gpu-gaps");
        f.setImpact(total, r.window);
        f.severity = std::max(Finding::Severity::Low, Finding::severityForShare(f.impactShare));
        const qint64 ruleMs = spec::kGpuGapNs / 1'000'000;
        f.title = tr("GPU %1 has %2 gaps of %3 ms or more").arg(it.key()).arg(it.value().size()).arg(ruleMs);
        f.metric = formatDuration(total);
        f.summary
            = tr("GPU %1 sits idle for %2 in %3 gaps of at least %6 ms (longest %4 at %5). Nothing ran on the "
                 "GPU then: look at what the host was doing (NVTX, API calls) in those ranges.")
                  .arg(it.key())
                  .arg(formatDuration(total))
                  .arg(it.value().size())
                  .arg(formatDuration(it.value().front()->durationNs()), formatDuration(it.value().front()->startNs))
                  .arg(ruleMs);
        for (const IdleGap* g : it.value())
            if (f.evidence.size() < 20)
                f.evidence.append(EvidenceBuilder::timeRange(r, g->deviceId, g->startNs, g->endNs));
        out.append(std::move(f));
    }
}

void FindingsEngine::lowUtilisation(const AnalysisResult& r, QVector<Finding>& out)
{
    for (const auto& d : r.devices) {
        if (d.lowUtil.isEmpty())
            continue;
        qint64 lost = 0, covered = 0;
        for (const auto& c : d.lowUtil) {
            lost += c.endNs - c.startNs - c.busyNs; // exact: length × (1 − share) truncated lost 1 ns
            covered += c.endNs - c.startNs;
        }
        Finding f;
        f.id = QStringLiteral("low-utilisation");
        f.setImpact(lost, r.window);
        f.severity = Finding::severityForShare(f.impactShare);
        f.title = tr("GPU %1 is under 50 % busy in %2 of its span")
                      .arg(d.deviceId)
                      .arg(formatPercent(double(covered) / double(std::max<qint64>(1, d.lastNs - d.firstNs))));
        f.metric = formatDuration(lost);
        f.summary = tr("Cutting GPU %1's span into 30 equal chunks, %2 stretches stay under 50 % busy (the worst at "
                       "%3 busy from %4 to %5); %6 of GPU time is unused in them.")
                        .arg(d.deviceId)
                        .arg(d.lowUtil.size())
                        .arg(formatPercent(std::min_element(d.lowUtil.begin(), d.lowUtil.end(),
                                 [](const auto& a, const auto& b) {
                                     return a.busyShare < b.busyShare;
                                 })->busyShare),
                            formatDuration(d.lowUtil.front().startNs), formatDuration(d.lowUtil.front().endNs),
                            formatDuration(lost));
        for (const auto& c : d.lowUtil)
            f.evidence.append(EvidenceBuilder::timeRange(r, d.deviceId, c.startNs, c.endNs));
        out.append(std::move(f));
    }
}

void FindingsEngine::warmup(const AnalysisResult& r, QVector<Finding>& out)
{
    if (r.window.kind != AnalysisWindow::Kind::Full)
        return;
    QStringList ignored;
    const AnalysisWindow steady = Analyzer::resolveWindow(*r.trace, { AnalysisWindow::Kind::Steady, 0, 0 }, &ignored);
    const qint64 excluded = (steady.startNs - r.window.startNs) + (r.window.endNs - steady.endNs);
    const double share = double(excluded) / double(std::max<qint64>(1, r.window.lengthNs()));
    if (steady.kind != AnalysisWindow::Kind::Steady || share < spec::kWarmupDominatesShare)
        return;
    Finding f;
    f.id = QStringLiteral("warmup-dominates");
    f.setImpact(excluded, r.window);
    f.severity = Finding::Severity::Medium;
    f.title = tr("Warm-up and idle tail dominate the window");
    f.metric = formatPercent(share);
    f.summary = tr("%1 of the window (%2) is warm-up before the first long idle gap or idle tail after the last GPU "
                   "work. Whole-window shares understate the steady state: rerun with --window steady (%3 to %4).")
                    .arg(formatPercent(share), formatDuration(excluded), formatDuration(steady.startNs),
                        formatDuration(steady.endNs));
    // What fills the excluded time: the work before the steady start (the warm-up's kernels, or
    // when the steady window starts at the first GPU work, the host calls before it) and the
    // calls after the last GPU work.
    if (steady.startNs > r.window.startNs)
        f.evidence.append(warmupRows(r, r.window.startNs, steady.startNs - 1, true));
    if (r.window.endNs > steady.endNs)
        f.evidence.append(warmupRows(r, steady.endNs + 1, r.window.endNs, false));
    // Ranges with no such rows (the window's end set by an NVTX range or an OS call) are left out,
    // but not all: a finding keeps its evidence, here the query that shows the range is empty.
    if (std::any_of(f.evidence.cbegin(), f.evidence.cend(), [](const Evidence& e) { return e.rowCount > 0; }))
        f.evidence.removeIf([](const Evidence& e) { return e.rowCount == 0; });
    else
        f.evidence.resize(std::min<qsizetype>(f.evidence.size(), 1));
    out.append(std::move(f));
}

Evidence FindingsEngine::warmupRows(const AnalysisResult& r, qint64 fromNs, qint64 toNs, bool kernelsFirst)
{
    const Trace& t = *r.trace;
    const QString predicate = QStringLiteral("start BETWEEN %1 AND %2").arg(fromNs).arg(toNs);
    const auto inRange = [&](const auto& table) {
        std::vector<quint32> rows;
        const auto& s = table.start; // in start order
        const auto lo = std::lower_bound(s.begin(), s.end(), fromNs), hi = std::upper_bound(s.begin(), s.end(), toNs);
        for (auto it = lo; it != hi; ++it)
            rows.push_back(quint32(it - s.begin()));
        return rows;
    };
    if (kernelsFirst)
        if (std::vector<quint32> rows = inRange(t.kernels); !rows.empty())
            return EvidenceBuilder::rows(kKernelTable, t.kernels.rowid, std::move(rows), predicate);
    Evidence e = EvidenceBuilder::apiRows(t, inRange(t.api), predicate);
    e.startNs = fromNs;
    e.endNs = toNs;
    return e;
}

void FindingsEngine::copies(const AnalysisResult& r, QVector<Finding>& out)
{
    const Trace& t = *r.trace;
    const auto& m = t.memcpy;
    std::vector<quint32> pageable, sync;
    qint64 pageableNs = 0, syncNs = 0;
    for (qsizetype i = 0; i < m.size(); ++i) {
        if (!r.window.contains(m.start[size_t(i)]))
            continue;
        if (HostAnalysis::isPageableAsyncCopy(t, i)) {
            pageable.push_back(quint32(i));
            pageableNs += m.duration(i);
        }
        if (HostAnalysis::isSyncCopy(t, i)) {
            sync.push_back(quint32(i));
            syncNs += m.duration(i);
        }
    }
    // Copies with their launching call and its name; %1 is the rule over m (copy) and s.value (API name).
    const QString join
        = QStringLiteral("rowid IN (SELECT m.rowid FROM %1 m JOIN %2 r ON %3 JOIN %4 s ON s.id = r.nameId "
                         "WHERE %5 AND %6)")
              .arg(kMemcpyTable, kApiTable, EvidenceBuilder::launchingCall(QStringLiteral("m"), QStringLiteral("r")),
                  tables::kStringIds, QStringLiteral("%1"), EvidenceBuilder::windowPredicate(r, QStringLiteral("m")));
    // Both rules report the same way: copies by GPU time, evidence from the rule in SQL.
    auto report = [&](const QString& id, std::vector<quint32>& rows, qint64 ns, const QString& title,
                      const QString& summary, const QString& sqlRule) {
        if (rows.empty())
            return;
        Finding f;
        f.id = id;
        f.setImpact(ns, r.window);
        f.severity = std::max(Finding::Severity::Low, Finding::severityForShare(f.impactShare));
        f.title = title;
        f.metric = formatCount(qint64(rows.size()));
        f.summary = summary.arg(formatCount(qint64(rows.size())), formatDuration(ns));
        EvidenceBuilder::longestFirst(rows, m);
        f.evidence.append(EvidenceBuilder::rows(kMemcpyTable, m.rowid, std::move(rows), join.arg(sqlRule)));
        out.append(std::move(f));
    };
    report(QStringLiteral("pageable-async-copy"), pageable, pageableNs, tr("Asynchronous copies from pageable memory"),
        tr("%1 cudaMemcpyAsync copies (%2 on the GPU) use pageable host memory, so they are staged "
           "through a pinned buffer and do not overlap with compute. Allocate those host buffers pinned "
           "(cudaHostAlloc, pin_memory=True)."),
        EvidenceBuilder::pageableCopy(QStringLiteral("m")) + QLatin1String(" AND s.value LIKE '%Memcpy%Async%'"));
    report(QStringLiteral("synchronous-copy"), sync, syncNs, tr("Synchronous memory copies"),
        tr("%1 copies (%2 on the GPU) come from synchronous cudaMemcpy calls, which block the CPU until "
           "the copy is done. Use cudaMemcpyAsync on a stream."),
        QLatin1String("s.value LIKE '%Memcpy%' AND s.value NOT LIKE '%Async%' AND ")
            + EvidenceBuilder::syncCopyShape(QStringLiteral("m")));
}

void FindingsEngine::nvtxCoverage(const AnalysisResult& r, QVector<Finding>& out)
{
    if (r.trace->nvtx.size() == 0 || r.kernelNs <= 0 || r.coverage >= spec::kNvtxCoverageWarning)
        return;
    const Trace& t = *r.trace;
    Finding f;
    f.id = QStringLiteral("low-nvtx-coverage");
    f.setImpact(r.kernelNs - r.attributedNs, r.window);
    f.severity = Finding::Severity::Low;
    f.title = tr("NVTX ranges cover little of the GPU time");
    f.metric = formatPercent(r.coverage);
    f.summary = tr("Only %1 of kernel time (%2 of %3) was launched inside an NVTX range on the launching thread, so "
                   "per-phase and per-range figures describe a minority of the work. Add ranges around the serving "
                   "loop's steps (prefill, decode, sampling).")
                    .arg(formatPercent(r.coverage), formatDuration(r.attributedNs), formatDuration(r.kernelNs));
    std::vector<quint32> rows;
    for (qsizetype i = 0; i < t.kernels.size(); ++i)
        if (r.kernelInWindow[size_t(i)] && r.kernelRange[size_t(i)] < 0)
            rows.push_back(quint32(i));
    EvidenceBuilder::longestFirst(rows, t.kernels);
    // The attribution rule in SQL: no same-thread NVTX range encloses the launching call's start.
    const QString unattributed = kernelsWithCall(QStringLiteral("LEFT JOIN"),
        QStringLiteral("%1 AND NOT EXISTS (SELECT 1 FROM %2 n WHERE %3 AND (n.endGlobalTid IS NULL OR n.endGlobalTid "
                       "= n.globalTid) AND n.start <= r.start AND n.\"end\" >= r.start)")
            .arg(EvidenceBuilder::windowPredicate(r, QStringLiteral("k")), tables::kNvtxEvents,
                EvidenceBuilder::rangeOnCallThread(QStringLiteral("n"), QStringLiteral("r"))));
    f.evidence.append(EvidenceBuilder::rows(kKernelTable, t.kernels.rowid, std::move(rows), unattributed));
    out.append(std::move(f));
}

void FindingsEngine::graphMode(const AnalysisResult& r, QVector<Finding>& out)
{
    const Trace& t = *r.trace;
    if (t.graphs.size() == 0)
        return;
    std::vector<quint32> rows;
    for (qsizetype i = 0; i < t.graphs.size(); ++i)
        if (r.window.contains(t.graphs.start[size_t(i)]))
            rows.push_back(quint32(i));
    Finding f;
    f.id = QStringLiteral("graph-mode-hides-kernels");
    f.setImpact(r.graphNs, r.window);
    f.severity = std::max(Finding::Severity::Medium, Finding::severityForShare(f.impactShare));
    f.title = tr("CUDA graphs were traced as whole launches");
    f.metric = formatDuration(r.graphNs);
    f.summary = tr("%1 CUDA graph launches (%2 of GPU time) were captured in graph mode: the kernels inside them are "
                   "not in the export, so the kernel table and categories miss that time. Capture with "
                   "--cuda-graph-trace=node to see them.")
                    .arg(formatCount(r.graphLaunches), formatDuration(r.graphNs));
    f.evidence.append(EvidenceBuilder::rows(
        tables::kGraphTrace, t.graphs.rowid, std::move(rows), EvidenceBuilder::windowPredicate(r)));
    out.append(std::move(f));
}

void FindingsEngine::severalRanks(const AnalysisResult& r, QVector<Finding>& out)
{
    const Trace& t = *r.trace;
    const KernelTable& k = t.kernels;
    // Kernel name → 1 when NCCL's, 0 when not, −1 not yet tested: a few hundred names tested once,
    // then one byte read per kernel (with a std::map of names and a std::set of pids the rule took
    // 12 ms at 5 M kernels, 4 ms now).
    std::vector<qint8> nccl(size_t(t.strings.size()), -1);
    std::vector<quint32> rows, names, pids; // pids: ascending
    const quint8* inWindow = r.kernelInWindow.data();
    const quint32* name = k.name.data();
    const quint32* pid = k.pid.data();
    quint32 lastPid = 0; // the last NCCL kernel's pid, once `pids` holds one
    for (size_t i = 0; i < size_t(k.size()); ++i) {
        if (!inWindow[i])
            continue;
        qint8& isNccl = nccl[name[i]];
        if (isNccl < 0) {
            isNccl = NcclKernel::op(t.strings.at(name[i])).isEmpty() ? 0 : 1;
            if (isNccl)
                names.push_back(name[i]);
        }
        if (!isNccl)
            continue;
        rows.push_back(quint32(i));
        if (pids.empty() || pid[i] != lastPid) { // a rank's collectives come in runs
            lastPid = pid[i];
            if (const auto it = std::lower_bound(pids.begin(), pids.end(), lastPid); it == pids.end() || *it != lastPid)
                pids.insert(it, lastPid);
        }
    }
    if (pids.size() < 2)
        return;
    Finding f;
    f.id = QStringLiteral("several-ranks");
    f.setImpact(0, r.window);
    f.severity = Finding::Severity::Info;
    f.title = tr("This export holds %1 ranks").arg(pids.size());
    f.metric = tr("%1 ranks").arg(pids.size());
    f.summary = tr("%1 processes ran NCCL kernels (%2 launches in the window): a multi-GPU run profiled as one. "
                   "Which rank holds the others back is a question for the cluster analysis: sightline-cli "
                   "cluster %3 --out DIR, or File › Open Cluster Run of One Export….")
                    .arg(pids.size())
                    .arg(formatCount(qint64(rows.size())))
                    .arg(scrubPaths(t.info.fileName));
    f.evidence.append(EvidenceBuilder::rows(kKernelTable, k.rowid, std::move(rows),
        QStringLiteral("%1 IN (%2) AND %3")
            .arg(t.info.kernelNameColumn, EvidenceBuilder::stringIdList(t.strings, names),
                EvidenceBuilder::windowPredicate(r))));
    out.append(std::move(f));
}

void FindingsEngine::phaseImbalance(const AnalysisResult& r, QVector<Finding>& out)
{
    // Ranks = processes with GPU work in a phase; compare kernel time per step of each phase.
    for (int p = 0; p < r.mappedPhaseCount(); ++p) {
        const QString& phase = r.phases[p].phase;
        const ProcessStats* fast = nullptr;
        const ProcessStats* slow = nullptr;
        auto perStep = [&](const ProcessStats* ps) { return ps->phases[p].kernelNsPerStep(); };
        int ranks = 0;
        for (const auto& ps : r.processes) {
            if (ps.phases.size() <= p || ps.phases[p].steps == 0 || ps.phases[p].kernelNs == 0)
                continue;
            ++ranks;
            if (!fast || perStep(&ps) < perStep(fast))
                fast = &ps;
            if (!slow || perStep(&ps) > perStep(slow))
                slow = &ps;
        }
        if (ranks < 2 || perStep(fast) <= 0
            || double(perStep(slow)) < spec::kPhaseImbalanceRatio * double(perStep(fast)))
            continue;
        Finding f;
        f.id = QStringLiteral("phase-imbalance");
        f.setImpact((perStep(slow) - perStep(fast)) * slow->phases[p].steps, r.window);
        f.severity = std::max(Finding::Severity::Low, Finding::severityForShare(f.impactShare));
        f.title = tr("Ranks are imbalanced in %1").arg(phase);
        f.metric = QStringLiteral("%1×").arg(double(perStep(slow)) / double(perStep(fast)), 0, 'f', 2);
        f.summary = tr("In %1, process %2 spends %3 of kernel time per step and process %4 only %5 (%6 ranks): "
                       "collective operations make the fast ranks wait for the slow one.")
                        .arg(phase)
                        .arg(slow->pid)
                        .arg(formatDuration(perStep(slow)))
                        .arg(fast->pid)
                        .arg(formatDuration(perStep(fast)))
                        .arg(ranks);
        std::vector<quint32> rows;
        const Trace& t = *r.trace;
        for (qsizetype i = 0; i < t.kernels.size(); ++i)
            if (r.kernelInWindow[size_t(i)] && r.kernelPhase[size_t(i)] == p && t.kernels.pid[size_t(i)] == slow->pid)
                rows.push_back(quint32(i));
        EvidenceBuilder::longestFirst(rows, t.kernels);
        // The slow process' kernels in the window whose launching call this phase's step
        // encloses (the process and window alone also selected its kernels of other phases).
        const QString rule
            = QStringLiteral("((k.globalPid >> 24) & 16777215) = %1 AND %2 AND %3")
                  .arg(slow->pid)
                  .arg(EvidenceBuilder::windowPredicate(r, QStringLiteral("k")), EvidenceBuilder::phaseRule(r, p));
        f.evidence.append(EvidenceBuilder::rows(
            kKernelTable, t.kernels.rowid, std::move(rows), kernelsWithCall(QStringLiteral("JOIN"), rule)));
        out.append(std::move(f));
    }
}

} // namespace sl
