// SPDX-License-Identifier: MIT
#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"
#include "core/models/overviewdata.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/realtraces.h"
#include "tests/common/tracefixture.h"

#include <QtTest>

using namespace sl;
using sl::test::TraceFixture;

namespace {

/// Two GPUs, four kernel categories, a copy, three idle gaps (one per cause) and two phases.
/// Every expected value below is worked out by hand from these rows (times in ns).
///
/// GPU 0: gemm [1000,2000] · gap 500 host-wait (the next launch call starts at 2100, after the gap
/// began) · attention [2500,3000] + HtoD copy [3000,3400] · gap 1600 sync-wait (launched at 2300,
/// before the gap, while cudaDeviceSynchronize [3300,5100] overlaps it) · gemm [5000,6000] ·
/// gap 200 other (launched early, no blocking call overlaps) · nccl [6200,7000].
/// Span 6000, busy 3700 (compute 3300 + copy-only 400), idle 2300.
/// GPU 1: "mystery" [1000,1500] (category other): span 500, all compute.
/// NVTX on the launching thread: prefill [850,2120] holds the calls at 900 and 2100; decode
/// [2150,2500] holds those at 2200, 2300 and 2400; the call at 800 is in no range.
std::shared_ptr<const AnalysisResult> analyseFixture()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.gpu(1, QStringLiteral("H100"));
    fx.process(100, QStringLiteral("python3"));
    const QString launch = QStringLiteral("cudaLaunchKernel_v7000");
    fx.runtime(800, 850, 100, 101, 6, launch);
    fx.runtime(900, 950, 100, 101, 1, launch);
    fx.runtime(2100, 2150, 100, 101, 2, launch);
    fx.runtime(2200, 2250, 100, 101, 3, QStringLiteral("cudaMemcpyAsync_v3020"));
    fx.runtime(2300, 2350, 100, 101, 4, launch);
    fx.runtime(2400, 2450, 100, 101, 5, launch);
    fx.runtime(3300, 5100, 100, 101, 7, QStringLiteral("cudaDeviceSynchronize_v3020"));
    fx.kernel(1000, 2000, 0, 7, 1, 100, QStringLiteral("ampere_gemm_kernel"));
    fx.kernel(2500, 3000, 0, 7, 2, 100, QStringLiteral("flash_attn_fwd"));
    fx.memcpy(3000, 3400, 0, 7, 3, 100, 1 << 20, 1, 0, 1);
    fx.kernel(5000, 6000, 0, 7, 4, 100, QStringLiteral("ampere_gemm_kernel"));
    fx.kernel(6200, 7000, 0, 7, 5, 100, QStringLiteral("ncclAllReduceKernel"));
    fx.kernel(1000, 1500, 1, 9, 6, 100, QStringLiteral("mystery"));
    fx.nvtx(850, 2120, 100, 101, QStringLiteral("prefill"));
    fx.nvtx(2150, 2500, 100, 101, QStringLiteral("decode"));
    return sl::test::analyzeWindow(sl::test::loadFixture(fx));
}

QVector<qint64> values(const ChartData& c, int series) { return c.series.value(series).valuesNs; }

} // namespace

class TestOverviewData : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { m_analysis = analyseFixture(); }
    void categories();
    void categoriesFoldIntoOther();
    void devices();
    void devicesOfTheFocusedGpu();
    void phases();
    void emptyAnalysis();
    void realTracesAddUp();

private:
    std::shared_ptr<const AnalysisResult> m_analysis;
};

void TestOverviewData::categories()
{
    const ChartData c = OverviewData::categories(*m_analysis);
    QVERIFY(!c.stacked);
    // gemm 1000 + 1000; communication 800; attention 500 and other 500 tie, ordered by name.
    QCOMPARE(c.categories,
        QStringList({ QStringLiteral("gemm"), QStringLiteral("communication"), QStringLiteral("attention"),
            QStringLiteral("other") }));
    QCOMPARE(c.series.size(), 1);
    QCOMPARE(values(c, 0), QVector<qint64>({ 2000, 800, 500, 500 }));
    QCOMPARE(c.maxBarNs(), 2000);
}

void TestOverviewData::categoriesFoldIntoOther()
{
    // Three bars: the two largest, then attention 500 + other 500 folded into "other".
    const ChartData c = OverviewData::categories(*m_analysis, 3);
    QCOMPARE(c.categories,
        QStringList({ QStringLiteral("gemm"), QStringLiteral("other"), QStringLiteral("communication") }));
    QCOMPARE(values(c, 0), QVector<qint64>({ 2000, 1000, 800 }));
}

