// SPDX-License-Identifier: MIT
#include "tests/common/counterfilesfixture.h"

#include "core/io/ncureport.h"

namespace sl::test {

QString counterData(const QString& relativePath)
{
    return QStringLiteral(SIGHTLINE_TEST_DATA "/counters/") + relativePath;
}

void kernel3d(TraceFixture& fx, qint64 start, qint64 durationNs, quint32 corr, const QString& name,
    std::array<int, 3> grid, std::array<int, 3> block)
{
    fx.runtime(start - 5'000, start - 4'000, 100, 100, corr, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.kernel(start, start + durationNs, 0, 7, corr, 100, name, block[0]);
    fx.exec(QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET gridX = %1, gridY = %2, gridZ = %3, blockY = %4, "
                           "blockZ = %5 WHERE correlationId = %6")
                .arg(grid[0])
                .arg(grid[1])
                .arg(grid[2])
                .arg(block[1])
                .arg(block[2])
                .arg(corr));
}

void blackwellGpu(TraceFixture& fx)
{
    fx.process(100, QStringLiteral("python3.12"));
    fx.thread(100, 100, QStringLiteral("python3.12"));
    fx.gpu(0, QStringLiteral("NVIDIA GeForce RTX 5090"), 170);
    fx.exec(QStringLiteral("UPDATE TARGET_INFO_GPU SET computeMajor = 12, computeMinor = 0, clockRate = 2000000000, "
                           "memoryBandwidth = 1792000000000"));
}

QString dsocrSplitKvInTrace()
{
    return QStringLiteral(
        "void flash::flash_fwd_splitkv_kernel<Flash_fwd_kernel_traits<128, 64, 128, 4, false, false, "
        "cutlass::bfloat16_t, Flash_kernel_traits<128, 64, 128, 4, cutlass::bfloat16_t> >, true, false, false, "
        "false, true, true, false, false>(flash::Flash_fwd_params)");
}

void writeDsocrTrace(TraceFixture& fx, const NcuReport& ncu)
{
    blackwellGpu(fx);
    qint64 at = 1'000'000;
    quint32 corr = 1;
    for (const NcuLaunch& l : ncu.launches) {
        const QString name = l.file.startsWith(QLatin1String("kernel_0013")) ? dsocrSplitKvInTrace() : l.kernelName;
        const int copies = l.file.startsWith(QLatin1String("kernel_0005")) ? 2 : 1;
        const qint64 ns = qint64(l.durationNs.value_or(1'000));
        for (int c = 0; c < copies; ++c) {
            kernel3d(fx, at, ns, corr++, name, { int(l.grid[0]), int(l.grid[1]), int(l.grid[2]) },
                { int(l.block[0]), int(l.block[1]), int(l.block[2]) });
            at += ns + 10'000;
        }
    }
}

void writeH200Trace(TraceFixture& fx, const NcuReport& ncu)
{
    fx.process(100, QStringLiteral("python3.12"));
    fx.thread(100, 100, QStringLiteral("python3.12"));
    fx.gpu(0, QStringLiteral("NVIDIA H200"), 132);
    fx.exec(QStringLiteral("UPDATE TARGET_INFO_GPU SET computeMajor = 9, computeMinor = 0, clockRate = 1980000000, "
                           "memoryBandwidth = 4800000000000"));
    qint64 at = 1'000'000;
    quint32 corr = 1;
    for (const NcuLaunch& l : ncu.launches) {
        const qint64 ns = qint64(l.durationNs.value_or(1'000));
        kernel3d(fx, at, ns, corr++, l.kernelName, { int(l.grid[0]), int(l.grid[1]), int(l.grid[2]) },
            { int(l.block[0]), int(l.block[1]), int(l.block[2]) });
        at += ns + 10'000;
    }
}

QByteArray rtx5090Peaks()
{
    return "{\"gpus\":[{\"model\":\"RTX 5090 (test entry)\",\"source\":\"test\","
           "\"match\":[\"RTX 5090\"],\"tflops\":{\"bf16\":209.5}}]}";
}

} // namespace sl::test
