// SPDX-License-Identifier: MIT
#include "core/report/efficiencyreport.h"

#include "core/report/csvtables.h"
#include "core/report/csvwriter.h"
#include "core/report/markdownreport.h"
#include "core/util/format.h"

#include <QJsonArray>
#include <QTextStream>

namespace sl {

namespace {
QJsonValue optionalNumber(const std::optional<double>& v) { return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null); }
QString share(qint64 part, qint64 whole) { return formatPercent(double(part) / double(std::max<qint64>(1, whole))); }
QString num(qint64 v) { return QString::number(v); }
QString dbl(double v) { return QString::number(v, 'g', 10); }
QString tflopsText(double v) { return QString::number(v, 'f', v < 10 ? 2 : 1); }

using Csv = CsvWriter;
} // namespace

QString EfficiencyReport::busyHeadline(const BusySplit& b)
{
    return tr("%1 busy: %2 compute, %3 copies")
        .arg(share(b.busyNs, b.spanNs), share(b.computeBusyNs, b.spanNs), share(b.copyBusyNs, b.spanNs));
}

QString EfficiencyReport::headline(const AnalysisResult& r)
{
    const EfficiencyStats& e = r.efficiency;
    QStringList lines;
    for (const auto& b : e.busy)
        lines << tr("GPU %1: %2").arg(b.deviceId).arg(busyHeadline(b));
    QStringList math;
    for (const auto& m : e.math)
        if (math.size() < 4)
            math << QStringLiteral("%1 %2").arg(m.path.label(), share(m.ns, r.kernelNs));
    if (!math.isEmpty())
        lines << tr("Math: %1").arg(math.join(QLatin1String(", ")));
    qint64 comm = 0, exposed = 0;
    for (const auto& o : e.overlap)
        if (o.phase < 0)
            comm += o.commNs, exposed += o.exposedNs();
    if (comm > 0)
        lines << tr("Communication: %1, %2 exposed").arg(formatDuration(comm), share(exposed, comm));
    if (e.hasShapes() && e.flops.kernelNs > 0)
        lines << tr("FLOPs: %1 TFLOP/s achieved, MFU %2").arg(tflopsText(e.flops.tflops()), mfuText(r, e.flops));
    return lines.join(QLatin1Char('\n'));
}

const BusySplit* EfficiencyReport::busyOf(const AnalysisResult& r, int deviceId)
{
    for (const auto& b : r.efficiency.busy)
        if (b.deviceId == deviceId)
            return &b;
    return nullptr;
}

QString EfficiencyReport::noShapesMessage()
{
    return tr("The trace has no operator shapes, so FLOPs and MFU are not derived. Record them with "
              "torch.autograd.profiler.emit_nvtx(record_shapes=True) and nsys --trace=cuda,nvtx, or give the model's "
              "FLOPs per token (--model-flops-per-token or --params) and token counts to the comparison.");
}

QString EfficiencyReport::phaseName(const AnalysisResult& r, int phase)
{
    return phase >= 0 && phase < r.phases.size() ? r.phases[phase].phase : tr("window");
}

QString EfficiencyReport::mfuText(const AnalysisResult& r, const FlopFigure& f)
{
    const auto mfu = f.mfu();
    if (!mfu) {
        if (f.kernelNs <= 0)
            return tr("unknown: no kernel time");
        if (!r.efficiency.peakOverride && r.efficiency.peakModel.isEmpty())
            return tr("unknown: the GPU model has no entry in the peak table (give --peak-tflops)");
        return tr("unknown: no peak for the kernels' math path (give --peak-tflops)");
    }
    const QString dtype = f.dtype.isEmpty() ? tr("any dtype") : f.dtype;
    const QString source = r.efficiency.peakOverride ? tr("--peak-tflops") : r.efficiency.peakModel;
    return tr("%1 (%2 peak %3 TFLOP/s, %4)").arg(formatPercent(*mfu), dtype, tflopsText(*f.peakTflops()), source);
}

