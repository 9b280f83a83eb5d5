// SPDX-License-Identifier: MIT
#include "core/analysis/counters/ncuanalysis.h"

#include "core/analysis/analysisresult.h"
#include "core/analysis/evidencebuilder.h"
#include "core/analysis/specrules.h"
#include "core/io/ncustallreasons.h"
#include "core/trace/tablenames.h"
#include "core/util/format.h"
#include "core/util/ranking.h"

#include <QHash>

#include <algorithm>

namespace sl {

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

double NcuAnalysis::attainable(const Roofline& roof, double ai, bool tensor)
{
    if (!tensor || roof.tensorFlopsPerSecond <= 0 || roof.dramBytesPerSecond <= 0)
        return attainable(roof, ai);
    return std::min(roof.tensorFlopsPerSecond, ai * roof.dramBytesPerSecond);
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
    bool anyFlops = false, anyTensorFlops = false, anyBytes = false;
};

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

    QHash<quint32, qint64> traceNsOfName;
    QHash<quint32, std::optional<double>> sightlineOccupancy;
    for (const auto& k : r.kernels) {
        traceNsOfName.insert(k.name, k.totalNs);
        sightlineOccupancy.insert(k.name, k.occupancy ? std::optional<double>(*k.occupancy * 100) : std::nullopt);
    }
    QHash<quint32, Accumulator> byName;
    for (qsizetype i = 0; i < out.report.launches.size(); ++i) {
        if (cancel.poll(i))
            return {};
        const qint32 k = out.match.kernelOfLaunch[size_t(i)];
        if (k < 0 || k >= trace.kernels.size())
            continue;
        const NcuLaunch& l = out.report.launches[i];
        const quint32 name = trace.kernels.name[size_t(k)];
        Accumulator& a = byName[name];
        a.fig.name = name;
        a.fig.deviceId = trace.kernels.device[size_t(k)];
        ++a.fig.launches;
        a.fig.kernelRows.push_back(quint32(k));
        // Percentages are weighted by the profiled duration (a long launch says more), else equally.
        const double w = l.durationNs.value_or(1.0);
        a.duration.add(l.durationNs, 1.0);
        a.achieved.add(l.achievedOccupancyPct, w);
        a.theoretical.add(l.theoreticalOccupancyPct, w);
        a.sm.add(l.smThroughputPct, w);
        a.dram.add(l.dramThroughputPct, w);
        a.l1.add(l.l1HitPct, w);
        a.l2.add(l.l2HitPct, w);
        a.tensor.add(l.tensorActivePct, w);
        if (l.flops) {
            a.flopSum += *l.flops;
            a.anyFlops = true;
        }
        if (l.flopsTensor) {
            a.tensorFlopSum += *l.flopsTensor;
            a.anyTensorFlops = true;
        }
        if (l.dramBytes) {
            a.byteSum += *l.dramBytes;
            a.anyBytes = true;
        }
        if (l.flops && l.durationNs)
            a.timeSum += *l.durationNs;
        // Stalls of one source only (NcuStallSource): launches of a less preferred one are left out.
        if (l.stallSource > a.fig.stallSource) {
            a.fig.stalls.clear();
            a.fig.stallSource = l.stallSource;
        }
        if (l.stallSource == a.fig.stallSource)
            for (auto it = l.stalls.cbegin(); it != l.stalls.cend(); ++it)
                a.fig.stalls[it.key()] += it.value();
    }
    for (auto it = byName.begin(); it != byName.end(); ++it) {
        Accumulator& a = it.value();
        NcuKernelFigures f = a.fig;
        f.traceNs = traceNsOfName.value(f.name);
        f.durationNs = a.duration.value();
        f.achievedOccupancyPct = a.achieved.value();
        f.theoreticalOccupancyPct = a.theoretical.value();
        f.sightlineOccupancyPct = sightlineOccupancy.value(f.name);
        f.smThroughputPct = a.sm.value();
        f.dramThroughputPct = a.dram.value();
        f.l1HitPct = a.l1.value();
        f.l2HitPct = a.l2.value();
        f.tensorActivePct = a.tensor.value();
        if (a.anyFlops)
            f.flops = a.flopSum / double(f.launches);
        if (a.anyTensorFlops)
            f.tensorFlops = a.tensorFlopSum / double(f.launches);
        if (a.anyBytes)
            f.dramBytes = a.byteSum / double(f.launches);
        if (a.anyFlops && a.anyBytes && a.byteSum > 0)
            f.arithmeticIntensity = a.flopSum / a.byteSum;
        if (a.anyFlops && a.timeSum > 0)
            f.achievedFlopsPerSecond = a.flopSum / (a.timeSum * 1e-9);
        out.kernels.append(std::move(f));
    }
    std::sort(out.kernels.begin(), out.kernels.end(), [&](const auto& a, const auto& b) {
        return rankedBefore(a.traceNs, b.traceNs, trace.strings.at(a.name), trace.strings.at(b.name));
    });
    QVector<int> devices;
    for (const auto& f : std::as_const(out.kernels))
        if (!devices.contains(f.deviceId))
            devices.append(f.deviceId);
    std::sort(devices.begin(), devices.end());
    for (int d : devices) {
        if (const GpuInfo* g = trace.gpu(d)) {
            Roofline roof = roofOf(*g, peaks);
            for (const auto& l : std::as_const(out.report.launches))
                if (l.l2PeakBytesPerSecond)
                    roof.l2BytesPerSecond = std::max(roof.l2BytesPerSecond, *l.l2PeakBytesPerSecond);
            out.roofs.append(roof);
        }
    }

