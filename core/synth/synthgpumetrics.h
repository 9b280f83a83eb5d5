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
/// compute-bound, as on real GPUs.
///
/// typeId is laid out as nsys packs it (NVIDIA nsys_recipe `add_cols_from_type_id`):
/// `<Hardware ID:8><VM ID:8><Source ID:16><Event tag:24><GPU ID:8>`, with VM ID 1 as in every
/// real export, a non-zero source and event tag (see typeId()), so ids are ≥ 2^48 and a reader
/// that keeps 32 bits finds nothing. The GPU is typeId & 0xFF; metric ids differ per GPU (as
/// across chips), so a reader must join on both typeId and metricId.
class SynthGpuMetrics
{
public:
    static constexpr qint64 kVmId = 1;
    static constexpr qint64 kSourceId = 0x0003; ///< also written to TARGET_INFO_GPU_METRICS.sourceId
    static constexpr qint64 kEventTag = 0x0A4E01; ///< 24 bits
    /// The typeId written for `device` (0…255).
    static constexpr qint64 typeId(int device)
    {
        return (kVmId << 48) | (kSourceId << 32) | (kEventTag << 8) | qint64(device & 0xFF);
    }
    /// The metric names written, in metricId order of device 0.
    static QStringList metricNames();
    /// `periodNs` > 0 (10 kHz = 100 000 ns); `captureEndNs`: the end of the capture on the session
    /// timeline (ns). Reads CUPTI_ACTIVITY_KIND_KERNEL from `db`.
    static bool write(sqlite3* db, qint64 periodNs, qint64 captureEndNs, QString* error);
};

} // namespace sl
