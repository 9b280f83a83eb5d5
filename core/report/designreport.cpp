// SPDX-License-Identifier: MIT
#include "core/report/designreport.h"

#include "core/report/csvwriter.h"
#include "core/report/markdownreport.h"
#include "core/util/format.h"
#include "core/util/privacy.h"

#include <QJsonArray>
#include <QTextStream>

namespace sl {

namespace {
QJsonValue known(const KernelWaves& w, qint64 v)
{
    return w.top.ctas > 0 ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}
QString num(qint64 v) { return QString::number(v); }
QString dbl(double v) { return QString::number(v, 'g', 10); }
} // namespace

QJsonObject DesignReport::json(const AnalysisResult& r)
{
    const Trace& t = *r.trace;
    QJsonArray kernels;
    for (const KernelWaves& w : r.design.kernels) {
        kernels.append(QJsonObject { { QStringLiteral("name"), scrubPaths(t.strings.at(w.name)) },
            { QStringLiteral("short_name"), scrubPaths(t.strings.at(w.shortName)) },
            { QStringLiteral("category"), w.category }, { QStringLiteral("launches"), w.launches },
            { QStringLiteral("total_ns"), w.totalNs }, { QStringLiteral("known_ns"), w.knownNs },
            { QStringLiteral("configs"), w.configs }, { QStringLiteral("ctas"), known(w, w.top.ctas) },
            { QStringLiteral("ctas_per_sm"), known(w, w.top.ctasPerSm) },
            { QStringLiteral("sm_count"), known(w, w.top.smCount) }, { QStringLiteral("waves"), known(w, w.top.waves) },
            { QStringLiteral("wave_efficiency"),
                w.waveEfficiency ? QJsonValue(*w.waveEfficiency) : QJsonValue(QJsonValue::Null) },
            { QStringLiteral("tail_ns"), w.tailNs }, { QStringLiteral("tail_share"), w.tailShare() } });
    }
    return QJsonObject { { QStringLiteral("kernels"), kernels } };
}

QString DesignReport::markdown(const AnalysisResult& r)
{
    const Trace& t = *r.trace;
    QString md;
    QTextStream s(&md);
    s << "## " << tr("Waves and tails") << "\n\n";
    int rows = 0;
    for (const KernelWaves& w : r.design.kernels)
        rows += w.tailNs > 0 ? 1 : 0;
    if (rows == 0) {
        s << tr("No kernel loses time in partial last waves (or the export lacks the GPU's SM count and limits).")
          << "\n\n";
        return md;
    }
    s << tr("Per kernel name: the CTAs of its most used launch configuration against the CTAs the GPU holds at once "
            "(SMs × CTAs per SM); wave efficiency time-weighted over its launches; tail = time lost in partial last "
            "waves, Σ duration × (1 − wave efficiency).")
      << "\n\n| " << tr("Kernel") << " | " << tr("Category") << " | " << tr("Launches") << " | CTAs | " << tr("CTAs/SM")
      << " | SMs | " << tr("Waves") << " | " << tr("Wave efficiency") << " | " << tr("Tail") << " | "
      << tr("Tail share") << " |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    int written = 0;
    for (const KernelWaves& w : r.design.kernels) {
        if (w.tailNs <= 0 || written++ >= kMarkdownRows)
            break;
        s << "| `" << MarkdownReport::cell(scrubPaths(t.strings.at(w.shortName))) << "` | " << w.category << " | "
          << formatCount(w.launches) << " | " << formatCount(w.top.ctas) << " | " << w.top.ctasPerSm << " | "
          << w.top.smCount << " | " << w.top.waves << " | " << formatPercent(w.waveEfficiency.value_or(0)) << " | "
          << formatDuration(w.tailNs) << " | " << formatPercent(w.tailShare()) << " |\n";
    }
    if (rows > kMarkdownRows)
        s << "\n" << tr("%1 more kernel names with a tail in tables/waves.csv.").arg(rows - kMarkdownRows) << "\n";
    s << "\n";
    return md;
}

void DesignReport::csv(const AnalysisResult& r, QMap<QString, QByteArray>* out)
{
    const Trace& t = *r.trace;
    CsvWriter waves({ QStringLiteral("name"), QStringLiteral("short_name"), QStringLiteral("category"),
        QStringLiteral("launches"), QStringLiteral("total_ns"), QStringLiteral("known_ns"), QStringLiteral("configs"),
        QStringLiteral("ctas"), QStringLiteral("ctas_per_sm"), QStringLiteral("sm_count"), QStringLiteral("waves"),
        QStringLiteral("wave_efficiency"), QStringLiteral("tail_ns"), QStringLiteral("tail_share") });
    for (const KernelWaves& w : r.design.kernels) {
        const bool k = w.top.ctas > 0;
        waves.row({ scrubPaths(t.strings.at(w.name)), scrubPaths(t.strings.at(w.shortName)), w.category,
            num(w.launches), num(w.totalNs), num(w.knownNs), num(w.configs), k ? num(w.top.ctas) : QString(),
            k ? num(w.top.ctasPerSm) : QString(), k ? num(w.top.smCount) : QString(), k ? num(w.top.waves) : QString(),
            w.waveEfficiency ? dbl(*w.waveEfficiency) : QString(), num(w.tailNs), dbl(w.tailShare()) });
    }
    out->insert(QStringLiteral("waves.csv"), waves.bytes());
}

} // namespace sl
