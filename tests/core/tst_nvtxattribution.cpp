// SPDX-License-Identifier: MIT
// The NVTX attribution and phases on small hand-built exports: every expected number is worked
// out by hand in the comments from the rows inserted, never taken from the code under test.
#include "core/analysis/analyzer.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tracefixture.h"

#include <QTest>

using namespace sl;
using sl::test::analyzeWindow;
using sl::test::loadFixture;
using sl::test::TraceFixture;

namespace {

const QString kLaunch = QStringLiteral("cudaLaunchKernel_v7000");

const NvtxKernelStats* byRange(const AnalysisResult& r, const QString& name)
{
    for (const auto& s : r.nvtxByRange)
        if (r.trace->strings.at(s.name) == name)
            return &s;
    return nullptr;
}

const NvtxRangeStats* rangeStats(const AnalysisResult& r, const QString& name)
{
    for (const auto& s : r.nvtxRanges)
        if (r.trace->strings.at(s.name) == name)
            return &s;
    return nullptr;
}

const PhaseStats* phase(const AnalysisResult& r, const QString& name)
{
    for (const auto& p : r.phases)
        if (p.phase == name)
            return &p;
    return nullptr;
}

} // namespace

class TestNvtxAttribution : public QObject
{
    Q_OBJECT
private slots:
    void nvtxAttribution();
    void nvtxAttributionCallOrder_data();
    void nvtxAttributionCallOrder();
    void phases();
};

void TestNvtxAttribution::nvtxAttribution()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.nvtx(1000, 10000, 100, 101, QStringLiteral("outer"));
    fx.nvtx(2000, 5000, 100, 101, QStringLiteral("inner"), 59, 0, true); // registered name (textId)
    fx.nvtx(7000, 9000, 100, 101, QStringLiteral("crossing"), 60, 102); // start/end, ends on tid 102
    fx.runtime(2500, 2600, 100, 101, 1, kLaunch); // A → inner (innermost)
    fx.runtime(6000, 6100, 100, 101, 2, kLaunch); // B → outer
    fx.runtime(500, 600, 100, 101, 3, kLaunch); // C → no range (before)
    fx.runtime(3000, 3100, 100, 102, 4, kLaunch); // D → other thread: none
    fx.runtime(8000, 8100, 100, 101, 5, kLaunch); // E → outer (crossing range not used)
    fx.kernel(20000, 20100, 0, 7, 1, 100, QStringLiteral("A")); // 100
    fx.kernel(21000, 21200, 0, 7, 2, 100, QStringLiteral("B")); // 200
    fx.kernel(22000, 22400, 0, 7, 3, 100, QStringLiteral("C")); // 400
    fx.kernel(23000, 23800, 0, 7, 4, 100, QStringLiteral("D")); // 800
    fx.kernel(24000, 25600, 0, 7, 5, 100, QStringLiteral("E")); // 1600
    const auto r = analyzeWindow(loadFixture(fx));
    QVERIFY(r);
    const Trace& t = *r->trace;
    QCOMPARE(r->kernelNs, qint64(3100));
    // Attributed: A 100 (inner) + B 200 + E 1600 (outer) = 1900.
    QCOMPARE(r->attributedNs, qint64(1900));
    QCOMPARE(r->coverage, 1900.0 / 3100.0);
    const NvtxKernelStats* in = byRange(*r, QStringLiteral("inner"));
    QVERIFY(in);
    QCOMPARE(in->kernelCount, qint64(1));
    QCOMPARE(in->kernelNs, qint64(100));
    const NvtxKernelStats* out = byRange(*r, QStringLiteral("outer"));
    QVERIFY(out);
    QCOMPARE(out->kernelCount, qint64(2));
    QCOMPARE(out->kernelNs, qint64(1800));
    QVERIFY(!byRange(*r, QStringLiteral("crossing")) || byRange(*r, QStringLiteral("crossing"))->kernelCount == 0);
    // Per kernel (start order A, B, C, D, E).
    QCOMPARE(r->kernelRange.size(), size_t(5));
    auto rangeName = [&](int k) {
        const qint32 rg = r->kernelRange[size_t(k)];
        return rg < 0 ? QString() : t.strings.at(t.nvtx.name[size_t(rg)]);
    };
    QCOMPARE(rangeName(0), QStringLiteral("inner"));
    QCOMPARE(rangeName(1), QStringLiteral("outer"));
    QCOMPARE(rangeName(2), QString());
    QCOMPARE(rangeName(3), QString());
    QCOMPARE(rangeName(4), QStringLiteral("outer"));
    // Range statistics: wall time and nesting depth.
    const NvtxRangeStats* o = rangeStats(*r, QStringLiteral("outer"));
    QVERIFY(o);
    QCOMPARE(o->count, qint64(1));
    QCOMPARE(o->totalNs, qint64(9000));
    QCOMPARE(o->maxDepth, 0);
    const NvtxRangeStats* i = rangeStats(*r, QStringLiteral("inner"));
    QVERIFY(i);
    QCOMPARE(i->totalNs, qint64(3000));
    QCOMPARE(i->maxDepth, 1);
    // 61 % < 70 %: the coverage warning is raised.
    bool warned = false;
    for (const auto& w : r->warnings)
        warned = warned || w.contains(QStringLiteral("NVTX"));
    QVERIFY(warned);
}

