// SPDX-License-Identifier: MIT
#include "core/report/designreport.h"

#include "core/report/anatomyreport.h"
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
            { QStringLiteral("tail_ns"), w.tailNs }, { QStringLiteral("tail_share"), w.tailShare() },
            { QStringLiteral("multi_wave_tail_ns"), w.multiWaveTailNs } });
    }
    return QJsonObject { { QStringLiteral("kernels"), kernels }, { QStringLiteral("gemm"), gemmJson(r) },
        { QStringLiteral("anatomy"), AnatomyReport::json(r) } };
}

QJsonObject DesignReport::gemmJson(const AnalysisResult& r)
{
    const Trace& t = *r.trace;
    const GemmImport& g = r.design.gemm;
    if (!g.present)
        return QJsonObject { { QStringLiteral("present"), false } };
    const auto kernelName = [&](qint64 name) {
        return name >= 0 ? QJsonValue(scrubPaths(t.strings.at(quint32(name)))) : QJsonValue(QJsonValue::Null);
    };
    QJsonArray shapes;
    for (const GemmShape& s : g.shapes) {
        const GemmCall& c = s.call;
        shapes.append(QJsonObject { { QStringLiteral("function"), c.function }, { QStringLiteral("m"), c.m },
            { QStringLiteral("n"), c.n }, { QStringLiteral("k"), c.k }, { QStringLiteral("batch"), c.batch },
            { QStringLiteral("transa"), QString(c.transA) }, { QStringLiteral("transb"), QString(c.transB) },
            { QStringLiteral("a_type"), GemmCall::typeLabel(c.aType) },
            { QStringLiteral("b_type"), GemmCall::typeLabel(c.bType) },
            { QStringLiteral("c_type"), GemmCall::typeLabel(c.cType) },
            { QStringLiteral("compute_type"), c.computeType }, { QStringLiteral("calls"), s.calls },
            { QStringLiteral("launches"), s.launches }, { QStringLiteral("kernel_ns"), s.kernelNs },
            { QStringLiteral("flops"), s.flops },
            { QStringLiteral("tflops"), s.kernelNs > 0 ? QJsonValue(s.tflops()) : QJsonValue(QJsonValue::Null) },
            { QStringLiteral("kernel"), kernelName(s.kernelName) },
            { QStringLiteral("tile"),
                s.tileM > 0 ? QJsonValue(QStringLiteral("%1x%2").arg(s.tileM).arg(s.tileN))
                            : QJsonValue(QJsonValue::Null) } });
    }
    QJsonArray byKernel;
    for (const GemmKernelFlops& k : g.byKernel)
        byKernel.append(QJsonObject { { QStringLiteral("name"), kernelName(k.name) },
            { QStringLiteral("launches"), k.launches }, { QStringLiteral("kernel_ns"), k.kernelNs },
            { QStringLiteral("flops"), k.flops }, { QStringLiteral("tflops"), k.tflops() } });
    return QJsonObject { { QStringLiteral("present"), true }, { QStringLiteral("file"), g.fileName },
        { QStringLiteral("calls"), g.calls }, { QStringLiteral("gemm_launches"), g.gemmLaunches },
        { QStringLiteral("matched"), g.matched }, { QStringLiteral("notes"), QJsonArray::fromStringList(g.notes) },
        { QStringLiteral("shapes"), shapes }, { QStringLiteral("by_kernel"), byKernel } };
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

QString DesignReport::gemmMarkdown(const AnalysisResult& r)
{
    const GemmImport& g = r.design.gemm;
    if (!g.present)
        return {};
    QString md;
    QTextStream s(&md);
    s << "## " << tr("GEMM shapes (cuBLAS log %1)").arg(g.fileName) << "\n\n";
    for (const QString& note : g.notes)
        s << "- " << note << "\n";
    s << "\n| m | n | k | " << tr("Batch") << " | op | " << tr("Types") << " | " << tr("Calls") << " | "
      << tr("Launches") << " | " << tr("Time") << " | TFLOP/s | " << tr("Kernel") << " |\n"
      << "|---:|---:|---:|---:|---|---|---:|---:|---:|---:|---|\n";
    int written = 0;
    for (const GemmShape& sh : g.shapes) {
        if (written++ >= kMarkdownRows)
            break;
        const GemmCall& c = sh.call;
        s << "| " << c.m << " | " << c.n << " | " << c.k << " | " << c.batch << " | " << c.transA << c.transB << " | "
          << GemmCall::typeLabel(c.aType) << " → " << GemmCall::typeLabel(c.cType) << " (" << c.computeType << ") | "
          << sh.calls << " | " << sh.launches << " | " << formatDuration(sh.kernelNs) << " | "
          << (sh.kernelNs > 0 ? QString::number(sh.tflops(), 'f', 1) : QStringLiteral("–")) << " | "
          << (sh.kernelName >= 0 ? QStringLiteral("`%1`").arg(
                  MarkdownReport::cell(scrubPaths(r.trace->strings.at(quint32(sh.kernelName)))))
                                 : QStringLiteral("–"))
          << " |\n";
    }
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
    AnatomyReport::csv(r, out);
    if (!r.design.gemm.present)
        return;
    CsvWriter shapes({ QStringLiteral("function"), QStringLiteral("m"), QStringLiteral("n"), QStringLiteral("k"),
        QStringLiteral("batch"), QStringLiteral("transa"), QStringLiteral("transb"), QStringLiteral("a_type"),
        QStringLiteral("b_type"), QStringLiteral("c_type"), QStringLiteral("compute_type"), QStringLiteral("calls"),
        QStringLiteral("launches"), QStringLiteral("kernel_ns"), QStringLiteral("flops"), QStringLiteral("kernel") });
    for (const GemmShape& sh : r.design.gemm.shapes) {
        const GemmCall& c = sh.call;
        shapes.row({ c.function, num(c.m), num(c.n), num(c.k), num(c.batch), QString(c.transA), QString(c.transB),
            GemmCall::typeLabel(c.aType), GemmCall::typeLabel(c.bType), GemmCall::typeLabel(c.cType), c.computeType,
            num(sh.calls), num(sh.launches), num(sh.kernelNs), dbl(sh.flops),
            sh.kernelName >= 0 ? scrubPaths(t.strings.at(quint32(sh.kernelName))) : QString() });
    }
    out->insert(QStringLiteral("gemm_shapes.csv"), shapes.bytes());
}

} // namespace sl
