// SPDX-License-Identifier: MIT
#pragma once

#include "core/synth/synthoptions.h"
#include "core/synth/synthrowsink.h"

#include <array>
#include <functional>
#include <random>
#include <vector>

namespace sl {

/// Resolved sizes of a synthetic trace (SynthOptions with targetKernels/auto layers applied).
struct SynthPlan
{
    qint64 steps = 1; ///< steady steps per rank, after the warm-up steps
    int ranks = 1;
    int layers = 8;
    SynthGraphMode graphs = SynthGraphMode::None;
    quint64 seed = 1;
    bool opRanges = false; ///< SynthOptions::opRanges
    SynthFramework framework = SynthFramework::None;

    /// Batch composition of steady step k (0-based, per rank; ranks run the same steps), framework
    /// modes only. Request group g = k / requestSteps has batch b = 8·(1 + g mod 8) generation
    /// requests and prompts of p = 256 + 64·(g mod 5) tokens. Its first step is a prefill of 4
    /// requests (even g: 4 ctx reqs, 4p ctx tokens, no generation) or a mixed step (odd g: 2 ctx
    /// reqs, 2p ctx tokens, b gen reqs, b gen tokens); the other steps decode (b gen reqs, b gen tokens).
    struct Composition
    {
        int ctxReqs = 0, ctxTokens = 0, genReqs = 0, genTokens = 0;
    };
    static Composition composition(qint64 k);

    static constexpr int warmupSteps = 3;
    static constexpr int requestSteps = 16; ///< one prefill then 15 decode steps per request group
    static constexpr int pauseEverySteps = 100;

    static SynthPlan resolve(const SynthOptions& options);
    /// KERNEL rows of one step of one rank; `graphed` = decode step replayed as a CUDA graph.
    qint64 kernelsPerStep(SynthShape shape, bool graphed) const;
    qint64 prefillSteps() const { return (steps + requestSteps - 1) / requestSteps; }
    qint64 totalKernels() const; ///< exact, all ranks
    /// Rough rows per table group (for progress weights): kernels, runtime, nvtx, small tables.
    std::array<qint64, 4> estimatedRows() const;
};

/// The timeline model. Emits every row of the trace, in causal order, into a SynthRowSink.
///
/// Per global step every rank (worker process pid 1001 + rank, one main thread making all CUDA
/// calls) runs, shifted by a small per-rank skew:
///   push "warmup" | "prefill" | "decode_step"
///     cudaMemcpyAsync HtoD (pinned, input ids), sometimes cudaMemsetAsync
///     per layer: push "layer N" (registered string, domain "vllm"), 12 kernels (11 in prefill), pop
///       (opRanges: each launch call inside its own range named after the kernel's short name)
///       (graph modes: decode steps replace all layers by one cudaGraphLaunch, no layer ranges)
///     ranks > 1: NCCL all-reduce on the communication stream; it ends when the last rank arrives
///     final RMSNorm, lm_head GEMM
///     push "sampling": softmax, argmax; pop
///     cudaMemcpyAsync DtoH (pageable, sampled tokens), cudaStreamSynchronize (+ SYNCHRONIZATION row)
///   pop
/// Every launch call lasts 3.5-7 us and its kernel starts after the call ended and the stream is
/// free, so the CPU runs ahead in GEMM-heavy stretches and the GPU waits on short kernels.
/// Timeline: warm-up steps (slow, lazy module loading), a 2 s pause, then the steady steps with a
/// 0.5-0.8 s pause every 100 steps (GPU and CPU idle). The API server (pid 1000) tokenizes each
/// request on its main thread, opens a start/end range "request N" there and ends it on its
/// detokenizer thread (tid 1100) after the request's 16 steps.
class SynthSimulator
{
public:
    SynthSimulator(const SynthPlan& plan, SynthRowSink& sink);

    /// Runs the whole timeline. `stepDone(done, total)` is called after every global step and
    /// returns false to stop; run() then returns false (also on sink errors).
    bool run(const std::function<bool(qint64 done, qint64 total)>& stepDone);

private:
    struct Step
    {
        SynthShape shape;
        bool warmup;
        SynthNvtxName name;
        qint64 position; ///< decode steps since the request's prefill (KV-cache length)
        qint64 text = -1; ///< framework modes: the step range's text (SynthRowSink::text), -1 = `name`
        int batch = 0; ///< framework modes: generation requests of a decode step (slows its GEMMs and attention)
    };
    struct Rank
    {
        quint8 index = 0;
        qint64 pid = 0;
        qint64 globalTid = 0;
        qint64 skew = 0; ///< ns behind the scheduler's step start
        qint64 cpu = 0; ///< main-thread time cursor (ns)
        qint64 gpu = 0; ///< compute stream free from (ns)
        qint64 nextCorrelation = 1; ///< per process, as CUPTI numbers them
        qint64 nextGridId = 1;
        qint64 stepStart = 0; ///< start of the open step range
        qint64 allReduceArrive = 0;
        qint64 allReduceCorrelation = 0;
        std::array<bool, size_t(SynthKernel::Count)> loaded {}; ///< module already loaded (warm-up)
    };

    /// Uniform in [lo, hi] (ns). Narrow ranges (most draws) use 16-bit slices of one 64-bit
    /// draw: the generator is the main CPU cost of a replay, and the modulo bias of a slice
    /// (at most 1/20 relative for spans up to 65536 / 20) does not matter for jitter.
    qint64 uniform(qint64 lo, qint64 hi)
    {
        const quint64 span = quint64(hi - lo) + 1;
        return lo + qint64((span <= 65'536 / 20 ? slice() : m_rng()) % span);
    }
    bool chance(int perMille) { return slice() % 1000 < quint64(perMille); }
    quint64 slice()
    {
        if (m_sliceBits == 0) {
            m_slices = m_rng();
            m_sliceBits = 64;
        }
        const quint64 v = m_slices & 0xFFFF;
        m_slices >>= 16;
        m_sliceBits -= 16;
        return v;
    }

    void globalStep(const Step& step);
    void stepBegin(Rank& r, const Step& step);
    void stepEnd(Rank& r, const Step& step);
    void layers(Rank& r, const Step& step);
    void graphLaunch(Rank& r, const Step& step);
    void launch(Rank& r, SynthKernel kind, const Step& step);
    SynthApiRow call(Rank& r, SynthApi api, qint64 minNs, qint64 maxNs);
    qint64 duration(SynthKernel kind, const Step& step);
    qint64 queueStart(const Rank& r, const SynthApiRow& call);
    void pushPop(Rank& r, SynthNvtxName name, qint64 start, qint64 number = 0);
    void pushText(Rank& r, const char* text, qint64 start);
    qint64 stepText(qint64 k, const SynthPlan::Composition& c);
    void memcpy(Rank& r, bool hostToDevice, qint64 bytes);
    qint64 cpuGap(const Step& step);

    SynthPlan m_plan;
    SynthRowSink& m_sink;
    std::mt19937_64 m_rng; ///< the only source of randomness: same seed, same file
    quint64 m_slices = 0;
    int m_sliceBits = 0;
    std::vector<Rank> m_ranks;
    qint64 m_now = 0; ///< scheduler time: next global step starts here (ns)
    qint64 m_requestStart = -1; ///< open "request N" range start, -1 = none
    qint64 m_request = 0;
};

} // namespace sl