void TestNvtxAttribution::nvtxAttributionCallOrder_data()
{
    QTest::addColumn<bool>("outOfCallOrder");
    // Thread 101 launches k1 (stream 7) and then k2 (stream 8). In start order the kernel table
    // holds k1 first, or k2 first when stream 8 runs it earlier: then that thread's kernels are
    // not in the order of their calls, and the sweep gathers and sorts them by call instead of
    // walking the table once. Both must attribute alike.
    QTest::newRow("kernels in call order") << false;
    QTest::newRow("k2 runs before k1") << true;
}

void TestNvtxAttribution::nvtxAttributionCallOrder()
{
    QFETCH(bool, outOfCallOrder);
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.nvtx(1000, 2000, 100, 101, QStringLiteral("decode_step"));
    fx.nvtx(3000, 4000, 100, 101, QStringLiteral("prefill_batch"));
    fx.nvtx(1500, 2500, 100, 102, QStringLiteral("decode_step"));
    fx.runtime(1100, 1150, 100, 101, 1, kLaunch); // k1 → decode_step of thread 101
    fx.runtime(1600, 1650, 100, 102, 3, kLaunch); // k3 → decode_step of thread 102
    fx.runtime(3100, 3150, 100, 101, 2, kLaunch); // k2 → prefill_batch
    const qint64 k1 = outOfCallOrder ? 11000 : 10000, k2 = outOfCallOrder ? 10000 : 11000;
    fx.kernel(k1, k1 + 10, 0, 7, 1, 100, QStringLiteral("k1")); // 10 ns
    fx.kernel(k2, k2 + 20, 0, 8, 2, 100, QStringLiteral("k2")); // 20 ns
    fx.kernel(12000, 12040, 0, 9, 3, 100, QStringLiteral("k3")); // 40 ns
    const auto r = analyzeWindow(loadFixture(fx));
    QVERIFY(r);
    const Trace& t = *r->trace;
    const auto rowOf = [&](const QString& name) {
        for (qsizetype i = 0; i < t.kernels.size(); ++i)
            if (t.strings.at(t.kernels.name[size_t(i)]) == name)
                return size_t(i);
        return size_t(-1);
    };
    const auto rangeOf = [&](const QString& kernel) {
        const qint32 rg = r->kernelRange[rowOf(kernel)];
        return rg < 0 ? QString()
                      : QStringLiteral("%1@%2").arg(t.strings.at(t.nvtx.name[size_t(rg)])).arg(t.nvtx.tid[size_t(rg)]);
    };
    QCOMPARE(rowOf(QStringLiteral("k2")), outOfCallOrder ? size_t(0) : size_t(1));
    QCOMPARE(rangeOf(QStringLiteral("k1")), QStringLiteral("decode_step@101"));
    QCOMPARE(rangeOf(QStringLiteral("k2")), QStringLiteral("prefill_batch@101"));
    QCOMPARE(rangeOf(QStringLiteral("k3")), QStringLiteral("decode_step@102"));
    // Phases (prefill 0, decode 1): k1 and k3 decode, k2 prefill.
    QCOMPARE(r->kernelPhase[rowOf(QStringLiteral("k1"))], qint8(1));
    QCOMPARE(r->kernelPhase[rowOf(QStringLiteral("k2"))], qint8(0));
    QCOMPARE(r->kernelPhase[rowOf(QStringLiteral("k3"))], qint8(1));
    QCOMPARE(r->attributedNs, qint64(10 + 20 + 40));
    QCOMPARE(phase(*r, QStringLiteral("decode"))->kernelNs, qint64(10 + 40));
    QCOMPARE(phase(*r, QStringLiteral("decode"))->kernelCount, qint64(2));
    QCOMPARE(phase(*r, QStringLiteral("decode"))->steps, qint64(2)); // one on each thread
    QCOMPARE(phase(*r, QStringLiteral("prefill"))->kernelNs, qint64(20));
    QCOMPARE(phase(*r, QStringLiteral("unattributed"))->kernelNs, qint64(0));
    QCOMPARE(byRange(*r, QStringLiteral("decode_step"))->kernelNs, qint64(50));
    QCOMPARE(byRange(*r, QStringLiteral("decode_step"))->kernelCount, qint64(2));
    QCOMPARE(byRange(*r, QStringLiteral("prefill_batch"))->kernelNs, qint64(20));
    QCOMPARE(r->phasesByPid.value(100)[1].kernelNs, qint64(50));
    QCOMPARE(r->phasesByPid.value(100)[0].kernelCount, qint64(1));
}

