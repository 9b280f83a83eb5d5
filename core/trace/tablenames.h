// SPDX-License-Identifier: MIT
#pragma once

#include <QLatin1String>

/// Names of the export's tables and the schema values the analyses and their evidence SQL
/// rely on (shared/docs/nsys-sqlite-schema.md), in one place: evidence, models and readers
/// name a table through these constants, never through a string of their own. Spelled out on
/// purpose: what writes exports (core/synth, which stands for nsys, and the benchmark's hostile
/// variants), the benchmark's floor (FloorScan: the SQL a user would type into the sqlite3
/// shell), and translated messages, which name a table in their text.
namespace sl::tables {

inline constexpr QLatin1String kKernel("CUPTI_ACTIVITY_KIND_KERNEL");
inline constexpr QLatin1String kRuntime("CUPTI_ACTIVITY_KIND_RUNTIME"); ///< runtime *and* driver API calls
inline constexpr QLatin1String kMemcpy("CUPTI_ACTIVITY_KIND_MEMCPY");
inline constexpr QLatin1String kMemset("CUPTI_ACTIVITY_KIND_MEMSET");
inline constexpr QLatin1String kGraphTrace("CUPTI_ACTIVITY_KIND_GRAPH_TRACE"); ///< whole-graph launches
inline constexpr QLatin1String kNvtxEvents("NVTX_EVENTS");
inline constexpr QLatin1String kStringIds("StringIds");
inline constexpr QLatin1String kProcessStreams("ProcessStreams");
inline constexpr QLatin1String kGpuMetrics("GPU_METRICS"); ///< sampled GPU metrics (nsys --gpu-metrics-devices)
inline constexpr QLatin1String kGpuMetricNames("TARGET_INFO_GPU_METRICS"); ///< their (typeId, metricId) → metricName
inline constexpr QLatin1String kOsrtApi("OSRT_API"); ///< OS runtime calls (they widen the capture's extent)
inline constexpr QLatin1String kProcesses("PROCESSES");
inline constexpr QLatin1String kAnalysisDetails("ANALYSIS_DETAILS"); ///< the capture's duration
inline constexpr QLatin1String kMetaDataExport("META_DATA_EXPORT"); ///< the exporter's version and parameters
inline constexpr QLatin1String kExportMetaData("EXPORT_META_DATA"); ///< its name before nsys 2022
inline constexpr QLatin1String kMetaDataCapture("META_DATA_CAPTURE"); ///< the capture's settings and environment
inline constexpr QLatin1String kTargetInfoGpu("TARGET_INFO_GPU");
inline constexpr QLatin1String kTargetInfoSystemEnv("TARGET_INFO_SYSTEM_ENV");
inline constexpr QLatin1String kTargetInfoSessionStartTime("TARGET_INFO_SESSION_START_TIME");
inline constexpr QLatin1String kNvtxPayloadSchemas("NVTX_PAYLOAD_SCHEMAS");
inline constexpr QLatin1String kNvtxPayloadSchemaEntries("NVTX_PAYLOAD_SCHEMA_ENTRIES");
/// Prefix of every CUPTI activity table (a LIKE pattern adds the '%').
inline constexpr QLatin1String kCuptiActivityPrefix("CUPTI_ACTIVITY_KIND_");

/// The tables of GPU work (kernels, copies, memsets, whole-graph launches), in the order
/// evidence of a time range lists them.
inline constexpr QLatin1String kGpuWork[] = { kKernel, kMemcpy, kMemset, kGraphTrace };

/// NVTX_EVENTS.eventType of the ranges the analyses use: push/pop (59) and start/end (60).
inline constexpr int kNvtxPushPopRange = 59;
inline constexpr int kNvtxStartEndRange = 60;

} // namespace sl::tables
