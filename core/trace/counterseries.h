// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QVector>

#include <optional>
#include <vector>

namespace sl {

/// One sampled hardware counter of one GPU, columnar: Nsight Systems' GPU metrics
/// (GPU_METRICS, "SMs Active [Throughput %]", …) or an NVML sampler's CSV column
/// ("power.draw [W]", …). Timestamps are ns on the trace's session timeline, ascending.
///
/// A sample's value holds for the sampling period that **ends** at its timestamp: both
/// sources accumulate over a period and report when it closes. The first sample's period is
/// taken as long as the median period of the series (see `periodNs`).
struct CounterSeries
{
    /// GpuMetrics: the export's GPU_METRICS; Nvml: an imported NVML/nvidia-smi CSV;
    /// MemoryEvents: GPU memory in use, from the export's CUDA_GPU_MEMORY_USAGE_EVENTS.
    enum class Source { GpuMetrics, Nvml, MemoryEvents };

    Source source = Source::GpuMetrics;
    int deviceId = -1; ///< CUDA device id (GPU_METRICS: typeId & 0xFF; NVML: the index column)
    QString name; ///< as the source spells it, unit included: "SMs Active [Throughput %]"
    QString unit; ///< the unit part: "%", "MHz", "W", "°C", "MiB"; empty when none
    std::vector<qint64> t; ///< ns, ascending
    std::vector<float> v; ///< value in `unit` (float: counters are %, MHz, W; halves the memory at 10 kHz)
    /// prefix[i] = v[0] + … + v[i−1] (size n + 1), built by finish(): the mean of any run of
    /// samples in O(1), so a timeline column costs two binary searches at any zoom.
    std::vector<double> prefix;

    qsizetype size() const { return qsizetype(t.size()); }
    bool isPercent() const { return unit.endsWith(QLatin1Char('%')); }
    /// The median spacing of the samples (ns); 0 with fewer than two samples. Computed by finish().
    qint64 periodNs() const { return medianPeriodNs; }
    qint64 medianPeriodNs = 0;
    /// Start of sample i's period (ns): the previous timestamp, or t[0] − periodNs() for the first.
    qint64 periodStart(qsizetype i) const { return i > 0 ? t[size_t(i - 1)] : t[0] - periodNs(); }
    qint64 memoryBytes() const
    {
        return qint64(
            t.capacity() * sizeof(qint64) + v.capacity() * sizeof(float) + prefix.capacity() * sizeof(double));
    }
    /// Sorts by time if needed (stable), trims capacity and builds `prefix`. `sameGrid`: a
    /// finished series that may have the same timestamps (the metrics of one GPU are sampled
    /// together); when they are equal its median period is taken instead of computed again.
    void finish(const CounterSeries* sameGrid = nullptr);
    /// Mean of the samples whose timestamps lie in [fromNs, toNs); when none does (zoomed in
    /// closer than the sampling period), the value of the sample whose period covers fromNs.
    /// nullopt outside the samples.
    std::optional<double> meanBetween(qint64 fromNs, qint64 toNs) const;

    /// "SMs Active [Throughput %]" → "%"; "GPC Clock Frequency [MHz]" → "MHz"; no brackets → "".
    static QString unitOf(const QString& name);
};

/// Every counter series of one trace (GPU metrics and NVML samples), per device and name.
struct CounterSet
{
    QVector<CounterSeries> series;
    QStringList notes; ///< translated: what was found, what was not, how NVML was aligned

    bool isEmpty() const { return series.isEmpty(); }
    /// The series of `deviceId` whose name starts with `prefix` (case-insensitive), or null.
    const CounterSeries* find(int deviceId, const QString& prefix) const;
    QVector<int> devices() const;
    qint64 memoryBytes() const;
    qint64 samples() const; ///< over all series
};

} // namespace sl
