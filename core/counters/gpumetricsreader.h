// SPDX-License-Identifier: MIT
#pragma once

#include "core/counters/counterseries.h"
#include "core/io/loadoutcome.h"

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
/// ("SMs Active [Throughput %]"). The GPU is `typeId & 0xFF`. Samples whose (typeId, metricId)
/// has no name are counted and skipped.
class GpuMetricsReader
{
    Q_DECLARE_TR_FUNCTIONS(GpuMetricsReader)
public:
    /// Fills `trace.counters` and nothing else (it runs beside the other readers). Returns false
    /// on a SQLite error (set) or a cancel (error empty). With `path` and `readers` > 1, a
    /// GPU_METRICS of at least 2 × `rowsPerRange` rows is read in up to `readers` rowid ranges at
    /// once, each on its own connection to `path` (the result is the same as one scan's).
    static bool read(const SqliteConnection& db, const Schema& schema, LoadContext& ctx, Trace& trace, QString* error,
        const QString& path = {}, int readers = 1, qint64 rowsPerRange = 2'000'000);
};

} // namespace sl
