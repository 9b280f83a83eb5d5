// SPDX-License-Identifier: MIT
#include "tests/common/kernelsfixture.h"

#include "tests/common/tracefixture.h"

namespace sl::test {

void KernelsFixture::fill(TraceFixture& fx)
{
    fx.gpu(0, QStringLiteral("H100"));
    fx.process(100, QStringLiteral("python3"));
    fx.process(200, QStringLiteral("python3"));
    fx.kernel(1000, 1300, 0, 7, 1, 100, QStringLiteral("gemm_a"), 128, 32, 0);
    fx.kernel(1100, 1200, 0, 8, 2, 100, QStringLiteral("relu"), 256, 128, 0);
    fx.kernel(2000, 2900, 1, 7, 1, 200, QStringLiteral("gemm_a"), 128, 32, 0);
    fx.kernel(3000, 3050, 0, 7, 3, 100, QStringLiteral("softmax"), 128, 32, 100000);
    fx.kernel(4000, 4400, 0, 8, 4, 100, QStringLiteral("gemm_b"), 256, 128, 0);
    fx.kernel(5000, 5300, 1, 7, 2, 200, QStringLiteral("relu"), 256, 128, 0);
    fx.runtime(800, 900, 100, 101, 1, launch());
    fx.runtime(950, 1000, 100, 102, 2, launch());
    fx.runtime(1500, 1900, 200, 201, 1, launch());
    fx.runtime(2900, 2980, 100, 101, 3, launch());
    fx.runtime(3500, 3600, 100, 102, 4, driverLaunch());
}

} // namespace sl::test
