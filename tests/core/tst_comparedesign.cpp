// SPDX-License-Identifier: MIT
// The model-design figures of a comparison (issue 23): two variants of the tst_anatomy model
// side by side — anatomy per phase × class (time, FLOPs, MFU), the GPU time in partial last
// waves, the GPU memory peak and headroom, TTFT p50/p90 — in the Comparison and in compare's
// report.json and report.md, every value worked out by hand from the fixtures below.
#include "core/compare/comparator.h"
#include "core/compare/comparisondesignfigures.h"
#include "core/report/comparisonjsonreport.h"
#include "core/report/comparisonmarkdownreport.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/anatomyfixture.h"
#include "tests/common/tracefixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace sl;
using sl::test::TraceFixture;
using namespace sl::test::anatomy;

namespace {

constexpr qint64 GiB = qint64(1) << 30, MiB = qint64(1) << 20;
constexpr qint64 kH100Memory = 85'520'809'984; // nvidia-smi: 81559 MiB, NVIDIA H100 80GB HBM3
constexpr double kPeakBf16 = 989.4; // H100 SXM5 bf16 dense (resources/efficiency/gpu-peaks.json)

/// CUDA_GPU_MEMORY_USAGE_EVENTS with nsys 2024+'s columns (docs: nsys-sqlite-schema).
void memoryTable(TraceFixture& fx)
{
    fx.exec(QStringLiteral(
        "CREATE TABLE CUDA_GPU_MEMORY_USAGE_EVENTS (start INTEGER NOT NULL, globalPid INTEGER NOT NULL, deviceId "
        "INTEGER NOT NULL, contextId INTEGER NOT NULL, address INTEGER NOT NULL, pc INTEGER NOT NULL, bytes INTEGER "
        "NOT NULL, memKind INTEGER NOT NULL, memoryOperationType INTEGER NOT NULL, name TEXT, correlationId INTEGER, "
        "streamId INTEGER, localMemoryPoolAddress INTEGER, localMemoryPoolReleaseThreshold INTEGER, "
        "localMemoryPoolSize INTEGER, localMemoryPoolUtilizedSize INTEGER, importedMemoryPoolAddress INTEGER, "
        "importedMemoryPoolProcessId INTEGER)"));
    fx.exec(QStringLiteral("UPDATE TARGET_INFO_GPU SET totalMemory = %1").arg(kH100Memory));
}

/// One allocation (op 0) or free (op 1) of device memory (memKind 2) by the fixture's process.
void memoryEvent(TraceFixture& fx, qint64 start, qint64 address, qint64 bytes, int op)
{
    fx.exec(QStringLiteral("INSERT INTO CUDA_GPU_MEMORY_USAGE_EVENTS (start, globalPid, deviceId, contextId, address, "
                           "pc, bytes, memKind, memoryOperationType, name, correlationId, streamId) VALUES "
                           "(%1, %2, 0, 1, %3, 0, %4, 2, %5, NULL, 0, 7)")
                .arg(start)
                .arg(TraceFixture::globalPid(kPid))
                .arg(address)
                .arg(bytes)
                .arg(op));
}

/// A request range (start/end on a harness thread) and the vLLM prefill step that gives its
/// first token, after every kernel: the anatomy is unchanged.
void request(TraceFixture& fx, qint64 start, qint64 end, qint64 prefillStart, qint64 prefillEnd, int n)
{
    fx.nvtx(prefillStart, prefillEnd, kPid, kTid, QStringLiteral("execute_context_1(512)_generation_0(0)"));
    fx.nvtx(start, end, kPid, 4250, QStringLiteral("request %1").arg(n), 60, 4250);
}

/// Variant A: tst_anatomy's model; 1 GiB + 512 MiB allocated, the 512 MiB freed (peak 1.5 GiB);
/// two requests, TTFT 0.7 ms and 1.15 ms.
AnalysisPtr variantA()
{
    TraceFixture fx;
    writePrefillDecode(fx);
    memoryTable(fx);
    memoryEvent(fx, 1'050'000, 0x7f1a00000000, GiB, 0);
    memoryEvent(fx, 1'200'000, 0x7f1b00000000, 512 * MiB, 0);
    memoryEvent(fx, 1'300'000, 0x7f1b00000000, 512 * MiB, 1);
    request(fx, 5'000'000, 6'000'000, 5'200'000, 5'700'000, 1); // TTFT 5.7 − 5.0 = 0.7 ms
    request(fx, 5'250'000, 7'000'000, 6'000'000, 6'400'000, 2); // TTFT 6.4 − 5.25 = 1.15 ms
    return test::analyzeWindow(test::loadFixture(fx));
}

/// Variant B: the prefill QKV GEMM takes 40 µs and launches 7×19 = 133 CTAs of one per SM (384
/// threads, 168 registers, 200 KiB shared memory) on the 132 SMs; no all-reduce; 2 GiB
/// allocated; one request, TTFT 0.5 ms.
AnalysisPtr variantB()
{
    TraceFixture fx;
    writePrefillDecode(fx, 40'000, false);
    fx.exec(QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET gridX = 7, gridY = 19, gridZ = 1, blockX = 384, "
                           "registersPerThread = 168, dynamicSharedMemory = 204800 WHERE correlationId = 701"));
    memoryTable(fx);
    memoryEvent(fx, 1'050'000, 0x7f1a00000000, 2 * GiB, 0);
    request(fx, 5'000'000, 6'000'000, 5'200'000, 5'500'000, 1);
    return test::analyzeWindow(test::loadFixture(fx));
}

} // namespace

