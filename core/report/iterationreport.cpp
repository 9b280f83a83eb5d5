// SPDX-License-Identifier: MIT
#include "core/report/iterationreport.h"

#include "core/report/markdownreport.h"
#include "core/util/format.h"
#include "core/util/privacy.h"

#include <QJsonObject>
#include <QTextStream>

namespace sl {

namespace {

/// The anchor's short name where the trace keeps one per name, else its name.
QString anchorLabel(const Trace& t, quint32 name) { return scrubPaths(t.strings.at(t.kernels.shortNameOfName(name))); }

} // namespace

QJsonArray IterationReport::json(const AnalysisResult& r)
{
    const Trace& t = *r.trace;
    QJsonArray out;
    for (const IterationStats& s : r.iterations)
        out.append(QJsonObject {
            { QStringLiteral("device"), s.deviceId },
            { QStringLiteral("anchor_kernel"), scrubPaths(t.strings.at(s.anchorName)) },
            { QStringLiteral("names_per_iteration"), s.names },
            { QStringLiteral("iterations"), s.iterations },
            { QStringLiteral("first_ns"), s.firstNs },
            { QStringLiteral("last_ns"), s.lastNs },
            { QStringLiteral("p50_ns"), s.p50Ns },
            { QStringLiteral("p90_ns"), s.p90Ns },
            { QStringLiteral("min_ns"), s.minNs },
            { QStringLiteral("max_ns"), s.maxNs },
            { QStringLiteral("kernels_p50"), s.kernelsP50 },
            { QStringLiteral("regularity"), s.regularity },
            { QStringLiteral("compute_ns"), s.computeNs },
            { QStringLiteral("comm_only_ns"), s.commOnlyNs },
            { QStringLiteral("copy_only_ns"), s.copyOnlyNs },
            { QStringLiteral("idle_ns"), s.idleNs },
            { QStringLiteral("idle_by_cause_ns"),
                QJsonObject { { QStringLiteral("host-wait"), s.idleByCauseNs[IdleGap::HostWait] },
                    { QStringLiteral("sync-wait"), s.idleByCauseNs[IdleGap::SyncWait] },
                    { QStringLiteral("other"), s.idleByCauseNs[IdleGap::Other] },
                    { QStringLiteral("profiler-overhead"), s.idleByCauseNs[IdleGap::ProfilerOverhead] } } },
            { QStringLiteral("slowest"),
                QJsonObject { { QStringLiteral("index"), s.slowest }, { QStringLiteral("start_ns"), s.slowestStartNs },
                    { QStringLiteral("end_ns"), s.slowestEndNs } } },
        });
    return out;
}

QString IterationReport::markdown(const AnalysisResult& r)
{
    if (r.iterations.empty())
        return {};
    const Trace& t = *r.trace;
    QString md;
    QTextStream s(&md);
    s << "## " << tr("Iterations (from the kernels)") << "\n\n"
      << tr("No NVTX range names a step: each GPU's loop is found from its kernels, an iteration running from one "
            "launch of the anchor kernel to the next (docs/analysis.md, \"Iterations without NVTX\").")
      << "\n\n| " << tr("GPU") << " | " << tr("Anchor kernel") << " | " << tr("Iterations") << " | " << tr("p50")
      << " | " << tr("p90") << " | " << tr("Slowest") << " | " << tr("Kernels / iteration") << " | "
      << tr("Iterations with that many") << " | " << tr("Compute") << " | " << tr("Communication only") << " | "
      << tr("Copies only") << " | " << tr("Idle") << " | " << tr("Idle waiting for the host") << " |\n"
      << "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (const IterationStats& x : r.iterations) {
        const double span = double(std::max<qint64>(1, x.lastNs - x.firstNs));
        s << "| " << x.deviceId << " | " << MarkdownReport::cell(anchorLabel(t, x.anchorName)) << " | "
          << formatCount(x.iterations) << " | " << formatDuration(x.p50Ns) << " | " << formatDuration(x.p90Ns) << " | "
          << tr("%1 (#%2)").arg(formatDuration(x.maxNs)).arg(x.slowest) << " | " << formatCount(x.kernelsP50) << " | "
          << formatPercent(x.regularity) << " | " << formatPercent(double(x.computeNs) / span) << " | "
          << formatPercent(double(x.commOnlyNs) / span) << " | " << formatPercent(double(x.copyOnlyNs) / span) << " | "
          << formatPercent(double(x.idleNs) / span) << " | "
          << formatPercent(double(x.idleByCauseNs[IdleGap::HostWait]) / span) << " |\n";
    }
    s << "\n";
    return md;
}

} // namespace sl
