// SPDX-License-Identifier: MIT
#pragma once

#include "tests/common/tracefixture.h"

#include <QByteArray>
#include <QString>

#include <array>

namespace sl {
struct NcuReport;
}

namespace sl::test {

/// The real counter files committed under tests/data/counters (README there: sources, licences).
QString counterData(const QString& relativePath);

/// One kernel with an explicit grid and block, launched from thread 100 on device 0 (the
/// fixture's kernel() writes a 1-D launch).
void kernel3d(TraceFixture& fx, qint64 start, qint64 durationNs, quint32 corr, const QString& name,
    std::array<int, 3> grid, std::array<int, 3> block);

/// A Blackwell GPU like the one the DeepSeek-OCR CSVs were profiled on (CC 12.0; their SOL
/// section: SM 2.00 GHz, DRAM at 8.87 % for 17.5 MB in 111.81 µs ≈ 1.77 TB/s peak): 170 SMs,
/// 2.0 GHz, 1.792 TB/s, and process/thread 100.
void blackwellGpu(TraceFixture& fx);

/// flash_fwd_splitkv (kernel_0013) as nsys would name it with a different demangler than ncu's:
/// only the function name agrees.
QString dsocrSplitKvInTrace();

/// The six launches of codegandee-dsocr with the files' own names, grids, blocks and durations,
/// back to back from 1 ms with 10 µs gaps; kernel_0005 twice (only its first launch was profiled),
/// kernel_0013 named as dsocrSplitKvInTrace(). Writes the GPU too.
void writeDsocrTrace(TraceFixture& fx, const NcuReport& ncu);

/// The launches of sightline-h200/ncu-raw-gemm.csv (or any raw-page import) as a trace on an
/// "NVIDIA H200" (nvidia-smi's name; 132 SMs, CC 9.0, 1.98 GHz by smi-name.csv's clocks.max.sm,
/// 4.8 TB/s by the datasheet), each with its own name, grid, block and duration, back to back
/// from 1 ms with 10 µs gaps, from process/thread 100.
void writeH200Trace(TraceFixture& fx, const NcuReport& ncu);

/// A GPU-peak entry for the RTX 5090: dense BF16 tensor 209.5 TFLOP/s (GpuPeaks JSON).
QByteArray rtx5090Peaks();

} // namespace sl::test
