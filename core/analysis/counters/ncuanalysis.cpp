// SPDX-License-Identifier: MIT
#include "core/analysis/counters/ncuanalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/findings/evidencebuilder.h"
#include "core/analysis/rules/specrules.h"
#include "core/io/ncustallreasons.h"
#include "core/trace/tablenames.h"
#include "core/util/format.h"
#include "core/util/ranking.h"

#include <QHash>

#include <algorithm>

namespace sl {

namespace {
/// The tensor-core keys of gpu-peaks.json (ncu's source type of the same name, fp64 → fp64-tensor).
constexpr const char* kTensorPeakKeys[] = { "tf32", "bf16", "fp16", "fp8", "int8", "fp64-tensor" };
} // namespace

double NcuAnalysis::fp16PerFp32(int major, int minor)
{
    // Half precision on the CUDA cores (no tensor cores), by the architecture whitepapers: A100
    // 4× FP32 (78 vs 19.5 TFLOP/s); Ampere-and-later consumer parts (GA10x, AD10x, 12.x) 1×; the
    // others 2× (P100, V100, T4, H100: 133.8 vs 66.9 TFLOP/s).
    if (major == 8 && minor == 0)
        return 4;
    if (major > 8 && major != 9 && major != 10)
        return 1;
    if (major == 8 && minor >= 6)
        return 1;
    return 2;
}

int NcuAnalysis::fp32PerFp64(int major, int minor)
{
    // The data-centre parts (P100 6.0, V100 7.0, A100 8.0, H100/H200 9.0, B200 10.0) run FP64 at
    // half the FP32 rate; Turing and older consumer parts at 1/32; Ampere and later consumer and
    // workstation parts (8.6, 8.7, 8.9, 12.x) at 1/64 — ncu's own roofline text on a CC 12.0 GPU
    // says "64:1" (tests/data/counters/codegandee-dsocr).
    if (minor == 0 && major >= 6 && major <= 10)
        return 2;
    if (major > 8 || (major == 8 && minor >= 6))
        return 64;
    return 32;
}

int NcuAnalysis::fp32LanesPerSm(int major, int minor)
{
    switch (major) {
    case 6:
        return minor == 0 ? 64 : 128; // P100 64; GP10x 128
    case 7:
        return 64; // V100, T4
    case 8:
        return minor == 0 ? 64 : 128; // A100 64; GA10x and AD10x 128
    case 9:
        return 128; // H100, H200
    case 10:
    case 12:
        return 128; // Blackwell
    default:
        return 0;
    }
}

Roofline NcuAnalysis::roofOf(const GpuInfo& gpu, const GpuPeaks& peaks)
{
    Roofline roof;
    roof.deviceId = gpu.deviceId;
    roof.gpuName = gpu.name;
    roof.dramBytesPerSecond = double(gpu.memoryBandwidth);
    const int lanes = fp32LanesPerSm(gpu.computeMajor, gpu.computeMinor);
    if (lanes > 0 && gpu.smCount > 0 && gpu.clockRate > 0) {
        // An FMA is two FLOPs per lane per clock.
        roof.fp32FlopsPerSecond = 2.0 * lanes * gpu.smCount * double(gpu.clockRate);
        roof.fp16FlopsPerSecond = fp16PerFp32(gpu.computeMajor, gpu.computeMinor) * roof.fp32FlopsPerSecond;
        roof.fp64FlopsPerSecond = roof.fp32FlopsPerSecond / fp32PerFp64(gpu.computeMajor, gpu.computeMinor);
    }
    roof.source = tr("TARGET_INFO_GPU: %1 SMs at %2 MHz, %3 FP32 lanes per SM (compute capability %4.%5), "
                     "DRAM %6 GB/s")
                      .arg(gpu.smCount)
                      .arg(double(gpu.clockRate) / 1e6, 0, 'f', 0)
                      .arg(lanes)
                      .arg(gpu.computeMajor)
                      .arg(gpu.computeMinor)
                      .arg(double(gpu.memoryBandwidth) / 1e9, 0, 'f', 0);
    if (const GpuPeaks::Entry* e = peaks.find(gpu.name)) {
        for (const char* key : kTensorPeakKeys)
            if (const double tflops = e->tflops.value(QLatin1String(key)); tflops > 0)
                roof.tensorPeaks.insert(QLatin1String(key), tflops * 1e12);
        const double tflops = e->tflops.value(QStringLiteral("bf16"), e->tflops.value(QStringLiteral("fp16")));
        if (tflops > 0) {
            roof.tensorFlopsPerSecond = tflops * 1e12;
            roof.source += QLatin1String("; ")
                + tr("tensor ceiling %1 TFLOP/s (dense BF16/FP16) for %2: %3")
                      .arg(tflops, 0, 'g', 4)
                      .arg(e->model, e->source);
        }
    }
    return roof;
}

QString NcuAnalysis::tensorPeakKey(const QString& tensorType)
{
    const QString key = tensorType == QLatin1String("fp64") ? QStringLiteral("fp64-tensor") : tensorType;
    for (const char* k : kTensorPeakKeys)
        if (key == QLatin1String(k))
            return key;
    return {};
}

double NcuAnalysis::attainable(const Roofline& roof, double ai, const QString& tensorType)
{
    if (tensorType.isEmpty())
        return attainable(roof, ai);
    const double peak = roof.tensorPeaks.value(tensorPeakKey(tensorType));
    if (peak <= 0 || roof.dramBytesPerSecond <= 0)
        return 0;
    return std::min(peak, ai * roof.dramBytesPerSecond);
}

double NcuAnalysis::attainable(const Roofline& roof, double ai)
{
    if (roof.dramBytesPerSecond <= 0 || roof.fp32FlopsPerSecond <= 0)
        return 0;
    return std::min(roof.fp32FlopsPerSecond, ai * roof.dramBytesPerSecond);
}

namespace {

/// Duration-weighted running mean of an optional metric.
struct Mean
{
    double sum = 0, weight = 0;
    void add(const std::optional<double>& v, double w)
    {
        if (v) {
            sum += *v * w;
            weight += w;
        }
    }
    std::optional<double> value() const
    {
        if (weight <= 0)
            return std::nullopt;
        return sum / weight;
    }
};

struct Accumulator
{
    NcuKernelFigures fig;
    Mean duration, achieved, theoretical, sm, dram, l1, l2, tensor, flops, bytes;
    double flopSum = 0, tensorFlopSum = 0, byteSum = 0, timeSum = 0;
    QHash<QString, double> tensorOpsByType;
    bool anyFlops = false, anyTensorFlops = false, anyBytes = false;