QJsonObject EfficiencyReport::figureJson(const FlopFigure& f)
{
    return QJsonObject { { QStringLiteral("name"), f.name }, { QStringLiteral("ranges"), f.ranges },
        { QStringLiteral("kernels"), f.kernels }, { QStringLiteral("kernel_ns"), f.kernelNs },
        { QStringLiteral("flops"), f.flops }, { QStringLiteral("tflops"), f.tflops() },
        { QStringLiteral("dtype"), f.dtype.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(f.dtype) },
        { QStringLiteral("peak_tflops"), optionalNumber(f.peakTflops()) },
        { QStringLiteral("mfu"), optionalNumber(f.mfu()) } };
}

QJsonObject EfficiencyReport::json(const AnalysisResult& r)
{
    const EfficiencyStats& e = r.efficiency;
    QJsonArray math;
    for (const auto& m : e.math)
        math.append(QJsonObject { { QStringLiteral("path"), MathPath::kindKey(m.path.kind) },
            { QStringLiteral("dtype"),
                m.path.dtype.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(m.path.dtype) },
            { QStringLiteral("count"), m.count }, { QStringLiteral("total_ns"), m.ns },
            { QStringLiteral("share"), r.kernelNs > 0 ? double(m.ns) / double(r.kernelNs) : 0.0 },
            { QStringLiteral("gemm_count"), m.gemmCount }, { QStringLiteral("gemm_ns"), m.gemmNs } });
    QJsonArray busy;
    for (const auto& b : e.busy)
        busy.append(QJsonObject { { QStringLiteral("device_id"), b.deviceId }, { QStringLiteral("span_ns"), b.spanNs },
            { QStringLiteral("busy_ns"), b.busyNs }, { QStringLiteral("compute_busy_ns"), b.computeBusyNs },
            { QStringLiteral("copy_busy_ns"), b.copyBusyNs }, { QStringLiteral("copy_only_ns"), b.copyOnlyNs } });
    QJsonArray overlap;
    for (const auto& o : e.overlap)
        overlap.append(QJsonObject { { QStringLiteral("device_id"), o.deviceId },
            { QStringLiteral("phase"), o.phase < 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(phaseName(r, o.phase)) },
            { QStringLiteral("kernels"), o.kernels }, { QStringLiteral("comm_ns"), o.commNs },
            { QStringLiteral("overlapped_ns"), o.overlappedNs }, { QStringLiteral("exposed_ns"), o.exposedNs() } });
    QJsonArray collectives;
    for (const auto& c : e.collectives)
        collectives.append(
            QJsonObject { { QStringLiteral("collective"), c.collective }, { QStringLiteral("count"), c.count },
                { QStringLiteral("total_ns"), c.totalNs }, { QStringLiteral("p50_ns"), c.p50Ns },
                { QStringLiteral("p90_ns"), c.p90Ns }, { QStringLiteral("bytes"), QJsonValue(QJsonValue::Null) } });
    QJsonArray byOp, byPhase;
    for (const auto& f : e.flopsByOp)
        byOp.append(figureJson(f));
    for (const auto& f : e.flopsByPhase)
        byPhase.append(figureJson(f));
    QJsonObject flops { { QStringLiteral("status"),
                            e.hasShapes() ? QStringLiteral("shapes") : QStringLiteral("no-shapes") },
        { QStringLiteral("message"), e.hasShapes() ? QJsonValue(QJsonValue::Null) : QJsonValue(noShapesMessage()) },
        { QStringLiteral("shape_ranges"), e.shapeRanges }, { QStringLiteral("flop_ranges"), e.flopRanges },
        { QStringLiteral("uncounted_ranges"), e.uncountedRanges },
        { QStringLiteral("peak"),
            QJsonObject { { QStringLiteral("model"),
                              e.peakModel.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(e.peakModel) },
                { QStringLiteral("source"),
                    e.peakSource.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(e.peakSource) },
                { QStringLiteral("override_tflops"), optionalNumber(e.peakOverride) } } },
        { QStringLiteral("window"), e.hasShapes() ? QJsonValue(figureJson(e.flops)) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("by_op"), byOp }, { QStringLiteral("by_phase"), byPhase } };
    return QJsonObject { { QStringLiteral("math_paths"), math }, { QStringLiteral("gemm_ns"), e.gemmNs },
        { QStringLiteral("gemm_simt_ns"), e.gemmSimtNs }, { QStringLiteral("gemm_simt_count"), e.gemmSimtCount },
        { QStringLiteral("busy"), busy },
        { QStringLiteral("communication"),
            QJsonObject { { QStringLiteral("overlap"), overlap }, { QStringLiteral("collectives"), collectives } } },
        { QStringLiteral("flops"), flops } };
}

