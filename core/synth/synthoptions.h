// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace sl {

/// How the synthetic capture records CUDA graphs (nsys `--cuda-graph-trace`).
/// None: no graphs, every kernel is launched on its own (META_DATA_CAPTURE still says "Node").
/// Node: decode-step layers are one cudaGraphLaunch; their kernels are ordinary KERNEL rows with
///       graphNodeId/graphId set and the launch call's correlationId.
/// Graph: decode-step layers are one CUPTI_ACTIVITY_KIND_GRAPH_TRACE row each, no KERNEL rows.
enum class SynthGraphMode { None, Node, Graph };

/// Whose serving-step ranges the synthetic trace imitates (`synth --framework`). None: steps are
/// "prefill" and "decode_step" ranges. Vllm: `execute_context_{ctx reqs}({ctx tokens})_generation_
/// {gen reqs}({gen tokens})` with `gpu_model_runner: preprocess | sample | bookkeep` inside.
/// Trtllm: `[Executor] _forward_step {iter}: {n} ctx reqs, {t} ctx tokens, {m} gen reqs` with
/// `_sample_async` and `_update_requests` inside. Sglang: `scheduler.run_batch` between
/// `scheduler.recv_requests`, `scheduler.get_next_batch_to_run` and `scheduler.process_batch_result`.
/// The batch compositions are SynthPlan::composition() (known, so tests can check the totals).
enum class SynthFramework { None, Vllm, Sglang, Trtllm };

/// Shape of a synthetic LLM-serving trace. Every field is deterministic input: the same options
/// give a byte-identical file.
struct SynthOptions
{
    qint64 steps = 200; ///< decode/prefill steps per worker rank (after warm-up)
    int ranks = 1; ///< worker processes = GPUs (1..8), tensor-parallel
    SynthGraphMode graphs = SynthGraphMode::None;
    quint64 seed = 1; ///< seeds the only random source (std::mt19937_64)
    qint64 targetKernels = 0; ///< if > 0: choose steps so the file holds about this many kernels (all ranks)
    int layers = 0; ///< transformer layers; 0 = automatic (8, or 32 when targetKernels >= 1 M)
    /// One push/pop range around every kernel launch call, named after the kernel (what PyTorch's
    /// `emit_nvtx` does per operator): about one NVTX range per kernel instead of one per layer.
    /// The NVTX-heavy shape the attribution benchmark needs.
    bool opRanges = false;
    SynthFramework framework = SynthFramework::None;
    /// If > 0: write GPU_METRICS and TARGET_INFO_GPU_METRICS sampled every this many ns
    /// (nsys' default 10 kHz = 100 000 ns), derived from the kernels (SynthGpuMetrics).
    qint64 gpuMetricsPeriodNs = 0;
    /// Store the per-process tables (kernels, runtime API, NVTX, memcpy, memset, sync, graph
    /// launches) in per-process blocks, each block in time order, as a real runtime table often is
    /// (`synth --layout blocked`); otherwise every table is in start-time order across processes.
    bool blockedLayout = false;
    /// Write CUDA_GPU_MEMORY_USAGE_EVENTS rows (`synth --memory-usage`, SynthMemoryUsage).
    bool memoryUsage = false;
};

/// Outcome of writeSynthTrace(). Counts are rows written; times are ns on the session timeline.
struct SynthResult
{
    bool ok = false;
    QString error; ///< translated, names the file; empty when ok
    qint64 kernels = 0; ///< CUPTI_ACTIVITY_KIND_KERNEL rows
    qint64 runtimeCalls = 0; ///< CUPTI_ACTIVITY_KIND_RUNTIME rows
    qint64 nvtxRanges = 0; ///< NVTX_EVENTS rows (ranges plus one domain-create row per worker)
    qint64 memcpys = 0; ///< CUPTI_ACTIVITY_KIND_MEMCPY rows
    qint64 memsets = 0; ///< CUPTI_ACTIVITY_KIND_MEMSET rows
    qint64 graphLaunches = 0; ///< CUPTI_ACTIVITY_KIND_GRAPH_TRACE rows (graph mode only)
    qint64 firstNs = 0; ///< earliest start of any timed row
    qint64 lastNs = 0; ///< latest end of any timed row
};

} // namespace sl
