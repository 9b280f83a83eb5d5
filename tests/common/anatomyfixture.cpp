// SPDX-License-Identifier: MIT
#include "tests/common/anatomyfixture.h"

#include "tests/common/tracefixture.h"

namespace sl::test::anatomy {

QString launchApi() { return QStringLiteral("cudaLaunchKernel_v7000"); }

QString gemmKernel()
{
    return QStringLiteral("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x256x64_warpgroupsize1x1x1_execute_"
                          "segment_k_off_kernel__5x_cublas");
}

QString flashKernel()
{
    return QStringLiteral("void flash::flash_fwd_kernel<Flash_fwd_kernel_traits<(int)128, (int)128, (int)64, (int)4, "
                          "false, false, cutlass::bfloat16_t>>(Flash_fwd_params)");
}

QString flashDecodeKernel()
{
    return QStringLiteral("void flash::flash_fwd_splitkv_kernel<Flash_fwd_kernel_traits<(int)128, (int)64, (int)128, "
                          "(int)4, false, false, cutlass::bfloat16_t>>(Flash_fwd_params)");
}

namespace {
struct Launch
{
    qint64 launchAt; ///< host time of cudaLaunchKernel (ns), inside the NVTX ranges that own it
    qint64 start, end; ///< GPU time (ns)
    QString name;
};

void writeRanges(TraceFixture& fx)
{
    // Prefill step: self_attn { qkv_proj { aten::mm }, flash, o_proj { aten::mm, all-reduce } },
    // mlp { gate_up_proj, act_fn, down_proj }, then an RMSNorm launched in the step itself.
    fx.nvtx(1'000'000, 2'000'000, kPid, kTid, QStringLiteral("prefill"));
    fx.nvtx(1'000'100, 1'500'000, kPid, kTid, QStringLiteral("self_attn"));
    fx.nvtx(1'000'200, 1'100'000, kPid, kTid, QStringLiteral("qkv_proj"));
    fx.nvtx(1'000'300, 1'000'900, kPid, kTid,
        QStringLiteral("aten::mm, seq = 1, op_id = 1, sizes = [[512, 4096], [4096, 6144]]"));
    fx.nvtx(1'300'000, 1'400'000, kPid, kTid, QStringLiteral("o_proj"));
    fx.nvtx(1'300'100, 1'300'900, kPid, kTid,
        QStringLiteral("aten::mm, seq = 2, op_id = 2, sizes = [[512, 4096], [4096, 4096]]"));
    fx.nvtx(1'500'100, 1'900'000, kPid, kTid, QStringLiteral("mlp"));
    fx.nvtx(1'500'200, 1'600'000, kPid, kTid, QStringLiteral("gate_up_proj"));
    fx.nvtx(1'600'100, 1'700'000, kPid, kTid, QStringLiteral("act_fn"));
    fx.nvtx(1'700'100, 1'800'000, kPid, kTid, QStringLiteral("down_proj"));
    // Decode step: qkv_proj { aten::mm }, flash split-KV, lm_head.
    fx.nvtx(3'000'000, 3'500'000, kPid, kTid, QStringLiteral("decode"));
    fx.nvtx(3'000'100, 3'100'000, kPid, kTid, QStringLiteral("qkv_proj"));
    fx.nvtx(3'000'200, 3'000'900, kPid, kTid,
        QStringLiteral("aten::mm, seq = 3, op_id = 3, sizes = [[8, 4096], [4096, 6144]]"));
    fx.nvtx(3'300'000, 3'400'000, kPid, kTid, QStringLiteral("lm_head"));
}
} // namespace

void writePrefillDecode(TraceFixture& fx, qint64 qkvPrefillNs, bool allReduce)
{
    fx.process(kPid, QStringLiteral("python3"));
    fx.thread(kPid, kTid, QStringLiteral("python3"));
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"), 132);
    writeRanges(fx);
    const QString gemm = gemmKernel();
    const Launch launches[] = {
        { 1'000'400, 1'010'000, 1'010'000 + qkvPrefillNs, gemm }, // qkv: 50 µs by default
        { 1'200'000, 1'100'000, 1'130'000, flashKernel() }, // attention: 30 µs
        { 1'300'200, 1'140'000, 1'160'000, gemm }, // o_proj: 20 µs
        { 1'350'000, 1'360'000, 1'370'000, QStringLiteral("ncclDevKernel_AllReduce_Sum_bf16_RING_LL") }, // 10 µs
        { 1'500'300, 1'200'000, 1'280'000, gemm }, // gate_up: 80 µs, no shapes
        { 1'600'200, 1'290'000, 1'295'000,
            QStringLiteral("void vllm::act_and_mul_kernel<c10::BFloat16, &vllm::silu_kernel>") }, // 5 µs
        { 1'700'200, 1'300'000, 1'340'000, gemm }, // down: 40 µs
        { 1'950'000, 1'350'000, 1'353'000, QStringLiteral("void vllm::fused_add_rms_norm_kernel<c10::BFloat16>") },
        { 3'000'400, 3'010'000, 3'015'000, gemm }, // decode qkv: 5 µs
        { 3'200'000, 3'020'000, 3'024'000, flashDecodeKernel() }, // 4 µs
        { 3'300'100, 3'030'000, 3'036'000, gemm }, // lm_head: 6 µs
        { 4'000'000, 4'010'000, 4'012'000, // outside every range: unattributed, 2 µs
            QStringLiteral("void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>>") },
    };
    quint32 corr = 700;
    for (const Launch& l : launches) {
        ++corr;
        if (!allReduce && l.name.startsWith(QLatin1String("nccl")))
            continue;
        fx.runtime(l.launchAt, l.launchAt + 50, kPid, kTid, corr, launchApi());
        fx.kernel(l.start, l.end, 0, 7, corr, kPid, l.name);
    }
}

} // namespace sl::test::anatomy
