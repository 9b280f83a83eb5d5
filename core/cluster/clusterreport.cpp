// SPDX-License-Identifier: MIT
#include "core/cluster/clusterreport.h"

#include "core/cluster/clusteranalyzer.h"
#include "core/report/csvwriter.h"
#include "core/report/outputset.h"
#include "core/util/format.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sl {

namespace {

QJsonValue nsOrNull(qint64 v) { return v < 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(v); }

QJsonArray ranksJson(const ClusterResult& r)
{
    QJsonArray ranks;
    for (const ClusterRank& x : r.ranks)
        ranks.append(QJsonObject {
            { QStringLiteral("rank"), x.rank },
            { QStringLiteral("rank_source"), x.rankSource },
            { QStringLiteral("host"), x.host },
            { QStringLiteral("file"), x.file },
            { QStringLiteral("matched"), x.matched },
            { QStringLiteral("last_arrivals"), x.lastArrivals },
            // Undefined for a rank in no measured collective (a host no clock places): null, not 0.
            { QStringLiteral("last_arrival_share"), x.matched > 0 ? QJsonValue(x.lastArrivalShare) : QJsonValue() },
            { QStringLiteral("wait_ns"), x.waitNs },
            { QStringLiteral("nccl_ns"), x.ncclNs },
            { QStringLiteral("nccl_intra_node_ns"), x.ncclIntraNodeNs },
            { QStringLiteral("nccl_inter_node_ns"), x.ncclInterNodeNs },
            { QStringLiteral("wait_intra_node_ns"), x.waitIntraNodeNs },
            { QStringLiteral("wait_inter_node_ns"), x.waitInterNodeNs },
            { QStringLiteral("steps"), x.steps },
            { QStringLiteral("step_source"), x.stepSource },
            { QStringLiteral("step_p50_ns"), nsOrNull(x.stepP50Ns) },
            { QStringLiteral("step_p90_ns"), nsOrNull(x.stepP90Ns) },
            { QStringLiteral("kernels"), x.kernels },
        });
    return ranks;
}

QJsonObject clockJson(const ClusterResult& r)
{
    QJsonArray hosts;
    for (const ClusterHost& h : r.hosts)
        hosts.append(QJsonObject {
            { QStringLiteral("host"), h.host },
            { QStringLiteral("method"), h.method },
            { QStringLiteral("offset_ns"), h.offsetNs },
            { QStringLiteral("residual_ns"), nsOrNull(h.residualNs) },
            { QStringLiteral("ranks"), h.ranks },
            { QStringLiteral("samples"), h.samples },
        });
    return { { QStringLiteral("hosts"), hosts } };
}

QString ns(qint64 v) { return v < 0 ? QString() : QString::number(v); }

/// ClusterRank::stepSource in the Markdown report.
QString stepSourceText(const QString& source)
{
    if (source == QLatin1String("nvtx"))
        return ClusterReport::tr("NVTX ranges");
    if (source == QLatin1String("kernels"))
        return ClusterReport::tr("kernels (iterations)");
    return QStringLiteral("–");
}

QJsonArray findingsJson(const ClusterResult& r)
{
    QJsonArray findings;
    for (const ClusterFinding& f : r.findings) {
        QJsonArray evidence;
        for (const ClusterEvidence& e : f.evidence)
            evidence.append(QJsonObject { { QStringLiteral("rank"), e.rank }, { QStringLiteral("file"), e.file },
                { QStringLiteral("start_ns"), e.startNs }, { QStringLiteral("end_ns"), e.endNs },
                { QStringLiteral("label"), e.label } });
        findings.append(QJsonObject { { QStringLiteral("kind"), f.kind }, { QStringLiteral("title"), f.title },
            { QStringLiteral("evidence"), evidence } });
    }
    return findings;
}

QString findingsMarkdown(const ClusterResult& r)
{
    if (r.findings.empty())
        return {};
    QString md = ClusterReport::tr("\n## Findings\n\nEach evidence line is a window of that rank's own export "
                                   "(ns since its session start, as its tables hold them).\n\n");
    for (const ClusterFinding& f : r.findings) {
        md += QStringLiteral("- %1\n").arg(f.title);
        for (const ClusterEvidence& e : f.evidence)
            md += ClusterReport::tr("  - rank %1, %2, %3–%4 ns: %5\n")
                      .arg(e.rank)
                      .arg(e.file)
                      .arg(e.startNs)
                      .arg(e.endNs)
                      .arg(e.label);
    }
    return md;
}

} // namespace