    if (cancel.isCancelled())
        return {};
    // Findings on the hot names only.
    qint64 totalKernelNs = std::max<qint64>(r.kernelNs, 1);
    const auto evidenceOf = [&](const NcuKernelFigures& f) { return launchEvidence(trace, f); };
    // Every finding: impact `ns` of the window, severity from its share, at least low.
    const auto append = [&](Finding& x, qint64 ns) {
        x.setImpact(ns, r.window);
        x.severity = std::max(Finding::Severity::Low, Finding::severityForShare(x.impactShare));
        r.findings.append(x);
    };
    for (const auto& f : std::as_const(out.kernels)) {
        if (double(f.traceNs) < spec::kNcuHotShare * double(totalKernelNs))
            continue;
        const QString name = trace.strings.at(f.name);
        const QString shortName = name.size() > 80 ? name.left(77) + QStringLiteral("…") : name;
        const Roofline* roof = nullptr;
        for (const auto& rf : std::as_const(out.roofs))
            if (rf.deviceId == f.deviceId)
                roof = &rf;
        if (roof && f.arithmeticIntensity && f.achievedFlopsPerSecond) {
            const bool tensor = f.onTensorPath() && roof->tensorFlopsPerSecond > 0;
            const double top = attainable(*roof, *f.arithmeticIntensity, tensor);
            if (top > 0 && *f.achievedFlopsPerSecond < spec::kBelowRoofShare * top) {
                Finding x;
                x.id = QStringLiteral("ncu-below-roof");
                x.title = tr("A hot kernel runs far below its roofline");
                x.summary = (tensor ? tr("%1 (%2 of kernel time) reaches %3 GFLOP/s at %4 FLOP/byte, %5 of the %6 "
                                         "GFLOP/s its roofline allows on %7 (tensor ceiling and DRAM roof).")
                                    : tr("%1 (%2 of kernel time) reaches %3 GFLOP/s at %4 FLOP/byte, %5 of the %6 "
                                         "GFLOP/s its roofline allows on %7 (FP32 ceiling and DRAM roof)."))
                                .arg(shortName, formatPercent(double(f.traceNs) / double(totalKernelNs)))
                                .arg(*f.achievedFlopsPerSecond / 1e9, 0, 'f', 1)
                                .arg(*f.arithmeticIntensity, 0, 'f', 2)
                                .arg(formatPercent(*f.achievedFlopsPerSecond / top))
                                .arg(top / 1e9, 0, 'f', 0)
                                .arg(roof->gpuName);
                // What its warps wait for, when ncu sampled it: the reason the roof is out of reach.
                const QString stall = NcuStallReasons::top(f.stalls);
                if (!stall.isEmpty())
                    x.summary += QLatin1Char(' ')
                        + tr("Its warps stall most on %1: %2 of the %3.")
                              .arg(NcuStallReasons::label(stall),
                                  formatPercent(f.stalls.value(stall) / NcuStallReasons::total(f.stalls)),
                                  NcuStallReasons::unitLabel(f.stallSource));
                x.metric = formatPercent(*f.achievedFlopsPerSecond / top);
                x.evidence.append(evidenceOf(f));
                append(x, qint64(double(f.traceNs) * (1.0 - *f.achievedFlopsPerSecond / top)));
            }
        }
        const std::optional<double> theoretical
            = f.theoreticalOccupancyPct ? f.theoreticalOccupancyPct : f.sightlineOccupancyPct;
        if (f.achievedOccupancyPct && theoretical && *theoretical > 0
            && *f.achievedOccupancyPct < spec::kOccupancyRatio * *theoretical) {
            Finding x;
            x.id = QStringLiteral("ncu-low-achieved-occupancy");
            x.title = tr("Achieved occupancy far below theoretical");
            x.summary = tr("%1 (%2 of kernel time) keeps %3 of its warps resident against a theoretical %4: "
                           "tail effects, imbalanced blocks or too few blocks per SM leave warp slots empty.")
                            .arg(shortName, formatPercent(double(f.traceNs) / double(totalKernelNs)),
                                formatPercent(*f.achievedOccupancyPct / 100), formatPercent(*theoretical / 100));
            x.metric = formatPercent(*f.achievedOccupancyPct / 100);
            x.evidence.append(evidenceOf(f));
            append(x, qint64(double(f.traceNs) * (1.0 - *f.achievedOccupancyPct / *theoretical)));
        }
        if (f.l2HitPct && f.dramThroughputPct && spec::isPoorL2(*f.l2HitPct, *f.dramThroughputPct)) {
            Finding x;
            x.id = QStringLiteral("ncu-poor-l2-hit-rate");
            x.title = tr("Poor L2 hit rate on a memory-heavy kernel");
            x.summary = tr("%1 (%2 of kernel time) hits L2 for %3 of its sectors while DRAM runs at %4 of peak: "
                           "data is fetched again from DRAM instead of reused; tiling or access order may help.")
                            .arg(shortName, formatPercent(double(f.traceNs) / double(totalKernelNs)),
                                formatPercent(*f.l2HitPct / 100), formatPercent(*f.dramThroughputPct / 100));
            x.metric = formatPercent(*f.l2HitPct / 100);
            x.evidence.append(evidenceOf(f));
            append(x, qint64(double(f.traceNs) * (1.0 - *f.l2HitPct / 100) * spec::kPoorL2ImpactShare));
        }
    }
    return out;
}

} // namespace sl
