// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace sl::test {

class TraceFixture;

/// Six kernels on two GPUs, three streams, two processes and three threads, with distinct launch
/// configurations, for the Kernels dock's models. Every expected value in the tests that use it
/// is computed by hand from this table (kernel index = start order):
///
/// | k | start–end (ns) | dur | GPU | stream | pid | name    | block | regs | smem   | call (tid, start–end, name)     | delay |
/// |---|----------------|-----|-----|--------|-----|---------|-------|------|--------|---------------------------------|-------|
/// | 0 | 1000–1300      | 300 | 0   | 7      | 100 | gemm_a  | 128   | 32   | 0      | 101, 800–900, cudaLaunchKernel   | 100   |
/// | 1 | 1100–1200      | 100 | 0   | 8      | 100 | relu    | 256   | 128  | 0      | 102, 950–1000, cudaLaunchKernel  | 100   |
/// | 2 | 2000–2900      | 900 | 1   | 7      | 200 | gemm_a  | 128   | 32   | 0      | 201, 1500–1900, cudaLaunchKernel | 100   |
/// | 3 | 3000–3050      | 50  | 0   | 7      | 100 | softmax | 128   | 32   | 100000 | 101, 2900–2980, cudaLaunchKernel | 20    |
/// | 4 | 4000–4400      | 400 | 0   | 8      | 100 | gemm_b  | 256   | 128  | 0      | 102, 3500–3600, cuLaunchKernel   | 400   |
/// | 5 | 5000–5300      | 300 | 1   | 7      | 200 | relu    | 256   | 128  | 0      | none                             | –     |
///
/// GPU 0 has H100 limits (TraceFixture::gpu); GPU 1 has none, so its occupancy is unknown.
/// Theoretical occupancy on GPU 0: 128 threads/32 regs/0 B → 16 blocks of 4 warps = 100 %;
/// 256/128/0 → registers allow 16 warps = 2 blocks of 8 warps = 25 %; 128/32/100000 B →
/// 101 120 B per block (with 1 KiB reserved, 128 B granules) → 2 blocks of 4 warps = 12.5 %.
class KernelsFixture
{
public:
    static void fill(TraceFixture& fx);
    static QString launch() { return QStringLiteral("cudaLaunchKernel_v7000"); }
    static QString driverLaunch() { return QStringLiteral("cuLaunchKernel"); }
};

} // namespace sl::test