class TestCompareDesign : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void traceFigures();
    void anatomyFigures();
    void reports();

private:
    ComparisonPtr m_cmp;
};

void TestCompareDesign::initTestCase()
{
    const AnalysisPtr a = variantA(), b = variantB();
    QVERIFY(a && b);
    m_cmp = Comparator::compare({ a, b }, ComparisonOptions {});
    QVERIFY(m_cmp);
}

void TestCompareDesign::traceFigures()
{
    const Comparison& c = *m_cmp;
    auto values = [&](const QString& key, const QString& scope = {}) {
        const int i = c.figureIndex(key, scope);
        return i < 0 ? QVector<std::optional<double>> {} : c.figures[i].values;
    };
    using V = QVector<std::optional<double>>;
    // A: no launch of two waves. B: 40 µs × (1 − 133/264) = 19,848.48 ns behind a full wave.
    QCOMPARE(values(QStringLiteral("wave_tail_ns")), (V { 0.0, 19'848.0 }));
    // Of the kernel time: A 255 µs; B 255 − 10 (QKV) − 10 (all-reduce) = 235 µs.
    QCOMPARE(values(QStringLiteral("wave_tail_share")), (V { 0.0, 19'848.0 / 235'000.0 }));
    QCOMPARE(values(QStringLiteral("memory_peak_bytes")), (V { double(GiB + 512 * MiB), double(2 * GiB) }));
    QCOMPARE(values(QStringLiteral("memory_headroom_bytes")),
        (V { double(kH100Memory - GiB - 512 * MiB), double(kH100Memory - 2 * GiB) }));
    // Nearest rank of two TTFTs: p50 the first (0.7 ms), p90 the second (1.15 ms).
    QCOMPARE(values(QStringLiteral("ttft_p50_ns")), (V { 700'000.0, 500'000.0 }));
    QCOMPARE(values(QStringLiteral("ttft_p90_ns")), (V { 1'150'000.0, 500'000.0 }));
    const ComparisonFigure& peak = c.figures[c.figureIndex(QStringLiteral("memory_peak_bytes"))];
    QCOMPARE(peak.kind, ComparisonFigure::Kind::Bytes);
    QCOMPARE(*c.delta(peak, 1), double(512 * MiB));
    QCOMPARE(c.direction(peak, 1), -1); // more memory is worse
}

void TestCompareDesign::anatomyFigures()
{
    const Comparison& c = *m_cmp;
    auto figure = [&](const QString& key, const QString& scope) -> const ComparisonFigure* {
        const int i = c.figureIndex(key, scope);
        return i < 0 ? nullptr : &c.figures[i];
    };
    using V = QVector<std::optional<double>>;
    // Twelve (phase, class) cells with kernels in A, eleven in B (no communication): 12 time rows.
    int rows = 0;
    for (const ComparisonFigure& f : c.figures)
        rows += f.section == ComparisonFigure::Section::Anatomy && f.key == QLatin1String("anatomy_kernel_ns");
    QCOMPARE(rows, 12);
    const QString qkv = QStringLiteral("prefill/qkv_projection");
    QVERIFY(figure(QStringLiteral("anatomy_kernel_ns"), qkv));
    QCOMPARE(figure(QStringLiteral("anatomy_kernel_ns"), qkv)->values, (V { 50'000.0, 40'000.0 }));
    QCOMPARE(*c.delta(*figure(QStringLiteral("anatomy_kernel_ns"), qkv), 1), -10'000.0);
    // 2·512·4096·6144 FLOPs in both; MFU = FLOPs ÷ time ÷ 10³ ÷ 989.4.
    const double flops = 25'769'803'776.0;
    QCOMPARE(figure(QStringLiteral("anatomy_flops"), qkv)->values, (V { flops, flops }));
    QCOMPARE(figure(QStringLiteral("anatomy_mfu"), qkv)->values,
        (V { flops / 50'000 / 1e3 / kPeakBf16, flops / 40'000 / 1e3 / kPeakBf16 }));
    QCOMPARE(c.direction(*figure(QStringLiteral("anatomy_mfu"), qkv), 1), 1);
    // The variant without the all-reduce spent no time there: 0, not undefined.
    QCOMPARE(figure(QStringLiteral("anatomy_kernel_ns"), QStringLiteral("prefill/communication"))->values,
        (V { 10'000.0, 0.0 }));
    // No shapes for the MLP up/gate GEMM in either: no FLOPs or MFU row.
    QVERIFY(!figure(QStringLiteral("anatomy_flops"), QStringLiteral("prefill/mlp_up_gate")));
    QVERIFY(!figure(QStringLiteral("anatomy_mfu"), QStringLiteral("prefill/mlp_up_gate")));
    QCOMPARE(figure(QStringLiteral("anatomy_kernel_ns"), QStringLiteral("unattributed/other"))->values,
        (V { 2'000.0, 2'000.0 }));
    QCOMPARE(ComparisonDesignFigures::anatomyScopeLabel(qkv), QStringLiteral("prefill · QKV projection"));
}

void TestCompareDesign::reports()
{
    const QJsonObject json = ComparisonJsonReport::build(*m_cmp);
    QJsonObject qkvMfu, peak;
    for (const QJsonValue& v : json.value(QLatin1String("figures")).toArray()) {
        const QJsonObject f = v.toObject();
        if (f.value(QLatin1String("key")) == QLatin1String("anatomy_mfu")
            && f.value(QLatin1String("scope")) == QLatin1String("prefill/qkv_projection"))
            qkvMfu = f;
        if (f.value(QLatin1String("key")) == QLatin1String("memory_peak_bytes"))
            peak = f;
    }
    QCOMPARE(qkvMfu.value(QLatin1String("section")).toString(), QStringLiteral("anatomy"));
    QCOMPARE(qkvMfu.value(QLatin1String("unit")).toString(), QStringLiteral("share"));
    QCOMPARE(
        qkvMfu.value(QLatin1String("values")).toArray().at(1).toDouble(), 25'769'803'776.0 / 40'000 / 1e3 / kPeakBf16);
    QCOMPARE(peak.value(QLatin1String("unit")).toString(), QStringLiteral("bytes"));
    QCOMPARE(peak.value(QLatin1String("values")).toArray().at(1).toInteger(), 2 * GiB);
    QCOMPARE(peak.value(QLatin1String("deltas")).toArray().at(1).toInteger(), 512 * MiB);

    const QString md = ComparisonMarkdownReport::build(*m_cmp);
    QVERIFY(md.contains(QStringLiteral("## Model anatomy")));
    // 50 µs → 40 µs: Δ −10.0 µs, ratio 0.80×.
    QVERIFY2(md.contains(
                 QStringLiteral("| prefill · QKV projection | Kernel time | 50.0 µs | 40.0 µs | −10.0 µs | 0.80× |")),
        qPrintable(md));
    QVERIFY(md.contains(QStringLiteral("| GPU memory peak (largest GPU) | 1.50 GiB | 2.00 GiB | +512.0 MiB |")));
}

QTEST_GUILESS_MAIN(TestCompareDesign)
#include "tst_comparedesign.moc"
