// SPDX-License-Identifier: MIT
// The wave-tail finding of WaveAnalysis (docs/analysis.md "Waves and tails"), apart from the
// figures so each file stays about one thing.
#include "core/analysis/design/waveanalysis.h"
#include "core/analysis/findings/evidencebuilder.h"
#include "core/analysis/rules/specrules.h"
#include "core/trace/tablenames.h"
#include "core/util/format.h"

#include <QStringList>

#include <utility>

namespace sl {

// Row values compare all ten columns at once (SQLite ≥ 3.15).
QString WaveAnalysis::tailPredicate(const AnalysisResult& r, const KernelWaves& w)
{
    const Trace& t = *r.trace;
    QStringList tuples;
    for (const auto& [device, config] : w.tailConfigs) {
        const LaunchConfig& c = t.configs.at(config);
        tuples << QStringLiteral("(%1,%2,%3,%4,%5,%6,%7,%8,%9,%10)")
                      .arg(device)
                      .arg(c.gridX)
                      .arg(c.gridY)
                      .arg(c.gridZ)
                      .arg(c.blockX)
                      .arg(c.blockY)
                      .arg(c.blockZ)
                      .arg(c.registersPerThread)
                      .arg(c.staticSharedMemory)
                      .arg(c.dynamicSharedMemory);
    }
    return QStringLiteral("%1 IN (%2) AND %3 AND (deviceId, gridX, gridY, gridZ, blockX, blockY, blockZ, "
                          "registersPerThread, staticSharedMemory, dynamicSharedMemory) IN (VALUES %4)")
        .arg(t.info.kernelNameColumn, EvidenceBuilder::stringIdList(t.strings, { w.name }),
            EvidenceBuilder::windowPredicate(r), tuples.join(QLatin1Char(',')));
}

QVector<Finding> WaveAnalysis::findings(const AnalysisResult& r)
{
    QVector<Finding> out;
    const Trace& t = *r.trace;
    for (const KernelWaves& w : r.design.kernels) {
        if (w.category != QLatin1String("gemm") && w.category != QLatin1String("attention"))
            continue;
        const double share = double(w.multiWaveTailNs) / double(std::max<qint64>(1, w.totalNs));
        if (w.tailLaunches.empty() || share < spec::kWaveTailShare)
            continue;
        const QString name = t.strings.at(w.shortName);
        const WaveGeometry& g = w.top;
        Finding f;
        f.id = QStringLiteral("wave-tail");
        f.setImpact(w.multiWaveTailNs, r.window);
        f.severity = Finding::severityForShare(f.impactShare);
        f.title = tr("%1 loses %2 of its time in partial last waves").arg(name, formatPercent(share));
        f.metric = tr("%1 waves, %2 wave efficiency").arg(g.waves).arg(formatPercent(w.waveEfficiency.value_or(0)));
        f.summary = tr("%1 launches of %2 (%3, %4) mostly run %5 CTAs at %6 per SM on %7 SMs: %8 waves of %9 "
                       "CTAs, the last one partly empty. Time-weighted, the waves are %10 full, so %11 of the "
                       "kernel's time goes to partial last waves. Choose a problem size or tile whose CTA count "
                       "fills whole waves (a multiple of %9), or a split-K / stream-K kernel.")
                        .arg(formatCount(w.launches), name, w.category, formatDuration(w.totalNs))
                        .arg(g.ctas)
                        .arg(g.ctasPerSm)
                        .arg(g.smCount)
                        .arg(g.waves)
                        .arg(qint64(g.smCount) * g.ctasPerSm)
                        .arg(formatPercent(w.waveEfficiency.value_or(0)), formatDuration(w.multiWaveTailNs));
        f.evidence.append(EvidenceBuilder::rows(tables::kKernel, t.kernels.rowid, w.tailLaunches, tailPredicate(r, w)));
        out.append(std::move(f));
    }
    return out;
}

} // namespace sl