    /// Adds profiled launch `l`: percentages weighted by its profiled duration (a long launch says
    /// more), else equally; the stalls of one source only (NcuStallSource: launches of a less
    /// preferred one are left out).
    void add(const NcuLaunch& l)
    {
        const double w = l.durationNs.value_or(1.0);
        duration.add(l.durationNs, 1.0);
        achieved.add(l.achievedOccupancyPct, w);
        theoretical.add(l.theoreticalOccupancyPct, w);
        sm.add(l.smThroughputPct, w);
        dram.add(l.dramThroughputPct, w);
        l1.add(l.l1HitPct, w);
        l2.add(l.l2HitPct, w);
        tensor.add(l.tensorActivePct, w);
        if (l.flops) {
            flopSum += *l.flops;
            anyFlops = true;
        }
        if (l.flopsTensor) {
            tensorFlopSum += *l.flopsTensor;
            anyTensorFlops = true;
        }
        for (auto it = l.tensorOpsByType.cbegin(); it != l.tensorOpsByType.cend(); ++it)
            tensorOpsByType[it.key()] += it.value();
        if (l.dramBytes) {
            byteSum += *l.dramBytes;
            anyBytes = true;
        }
        if (l.flops && l.durationNs)
            timeSum += *l.durationNs;
        if (l.stallSource > fig.stallSource) {
            fig.stalls.clear();
            fig.stallSource = l.stallSource;
        }
        if (l.stallSource == fig.stallSource)
            for (auto it = l.stalls.cbegin(); it != l.stalls.cend(); ++it)
                fig.stalls[it.key()] += it.value();
    }

