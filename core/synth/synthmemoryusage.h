// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

struct sqlite3;

namespace sl {

/// Writes CUDA_GPU_MEMORY_USAGE_EVENTS into a synthetic export (`synth --memory-usage`), as
/// `nsys profile --cuda-memory-usage=true` does (nsys 2024+ columns; memKind 2 = device memory,
/// memoryOperationType 0 = allocation, 1 = free), derived from the rows already written so that
/// the memory analysis has something real to follow. Per worker process and its GPU (bytes):
/// - the weights, kWeightsBytes, allocated 2 ms before the GPU's first kernel, and the KV cache,
///   kKvCacheBytes, 1 ms before it — held to the end;
/// - per top-level NVTX range of the process (a step, warm-up included; the i-th in start order
///   on its thread) an activation workspace of kActivationBytes × (1 + i mod 4), allocated at the
///   range's start and freed at its end.
/// Rows are in start order (a free before an allocation at the same ns), addresses distinct.
/// Memory in use per GPU thus peaks at weights + KV cache + the largest workspace open.
class SynthMemoryUsage
{
public:
    static constexpr qint64 kWeightsBytes = qint64(16) << 30;
    static constexpr qint64 kKvCacheBytes = qint64(40) << 30;
    static constexpr qint64 kActivationBytes = qint64(256) << 20;
    static bool write(sqlite3* db, QString* error);
};

} // namespace sl
