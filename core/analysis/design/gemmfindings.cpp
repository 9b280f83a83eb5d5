// SPDX-License-Identifier: MIT
// The shape advisor (docs/analysis.md "Shape advisor"): findings from the GEMM shapes of an
// imported cuBLAS/cuBLASLt log, apart from the matching so each file stays about one thing.
#include "core/analysis/design/gemmanalysis.h"
#include "core/analysis/findings/evidencebuilder.h"
#include "core/analysis/rules/specrules.h"
#include "core/trace/tablenames.h"
#include "core/util/format.h"

#include <QStringList>

#include <algorithm>
#include <map>
#include <utility>

namespace sl {

namespace {

qint64 roundUp(qint64 v, qint64 unit) { return (v + unit - 1) / unit * unit; }

/// The matched in-window launches of a set of shapes, longest first, as evidence; the SQL lists
/// every rowid (the match comes from the log, which SQL over the export cannot restate).
Evidence launchesOf(const AnalysisResult& r, const std::vector<qint32>& shapes)
{
    const Trace& t = *r.trace;
    std::vector<quint32> rows;
    for (const auto& [kernel, shape] : r.design.gemm.matches)
        if (std::find(shapes.begin(), shapes.end(), shape) != shapes.end())
            rows.push_back(kernel);
    std::vector<qint64> all;
    for (quint32 k : rows)
        all.push_back(t.kernels.rowid[k]);
    EvidenceBuilder::longestFirst(rows, t.kernels);
    return EvidenceBuilder::rows(tables::kKernel, t.kernels.rowid, std::move(rows),
        QStringLiteral("rowid IN (%1)").arg(EvidenceBuilder::idList(all)));
}

QString shapeText(const GemmCall& c)
{
    return c.batch > 1 ? QStringLiteral("%1 × %2 × %3 ×%4").arg(c.m).arg(c.n).arg(c.k).arg(c.batch)
                       : QStringLiteral("%1 × %2 × %3").arg(c.m).arg(c.n).arg(c.k);
}

qint64 dim(const GemmCall& c, int d) { return d == 0 ? c.m : d == 1 ? c.n : c.k; }
QString dimName(int d) { return d == 0 ? QStringLiteral("m") : d == 1 ? QStringLiteral("n") : QStringLiteral("k"); }

/// Tensor-core alignment: per (dimension, value, type), over every matched shape with it.
void alignment(const AnalysisResult& r, QVector<Finding>& out)
{
    struct Group
    {
        std::vector<qint32> shapes;
        qint64 ns = 0, launches = 0;
    };
    std::map<std::tuple<int, qint64, QString>, Group> groups;
    const auto& shapes = r.design.gemm.shapes;
    for (qint32 i = 0; i < shapes.size(); ++i) {
        const GemmCall& c = shapes[i].call;
        const int bytes = c.elementBytes();
        if (shapes[i].launches == 0 || (bytes != 1 && bytes != 2))
            continue;
        const int required = bytes == 2 ? spec::kTensorCoreAlign16Bit : spec::kTensorCoreAlign8Bit;
        for (int d = 0; d < 3; ++d) {
            const qint64 v = dim(c, d);
            // Under one multiple (decode's few tokens, a matrix-vector product) padding would
            // multiply the work: not reported.
            if (v < required || v % required == 0)
                continue;
            Group& g = groups[{ d, v, GemmCall::typeLabel(c.aType) }];
            g.shapes.push_back(i);
            g.ns += shapes[i].kernelNs, g.launches += shapes[i].launches;
        }
    }
    for (const auto& [key, g] : groups) {
        const auto& [d, v, type] = key;
        const GemmCall& c = shapes[g.shapes.front()].call;
        const int bytes = c.elementBytes();
        const int required = bytes == 2 ? spec::kTensorCoreAlign16Bit : spec::kTensorCoreAlign8Bit;
        const int best = spec::kTensorCoreBestAlignBytes / bytes;
        Finding f;
        f.id = QStringLiteral("gemm-alignment");
        f.setImpact(g.ns, r.window);
        f.severity = Finding::severityForShare(f.impactShare);
        f.title = GemmAnalysis::tr("GEMM dimension %1 = %2 is not a multiple of %3 (%4)")
                      .arg(dimName(d), formatCount(v))
                      .arg(required)
                      .arg(type);
        f.metric = GemmAnalysis::tr("%1 → %2").arg(formatCount(v), formatCount(roundUp(v, best)));
        f.summary = GemmAnalysis::tr(
            "%1 matched launches (%2) of %3 GEMM shape(s) such as m × n × k = %4 in %5 have %6 = %7, "
            "not a multiple of %8 elements (16 bytes), which cuBLAS needs to run %5 on the tensor cores "
            "efficiently (NVIDIA Deep Learning Performance Guide, \"Matrix Multiplication Background\"). "
            "Pad the model dimension behind it to %9 (a multiple of %10, 128 bytes; %11 is the nearest "
            "multiple of %8).")
                        .arg(formatCount(g.launches), formatDuration(g.ns))
                        .arg(g.shapes.size())
                        .arg(shapeText(c), type, dimName(d), formatCount(v))
                        .arg(required)
                        .arg(formatCount(roundUp(v, best)))
                        .arg(best)
                        .arg(formatCount(roundUp(v, required)));
        f.evidence.append(launchesOf(r, g.shapes));
        out.append(std::move(f));
    }
}

/// Tile quantization of one shape's m or n: the last tile's empty share of the tile work.
void tileFinding(const AnalysisResult& r, qint32 i, int d, QVector<Finding>& out)
{
    const GemmShape& s = r.design.gemm.shapes[i];
    const qint64 v = dim(s.call, d), tile = d == 0 ? s.tileM : s.tileN;
    if (tile <= 0 || v < tile) // under one tile the kernel, not the dimension, sets the waste
        return;
    const qint64 padded = roundUp(v, tile);
    const double waste = 1.0 - double(v) / double(padded);
    if (waste < spec::kTileWasteShare)
        return;
    Finding f;
    f.id = QStringLiteral("gemm-tile-quantization");
    f.setImpact(qint64(double(s.kernelNs) * waste + 0.5), r.window);
    f.severity = Finding::severityForShare(f.impactShare);
    f.title = GemmAnalysis::tr("GEMM dimension %1 = %2 wastes %3 of its %4-wide tiles")
                  .arg(dimName(d), formatCount(v), formatPercent(waste))
                  .arg(tile);
    f.metric = GemmAnalysis::tr("%1 → %2 or %3").arg(formatCount(v), formatCount(padded - tile), formatCount(padded));
    f.summary
        = GemmAnalysis::tr(
            "m × n × k = %1 runs on %2 with %3 × %4 tiles: %5 = %6 needs %7 tiles along %5, the last one "
            "%8 empty, so %9 of the tile work (about %10 of %11) is padding (tile quantization, NVIDIA Deep "
            "Learning Performance Guide). %12 or %13 fill the tiles exactly.")
              .arg(shapeText(s.call), r.trace->strings.at(quint32(s.kernelName)))
              .arg(s.tileM)
              .arg(s.tileN)
              .arg(dimName(d), formatCount(v))
              .arg(padded / tile)
              .arg(formatPercent(double(padded - v) / double(tile)), formatPercent(waste), formatDuration(f.impactNs),
                  formatDuration(s.kernelNs), formatCount(padded - tile), formatCount(padded));
    f.evidence.append(launchesOf(r, { i }));
    out.append(std::move(f));
}

/// Wave quantization of one shape: its tiles against the CTAs its kernel's GPU holds at once.
void waveFinding(const AnalysisResult& r, qint32 i, QVector<Finding>& out)
{
    const GemmShape& s = r.design.gemm.shapes[i];
    const KernelWaves* w = s.kernelName >= 0 ? r.design.wavesOf(quint32(s.kernelName)) : nullptr;
    if (s.tileM <= 0 || s.tileN <= 0 || !w || w->top.ctas <= 0)
        return;
    const qint64 resident = qint64(w->top.smCount) * w->top.ctasPerSm;
    const qint64 tm = (s.call.m + s.tileM - 1) / s.tileM, tn = (s.call.n + s.tileN - 1) / s.tileN;
    const auto g = WaveGeometry::of(tm * tn * s.call.batch, w->top.smCount, w->top.ctasPerSm);
    if (!g || 1.0 - g->efficiency < spec::kWaveTailShare)
        return;
    // The nearest m or n (in whole tiles) that fills whole waves better: fewer waves, or the
    // partial wave filled.
    qint64 bestValue = 0, bestWaves = 0;
    int bestDim = -1;
    double bestEff = g->efficiency, bestChange = 0;
    for (int d = 0; d < 2; ++d) {
        const qint64 other = (d == 0 ? tn : tm) * s.call.batch, tile = d == 0 ? s.tileM : s.tileN;
        for (const qint64 waves : { g->waves - 1, g->waves }) {
            const qint64 tiles = waves * resident / other;
            const auto c = WaveGeometry::of(tiles * other, w->top.smCount, w->top.ctasPerSm);
            const qint64 v = dim(s.call, d), nv = tiles * tile;
            const double change = std::abs(double(nv - v)) / double(v);
            if (tiles <= 0 || nv == roundUp(v, tile) || !c || c->efficiency <= g->efficiency)
                continue;
            if (bestDim < 0 || change < bestChange)
                bestDim = d, bestValue = nv, bestWaves = c->waves, bestEff = c->efficiency, bestChange = change;
        }
    }
    if (bestDim < 0)
        return;
    Finding f;
    f.id = QStringLiteral("gemm-wave-quantization");
    f.setImpact(qint64(double(s.kernelNs) * (1.0 - g->efficiency) + 0.5), r.window);
    f.severity = Finding::severityForShare(f.impactShare);
    f.title = GemmAnalysis::tr("GEMM %1 fills %2 waves only %3")
                  .arg(shapeText(s.call))
                  .arg(g->waves)
                  .arg(formatPercent(g->efficiency));
    f.metric = GemmAnalysis::tr("%1 = %2 → %3")
                   .arg(dimName(bestDim), formatCount(dim(s.call, bestDim)), formatCount(bestValue));
    f.summary = GemmAnalysis::tr(
        "m × n × k = %1 makes %2 tiles of %3 × %4 on %5, which holds %6 at once (%7 SMs × %8): %9 waves, "
        "%10 full (wave quantization, NVIDIA Deep Learning Performance Guide). With %11 = %12 instead of "
        "%13 the tiles make %14 waves, %15 full.")
                    .arg(shapeText(s.call), formatCount(g->ctas))
                    .arg(s.tileM)
                    .arg(s.tileN)
                    .arg(r.trace->strings.at(quint32(s.kernelName)))
                    .arg(resident)
                    .arg(w->top.smCount)
                    .arg(w->top.ctasPerSm)
                    .arg(g->waves)
                    .arg(formatPercent(g->efficiency), dimName(bestDim), formatCount(bestValue),
                        formatCount(dim(s.call, bestDim)))
                    .arg(bestWaves)
                    .arg(formatPercent(bestEff));
    f.evidence.append(launchesOf(r, { i }));
    out.append(std::move(f));
}

void quantization(const AnalysisResult& r, QVector<Finding>& out)
{
    const auto& shapes = r.design.gemm.shapes;
    for (qint32 i = 0; i < shapes.size(); ++i) {
        if (shapes[i].launches == 0 || shapes[i].kernelName < 0)
            continue;
        tileFinding(r, i, 0, out);
        tileFinding(r, i, 1, out);
        waveFinding(r, i, out);
    }
}

} // namespace

QVector<Finding> GemmAnalysis::findings(const AnalysisResult& r)
{
    QVector<Finding> out;
    if (!r.design.gemm.present)
        return out;
    alignment(r, out);
    quantization(r, out);
    return out;
}

} // namespace sl