QString EfficiencyReport::markdown(const AnalysisResult& r)
{
    const EfficiencyStats& e = r.efficiency;
    QString md;
    QTextStream s(&md);
    s << "## " << tr("Efficiency") << "\n\n";
    if (!e.math.isEmpty()) {
        s << "| " << tr("Math path") << " | " << tr("Kernels") << " | " << tr("Time") << " | " << tr("Share") << " | "
          << tr("GEMM time") << " |\n|---|---:|---:|---:|---:|\n";
        for (const auto& m : e.math)
            s << "| " << m.path.label() << " | " << formatCount(m.count) << " | " << formatDuration(m.ns) << " | "
              << share(m.ns, r.kernelNs) << " | " << formatDuration(m.gemmNs) << " |\n";
        s << "\n";
        if (e.gemmNs > 0)
            s << tr("GEMM/convolution time on SIMT (no tensor cores): %1 of %2 (%3 launches).")
                     .arg(formatDuration(e.gemmSimtNs), formatDuration(e.gemmNs), formatCount(e.gemmSimtCount))
              << "\n\n";
    }
    if (!e.overlap.isEmpty()) {
        s << "### " << tr("Compute/communication overlap") << "\n\n| GPU | " << tr("Phase") << " | " << tr("Kernels")
          << " | " << tr("Communication") << " | " << tr("Overlapped") << " | " << tr("Exposed")
          << " |\n|---:|---|---:|---:|---:|---:|\n";
        for (const auto& o : e.overlap)
            s << "| " << o.deviceId << " | " << phaseName(r, o.phase) << " | " << formatCount(o.kernels) << " | "
              << formatDuration(o.commNs) << " | " << formatDuration(o.overlappedNs) << " | "
              << formatDuration(o.exposedNs()) << " (" << share(o.exposedNs(), o.commNs) << ") |\n";
        s << "\n| " << tr("Collective") << " | " << tr("Count") << " | " << tr("Total")
          << " | p50 | p90 |\n|---|---:|---:|---:|---:|\n";
        for (const auto& c : e.collectives)
            s << "| " << c.collective << " | " << formatCount(c.count) << " | " << formatDuration(c.totalNs) << " | "
              << formatDuration(c.p50Ns) << " | " << formatDuration(c.p90Ns) << " |\n";
        s << "\n";
    }
    s << "### " << tr("FLOPs and MFU") << "\n\n";
    if (!e.hasShapes()) {
        s << noShapesMessage() << "\n\n";
        return md;
    }
    s << tr("%1 operator ranges with shapes; %2 with FLOPs and kernels; %3 counted operators whose shapes do not give "
            "FLOPs (convolutions: the sizes omit stride and padding).")
             .arg(formatCount(e.shapeRanges), formatCount(e.flopRanges), formatCount(e.uncountedRanges))
      << "\n\n| " << tr("Operator / phase") << " | " << tr("Ranges") << " | " << tr("Kernel time")
      << " | GFLOP | TFLOP/s | MFU |\n"
      << "|---|---:|---:|---:|---:|---|\n";
    auto row = [&](const FlopFigure& f, const QString& name) {
        s << "| " << MarkdownReport::cell(name) << " | " << formatCount(f.ranges) << " | " << formatDuration(f.kernelNs)
          << " | " << QString::number(f.flops / 1e9, 'f', 3) << " | " << tflopsText(f.tflops()) << " | "
          << mfuText(r, f) << " |\n";
    };
    row(e.flops, tr("window"));
    for (const auto& f : e.flopsByPhase)
        row(f, tr("phase %1").arg(f.name));
    for (const auto& f : e.flopsByOp)
        row(f, f.name);
    s << "\n";
    return md;
}