void TestNvtxAttribution::phases()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    // An early API call opens the full window (first GPU or API event) before the first range.
    fx.runtime(500, 550, 100, 101, 99, QStringLiteral("cudaSetDevice_v3020"));
    fx.nvtx(1000, 2000, 100, 101, QStringLiteral("decode_step"));
    fx.nvtx(1200, 1800, 100, 101, QStringLiteral("decode_attention")); // nested: not a step
    fx.nvtx(3000, 4000, 100, 101, QStringLiteral("decode_step"));
    fx.nvtx(5000, 6500, 100, 101, QStringLiteral("decode_step"));
    fx.nvtx(10000, 12000, 100, 101, QStringLiteral("prefill_batch"));
    fx.nvtx(10100, 11000, 100, 101, QStringLiteral("forward")); // no phase of its own: prefill's
    fx.nvtx(13000, 14000, 100, 101, QStringLiteral("sampler"), 60, 102); // ends on another thread
    fx.nvtx(15000, 16000, 100, 101, QStringLiteral("idle_wait")); // no phase at all
    fx.runtime(1100, 1150, 100, 101, 1, kLaunch); // decode (step 1)
    fx.runtime(1300, 1350, 100, 101, 2, kLaunch); // decode (inside decode_attention)
    fx.runtime(5100, 5150, 100, 101, 3, kLaunch); // decode (step 3)
    fx.runtime(10500, 10550, 100, 101, 4, kLaunch); // prefill
    fx.runtime(20000, 20050, 100, 101, 5, kLaunch); // none
    fx.kernel(30000, 30010, 0, 7, 1, 100, QStringLiteral("k1")); // 10
    fx.kernel(31000, 31020, 0, 7, 2, 100, QStringLiteral("k2")); // 20
    fx.kernel(32000, 32040, 0, 7, 3, 100, QStringLiteral("k3")); // 40
    fx.kernel(33000, 33080, 0, 7, 4, 100, QStringLiteral("k4")); // 80
    fx.kernel(34000, 34160, 0, 7, 5, 100, QStringLiteral("k5")); // 160
    const auto r = analyzeWindow(loadFixture(fx));
    QVERIFY(r);
    // Default map order prefill, decode, sampling, then unattributed.
    QCOMPARE(r->phases.size(), 4);
    QCOMPARE(r->phases[0].phase, QStringLiteral("prefill"));
    QCOMPARE(r->phases[1].phase, QStringLiteral("decode"));
    QCOMPARE(r->phases[2].phase, QStringLiteral("sampling"));
    QCOMPARE(r->phases[3].phase, QStringLiteral("unattributed"));
    const PhaseStats* decode = phase(*r, QStringLiteral("decode"));
    QCOMPARE(decode->steps, qint64(3));
    QCOMPARE(decode->wallNs, qint64(1000 + 1000 + 1500));
    QCOMPARE(decode->kernelNs, qint64(10 + 20 + 40));
    QCOMPARE(decode->kernelCount, qint64(3));
    QCOMPARE(decode->kernelNsPerStep(), qint64(70 / 3));
    QCOMPARE(decode->stepNs, (std::vector<qint64> { 1000, 1000, 1500 }));
    const PhaseStats* prefill = phase(*r, QStringLiteral("prefill"));
    QCOMPARE(prefill->steps, qint64(1));
    QCOMPARE(prefill->wallNs, qint64(2000));
    QCOMPARE(prefill->kernelNs, qint64(80));
    const PhaseStats* sampling = phase(*r, QStringLiteral("sampling"));
    QCOMPARE(sampling->steps, qint64(0));
    QCOMPARE(sampling->kernelNs, qint64(0));
    const PhaseStats* none = phase(*r, QStringLiteral("unattributed"));
    QCOMPARE(none->kernelNs, qint64(160));
    // Unattributed kernels have no phase index (-1, per AnalysisResult::kernelPhase).
    QCOMPARE(r->kernelPhase, (std::vector<qint8> { 1, 1, 1, 0, -1 }));
    // Per range, in start order: decode_step, decode_attention, decode_step, decode_step,
    // prefill_batch, forward (inherits prefill), sampler (its own name; not swept), idle_wait.
    QCOMPARE(r->rangePhase, (std::vector<qint8> { 1, 1, 1, 1, 0, 0, 2, -1 }));
    // The one rank's phases equal the totals.
    QVERIFY(r->phasesByPid.contains(100));
    QCOMPARE(r->phasesByPid.value(100)[1].steps, qint64(3));
    QCOMPARE(r->phasesByPid.value(100)[1].kernelNs, qint64(70));
}

QTEST_GUILESS_MAIN(TestNvtxAttribution)
#include "tst_nvtxattribution.moc"