QByteArray ClusterReport::json(const ClusterResult& r, const ClusterGate* gate)
{
    QJsonObject straggler;
    if (r.hasStraggler)
        straggler = QJsonObject { { QStringLiteral("rank"), r.stragglerRank },
            { QStringLiteral("last_arrival_share"), r.stragglerShare },
            { QStringLiteral("whatif_step_saving_ns"), nsOrNull(r.whatifStepSavingNs) } };
    const QJsonObject collectives {
        { QStringLiteral("matched"), r.matched },
        { QStringLiteral("unmatched"), r.unmatched },
        { QStringLiteral("unplaced"), r.unplaced },
        { QStringLiteral("unmatched_examples"), QJsonArray::fromStringList(r.unmatchedKeys) },
        { QStringLiteral("mismatched"), r.mismatched },
        { QStringLiteral("mismatch_examples"), QJsonArray::fromStringList(r.mismatchedKeys) },
        { QStringLiteral("intra_node"), r.intraNode },
        { QStringLiteral("inter_node"), r.interNode },
        { QStringLiteral("pairing"), r.pairing },
        { QStringLiteral("skew_p50_ns"), r.skewP50Ns },
        { QStringLiteral("skew_p90_ns"), r.skewP90Ns },
        { QStringLiteral("transfer_p50_ns"), r.transferP50Ns },
    };
    QJsonObject root {
        { QStringLiteral("format"), QStringLiteral("sightline.cluster") },
        { QStringLiteral("version"), formatVersion },
        { QStringLiteral("ranks"), ranksJson(r) },
        { QStringLiteral("clock"), clockJson(r) },
        { QStringLiteral("collectives"), collectives },
        { QStringLiteral("straggler"), r.hasStraggler ? QJsonValue(straggler) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("findings"), findingsJson(r) },
        { QStringLiteral("warnings"), QJsonArray::fromStringList(r.warnings) },
    };
    if (gate)
        root.insert(QStringLiteral("gate"), gate->toJson());
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QByteArray ClusterReport::markdown(const ClusterResult& r, const ClusterGate* gate)
{
    QString md = r.hosts.size() == 1
        ? tr("# Cluster run: %1 ranks on one host\n\n").arg(r.ranks.size())
        : tr("# Cluster run: %1 ranks on %2 hosts\n\n").arg(r.ranks.size()).arg(r.hosts.size());
    if (r.hasStraggler) {
        md += tr("**Straggler: rank %1** arrives last at %2 of the %3 matched collectives; the others wait for it.")
                  .arg(r.stragglerRank)
                  .arg(formatPercent(r.stragglerShare))
                  .arg(r.matched);
        md += r.whatifStepSavingNs >= 0
            ? tr(" If its time before each collective took the median of the other ranks', a step would be %1 "
                 "shorter (median over steps).\n\n")
                  .arg(formatDuration(r.whatifStepSavingNs))
            : tr(" (No steps: no what-if per step.)\n\n");
    } else
        md += tr("No straggler: no rank arrives last at %1 or more of the %2 matched collectives.\n\n")
                  .arg(formatPercent(ClusterAnalyzer::stragglerShare(r.ranks.size())))
                  .arg(r.matched);
    md += tr("Collectives: %1 matched, %2 unmatched (pairing %3); arrival skew p50 %4, p90 %5; transfer p50 %6.\n\n")
              .arg(r.matched)
              .arg(r.unmatched)
              .arg(
                  r.pairing, formatDuration(r.skewP50Ns), formatDuration(r.skewP90Ns), formatDuration(r.transferP50Ns));
    md += tr("| Rank | Host | Rank from | Last arrivals | Wait | NCCL time | Step p50 | Steps from |\n"
             "|---|---|---|---|---|---|---|---|\n");
    for (const ClusterRank& x : r.ranks)
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 |\n")
                  .arg(x.rank)
                  .arg(x.host, x.rankSource, formatPercent(x.lastArrivalShare), formatDuration(x.waitNs),
                      formatDuration(x.ncclNs), x.stepP50Ns >= 0 ? formatDuration(x.stepP50Ns) : QStringLiteral("–"),
                      stepSourceText(x.stepSource));
    md += tr("\n## Intra- and inter-node\n\n%1 matched collectives ran on the ranks of one host, %2 across "
             "hosts.\n\n| Rank | NCCL intra-node | NCCL inter-node | Wait intra-node | Wait inter-node |\n"
             "|---|---|---|---|---|\n")
              .arg(r.intraNode)
              .arg(r.interNode);
    for (const ClusterRank& x : r.ranks)
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                  .arg(x.rank)
                  .arg(formatDuration(x.ncclIntraNodeNs), formatDuration(x.ncclInterNodeNs),
                      formatDuration(x.waitIntraNodeNs), formatDuration(x.waitInterNodeNs));
    md += tr("\n## Clocks\n\n| Host | Method | Offset | Residual |\n|---|---|---|---|\n");
    for (const ClusterHost& h : r.hosts)
        md += QStringLiteral("| %1 | %2 | %3 | %4 |\n")
                  .arg(h.host, h.method, formatDuration(h.offsetNs),
                      h.residualNs >= 0 ? formatDuration(h.residualNs) : tr("unknown"));
    md += findingsMarkdown(r);
    if (!r.warnings.isEmpty()) {
        md += tr("\n## Warnings\n\n");
        for (const QString& w : r.warnings)
            md += QStringLiteral("- %1\n").arg(w);
    }
    if (gate)
        md += gate->markdown();
    return md.toUtf8();
}

bool ClusterReport::writeAll(const ClusterResult& r, const QString& dir, QString* error, const ClusterGate* gate)
{
    OutputSet out(dir);
    out.add(QStringLiteral("cluster.json"), json(r, gate));
    out.add(QStringLiteral("cluster.md"), markdown(r, gate));
    CsvWriter ranks({ QStringLiteral("rank"), QStringLiteral("rank_source"), QStringLiteral("host"),
        QStringLiteral("file"), QStringLiteral("last_arrivals"), QStringLiteral("last_arrival_share"),
        QStringLiteral("wait_ns"), QStringLiteral("nccl_ns"), QStringLiteral("steps"), QStringLiteral("step_p50_ns"),
        QStringLiteral("step_p90_ns"), QStringLiteral("nccl_intra_node_ns"), QStringLiteral("nccl_inter_node_ns"),
        QStringLiteral("wait_intra_node_ns"), QStringLiteral("wait_inter_node_ns"), QStringLiteral("step_source") });
    for (const ClusterRank& x : r.ranks)
        ranks.row({ QString::number(x.rank), x.rankSource, x.host, x.file, QString::number(x.lastArrivals),
            QString::number(x.lastArrivalShare, 'f', 6), QString::number(x.waitNs), QString::number(x.ncclNs),
            QString::number(x.steps), ns(x.stepP50Ns), ns(x.stepP90Ns), QString::number(x.ncclIntraNodeNs),
            QString::number(x.ncclInterNodeNs), QString::number(x.waitIntraNodeNs), QString::number(x.waitInterNodeNs),
            x.stepSource });
    CsvWriter hosts({ QStringLiteral("host"), QStringLiteral("method"), QStringLiteral("offset_ns"),
        QStringLiteral("residual_ns"), QStringLiteral("ranks"), QStringLiteral("samples") });
    for (const ClusterHost& h : r.hosts)
        hosts.row({ h.host, h.method, QString::number(h.offsetNs), ns(h.residualNs), QString::number(h.ranks),
            QString::number(h.samples) });
    CsvWriter collectives({ QStringLiteral("op"), QStringLiteral("stream_index"), QStringLiteral("ordinal"),
        QStringLiteral("first_arrival_ns"), QStringLiteral("skew_ns"), QStringLiteral("last_rank"),
        QStringLiteral("transfer_ns"), QStringLiteral("communicator"), QStringLiteral("bytes"), QStringLiteral("ranks"),
        QStringLiteral("inter_node") });
    for (const ClusterCollective& c : r.collectives)
        collectives.row(
            { c.op, QString::number(c.streamIndex), QString::number(c.ordinal), QString::number(c.firstArrivalNs),
                QString::number(c.skewNs), QString::number(c.lastRank), QString::number(c.transferNs), c.communicator,
                ns(c.bytes), QString::number(c.ranks), c.interNode ? QStringLiteral("1") : QStringLiteral("0") });
    out.add(QStringLiteral("tables/ranks.csv"), ranks.bytes());
    out.add(QStringLiteral("tables/hosts.csv"), hosts.bytes());
    out.add(QStringLiteral("tables/collectives.csv"), collectives.bytes());
    return out.commit(error);
}

} // namespace sl
