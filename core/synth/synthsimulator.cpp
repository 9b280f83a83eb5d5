// SPDX-License-Identifier: MIT
#include "core/synth/synthsimulator.h"

#include <algorithm>
#include <cstdio>

namespace sl {

namespace {

constexpr qint64 us = 1'000;
constexpr qint64 ms = 1'000'000;
constexpr qint64 s = 1'000'000'000;

// Session-relative times like real exports (first CUDA events 0.02-160 s after the origin).
constexpr qint64 kDomainCreateNs = 450 * ms;
constexpr qint64 kFirstStepNs = 1'200 * ms;
// The warm-up pause is > 1 s, and > 25 % of the capture for the default 200 steps, so the
// steady-state window rule of the analysis spec finds it.
constexpr qint64 kWarmupPauseNs = 2 * s;
constexpr int kAutoLayersSmall = 8;
constexpr int kAutoLayersLarge = 32;
constexpr qint64 kLargeTarget = 1'000'000;

constexpr qint64 kGraphId = 2; // per process: the one decode graph (batch 64)
constexpr qint64 kGraphExecId = 3;
constexpr qint64 kGraphNodeBase = 2'000; // graphNodeId = base + node index: stable per node

// One transformer layer as vLLM runs it (FlashAttention-2 backend). Decode splits the KV cache
// and needs a combine kernel; prefill attention is a single kernel.
constexpr std::array<SynthKernel, 12> kDecodeLayer { SynthKernel::RmsNorm, SynthKernel::QkvGemm,
    SynthKernel::RotaryEmbedding, SynthKernel::ReshapeAndCache, SynthKernel::AttentionDecode,
    SynthKernel::AttentionCombine, SynthKernel::OutProjGemm, SynthKernel::AddResidual, SynthKernel::RmsNorm,
    SynthKernel::GateUpGemm, SynthKernel::SiluAndMul, SynthKernel::DownGemm };
constexpr std::array<SynthKernel, 11> kPrefillLayer { SynthKernel::RmsNorm, SynthKernel::QkvGemm,
    SynthKernel::RotaryEmbedding, SynthKernel::ReshapeAndCache, SynthKernel::AttentionPrefill, SynthKernel::OutProjGemm,
    SynthKernel::AddResidual, SynthKernel::RmsNorm, SynthKernel::GateUpGemm, SynthKernel::SiluAndMul,
    SynthKernel::DownGemm };
// Kernels per step outside the layers: final norm, lm_head, softmax, argmax (+ all-reduce).
constexpr qint64 kTailKernels = 4;

} // namespace

SynthPlan SynthPlan::resolve(const SynthOptions& options)
{
    SynthPlan plan;
    plan.ranks = options.ranks;
    plan.graphs = options.graphs;
    plan.seed = options.seed;
    plan.opRanges = options.opRanges;
    plan.framework = options.framework;
    plan.layers = options.layers > 0 ? options.layers
                                     : (options.targetKernels >= kLargeTarget ? kAutoLayersLarge : kAutoLayersSmall);
    plan.steps = std::max<qint64>(1, options.steps);
    if (options.targetKernels > 0) {
        // totalKernels() is monotonic in steps: binary-search the closest step count.
        qint64 lo = 1, hi = 1;
        plan.steps = hi;
        while (plan.totalKernels() < options.targetKernels && hi < (qint64(1) << 40))
            plan.steps = (hi *= 2);
        while (lo < hi) {
            plan.steps = lo + (hi - lo) / 2;
            if (plan.totalKernels() < options.targetKernels)
                lo = plan.steps + 1;
            else
                hi = plan.steps;
        }
        plan.steps = lo;
        const qint64 above = plan.totalKernels();
        if (lo > 1) {
            plan.steps = lo - 1;
            if (options.targetKernels - plan.totalKernels() > above - options.targetKernels)
                plan.steps = lo;
        }
    }
    return plan;
}

SynthPlan::Composition SynthPlan::composition(qint64 k)
{
    const qint64 group = k / requestSteps;
    const int batch = int(8 * (1 + group % 8));
    const int prompt = int(256 + 64 * (group % 5));
    if (k % requestSteps != 0)
        return { 0, 0, batch, batch };
    return group % 2 == 0 ? Composition { 4, 4 * prompt, 0, 0 } : Composition { 2, 2 * prompt, batch, batch };
}

qint64 SynthPlan::kernelsPerStep(SynthShape shape, bool graphed) const
{
    const qint64 tail = kTailKernels + (ranks > 1 ? 1 : 0);
    if (graphed)
        return graphs == SynthGraphMode::Graph ? tail : tail + qint64(kDecodeLayer.size()) * layers;
    return tail + qint64(shape == SynthShape::Decode ? kDecodeLayer.size() : kPrefillLayer.size()) * layers;
}

qint64 SynthPlan::totalKernels() const
{
    // Warm-up: two prefill-shaped steps and one decode-shaped step, always eager.
    const qint64 warmup = 2 * kernelsPerStep(SynthShape::Prefill, false) + kernelsPerStep(SynthShape::Decode, false);
    const qint64 decodeSteps = steps - prefillSteps();
    const bool graphed = graphs != SynthGraphMode::None;
    return ranks
        * (warmup + prefillSteps() * kernelsPerStep(SynthShape::Prefill, false)
            + decodeSteps * kernelsPerStep(SynthShape::Decode, graphed));
}

std::array<qint64, 4> SynthPlan::estimatedRows() const
{
    const qint64 allSteps = warmupSteps + steps;
    const qint64 graphSteps = graphs == SynthGraphMode::None ? 0 : steps - prefillSteps();
    const qint64 eagerSteps = allSteps - graphSteps;
    const qint64 prefill = kernelsPerStep(SynthShape::Prefill, false);
    const qint64 decode = kernelsPerStep(SynthShape::Decode, false);
    const qint64 tail = kTailKernels + (ranks > 1 ? 1 : 0);
    // Launch calls, plus HtoD, DtoH and sync calls per step (the occasional memset is left out).
    const qint64 launches = 2 * prefill + decode + prefillSteps() * prefill
        + (steps - prefillSteps()) * (graphSteps > 0 ? 1 + tail : decode);
    const qint64 runtime = ranks * (launches + allSteps * 3);
    qint64 nvtx = ranks * (eagerSteps * (2 + layers) + graphSteps * 2 + 1) + prefillSteps() * 3;
    if (opRanges)
        nvtx += ranks * launches;
    const qint64 small = ranks * allSteps * 3 + (graphs == SynthGraphMode::Graph ? ranks * graphSteps : 0);
    return { totalKernels(), runtime, nvtx, small };
}

SynthSimulator::SynthSimulator(const SynthPlan& plan, SynthRowSink& sink)
    : m_plan(plan)
    , m_sink(sink)
    , m_rng(plan.seed)
{
    m_ranks.resize(size_t(plan.ranks));
    for (int i = 0; i < plan.ranks; ++i) {
        Rank& r = m_ranks[size_t(i)];
        r.index = quint8(i);
        r.pid = SynthIds::workerPid(i);
        r.globalTid = SynthIds::globalTid(r.pid, r.pid);
        r.skew = i == 0 ? 0 : i * uniform(2 * us, 6 * us);
    }
}

bool SynthSimulator::run(const std::function<bool(qint64, qint64)>& stepDone)
{
    const qint64 total = SynthPlan::warmupSteps + m_plan.steps;
    qint64 done = 0;
    for (Rank& r : m_ranks) {
        const qint64 t = kDomainCreateNs + r.index * 2 * ms;
        m_sink.nvtx({ t, -1, r.globalTid, 0, 0, 75, SynthNvtxName::Domain });
        r.cpu = r.gpu = t;
    }
    m_now = kFirstStepNs;
    const auto afterStep = [&] {
        // Nothing emitted later can start before any rank's cursor, nor before an open request.
        qint64 watermark = m_now;
        for (const Rank& r : m_ranks)
            watermark = std::min(watermark, r.cpu);
        const qint64 nvtxWatermark = m_requestStart >= 0 ? std::min(watermark, m_requestStart) : watermark;
        return m_sink.advance(watermark, nvtxWatermark) && stepDone(++done, total);
    };

    // Warm-up (vLLM's profile run and graph capture): two prefill-shaped steps, one decode-shaped.
    for (int w = 0; w < SynthPlan::warmupSteps; ++w) {
        const bool decode = w == SynthPlan::warmupSteps - 1;
        globalStep({ decode ? SynthShape::Decode : SynthShape::Prefill, true, SynthNvtxName::Warmup, 0 });
        if (!afterStep())
            return false;
    }
    m_now += kWarmupPauseNs;

    const qint64 apiMain = SynthIds::globalTid(SynthIds::apiServerPid, SynthIds::apiServerPid);
    const qint64 apiDetok = SynthIds::globalTid(SynthIds::apiServerPid, SynthIds::apiServerDetokTid);
    for (qint64 k = 0; k < m_plan.steps; ++k) {
        if (k > 0 && k % SynthPlan::pauseEverySteps == 0)
            m_now += uniform(500 * ms, 800 * ms); // no request in flight: GPUs and workers idle
        const qint64 position = k % SynthPlan::requestSteps;
        if (position == 0) {
            // A new request group: the API server tokenizes, opens the request range on its main
            // thread, and the scheduler starts the prefill once tokenization is done.
            m_requestStart = m_now;
            m_request = k / SynthPlan::requestSteps + 1;
            const qint64 tokenized = m_now + uniform(150 * us, 300 * us);
            m_sink.nvtx({ m_now, tokenized, apiMain, 0, 0, 59, SynthNvtxName::Tokenize });
            m_now = tokenized + uniform(20 * us, 50 * us);
        }
        if (m_plan.framework != SynthFramework::None) {
            const SynthPlan::Composition c = SynthPlan::composition(k);
            const bool prefill = c.ctxReqs > 0;
            globalStep({ prefill ? SynthShape::Prefill : SynthShape::Decode, false,
                prefill ? SynthNvtxName::Prefill : SynthNvtxName::DecodeStep, position, stepText(k, c),
                prefill ? 0 : c.genReqs });
        } else if (position == 0) {
            globalStep({ SynthShape::Prefill, false, SynthNvtxName::Prefill, 0 });
        } else {
            globalStep({ SynthShape::Decode, false, SynthNvtxName::DecodeStep, position });
        }
        if (position == SynthPlan::requestSteps - 1 || k == m_plan.steps - 1) {
            qint64 finished = 0;
            for (const Rank& r : m_ranks)
                finished = std::max(finished, r.cpu);
            const qint64 detokStart = finished + uniform(10 * us, 30 * us);
            const qint64 detokEnd = detokStart + uniform(60 * us, 200 * us);
            m_sink.nvtx({ detokStart, detokEnd, apiDetok, 0, 0, 59, SynthNvtxName::Detokenize });
            m_sink.nvtx({ m_requestStart, detokEnd, apiMain, apiDetok, m_request, 60, SynthNvtxName::Request });
            m_requestStart = -1;
        }
        if (!afterStep())
            return false;
    }
    return true;
}

void SynthSimulator::globalStep(const Step& step)
{
    const bool graphed = step.shape == SynthShape::Decode && !step.warmup && m_plan.graphs != SynthGraphMode::None;
    for (Rank& r : m_ranks) {
        r.cpu = std::max(r.cpu, m_now + r.skew + uniform(0, 2 * us));
        stepBegin(r, step);
        if (graphed)
            graphLaunch(r, step);
        else
            layers(r, step);
        if (m_plan.ranks > 1) {
            r.cpu += cpuGap(step);
            const qint64 opStart = r.cpu;
            const SynthApiRow c = call(r, SynthApi::LaunchKernel, 3 * us, 7 * us);
            m_sink.api(c);
            if (m_plan.opRanges)
                pushPop(r, SynthNvtxName::Op, opStart, qint64(SynthKernel::AllReduce));
            r.allReduceCorrelation = c.correlationId;
            r.allReduceArrive = queueStart(r, c);
        }
    }
    if (m_plan.ranks > 1) {
        // Each rank's all-reduce kernel starts when its launch and stream allow and ends when the
        // last rank has arrived: ranks wait for each other inside NCCL.
        qint64 lastArrival = 0;
        for (const Rank& r : m_ranks)
            lastArrival = std::max(lastArrival, r.allReduceArrive);
        const qint64 end = lastArrival + duration(SynthKernel::AllReduce, step);
        for (Rank& r : m_ranks) {
            m_sink.kernel({ r.allReduceArrive, end, r.allReduceCorrelation, r.nextGridId++, 0, 0, r.index,
                SynthKernel::AllReduce, step.shape });
            r.gpu = end; // the compute stream waits for the communication stream (event)
        }
    }
    qint64 finished = 0;
    for (Rank& r : m_ranks) {
        stepEnd(r, step);
        finished = std::max(finished, r.cpu);
    }
    m_now = finished + (step.warmup ? uniform(2 * ms, 10 * ms) : uniform(30 * us, 120 * us));
}

void SynthSimulator::stepBegin(Rank& r, const Step& step)
{
    if (m_plan.framework == SynthFramework::Sglang && step.text >= 0) {
        // SGLang's scheduler loop: receive and pick the batch, then run it (the step).
        const qint64 recv = r.cpu;
        r.cpu += uniform(5 * us, 15 * us);
        pushText(r, "scheduler.recv_requests", recv);
        const qint64 pick = r.cpu + uniform(500, 1'500);
        r.cpu = pick + uniform(20 * us, 60 * us);
        pushText(r, "scheduler.get_next_batch_to_run", pick);
    }
    r.stepStart = r.cpu;
    r.cpu += uniform(500, 1'500);
    const qint64 preprocess = r.cpu;
    if (m_plan.framework == SynthFramework::Vllm && step.text >= 0)
        r.cpu += uniform(20 * us, 60 * us); // input preparation in Python before the first copy
    memcpy(r, true, step.shape == SynthShape::Decode ? 4'096 : 16'384);
    if (m_plan.framework == SynthFramework::Vllm && step.text >= 0)
        pushText(r, "gpu_model_runner: preprocess", preprocess);
    if (chance(125)) {
        const SynthApiRow c = call(r, SynthApi::MemsetAsync, 3 * us, 5 * us);
        m_sink.api(c);
        const qint64 start = queueStart(r, c);
        const qint64 end = start + uniform(1'000, 2'000);
        m_sink.memset({ start, end, c.correlationId, 8'192, r.index });
        r.gpu = end;
    }
}

void SynthSimulator::stepEnd(Rank& r, const Step& step)
{
    launch(r, SynthKernel::RmsNorm, step);
    launch(r, SynthKernel::LmHeadGemm, step);
    const qint64 samplingStart = r.cpu + uniform(1 * us, 3 * us);
    r.cpu = samplingStart + uniform(500, 1'000);
    launch(r, SynthKernel::Softmax, step);
    launch(r, SynthKernel::Argmax, step);
    const bool named = step.text >= 0;
    if (named && m_plan.framework == SynthFramework::Vllm)
        pushText(r, "gpu_model_runner: sample", samplingStart);
    else if (named && m_plan.framework == SynthFramework::Trtllm)
        pushText(r, "_sample_async", samplingStart);
    else
        pushPop(r, SynthNvtxName::Sampling, samplingStart);
    const qint64 bookkeep = r.cpu;
    memcpy(r, false, 512);

    // Blocking sync: the call returns a few us after the GPU finished the step's last operation;
    // CUPTI's SYNCHRONIZATION record lies just inside the call.
    SynthApiRow c = call(r, SynthApi::StreamSynchronize, 0, 0);
    c.end = std::max(c.start + 1'500, r.gpu + uniform(2 * us, 6 * us));
    m_sink.api(c);
    m_sink.sync({ c.start + uniform(300, 800), c.end - uniform(300, 800), c.correlationId, r.index });
    r.cpu = c.end;
    if (named && m_plan.framework == SynthFramework::Vllm) {
        r.cpu += uniform(10 * us, 30 * us); // output bookkeeping in Python
        pushText(r, "gpu_model_runner: bookkeep", bookkeep);
    } else if (named && m_plan.framework == SynthFramework::Trtllm) {
        r.cpu += uniform(10 * us, 30 * us);
        pushText(r, "_update_requests", bookkeep);
    }
    if (named)
        pushPop(r, SynthNvtxName::Text, r.stepStart, step.text);
    else
        pushPop(r, step.name, r.stepStart);
    if (named && m_plan.framework == SynthFramework::Sglang) {
        const qint64 result = r.cpu + uniform(500, 1'500);
        r.cpu = result + uniform(15 * us, 40 * us);
        pushText(r, "scheduler.process_batch_result", result);
    }
}

void SynthSimulator::layers(Rank& r, const Step& step)
{
    for (int layer = 0; layer < m_plan.layers; ++layer) {
        const qint64 start = r.cpu + uniform(500, 1'500);
        r.cpu = start + uniform(300, 800);
        if (step.shape == SynthShape::Decode) {
            for (const SynthKernel k : kDecodeLayer)
                launch(r, k, step);
        } else {
            for (const SynthKernel k : kPrefillLayer)
                launch(r, k, step);
        }
        pushPop(r, SynthNvtxName::Layer, start, layer);
    }
}

void SynthSimulator::graphLaunch(Rank& r, const Step& step)
{
    const bool nodes = m_plan.graphs == SynthGraphMode::Node;
    r.cpu += cpuGap(step);
    const SynthApiRow c = call(r, SynthApi::GraphLaunch, 8 * us, 15 * us);
    m_sink.api(c);
    qint64 t = std::max(c.end + uniform(2 * us, 4 * us), r.gpu + uniform(600, 1'500));
    const qint64 first = t;
    qint64 node = 0;
    for (int layer = 0; layer < m_plan.layers; ++layer) {
        for (const SynthKernel k : kDecodeLayer) {
            const qint64 end = t + duration(k, step);
            // Node mode: every node is a kernel row sharing the launch's correlationId.
            if (nodes)
                m_sink.kernel({ t, end, c.correlationId, r.nextGridId++, kGraphNodeBase + node, kGraphId, r.index, k,
                    SynthShape::Decode });
            r.gpu = end;
            t = end + uniform(300, 900); // graph replay: no launch gaps between nodes
            ++node;
        }
    }
    if (!nodes)
        m_sink.graph({ first, r.gpu, c.correlationId, kGraphId, kGraphExecId, r.index });
}

SynthApiRow SynthSimulator::call(Rank& r, SynthApi api, qint64 minNs, qint64 maxNs)
{
    SynthApiRow c;
    c.start = r.cpu + uniform(500, 1'500);
    c.end = c.start + (maxNs > 0 ? uniform(minNs, maxNs) : 0);
    c.correlationId = r.nextCorrelation++;
    c.rank = r.index;
    c.api = api;
    r.cpu = c.end;
    return c;
}

qint64 SynthSimulator::queueStart(const Rank& r, const SynthApiRow& c)
{
    // A GPU operation starts after its call returned (launch latency) and after the stream's
    // previous operation (small inter-kernel gap).
    return std::max(c.end + uniform(800, 2'500), r.gpu + uniform(600, 1'500));
}

qint64 SynthSimulator::cpuGap(const Step& step)
{
    // Python between two launches; warm-up runs cold code paths. A rare long hiccup (GC, the
    // scheduler thread holding the GIL) makes the GPU wait: a host-wait idle gap.
    qint64 gap = step.warmup ? uniform(20 * us, 200 * us) : uniform(1 * us, 4 * us);
    if (chance(2))
        gap += uniform(100 * us, 400 * us);
    return gap;
}

void SynthSimulator::launch(Rank& r, SynthKernel kind, const Step& step)
{
    r.cpu += cpuGap(step);
    const qint64 opStart = r.cpu;
    // The first launch of a kernel loads its module lazily (CUDA_MODULE_LOADING=LAZY): ms-long.
    const bool cold = !r.loaded[size_t(kind)];
    r.loaded[size_t(kind)] = true;
    SynthApiRow c = cold ? call(r, SynthApi::LaunchKernel, 1 * ms, 5 * ms) : call(r, SynthApi::LaunchKernel, 0, 0);
    if (!cold) {
        // 3.5-7 us, peaking around 5 us (sum of two uniforms): longer than most norm, rotary,
        // cache-write, elementwise and activation kernels of a decode step.
        c.end = c.start + 3'500 + uniform(0, 1'750) + uniform(0, 1'750);
        r.cpu = c.end;
    }
    m_sink.api(c);
    if (m_plan.opRanges)
        pushPop(r, SynthNvtxName::Op, opStart, qint64(kind));
    const qint64 start = queueStart(r, c);
    const qint64 end = start + duration(kind, step);
    m_sink.kernel({ start, end, c.correlationId, r.nextGridId++, 0, 0, r.index, kind, step.shape });
    r.gpu = end;
}

qint64 SynthSimulator::duration(SynthKernel kind, const Step& step)
{
    const SynthKernelSpec& spec = SynthKernelCatalog::spec(kind);
    qint64 d = uniform(spec.minNs, spec.maxNs);
    if (step.shape == SynthShape::Prefill)
        d = d * spec.prefillTenths / 10;
    if (kind == SynthKernel::AttentionDecode)
        d += step.position * 300; // the KV cache grows by one token per decode step
    if (step.batch > 0 && step.shape == SynthShape::Decode) {
        // Framework modes: attention reads every request's KV cache; the GEMMs are memory-bound
        // (flat) up to batch 32 and then grow with the batch.
        if (kind == SynthKernel::AttentionDecode)
            d += qint64(step.batch) * 120;
        else if (kind == SynthKernel::QkvGemm || kind == SynthKernel::OutProjGemm || kind == SynthKernel::GateUpGemm
            || kind == SynthKernel::DownGemm || kind == SynthKernel::LmHeadGemm)
            d += qint64(std::max(0, step.batch - 32)) * 90;
    }
    if (step.warmup)
        d *= 3;
    if (chance(5))
        d = d * 3 / 2; // clock/thermal or memory-contention outlier
    return d;
}

void SynthSimulator::pushPop(Rank& r, SynthNvtxName name, qint64 start, qint64 number)
{
    const qint64 end = r.cpu + uniform(300, 900);
    r.cpu = end;
    m_sink.nvtx({ start, end, r.globalTid, 0, number, 59, name });
}

void SynthSimulator::pushText(Rank& r, const char* text, qint64 start)
{
    pushPop(r, SynthNvtxName::Text, start, m_sink.text(text));
}

qint64 SynthSimulator::stepText(qint64 k, const SynthPlan::Composition& c)
{
    char buffer[128];
    switch (m_plan.framework) {
    case SynthFramework::Vllm:
        std::snprintf(buffer, sizeof buffer, "execute_context_%d(%d)_generation_%d(%d)", c.ctxReqs, c.ctxTokens,
            c.genReqs, c.genTokens);
        break;
    case SynthFramework::Trtllm:
        std::snprintf(buffer, sizeof buffer, "[Executor] _forward_step %lld: %d ctx reqs, %d ctx tokens, %d gen reqs",
            static_cast<long long>(k), c.ctxReqs, c.ctxTokens, c.genReqs);
        break;
    case SynthFramework::Sglang:
    case SynthFramework::None:
        std::snprintf(buffer, sizeof buffer, "scheduler.run_batch");
        break;
    }
    return m_sink.text(buffer);
}

void SynthSimulator::memcpy(Rank& r, bool hostToDevice, qint64 bytes)
{
    // Input ids come from a pinned staging buffer; sampled tokens go to a pageable numpy array
    // (what the "pageable async copy" rule flags).
    const SynthApiRow c = hostToDevice ? call(r, SynthApi::MemcpyAsync, 4 * us, 8 * us)
                                       : call(r, SynthApi::MemcpyAsync, 8 * us, 15 * us);
    m_sink.api(c);
    const qint64 start = queueStart(r, c);
    const qint64 end = start + uniform(1'500, 2'500) + bytes / 8; // payload at ~8 B/ns over PCIe
    if (hostToDevice)
        m_sink.memcpy({ start, end, c.correlationId, bytes, r.index, 1, 1, 2 });
    else
        m_sink.memcpy({ start, end, c.correlationId, bytes, r.index, 2, 2, 0 });
    r.gpu = end;
}

} // namespace sl
