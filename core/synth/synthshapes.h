// SPDX-License-Identifier: MIT
#pragma once

#include "core/synth/synthoptions.h"

namespace sl {

/// `sightline-cli synth --shapes`: a small, exact export for the efficiency figures (issue 9).
/// One worker (pid 1001, GPU 0, an H100 SXM by name) runs `steps` decode steps, each an NVTX
/// range "decode_step" of kShapeStepNs starting at kShapeStartNs + s·kShapeStepNs, holding:
///  - "aten::linear … sizes = [[8, 4096], [4096, 4096], [4096]]" enclosing "aten::addmm … sizes =
///    [[4096], [8, 4096], [4096, 4096]]", whose launch runs a bf16 tensor-core GEMM (gmma) on
///    stream 7 for 200 µs: 2·8·4096·4096 = 268,435,456 FLOPs;
///  - "aten::mm … sizes = [[64, 1024], [1024, 1024]]", whose launch runs an FP32 SIMT GEMM
///    (xmma … ffma) on stream 7 for 200 µs: 2·64·1024·1024 = 134,217,728 FLOPs;
///  - an NCCL all-reduce on its own stream 11 for 150 µs, 50 µs of it beside the FP32 GEMM.
/// A 1 µs cudaGetDevice call at kShapeStartNs opens the window. Offsets inside a step (ns) are
/// the constants below; tests compute every figure from them.
struct SynthShapes
{
    static constexpr qint64 kShapeStartNs = 1'000'000;
    static constexpr qint64 kShapeStepNs = 1'000'000;
    static constexpr qint64 kTensorGemmStart = 30'000, kTensorGemmNs = 200'000;
    static constexpr qint64 kSimtGemmStart = 330'000, kSimtGemmNs = 200'000;
    static constexpr qint64 kCommStart = 480'000, kCommNs = 150'000;
    static constexpr qint64 kStepRangeNs = 700'000;
    static const char* tensorGemmName();
    static const char* simtGemmName();
    static const char* commName();

    /// Writes the export to `path` (via path.part, renamed at the end). options.steps steps.
    static SynthResult write(const QString& path, const SynthOptions& options);
};

} // namespace sl
