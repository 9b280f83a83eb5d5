// SPDX-License-Identifier: MIT
#include "tests/common/mainwindowfixture.h"

#include "tests/common/tracefixture.h"
#include "widgets/mainwindow.h"

#include <QTest>

namespace sl::test {

void fillFixture(TraceFixture& fx)
{
    fx.gpu(0, QStringLiteral("H100"));
    fx.process(100, QStringLiteral("python3"));
    fx.kernel(1000, 1100, 0, 7, 1, 100, QStringLiteral("small"));
    fx.kernel(2000, 3000, 0, 7, 2, 100, QStringLiteral("big"));
    fx.kernel(4000, 4100, 0, 7, 3, 100, QStringLiteral("small"));
    fx.kernel(5000, 6000, 0, 7, 4, 100, QStringLiteral("big"));
    fx.kernel(6500, 6510, 0, 7, 6, 100, QStringLiteral("tiny"));
    fx.kernel(7000, 8000, 0, 7, 5, 100, QStringLiteral("big"));
    for (quint32 c = 1; c <= 6; ++c)
        fx.runtime(qint64(c) * 100, qint64(c) * 100 + 50, 100, 101, c, kLaunch);
    // rowids 7 and 8: 3.1 µs of blocking sync in an 8 µs window.
    fx.runtime(3000, 4900, 100, 101, 20, QStringLiteral("cudaStreamSynchronize_v3020"));
    fx.runtime(8000, 9200, 100, 101, 21, QStringLiteral("cudaDeviceSynchronize_v3020"));
    fx.nvtx(100, 9200, 100, 101, QStringLiteral("decode_step")); // one decode step around everything
}

bool waitIdle(MainWindow& w)
{
    return QTest::qWaitFor([&w] { return !w.isBusy(); }, 30000);
}

} // namespace sl::test
