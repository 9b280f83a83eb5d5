// SPDX-License-Identifier: MIT
// The findings of EfficiencyAnalysis (docs/analysis.md "Efficiency"), kept apart from the
// figures so each file stays about one thing.
#include "core/analysis/analysisresult.h"
#include "core/analysis/findings/evidencebuilder.h"
#include "core/analysis/passes/efficiencyanalysis.h"
#include "core/analysis/passes/statistics.h"
#include "core/analysis/rules/specrules.h"
#include "core/trace/tablenames.h"
#include "core/util/format.h"

#include <QStringList>

#include <algorithm>
#include <optional>
#include <utility>

namespace sl {

namespace {
const QString kKernelTable = tables::kKernel;
const QString kMemcpyTable = tables::kMemcpy;
using Figure = EfficiencyAnalysis::Figure;

/// gemm-without-tensor-cores: GEMM and convolution kernels on the CUDA cores, when they take a
/// real share of the kernel time. The same work on tensor cores is several times faster; at
/// stake: their whole time (the ratio depends on the GPU and the dtype).
std::optional<Finding> gemmWithoutTensorCores(const AnalysisResult& r)
{
    const Trace& t = *r.trace;
    const EfficiencyStats& e = r.efficiency;
    if (!(e.gemmSimtNs > 0 && r.kernelNs > 0
            && double(e.gemmSimtNs) >= spec::kGemmSimtKernelShare * double(r.kernelNs)))
        return std::nullopt;
    std::vector<quint32> names;
    QStringList top;
    for (const KernelSummary& ks : r.kernels)
        if (ks.category == QLatin1String("gemm") && e.mathOfName.value(ks.name).kind == MathPath::Simt) {
            names.push_back(ks.name);
            if (top.size() < 3)
                top << EfficiencyAnalysis::tr("%1 ×%2 (%3)")
                           .arg(t.strings.at(ks.shortName), formatCount(ks.count), formatDuration(ks.totalNs));
        }
    std::sort(names.begin(), names.end());
    std::vector<quint32> rows;
    for (qsizetype i = 0; i < t.kernels.size(); ++i)
        if (r.kernelInWindow[size_t(i)] && std::binary_search(names.begin(), names.end(), t.kernels.name[size_t(i)]))
            rows.push_back(quint32(i));
    EvidenceBuilder::longestFirst(rows, t.kernels);
    const double ofKernels = double(e.gemmSimtNs) / double(r.kernelNs);
    Finding f;
    f.id = QStringLiteral("gemm-without-tensor-cores");
    // Severity from the share of kernel time (the docs' rule), the impact share of the window.
    f.setImpact(e.gemmSimtNs, r.window);
    f.severity = std::max(Finding::Severity::Low, Finding::severityForShare(ofKernels));
    f.title = EfficiencyAnalysis::tr("GEMM and convolution time without tensor cores");
    f.metric
        = EfficiencyAnalysis::tr("%1 launches, %2").arg(formatCount(e.gemmSimtCount), formatDuration(e.gemmSimtNs));
    f.summary = EfficiencyAnalysis::tr(
        "%1 GEMM/convolution launches (%2, %3 of kernel time and %4 of all GEMM time) run on the CUDA "
        "cores (SIMT), not on tensor cores: %5. Run them in bf16/fp16 (autocast), or allow TF32 for FP32 "
        "matmuls (torch.set_float32_matmul_precision('high')), with dimensions that are multiples of 8.")
                    .arg(formatCount(e.gemmSimtCount), formatDuration(e.gemmSimtNs), formatPercent(ofKernels),
                        formatPercent(double(e.gemmSimtNs) / double(std::max<qint64>(1, e.gemmNs))),
                        top.join(QLatin1String(", ")));
    f.evidence.append(EvidenceBuilder::rows(kKernelTable, t.kernels.rowid, std::move(rows),
        QStringLiteral("%1 IN (%2) AND %3")
            .arg(t.info.kernelNameColumn, EvidenceBuilder::stringIdList(t.strings, { names.begin(), names.end() }),
                EvidenceBuilder::windowPredicate(r))));
    return f;
}

/// copy-busy: copies, not kernels, keep GPU `b.deviceId` busy ("busy" overstates how much the
/// GPU computes).
std::optional<Finding> copyBusy(const AnalysisResult& r, const BusySplit& b)
{
    const Trace& t = *r.trace;
    if (!spec::isCopyBusy(b.copyOnlyNs, b.computeBusyNs, b.spanNs))
        return std::nullopt;
    std::vector<quint32> rows;
    qint64 bytes = 0;
    for (qsizetype i = 0; i < t.memcpy.size(); ++i)
        if (t.memcpy.device[size_t(i)] == b.deviceId && r.window.contains(t.memcpy.start[size_t(i)])) {
            rows.push_back(quint32(i));
            bytes = saturatingAdd(bytes, t.memcpy.bytes[size_t(i)]);
        }
    EvidenceBuilder::longestFirst(rows, t.memcpy);
    const double span = double(b.spanNs);
    Finding f;
    f.id = QStringLiteral("copy-busy");
    f.setImpact(b.copyOnlyNs, r.window);
    f.severity = std::max(Finding::Severity::Medium, Finding::severityForShare(f.impactShare));
    f.title = EfficiencyAnalysis::tr("Copies, not kernels, keep GPU %1 busy").arg(b.deviceId);
    f.metric = EfficiencyAnalysis::tr("%1 busy, %2 computing")
                   .arg(formatPercent(double(b.busyNs) / span), formatPercent(double(b.computeBusyNs) / span));
    f.summary = EfficiencyAnalysis::tr(
        "GPU %1 is busy %2 of its span but runs kernels only %3 of it: for %4 the GPU only copies "
        "(%5 copies, %6). Keep the data on the GPU between steps, or overlap the copies with compute "
        "(pinned memory, cudaMemcpyAsync on a side stream).")
                    .arg(b.deviceId)
                    .arg(formatPercent(double(b.busyNs) / span), formatPercent(double(b.computeBusyNs) / span),
                        formatDuration(b.copyOnlyNs), formatCount(qint64(rows.size())), formatBytes(bytes));
    f.evidence.append(EvidenceBuilder::rows(kMemcpyTable, t.memcpy.rowid, std::move(rows),
        QStringLiteral("deviceId = %1 AND %2").arg(b.deviceId).arg(EvidenceBuilder::windowPredicate(r))));
    return f;
}

/// exposed-communication: communication that no other kernel on the GPU hides (the GPU waits
/// for the network), when it takes a real share of the window.
std::optional<Finding> exposedCommunication(const AnalysisResult& r)
{
    const Trace& t = *r.trace;
    const EfficiencyStats& e = r.efficiency;
    const double window = double(std::max<qint64>(1, r.window.lengthNs()));
    qint64 exposed = 0, comm = 0;
    QStringList perGpu;
    for (const CommOverlap& o : e.overlap)
        if (o.phase < 0) {
            exposed += o.exposedNs();
            comm += o.commNs;
            perGpu << EfficiencyAnalysis::tr("GPU %1 %2 of %3")
                          .arg(o.deviceId)
                          .arg(formatDuration(o.exposedNs()), formatDuration(o.commNs));
        }
    if (!(exposed > 0 && double(exposed) >= spec::kExposedCommShare * window))
        return std::nullopt;
    std::vector<quint32> names;
    for (quint32 i : e.commKernels)
        names.push_back(t.kernels.name[i]);
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    Finding f;
    f.id = QStringLiteral("exposed-communication");
    f.setImpact(exposed, r.window);
    f.severity = std::max(Finding::Severity::Low, Finding::severityForShare(f.impactShare));
    f.title = EfficiencyAnalysis::tr("Communication is not hidden behind compute");
    f.metric = formatPercent(double(exposed) / double(std::max<qint64>(1, comm)));
    f.summary = EfficiencyAnalysis::tr(
        "Communication kernels run for %1 (union per GPU), and %2 of it overlaps no other kernel on the "
        "same GPU: %3. Overlap the collectives with independent compute (bucketed/asynchronous "
        "all-reduce, a separate communication stream) or shrink them.")
                    .arg(formatDuration(comm), formatDuration(exposed), perGpu.join(QLatin1String(", ")));
    f.evidence.append(EvidenceBuilder::rows(kKernelTable, t.kernels.rowid, e.commKernels,
        QStringLiteral("%1 IN (%2) AND %3")
            .arg(t.info.kernelNameColumn, EvidenceBuilder::stringIdList(t.strings, { names.begin(), names.end() }),
                EvidenceBuilder::windowPredicate(r))));
    return f;
}

/// SQL for the kernels of `names` (sorted and made unique here) in the window, `extra` (" AND
/// …") appended to the name test.
QString byNames(const AnalysisResult& r, std::vector<quint32>& names, const QString& extra)
{
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return QStringLiteral("%1 IN (%2)%3 AND %4")
        .arg(r.trace->info.kernelNameColumn, EvidenceBuilder::stringIdList(r.trace->strings, names), extra,
            EvidenceBuilder::windowPredicate(r));
}

/// SQL listing `rows` by rowid: for sets no predicate over the export restates.
QString listAll(const std::vector<quint32>& rows, const RowidColumn& rowid)
{
    QStringList ids;
    for (quint32 i : rows)
        ids << QString::number(rowid[i]);
    return QStringLiteral("rowid IN (%1)").arg(ids.join(QLatin1Char(',')));
}

/// The in-window kernels of math path `index`, longest first.
Evidence mathPathEvidence(const AnalysisResult& r, int index)
{
    const EfficiencyStats& e = r.efficiency;
    const auto& k = r.trace->kernels;
    if (index < 0 || index >= e.math.size())
        return {};
    std::vector<quint32> rows, names;
    for (auto it = e.mathOfName.begin(); it != e.mathOfName.end(); ++it)
        if (it.value() == e.math[index].path)
            names.push_back(it.key());
    std::sort(names.begin(), names.end());
    for (qsizetype i = 0; i < k.size(); ++i)
        if (r.kernelInWindow[size_t(i)] && std::binary_search(names.begin(), names.end(), k.name[size_t(i)]))
            rows.push_back(quint32(i));
    EvidenceBuilder::longestFirst(rows, k);
    return EvidenceBuilder::rows(kKernelTable, k.rowid, std::move(rows), byNames(r, names, {}));
}

/// The in-window copies of the device of busy split `index`, longest first.
Evidence busyEvidence(const AnalysisResult& r, int index)
{
    const Trace& t = *r.trace;
    const EfficiencyStats& e = r.efficiency;
    if (index < 0 || index >= e.busy.size())
        return {};
    const int device = e.busy[index].deviceId;
    std::vector<quint32> rows;
    for (qsizetype i = 0; i < t.memcpy.size(); ++i)
        if (t.memcpy.device[size_t(i)] == device && r.window.contains(t.memcpy.start[size_t(i)]))
            rows.push_back(quint32(i));
    EvidenceBuilder::longestFirst(rows, t.memcpy);
    return EvidenceBuilder::rows(kMemcpyTable, t.memcpy.rowid, std::move(rows),
        QStringLiteral("deviceId = %1 AND %2").arg(device).arg(EvidenceBuilder::windowPredicate(r)));
}

/// The communication kernels of the device (and phase) of overlap row `index`, most exposed
/// first (the order of commKernels); a phase needs the rowid list.
Evidence overlapEvidence(const AnalysisResult& r, int index)
{
    const EfficiencyStats& e = r.efficiency;
    const auto& k = r.trace->kernels;
    if (index < 0 || index >= e.overlap.size())
        return {};
    const CommOverlap& o = e.overlap[index];
    const int unattributed = r.unattributedPhase();
    std::vector<quint32> rows, names;
    for (quint32 i : e.commKernels) {
        const int ph = r.kernelPhase[i] >= 0 ? r.kernelPhase[i] : unattributed;
        if (k.device[i] == o.deviceId && (o.phase < 0 || ph == o.phase))
            rows.push_back(i), names.push_back(k.name[i]);
    }
    const QString predicate = o.phase < 0 ? byNames(r, names, QStringLiteral(" AND deviceId = %1").arg(o.deviceId))
                                          : listAll(rows, k.rowid);
    return EvidenceBuilder::rows(kKernelTable, k.rowid, std::move(rows), predicate);
}

/// The communication kernels of collective `index`, longest first.
Evidence collectiveEvidence(const AnalysisResult& r, int index)
{
    const Trace& t = *r.trace;
    const EfficiencyStats& e = r.efficiency;
    const auto& k = t.kernels;
    if (index < 0 || index >= e.collectives.size())
        return {};
    std::vector<quint32> rows, names;
    QHash<quint32, bool> match;
    for (quint32 i : e.commKernels) {
        auto it = match.find(k.name[i]);
        if (it == match.end())
            it = match.insert(k.name[i],
                EfficiencyAnalysis::collectiveOf(t.strings.at(k.name[i])) == e.collectives[index].collective);
        if (it.value())
            rows.push_back(i), names.push_back(k.name[i]);
    }
    EvidenceBuilder::longestFirst(rows, k);
    return EvidenceBuilder::rows(kKernelTable, k.rowid, std::move(rows), byNames(r, names, {}));
}

/// The kernels behind FLOP figure `index` of an operator (FlopOp) or a phase (FlopPhase),
/// longest first, by rowid list.
Evidence flopEvidence(const AnalysisResult& r, Figure kind, int index)
{
    const EfficiencyStats& e = r.efficiency;
    const auto& k = r.trace->kernels;
    const auto& list = kind == Figure::FlopOp ? e.flopsByOp : e.flopsByPhase;
    if (index < 0 || index >= list.size())
        return {};
    int phase = -1;
    for (int p = 0; p < r.phases.size(); ++p)
        if (r.phases[p].phase == list[index].name)
            phase = p;
    const int unattributed = r.unattributedPhase();
    std::vector<quint32> rows;
    for (const auto& [i, op] : e.flopKernels) {
        const int ph = r.kernelPhase[i] >= 0 ? r.kernelPhase[i] : unattributed;
        if (kind == Figure::FlopOp ? op == index : ph == phase)
            rows.push_back(i);
    }
    EvidenceBuilder::longestFirst(rows, k);
    const QString all = listAll(rows, k.rowid); // before the rows move into the evidence
    return EvidenceBuilder::rows(kKernelTable, k.rowid, std::move(rows), all);
}
} // namespace

QVector<Finding> EfficiencyAnalysis::findings(const AnalysisResult& r)
{
    QVector<Finding> out;
    if (auto f = gemmWithoutTensorCores(r))
        out.append(*f);
    for (const BusySplit& b : r.efficiency.busy)
        if (auto f = copyBusy(r, b))
            out.append(*f);
    if (auto f = exposedCommunication(r))
        out.append(*f);
    return out;
}

Evidence EfficiencyAnalysis::evidenceOf(const AnalysisResult& r, Figure kind, int index)
{
    switch (kind) {
    case Figure::MathPath:
        return mathPathEvidence(r, index);
    case Figure::Busy:
        return busyEvidence(r, index);
    case Figure::Overlap:
        return overlapEvidence(r, index);
    case Figure::Collective:
        return collectiveEvidence(r, index);
    case Figure::FlopOp:
    case Figure::FlopPhase:
        return flopEvidence(r, kind, index);
    }
    return {};
}

} // namespace sl