    /// The source type with the most tensor-path operations (the alphabetically first on a tie,
    /// so the choice does not follow hash order); empty when none counted any.
    QString dominantType() const
    {
        QString best;
        double most = 0;
        for (auto it = tensorOpsByType.cbegin(); it != tensorOpsByType.cend(); ++it)
            if (it.value() > most || (it.value() == most && most > 0 && it.key() < best)) {
                best = it.key();
                most = it.value();
            }
        return best;
    }

    /// The figures of the kernel name: means per launch.
    NcuKernelFigures figures() const
    {
        NcuKernelFigures f = fig;
        f.durationNs = duration.value();
        f.achievedOccupancyPct = achieved.value();
        f.theoreticalOccupancyPct = theoretical.value();
        f.smThroughputPct = sm.value();
        f.dramThroughputPct = dram.value();
        f.l1HitPct = l1.value();
        f.l2HitPct = l2.value();
        f.tensorActivePct = tensor.value();
        if (anyFlops)
            f.flops = flopSum / double(f.launches);
        if (anyTensorFlops)
            f.tensorFlops = tensorFlopSum / double(f.launches);
        f.tensorType = dominantType();
        if (anyBytes)
            f.dramBytes = byteSum / double(f.launches);
        if (anyFlops && anyBytes && byteSum > 0)
            f.arithmeticIntensity = flopSum / byteSum;
        if (anyFlops && timeSum > 0)
            f.achievedFlopsPerSecond = flopSum / (timeSum * 1e-9);
        return f;
    }
};

/// The matched launches of `out.report` per kernel name into `out.kernels`, hottest in the trace
/// first. False when cancelled.
bool figuresByName(const AnalysisResult& r, NcuResult& out, const Cancellation& cancel)
{
    const Trace& trace = *r.trace;
    QHash<quint32, Accumulator> byName;
    for (qsizetype i = 0; i < out.report.launches.size(); ++i) {
        if (cancel.poll(i))
            return false;
        const qint32 k = out.match.kernelOfLaunch[size_t(i)];
        if (k < 0 || k >= trace.kernels.size())
            continue;
        const quint32 name = trace.kernels.name[size_t(k)];
        Accumulator& a = byName[name];
        a.fig.name = name;
        a.fig.deviceId = trace.kernels.device[size_t(k)];
        ++a.fig.launches;
        a.fig.kernelRows.push_back(quint32(k));
        a.add(out.report.launches[i]);
    }
    QHash<quint32, const KernelSummary*> statsOfName;
    for (const auto& k : r.kernels)
        statsOfName.insert(k.name, &k);
    for (auto it = byName.cbegin(); it != byName.cend(); ++it) {
        NcuKernelFigures f = it.value().figures();
        // The last kernel-summary row of a name decides, as before.
        if (const KernelSummary* k = statsOfName.value(f.name)) {
            f.traceNs = k->totalNs;
            f.sightlineOccupancyPct = k->occupancy ? std::optional<double>(*k->occupancy * 100) : std::nullopt;
        }
        out.kernels.append(std::move(f));
    }
    std::sort(out.kernels.begin(), out.kernels.end(), [&](const auto& a, const auto& b) {
        return rankedBefore(a.traceNs, b.traceNs, trace.strings.at(a.name), trace.strings.at(b.name));
    });
    return true;
}

/// One roofline per device with profiled kernels, by device id; the L2 roof is the highest any
/// launch reports.
QVector<Roofline> roofsOf(const Trace& trace, const NcuResult& out, const GpuPeaks& peaks)
{
    QVector<int> devices;
    for (const auto& f : out.kernels)
        if (!devices.contains(f.deviceId))
            devices.append(f.deviceId);
    std::sort(devices.begin(), devices.end());
    QVector<Roofline> roofs;
    for (int d : devices) {
        if (const GpuInfo* g = trace.gpu(d)) {
            Roofline roof = NcuAnalysis::roofOf(*g, peaks);
            for (const auto& l : out.report.launches)
                if (l.l2PeakBytesPerSecond)
                    roof.l2BytesPerSecond = std::max(roof.l2BytesPerSecond, *l.l2PeakBytesPerSecond);
            roofs.append(roof);
        }
    }
    return roofs;
}

/// What the findings of one hot kernel say about it.
struct HotKernel
{
    const NcuKernelFigures& f;
    QString shortName; ///< at most 80 characters
    QString share; ///< of the window's kernel time, formatted
};

/// Impact `ns` of the window, severity from its share (at least low), evidence the kernel's launches.
void appendFinding(AnalysisResult& r, Finding& x, qint64 ns, const NcuKernelFigures& f)
{
    x.evidence.append(NcuAnalysis::launchEvidence(*r.trace, f));
    x.setImpact(ns, r.window);
    x.severity = std::max(Finding::Severity::Low, Finding::severityForShare(x.impactShare));
    r.findings.append(x);
}

/// ncu-below-roof: the kernel reaches less than kBelowRoofShare of what its roofline allows.
void belowRoofFinding(AnalysisResult& r, const HotKernel& h, const Roofline* roof)
{
    const NcuKernelFigures& f = h.f;
    if (!roof || !f.arithmeticIntensity || !f.achievedFlopsPerSecond)
        return;
    // A tensor kernel is held to the ceiling of its own source type; with none known (int4, a GPU
    // not in the peak table) there is no verdict rather than another type's roof.
    const QString type = f.onTensorPath() ? f.tensorType : QString();
    const double top = NcuAnalysis::attainable(*roof, *f.arithmeticIntensity, type);
    if (!(top > 0 && *f.achievedFlopsPerSecond < spec::kBelowRoofShare * top))
        return;
    Finding x;
    x.id = QStringLiteral("ncu-below-roof");
    x.title = NcuAnalysis::tr("A hot kernel runs far below its roofline");
    // Integer tensor operations are operations, not floating-point ones.
    const QString unit = type.startsWith(QLatin1String("int")) ? NcuAnalysis::tr("GOP/s") : NcuAnalysis::tr("GFLOP/s");
    x.summary
        = (type.isEmpty() ? NcuAnalysis::tr("%1 (%2 of kernel time) reaches %3 %8 at %4 FLOP/byte, %5 of the "
                                            "%6 %8 its roofline allows on %7 (%9 ceiling and DRAM roof).")
                          : NcuAnalysis::tr("%1 (%2 of kernel time) reaches %3 %8 at %4 operations/byte, %5 of "
                                            "the %6 %8 its roofline allows on %7 (%9 tensor ceiling and DRAM "
                                            "roof)."))
              .arg(h.shortName, h.share)
              .arg(*f.achievedFlopsPerSecond / 1e9, 0, 'f', 1)
              .arg(*f.arithmeticIntensity, 0, 'f', 2)
              .arg(formatPercent(*f.achievedFlopsPerSecond / top))
              .arg(top / 1e9, 0, 'f', 0)
              .arg(roof->gpuName, unit, type.isEmpty() ? QStringLiteral("FP32") : NcuAnalysis::tensorTypeLabel(type));
    // What its warps wait for, when ncu sampled it: the reason the roof is out of reach.
    const QString stall = NcuStallReasons::top(f.stalls);
    if (!stall.isEmpty())
        x.summary += QLatin1Char(' ')
            + NcuAnalysis::tr("Its warps stall most on %1: %2 of the %3.")
                  .arg(NcuStallReasons::label(stall),
                      formatPercent(f.stalls.value(stall) / NcuStallReasons::total(f.stalls)),
                      NcuStallReasons::unitLabel(f.stallSource));
    x.metric = formatPercent(*f.achievedFlopsPerSecond / top);
    appendFinding(r, x, qint64(double(f.traceNs) * (1.0 - *f.achievedFlopsPerSecond / top)), f);
}

/// ncu-low-achieved-occupancy: achieved occupancy below kOccupancyRatio of the theoretical one
/// (ncu's, else Sightline's).
void occupancyFinding(AnalysisResult& r, const HotKernel& h)
{
    const NcuKernelFigures& f = h.f;
    const std::optional<double> theoretical
        = f.theoreticalOccupancyPct ? f.theoreticalOccupancyPct : f.sightlineOccupancyPct;
    if (!f.achievedOccupancyPct || !theoretical || !(*theoretical > 0)
        || !(*f.achievedOccupancyPct < spec::kOccupancyRatio * *theoretical))
        return;
    Finding x;
    x.id = QStringLiteral("ncu-low-achieved-occupancy");
    x.title = NcuAnalysis::tr("Achieved occupancy far below theoretical");
    x.summary = NcuAnalysis::tr("%1 (%2 of kernel time) keeps %3 of its warps resident against a theoretical %4: "
                                "tail effects, imbalanced blocks or too few blocks per SM leave warp slots empty.")
                    .arg(h.shortName, h.share, formatPercent(*f.achievedOccupancyPct / 100),
                        formatPercent(*theoretical / 100));
    x.metric = formatPercent(*f.achievedOccupancyPct / 100);
    appendFinding(r, x, qint64(double(f.traceNs) * (1.0 - *f.achievedOccupancyPct / *theoretical)), f);
}

/// ncu-poor-l2-hit-rate: a memory-heavy kernel that misses L2 (spec::isPoorL2).
void poorL2Finding(AnalysisResult& r, const HotKernel& h)
{
    const NcuKernelFigures& f = h.f;
    if (!f.l2HitPct || !f.dramThroughputPct || !spec::isPoorL2(*f.l2HitPct, *f.dramThroughputPct))
        return;
    Finding x;
    x.id = QStringLiteral("ncu-poor-l2-hit-rate");
    x.title = NcuAnalysis::tr("Poor L2 hit rate on a memory-heavy kernel");
    x.summary
        = NcuAnalysis::tr("%1 (%2 of kernel time) hits L2 for %3 of its sectors while DRAM runs at %4 of peak: "
                          "data is fetched again from DRAM instead of reused; tiling or access order may help.")
              .arg(h.shortName, h.share, formatPercent(*f.l2HitPct / 100), formatPercent(*f.dramThroughputPct / 100));
    x.metric = formatPercent(*f.l2HitPct / 100);
    appendFinding(r, x, qint64(double(f.traceNs) * (1.0 - *f.l2HitPct / 100) * spec::kPoorL2ImpactShare), f);
}

} // namespace

Evidence NcuAnalysis::launchEvidence(const Trace& trace, const NcuKernelFigures& kernel)
{
    // Above Evidence::kMaxRowids the SQL still lists every matched launch: the match is by
    // launch order, which no SQL predicate over the export can restate.
    QStringList ids;
    if (kernel.kernelRows.size() > size_t(Evidence::kMaxRowids))
        for (quint32 k : kernel.kernelRows)
            ids << QString::number(trace.kernels.rowid[k]);
    return EvidenceBuilder::rows(tables::kKernel, trace.kernels.rowid, kernel.kernelRows,
        QStringLiteral("rowid IN (%1)").arg(ids.join(QLatin1Char(','))));
}

NcuResult NcuAnalysis::run(AnalysisResult& r, NcuReport report, const GpuPeaks& peaks, const Cancellation& cancel)
{
    NcuResult out;
    const Trace& trace = *r.trace;
    if (cancel.isCancelled())
        return {};
    out.match = NcuMatcher::match(trace, report);
    out.report = std::move(report);
    if (!figuresByName(r, out, cancel))
        return {};
    out.roofs = roofsOf(trace, out, peaks);
    if (cancel.isCancelled())
        return {};
    // Findings on the hot names only.
    const qint64 totalKernelNs = std::max<qint64>(r.kernelNs, 1);
    for (const auto& f : std::as_const(out.kernels)) {
        if (double(f.traceNs) < spec::kNcuHotShare * double(totalKernelNs))
            continue;
        const QString name = trace.strings.at(f.name);
        const HotKernel h { f, name.size() > 80 ? name.left(77) + QStringLiteral("…") : name,
            formatPercent(double(f.traceNs) / double(totalKernelNs)) };
        const Roofline* roof = nullptr;
        for (const auto& rf : std::as_const(out.roofs))
            if (rf.deviceId == f.deviceId)
                roof = &rf;
        belowRoofFinding(r, h, roof);
        occupancyFinding(r, h);
        poorL2Finding(r, h);
    }
    return out;
}

} // namespace sl
