// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace sl {

/// The key under which kernels of different builds, libraries or frameworks are matched when
/// their names differ (docs/analysis.md, "Kernel matching"). Strips what varies between builds
/// of the same work and keeps what names the work:
/// - a leading return type ("void "), template arguments (`<…>`, nested) and parameter lists;
/// - namespaces (`at::native::`, `vllm::`, `flashinfer::norm::` — only the last component counts);
/// - architecture prefixes and suffixes (`sm80_`, `sm_90a_`, `ampere_`, `hopper_`, `cutlass_80_`, …);
/// - tile and cluster shapes (`128x128`, `64x4_2x1`, `_tile128`), then every remaining digit run;
/// - the words "kernel" and "void", underscores, dots and case.
/// `void vllm::rms_norm_kernel<c10::BFloat16>(…)` and `flashinfer::norm::RMSNormKernel<…>` both
/// become "rmsnorm"; `sm90_xmma_gemm_f16f16_128x256…` and `sm80_xmma_gemm_f16f16_64x128…` both
/// become "xmmagemmff". A pure function: thread-safe.
class KernelNameNormalizer
{
public:
    static QString normalize(const QString& name);
};

} // namespace sl
