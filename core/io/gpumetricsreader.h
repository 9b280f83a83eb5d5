// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/loadoutcome.h"
#include "core/trace/counterseries.h"

#include <QCoreApplication>

namespace sl {

class Schema;
class SqliteConnection;

/// Reads Nsight Systems' sampled GPU metrics (`nsys profile --gpu-metrics-devices=…`) into
/// columnar counter series (the capture's absolute start time is MetadataReader's).
///
/// GPU_METRICS(timestamp ns, typeId, metricId, value) is joined to
/// TARGET_INFO_GPU_METRICS(typeId, sourceId, typeName, metricId, metricName) on **both** typeId
/// and metricId: metric ids are not stable across chips, so a metric is known by its name
/// ("SMs Active [Throughput %]"). Both ids are read as full 64-bit values: nsys packs typeId as
/// `<Hardware ID:8><VM ID:8><Source ID:16><Event tag:24><GPU ID:8>` (VM ID 1 in real exports, so
/// real ids are ≥ 2^48), and an id with the top bit set, which SQLite stores negative, is read
/// as the same bit pattern. The GPU is `typeId & 0xFF`. Samples whose (typeId, metricId) has no
/// name are counted and skipped (a note); rows that break a load rule (NULL, a non-integer time
/// or id, a value that is no finite float, a time beyond ±2^53 ns) go to the data-quality log.
class GpuMetricsReader
{
    Q_DECLARE_TR_FUNCTIONS(GpuMetricsReader)
public:
    /// Fills `trace.counters` and `quality` (its own log, merged by the caller: it runs beside the
    /// other readers) and nothing else. A SQLite error reading GPU_METRICS or its
    /// TARGET_INFO_GPU_METRICS names (a damaged table) leaves the counters out with a note naming
    /// the file and the error, as a failed NVML import does: the rest of the trace loads. Returns
    /// false only when the load is cancelled. With `readers` > 1, a GPU_METRICS of at least
    /// 2 × `rowsPerRange` rows is read in up to `readers` rowid ranges at once, each on its own
    /// connection to `path` (the result is the same as one scan's).
    static bool read(const SqliteConnection& db, const Schema& schema, LoadContext& ctx, Trace& trace,
        DataQuality& quality, const QString& path, int readers = 1, qint64 rowsPerRange = 2'000'000);
};

} // namespace sl
