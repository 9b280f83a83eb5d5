// SPDX-License-Identifier: MIT
#include "core/synth/synthkernelcatalog.h"

#include <array>

namespace sl {

namespace {

// Durations are decode-step values for a ~8 B-parameter model at batch 64 on one H100 of a TP
// group: GEMMs 8-60 us, attention 12-28 us, norm/activation/elementwise 2-6 us, i.e. many
// kernels are shorter than their ~5 us launch call (launch-bound decode). Prefill runs 2048
// tokens, 5-20x longer; sampling and lm_head only see the last token of each sequence.
// cuBLAS kernels have no C++ signature: demangled, short and mangled names are the same text.
constexpr const char* kGemm128x128 = "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_"
                                     "execute_segment_k_off_kernel__5x_cublas";
constexpr const char* kGemm64x128 = "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize64x128x64_warpgroupsize1x1x1_"
                                    "execute_segment_k_off_kernel__5x_cublas";
constexpr const char* kGemm128x256 = "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x256x64_warpgroupsize2x1x1_"
                                     "execute_segment_k_off_kernel__5x_cublas";
constexpr const char* kGemm256x128 = "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize256x128x64_warpgroupsize2x1x1_"
                                     "execute_segment_k_off_kernel__5x_cublas";

constexpr std::array<SynthKernelSpec, size_t(SynthKernel::Count)> s_specs { {
    // RmsNorm
    { "void vllm::rms_norm_kernel<c10::BFloat16>(c10::BFloat16*, const c10::BFloat16*, const c10::BFloat16*, "
      "float, int, int)",
        "rms_norm_kernel", "_ZN4vllm15rms_norm_kernelIN3c108BFloat16EEEvPT_PKS3_S6_fii", { 64, 1, 1 }, { 2048, 1, 1 },
        { 1024, 1, 1 }, 32, 132, 0, { 0, 0, 0 }, 2'000, 4'000, 80, false },
    // QkvGemm
    { kGemm128x128, kGemm128x128, nullptr, { 48, 1, 1 }, { 48, 16, 1 }, { 384, 1, 1 }, 168, 0, 204'800, { 2, 1, 1 },
        10'000, 18'000, 120, false },
    // RotaryEmbedding
    { "void vllm::rotary_embedding_kernel<c10::BFloat16, true>(const long*, c10::BFloat16*, c10::BFloat16*, "
      "const c10::BFloat16*, int, long, long, int, int, int)",
        "rotary_embedding_kernel", "_ZN4vllm23rotary_embedding_kernelIN3c108BFloat16ELb1EEEvPKlPT_S6_PKS5_illiii",
        { 64, 1, 1 }, { 2048, 1, 1 }, { 512, 1, 1 }, 30, 0, 0, { 0, 0, 0 }, 1'800, 3'000, 60, false },
    // ReshapeAndCache: writes the new K/V into the paged cache
    { "void vllm::reshape_and_cache_flash_kernel<__nv_bfloat16, __nv_bfloat16, (vllm::Fp8KVCacheDataType)0>(const "
      "__nv_bfloat16*, const __nv_bfloat16*, __nv_bfloat16*, __nv_bfloat16*, const long*, long, long, long, long, int, "
      "int, int, const float*, const float*)",
        "reshape_and_cache_flash_kernel",
        "_ZN4vllm30reshape_and_cache_flash_kernelI13__nv_bfloat16S1_LNS_18Fp8KVCacheDataTypeE0EEEvPKT_S5_PT0_S7_"
        "PKllllliiiPKfSB_",
        { 64, 1, 1 }, { 2048, 1, 1 }, { 512, 1, 1 }, 38, 0, 0, { 0, 0, 0 }, 2'000, 3'500, 60, false },
    // AttentionDecode
    { "void flash::flash_fwd_splitkv_kernel<Flash_fwd_kernel_traits<128, 64, 128, 4, false, false, "
      "cutlass::bfloat16_t>, false, false, false, false, true, false, false>(Flash_fwd_params)",
        "flash_fwd_splitkv_kernel",
        "_ZN5flash24flash_fwd_splitkv_kernelI23Flash_fwd_kernel_traitsILi128ELi64ELi128ELi4ELb0ELb0EN7cutlass"
        "10bfloat16_tEELb0ELb0ELb0ELb0ELb1ELb0ELb0EEEv16Flash_fwd_params",
        { 1, 4, 512 }, { 1, 4, 512 }, { 128, 1, 1 }, 255, 0, 81'920, { 0, 0, 0 }, 12'000, 24'000, 10, false },
    // AttentionCombine: merges the split-KV partial results (decode only)
    { "void flash::flash_fwd_splitkv_combine_kernel<Flash_fwd_kernel_traits<128, 64, 128, 4, false, false, "
      "cutlass::bfloat16_t>, 4, 3, true>(Flash_fwd_params)",
        "flash_fwd_splitkv_combine_kernel",
        "_ZN5flash32flash_fwd_splitkv_combine_kernelI23Flash_fwd_kernel_traitsILi128ELi64ELi128ELi4ELb0ELb0EN7cutlass"
        "10bfloat16_tEELi4ELi3ELb1EEEv16Flash_fwd_params",
        { 128, 1, 1 }, { 128, 1, 1 }, { 128, 1, 1 }, 64, 0, 16'384, { 0, 0, 0 }, 2'500, 4'000, 10, false },
    // AttentionPrefill
    { "void flash::flash_fwd_kernel<Flash_fwd_kernel_traits<128, 128, 64, 4, false, false, cutlass::bfloat16_t>, "
      "false, true, false, false, false, true, false, false>(Flash_fwd_params)",
        "flash_fwd_kernel",
        "_ZN5flash16flash_fwd_kernelI23Flash_fwd_kernel_traitsILi128ELi128ELi64ELi4ELb0ELb0EN7cutlass"
        "10bfloat16_tEELb0ELb1ELb0ELb0ELb0ELb1ELb0ELb0EEEv16Flash_fwd_params",
        { 16, 32, 1 }, { 16, 32, 1 }, { 128, 1, 1 }, 255, 0, 65'536, { 0, 0, 0 }, 12'000, 24'000, 180, false },
    // OutProjGemm
    { kGemm64x128, kGemm64x128, nullptr, { 32, 1, 1 }, { 32, 32, 1 }, { 384, 1, 1 }, 168, 0, 147'456, { 2, 1, 1 },
        8'000, 14'000, 120, false },
    // AddResidual
    { "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<c10::BFloat16>, "
      "std::array<char*, 3ul> >(int, at::native::CUDAFunctor_add<c10::BFloat16>, std::array<char*, 3ul>)",
        "vectorized_elementwise_kernel",
        "_ZN2at6native29vectorized_elementwise_kernelILi4ENS0_15CUDAFunctor_"
        "addIN3c108BFloat16EEESt5arrayIPcLm3EEEEviT0_T1_",
        { 128, 1, 1 }, { 4096, 1, 1 }, { 128, 1, 1 }, 26, 0, 0, { 0, 0, 0 }, 1'800, 3'200, 100, false },
    // GateUpGemm
    { kGemm128x256, kGemm128x256, nullptr, { 112, 1, 1 }, { 112, 16, 1 }, { 384, 1, 1 }, 168, 0, 221'184, { 2, 1, 1 },
        22'000, 40'000, 120, false },
    // SiluAndMul
    { "void vllm::act_and_mul_kernel<c10::BFloat16, &vllm::silu_kernel<c10::BFloat16>, true>(c10::BFloat16*, "
      "const c10::BFloat16*, int)",
        "act_and_mul_kernel",
        "_ZN4vllm18act_and_mul_kernelIN3c108BFloat16EXadL_ZNS_11silu_kernelIS2_EET_RKS4_EELb1EEEvPS4_PKS4_i",
        { 64, 1, 1 }, { 2048, 1, 1 }, { 1024, 1, 1 }, 28, 0, 0, { 0, 0, 0 }, 2'500, 5'000, 80, false },
    // DownGemm: the same cuBLAS kernel as the QKV projection, as in real vLLM traces
    { kGemm128x128, kGemm128x128, nullptr, { 32, 1, 1 }, { 32, 16, 1 }, { 384, 1, 1 }, 168, 0, 204'800, { 2, 1, 1 },
        14'000, 26'000, 120, false },
    // LmHeadGemm
    { kGemm256x128, kGemm256x128, nullptr, { 251, 1, 1 }, { 251, 1, 1 }, { 384, 1, 1 }, 168, 0, 221'184, { 2, 1, 1 },
        35'000, 60'000, 12, false },
    // AllReduce (NCCL low-latency protocol on the communication stream)
    { "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)",
        "ncclDevKernel_AllReduce_Sum_bf16_RING_LL",
        "_Z40ncclDevKernel_AllReduce_Sum_bf16_RING_LL24ncclDevKernelArgsStorageILm4096EE", { 4, 1, 1 }, { 24, 1, 1 },
        { 512, 1, 1 }, 96, 21'504, 0, { 0, 0, 0 }, 8'000, 20'000, 120, true },
    // Softmax over the logits of the last token of each sequence
    { "void at::native::(anonymous namespace)::cunn_SoftMaxForward<4, c10::BFloat16, float, c10::BFloat16, "
      "at::native::(anonymous namespace)::SoftMaxForwardEpilogue>(c10::BFloat16*, const c10::BFloat16*, int)",
        "cunn_SoftMaxForward",
        "_ZN2at6native12_GLOBAL__N_119cunn_SoftMaxForwardILi4EN3c108BFloat16EfS4_NS1_22SoftMaxForwardEpilogueEEEvPT2_"
        "PKT0_i",
        { 64, 1, 1 }, { 64, 1, 1 }, { 1024, 1, 1 }, 40, 0, 8'192, { 0, 0, 0 }, 5'000, 9'000, 10, false },
    // Argmax (greedy sampling)
    { "void at::native::reduce_kernel<512, 1, at::native::ReduceOp<c10::BFloat16, "
      "at::native::ArgMaxOps<c10::BFloat16>, unsigned int, long, 4> >(at::native::ReduceOp<c10::BFloat16, "
      "at::native::ArgMaxOps<c10::BFloat16>, unsigned int, long, 4>)",
        "reduce_kernel",
        "_ZN2at6native13reduce_kernelILi512ELi1ENS0_8ReduceOpIN3c108BFloat16ENS0_9ArgMaxOpsIS4_EEjlLi4EEEEEvT1_",
        { 64, 1, 1 }, { 64, 1, 1 }, { 32, 16, 1 }, 40, 0, 4'096, { 0, 0, 0 }, 4'000, 7'000, 10, false },
} };

constexpr std::array<const char*, size_t(SynthApi::Count)> s_apiNames { "cudaLaunchKernel_v7000",
    "cudaGraphLaunch_v10000", "cudaMemcpyAsync_v3020", "cudaMemsetAsync_v3020", "cudaStreamSynchronize_v3020" };

} // namespace

const SynthKernelSpec& SynthKernelCatalog::spec(SynthKernel kind) { return s_specs[size_t(kind)]; }

const char* SynthKernelCatalog::apiName(SynthApi api) { return s_apiNames[size_t(api)]; }

int SynthKernelCatalog::sharedMemoryExecuted(const SynthKernelSpec& spec)
{
    // H100 unified L1/shared carve-outs (KB) a kernel's launch is rounded up to.
    static constexpr int carveoutsKb[] = { 0, 8, 16, 32, 64, 100, 132, 164, 196, 228 };
    const int needed = spec.staticSmem + spec.dynamicSmem;
    for (const int kb : carveoutsKb)
        if (kb * 1024 >= needed)
            return kb * 1024;
    return 228 * 1024;
}

int SynthStringIds::add(const std::string& value)
{
    const auto it = m_ids.find(value);
    if (it != m_ids.end())
        return it->second;
    m_values.push_back(value);
    const int id = int(m_values.size());
    m_ids.emplace(value, id);
    return id;
}

int SynthStringIds::id(const std::string& value) const
{
    const auto it = m_ids.find(value);
    return it == m_ids.end() ? 0 : it->second;
}

} // namespace sl
