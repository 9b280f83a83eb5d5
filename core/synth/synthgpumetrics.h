// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

struct sqlite3;

namespace sl {

/// Writes Nsight Systems' GPU-metrics tables into a synthetic export, derived from the kernels
/// already written: GPU_METRICS(rawTimestamp, timestamp, typeId, metricId, value) and
/// TARGET_INFO_GPU_METRICS(typeId, sourceId, typeName, metricId, metricName), the schema of
/// `nsys profile --gpu-metrics-devices=all` exports (2024–2026).
///
/// One sample per metric and GPU every `periodNs` over the whole capture (from the session start
/// to `captureEndNs`, idle time included, as nsys samples); the sample at t holds the period
/// (t − period, t]. 20 metrics per GPU: at 10 kHz that is 200 000 rows per GPU and second.
/// Values are integers, like nsys', from the share of the period each kernel kind covers: GEMMs
/// with at least one CTA per SM (prefill) load the tensor pipes; GEMMs with fewer CTAs (decode),
/// attention and element-wise kernels the DRAM — so decode classes memory-bound and prefill
/// compute-bound, as on real GPUs. typeId
/// = 0x10000 | device, so the GPU is typeId & 0xFF; metric ids differ per GPU (as across chips), so a reader must join
/// on both typeId and metricId.
class SynthGpuMetrics
{
public:
    /// The metric names written, in metricId order of device 0.
    static QStringList metricNames();
    /// `periodNs` > 0 (10 kHz = 100 000 ns); `captureEndNs`: the end of the capture on the session
    /// timeline (ns). Reads CUPTI_ACTIVITY_KIND_KERNEL from `db`.
    static bool write(sqlite3* db, qint64 periodNs, qint64 captureEndNs, QString* error);
};

} // namespace sl
