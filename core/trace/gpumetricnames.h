// SPDX-License-Identifier: MIT
#pragma once

#include <QLatin1String>
#include <QString>

/// The GPU-metric names (TARGET_INFO_GPU_METRICS.metricName, NVML sampler columns) that the
/// analyses, the comparison and the timeline read, in one place, as tablenames.h holds the
/// tables: code that picks a counter by name matches these prefixes, never a string of its own.
/// nsys spells a metric with its unit in brackets ("SMs Active [Throughput %]"), so each is a
/// prefix. The metric sets differ by chip: "SMs Active" (Ampere and later sets) and "SM Active"
/// (older sets) both occur, so both are listed wherever either is read.
namespace sl::gpumetrics {

inline constexpr QLatin1String kSmsActive("SMs Active");
inline constexpr QLatin1String kSmActive("SM Active");
inline constexpr QLatin1String kSmIssue("SM Issue");
inline constexpr QLatin1String kTensorActive("Tensor Active");
/// DRAM throughput as read + write (each a % of peak bandwidth) …
inline constexpr QLatin1String kDramRead("DRAM Read Bandwidth");
inline constexpr QLatin1String kDramWrite("DRAM Write Bandwidth");
/// … or, on older chips, one DRAM metric under either name.
inline constexpr QLatin1String kDramBandwidth("DRAM Bandwidth");
inline constexpr QLatin1String kDramThroughput("DRAM Throughput");
inline constexpr QLatin1String kGpcClock("GPC Clock Frequency");
inline constexpr QLatin1String kPcieRx("PCIe RX Throughput");
inline constexpr QLatin1String kPcieTx("PCIe TX Throughput");

/// Units (the bracket's last word, CounterSeries::unit) the analyses compare against.
inline constexpr QLatin1String kPercentUnit("%");
inline constexpr QLatin1String kMegahertzUnit("MHz");

/// Over the same kernels' busy time, more of these is better: the SMs and pipes at work.
inline constexpr QLatin1String kHigherIsBetter[] = { kSmsActive, kSmActive, kSmIssue, kTensorActive };
/// The compute side of a stretch's bound class: the larger of the issue and tensor activity.
inline constexpr QLatin1String kComputeActivity[] = { kSmIssue, kTensorActive };
/// The timeline's counter lanes shown by default (the rest are in its Counters menu).
inline constexpr QLatin1String kShownByDefault[]
    = { kSmsActive, kSmActive, kSmIssue, kTensorActive, kDramRead, kDramWrite, kGpcClock, kPcieRx, kPcieTx };

/// A core clock (GPU metrics "GPC Clock Frequency", NVML "SM Clock"): a "Clock" in MHz that is
/// not a memory clock. Clock throttling and the comparison's "higher is better" read these.
inline bool isCoreClock(const QString& name, const QString& unit)
{
    return name.contains(QLatin1String("Clock"), Qt::CaseInsensitive)
        && unit.compare(kMegahertzUnit, Qt::CaseInsensitive) == 0
        && !name.contains(QLatin1String("Mem"), Qt::CaseInsensitive);
}

} // namespace sl::gpumetrics