void TestOverviewData::devices()
{
    const ChartData c = OverviewData::devices(*m_analysis);
    QVERIFY(c.stacked);
    QCOMPARE(c.categories, QStringList({ QStringLiteral("GPU 0"), QStringLiteral("GPU 1") }));
    QCOMPARE(c.series.size(), 6);
    QCOMPARE(values(c, 0), QVector<qint64>({ 3300, 500 })); // compute
    QCOMPARE(values(c, 1), QVector<qint64>({ 400, 0 })); // copies only
    QCOMPARE(values(c, 2), QVector<qint64>({ 500, 0 })); // idle: host wait
    QCOMPARE(values(c, 3), QVector<qint64>({ 1600, 0 })); // idle: sync wait
    QCOMPARE(values(c, 4), QVector<qint64>({ 200, 0 })); // idle: other
    QCOMPARE(values(c, 5), QVector<qint64>({ 0, 0 })); // idle: profiler overhead (no PROFILER_OVERHEAD rows)
    QVERIFY(!c.series[1].idle);
    QVERIFY(c.series[2].idle && c.series[3].idle && c.series[4].idle);
    QCOMPARE(c.maxBarNs(), 6000); // a stacked bar is the device's span
}

void TestOverviewData::devicesOfTheFocusedGpu()
{
    // The GPU focus keeps GPU 1's bar (the values above, second column); an unknown GPU none.
    const ChartData c = OverviewData::devices(*m_analysis, 1);
    QCOMPARE(c.categories, QStringList({ QStringLiteral("GPU 1") }));
    QCOMPARE(values(c, 0), QVector<qint64>({ 500 }));
    QCOMPARE(values(c, 1), QVector<qint64>({ 0 }));
    QVERIFY(OverviewData::devices(*m_analysis, 7).isEmpty());
}

void TestOverviewData::phases()
{
    const ChartData c = OverviewData::phases(*m_analysis);
    QVERIFY(!c.stacked);
    // Phase-map order, "sampling" (no time) left out, unattributed last.
    QCOMPARE(c.categories,
        QStringList({ QStringLiteral("prefill"), QStringLiteral("decode"), QStringLiteral("unattributed") }));
    QCOMPARE(values(c, 0), QVector<qint64>({ 1270, 350, 0 })); // wall: 2120 − 850, 2500 − 2150
    QCOMPARE(values(c, 1), QVector<qint64>({ 1500, 1800, 500 })); // kernels: 1000 + 500, 1000 + 800, 500
}

void TestOverviewData::emptyAnalysis()
{
    const AnalysisResult empty;
    QVERIFY(OverviewData::categories(empty).isEmpty());
    QVERIFY(OverviewData::devices(empty).isEmpty());
    QVERIFY(OverviewData::phases(empty).isEmpty());
    QCOMPARE(OverviewData::devices(empty).maxBarNs(), 0);
}

void TestOverviewData::realTracesAddUp()
{
    const QStringList traces = sl::test::realTraces();
    if (traces.isEmpty())
        QSKIP(qPrintable(sl::test::realTracesSkipReason()));
    for (const QString& path : traces) {
        const LoadOutcome loaded = TraceLoader::loadSync(path);
        if (!loaded.ok())
            continue; // unreadable exports are the loader tests' business
        const AnalysisPtr a = Analyzer::analyze(loaded.trace, AnalysisOptions {});
        const QString name = QFileInfo(path).fileName();
        // The category bars share out the kernel time; nothing is lost or counted twice.
        qint64 categories = 0;
        for (qint64 v : OverviewData::categories(*a).series.value(0).valuesNs)
            categories += v;
        QVERIFY2(categories == a->kernelNs, qPrintable(name));
        // Each device bar (compute + copies + three idle causes) is exactly its span.
        const ChartData devices = OverviewData::devices(*a);
        QVERIFY2(devices.categories.size() == a->devices.size(), qPrintable(name));
        for (qsizetype d = 0; d < devices.categories.size(); ++d) {
            const DeviceStats* stats = nullptr;
            for (const DeviceStats& s : a->devices)
                if (devices.categories[d] == QStringLiteral("GPU %1").arg(s.deviceId))
                    stats = &s;
            QVERIFY2(stats, qPrintable(name));
            qint64 bar = 0;
            for (const ChartData::Series& s : devices.series) {
                QVERIFY2(s.valuesNs[d] >= 0, qPrintable(name));
                bar += s.valuesNs[d];
            }
            QVERIFY2(
                bar == stats->lastNs - stats->firstNs, qPrintable(name + QStringLiteral(" ") + devices.categories[d]));
        }
    }
}

QTEST_GUILESS_MAIN(TestOverviewData)
#include "tst_overviewdata.moc"
