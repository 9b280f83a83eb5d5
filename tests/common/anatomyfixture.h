// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace sl::test {

class TraceFixture;

/// The model-anatomy fixture of tst_anatomy, shared with the anatomy table model and dock tests:
/// one prefill step (qkv_proj { aten::mm 512×4096×6144 } 50 µs, flash attention 30 µs, o_proj
/// { aten::mm 512×4096×4096 } 20 µs, an NCCL all-reduce 10 µs, gate_up_proj 80 µs, act_fn 5 µs,
/// down_proj 40 µs, an RMSNorm in the step itself 3 µs), one decode step (qkv_proj { aten::mm
/// 8×4096×6144 } 5 µs, split-KV flash 4 µs, lm_head 6 µs) and a 2 µs fill kernel outside every
/// range, on one H100 SXM (132 SMs), process 31337. The expected figures are in tst_anatomy.
namespace anatomy {
constexpr quint32 kPid = 31337;
constexpr quint32 kTid = 31340;
QString launchApi(); ///< cudaLaunchKernel_v7000
QString gemmKernel(); ///< a cuBLAS sm90 bf16 GEMM (tile 128×256×64)
QString flashKernel();
QString flashDecodeKernel();
/// Writes the rows above into `fx` (an empty Nsys2026 fixture). A model variant for comparisons:
/// `qkvPrefillNs` the prefill QKV GEMM's duration (≤ 90 µs: it ends before the next kernel),
/// `allReduce` false leaves the all-reduce out (a single-GPU variant).
void writePrefillDecode(TraceFixture& fx, qint64 qkvPrefillNs = 50'000, bool allReduce = true);
} // namespace anatomy

} // namespace sl::test