void EfficiencyReport::csv(const AnalysisResult& r, QMap<QString, QByteArray>* out)
{
    const EfficiencyStats& e = r.efficiency;
    Csv math({ QStringLiteral("path"), QStringLiteral("dtype"), QStringLiteral("count"), QStringLiteral("total_ns"),
        QStringLiteral("gemm_count"), QStringLiteral("gemm_ns") });
    for (const auto& m : e.math)
        math.row(
            { MathPath::kindKey(m.path.kind), m.path.dtype, num(m.count), num(m.ns), num(m.gemmCount), num(m.gemmNs) });
    out->insert(QStringLiteral("math_paths.csv"), math.bytes());
    Csv busy({ QStringLiteral("device_id"), QStringLiteral("span_ns"), QStringLiteral("busy_ns"),
        QStringLiteral("compute_busy_ns"), QStringLiteral("copy_busy_ns"), QStringLiteral("copy_only_ns") });
    for (const auto& b : e.busy)
        busy.row({ num(b.deviceId), num(b.spanNs), num(b.busyNs), num(b.computeBusyNs), num(b.copyBusyNs),
            num(b.copyOnlyNs) });
    out->insert(QStringLiteral("busy.csv"), busy.bytes());
    Csv overlap({ QStringLiteral("device_id"), QStringLiteral("phase"), QStringLiteral("kernels"),
        QStringLiteral("comm_ns"), QStringLiteral("overlapped_ns"), QStringLiteral("exposed_ns") });
    for (const auto& o : e.overlap)
        overlap.row({ num(o.deviceId), o.phase < 0 ? QString() : phaseName(r, o.phase), num(o.kernels), num(o.commNs),
            num(o.overlappedNs), num(o.exposedNs()) });
    out->insert(QStringLiteral("comm_overlap.csv"), overlap.bytes());
    Csv collectives({ QStringLiteral("collective"), QStringLiteral("count"), QStringLiteral("total_ns"),
        QStringLiteral("p50_ns"), QStringLiteral("p90_ns") });
    for (const auto& c : e.collectives)
        collectives.row({ c.collective, num(c.count), num(c.totalNs), num(c.p50Ns), num(c.p90Ns) });
    out->insert(QStringLiteral("collectives.csv"), collectives.bytes());
    Csv flops({ QStringLiteral("scope"), QStringLiteral("name"), QStringLiteral("ranges"), QStringLiteral("kernels"),
        QStringLiteral("kernel_ns"), QStringLiteral("flops"), QStringLiteral("tflops"), QStringLiteral("dtype"),
        QStringLiteral("peak_tflops"), QStringLiteral("mfu") });
    auto row = [&](const QString& scope, const FlopFigure& f) {
        const auto peak = f.peakTflops();
        const auto mfu = f.mfu();
        flops.row({ scope, f.name, num(f.ranges), num(f.kernels), num(f.kernelNs), dbl(f.flops), dbl(f.tflops()),
            f.dtype, peak ? dbl(*peak) : QString(), mfu ? dbl(*mfu) : QString() });
    };
    if (e.hasShapes())
        row(QStringLiteral("window"), e.flops);
    for (const auto& f : e.flopsByPhase)
        row(QStringLiteral("phase"), f);
    for (const auto& f : e.flopsByOp)
        row(QStringLiteral("op"), f);
    out->insert(QStringLiteral("flops.csv"), flops.bytes());
}

} // namespace sl
