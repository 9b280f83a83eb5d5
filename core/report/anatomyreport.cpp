// SPDX-License-Identifier: MIT
#include "core/report/anatomyreport.h"

#include "core/analysis/design/anatomyrules.h"
#include "core/report/csvwriter.h"
#include "core/report/markdownreport.h"
#include "core/util/format.h"

#include <QJsonObject>
#include <QTextStream>

namespace sl {

namespace {
QJsonValue orNull(std::optional<double> v) { return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null); }
QString csvValue(std::optional<double> v) { return v ? QString::number(*v, 'g', 10) : QString(); }
} // namespace

QJsonArray AnatomyReport::json(const AnalysisResult& r)
{
    const QStringList classes = AnatomyRules::classes();
    QJsonArray rows;
    for (const AnatomyCell& c : r.design.anatomy.cells)
        rows.append(QJsonObject { { QStringLiteral("phase"), r.phases[c.phase].phase },
            { QStringLiteral("class"), classes[c.cls] }, { QStringLiteral("kernel_ns"), c.kernelNs },
            { QStringLiteral("kernels"), c.kernels }, { QStringLiteral("flops"), orNull(c.knownFlops()) },
            { QStringLiteral("flop_kernel_ns"), c.flopNs }, { QStringLiteral("tflops"), orNull(c.tflops()) },
            { QStringLiteral("mfu"), orNull(c.mfu()) }, { QStringLiteral("bound"), c.bound },
            { QStringLiteral("bound_source"),
                c.boundSource.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(c.boundSource) } });
    return rows;
}

QString AnatomyReport::markdown(const AnalysisResult& r)
{
    const auto& cells = r.design.anatomy.cells;
    if (cells.isEmpty())
        return {};
    QString md;
    QTextStream s(&md);
    s << "## " << tr("Model anatomy") << "\n\n"
      << tr("Kernel time per phase and operator class (docs/analysis.md \"Model anatomy\"). FLOPs come from PyTorch "
            "shape ranges or matched cuBLAS calls; TFLOP/s and MFU are over the kernels whose FLOPs are known.")
      << "\n\n| " << tr("Phase") << " | " << tr("Class") << " | " << tr("Kernels") << " | " << tr("Time") << " | "
      << tr("Share of phase") << " | FLOPs | TFLOP/s | MFU | " << tr("Bound") << " |\n"
      << "|---|---|---:|---:|---:|---:|---:|---:|---|\n";
    QHash<int, qint64> phaseNs;
    for (const AnatomyCell& c : cells)
        phaseNs[c.phase] += c.kernelNs;
    for (const AnatomyCell& c : cells) {
        const qint64 total = phaseNs.value(c.phase);
        const auto tflops = c.tflops();
        const auto mfu = c.mfu();
        s << "| " << MarkdownReport::cell(r.phases[c.phase].phase) << " | " << AnatomyRules::classLabel(c.cls) << " | "
          << formatCount(c.kernels) << " | " << formatDuration(c.kernelNs) << " | "
          << formatPercent(total > 0 ? double(c.kernelNs) / double(total) : 0.0) << " | "
          << (c.knownFlops() ? QString::number(c.flops, 'g', 4) : QStringLiteral("–")) << " | "
          << (tflops ? QString::number(*tflops, 'f', 1) : QStringLiteral("–")) << " | "
          << (mfu ? formatPercent(*mfu) : QStringLiteral("–")) << " | " << c.bound << " |\n";
    }
    s << "\n";
    return md;
}

void AnatomyReport::csv(const AnalysisResult& r, QMap<QString, QByteArray>* out)
{
    const QStringList classes = AnatomyRules::classes();
    CsvWriter t({ QStringLiteral("phase"), QStringLiteral("class"), QStringLiteral("kernels"),
        QStringLiteral("kernel_ns"), QStringLiteral("flops"), QStringLiteral("flop_kernel_ns"),
        QStringLiteral("tflops"), QStringLiteral("mfu"), QStringLiteral("bound"), QStringLiteral("bound_source") });
    for (const AnatomyCell& c : r.design.anatomy.cells)
        t.row({ r.phases[c.phase].phase, classes[c.cls], QString::number(c.kernels), QString::number(c.kernelNs),
            csvValue(c.knownFlops()), QString::number(c.flopNs), csvValue(c.tflops()), csvValue(c.mfu()), c.bound,
            c.boundSource });
    out->insert(QStringLiteral("anatomy.csv"), t.bytes());
}

} // namespace sl
