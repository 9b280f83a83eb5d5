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
/// One sample per metric and GPU every `periodNs`; the sample at t holds the period (t − period,
/// t]. Values are integers, like nsys', from the share of the period each kernel kind covers:
/// GEMMs load the tensor pipes, attention and element-wise kernels the DRAM, so decode (short,
/// bandwidth-heavy kernels) and prefill (long GEMMs) differ as on real GPUs. typeId =
/// 0x10000 | device, so the GPU is typeId & 0xFF; metric ids differ per GPU (as across chips),
/// so a reader must join on both typeId and metricId.
class SynthGpuMetrics
{
public:
    /// The metric names written, in metricId order of device 0.
    static QStringList metricNames();
    /// `periodNs` > 0 (10 kHz = 100 000 ns). Reads CUPTI_ACTIVITY_KIND_KERNEL from `db`.
    static bool write(sqlite3* db, qint64 periodNs, QString* error);
};

} // namespace sl
