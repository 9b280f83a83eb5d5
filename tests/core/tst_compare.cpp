// SPDX-License-Identifier: MIT
// Comparison on hand-built exports whose differences are known by construction (an extra
// kernel category, slower decode steps, more blocking syncs, renamed kernels): every expected
// delta is worked out by hand from the rows inserted, and every trace-level figure is checked
// against the single-trace report.json of each side.
#include "core/analysis/analyzer.h"
#include "core/compare/comparator.h"
#include "core/compare/comparisonevidence.h"
#include "core/compare/kernelnamenormalizer.h"
#include "core/io/traceloader.h"
#include "core/report/comparisonjsonreport.h"
#include "core/report/comparisonwriter.h"
#include "core/report/jsonreport.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/realtraces.h"
#include "tests/common/tracefixture.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace sl;
using sl::test::TraceFixture;

namespace QTest {
/// Readable failures for figure values (undefined prints as "undefined").
template <> char* toString(const std::optional<double>& v) { return v ? QTest::toString(*v) : qstrdup("undefined"); }
} // namespace QTest

namespace {

const QString kLaunch = QStringLiteral("cudaLaunchKernel_v7000");
const QString kSync = QStringLiteral("cudaStreamSynchronize_v3020");

/// One serving process (pid 100, thread 101) on GPU 0: a 20 µs prefill step with a 4 µs gemm,
/// then `decodeSteps` decode steps of `decodeLen` ns, each with a gemm (`gemmNs`), a 1 µs
/// attention kernel, a 0.5 µs norm kernel, optionally a 0.7 µs activation kernel, and `syncs`
/// blocking syncs of 300 ns. Kernels run back to back with 100 ns between them.
struct Shape
{
    int decodeSteps = 4;
    qint64 decodeLen = 10'000;
    qint64 gemmNs = 2'000;
    bool activation = false;
    int syncs = 1;
    QString gemm = QStringLiteral("gemm_kernel");
    QString attention = QStringLiteral("flash_attn_kernel");
    QString norm = QStringLiteral("rms_norm_kernel");
    QString extra; ///< one more kernel per decode step (500 ns), when set
};

void build(TraceFixture& fx, const Shape& s)
{
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"));
    fx.process(100, QStringLiteral("python3"));
    fx.thread(100, 101, QStringLiteral("main"));
    fx.exec(QStringLiteral("BEGIN")); // one transaction: row-by-row commits would sync the disk per row
    quint32 corr = 1;
    auto launch = [&](qint64 callAt, qint64 start, qint64 length, const QString& name) {
        fx.runtime(callAt, callAt + 50, 100, 101, corr, kLaunch);
        fx.kernel(start, start + length, 0, 7, corr++, 100, name);
    };
    qint64 t = 1'000'000;
    // The window starts at the first GPU or API event: a call before the first step keeps it in.
    fx.runtime(t - 1'000, t - 900, 100, 101, corr++, QStringLiteral("cudaGetDevice_v3020"));
    fx.nvtx(t, t + 20'000, 100, 101, QStringLiteral("prefill"));
    launch(t + 100, t + 1'000, 4'000, s.gemm);
    t += 30'000;
    for (int k = 0; k < s.decodeSteps; ++k) {
        fx.nvtx(t, t + s.decodeLen, 100, 101, QStringLiteral("decode"));
        qint64 at = t + 1'000;
        launch(t + 100, at, s.gemmNs, s.gemm);
        at += s.gemmNs + 100;
        launch(t + 200, at, 1'000, s.attention);
        at += 1'100;
        launch(t + 300, at, 500, s.norm);
        at += 600;
        if (s.activation) {
            launch(t + 400, at, 700, QStringLiteral("silu_and_mul_kernel"));
            at += 800;
        }
        if (!s.extra.isEmpty())
            launch(t + 450, at, 500, s.extra);
        for (int j = 0; j < s.syncs; ++j)
            fx.runtime(t + 6'000 + j * 400, t + 6'300 + j * 400, 100, 101, corr++, kSync);
        t += s.decodeLen + 5'000;
    }
    // ... and one after the last step, so that no step is clipped at the window's end.
    fx.runtime(t, t + 100, 100, 101, corr++, QStringLiteral("cudaGetDevice_v3020"));
    fx.exec(QStringLiteral("COMMIT"));
}

AnalysisPtr analyzeShape(const Shape& s, std::unique_ptr<TraceFixture>* keep = nullptr)
{
    auto fx = std::make_unique<TraceFixture>();
    build(*fx, s);
    AnalysisPtr a = sl::test::analyzeWindow(sl::test::loadFixture(*fx));
    if (keep)
        *keep = std::move(fx);
    return a;
}

std::optional<double> value(const Comparison& c, const QString& key, const QString& scope, int trace)
{
    const int i = c.figureIndex(key, scope);
    return i < 0 ? std::nullopt : c.figures[i].values[trace];
}

std::optional<double> delta(const Comparison& c, const QString& key, const QString& scope, int trace)
{
    const int i = c.figureIndex(key, scope);
    return i < 0 ? std::nullopt : c.delta(c.figures[i], trace);
}

const KernelMatch* groupWith(const Comparison& c, int trace, const QString& name)
{
    for (const auto& g : c.kernels)
        for (quint32 n : g.sides[trace].names)
            if (c.analyses[trace]->trace->strings.at(n) == name)
                return &g;
    return nullptr;
}

std::set<qint64> rowidsOf(const Evidence& e, const RowidColumn& rowid)
{
    std::set<qint64> out;
    for (quint32 r : e.rows)
        out.insert(rowid[r]);
    return out;
}

} // namespace

class TestCompare : public QObject
{
    Q_OBJECT
private slots:
    void normalizer_data();
    void normalizer();
    void validation();
    void knownDifferences();
    void whatChangedMost();
    void perTokenNormalisation();
    void crossFrameworkMatching();
    void phaseEvidenceSql();
    void figuresEqualSingleTraceReports();
    void writesReports();
    void wholeGraphWarning();
    void realBeforeAfterPair();
};

void TestCompare::normalizer_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("key");
    QTest::addRow("vllm rms_norm") << QStringLiteral("void vllm::rms_norm_kernel<c10::BFloat16>(c10::BFloat16*, float)")
                                   << QStringLiteral("rmsnorm");
    QTest::addRow("flashinfer RMSNorm") << QStringLiteral("flashinfer::norm::RMSNormKernel<__nv_bfloat16>")
                                        << QStringLiteral("rmsnorm");
    QTest::addRow("sm90 xmma") << QStringLiteral("sm90_xmma_gemm_f16f16_128x256_kernel")
                               << QStringLiteral("xmmagemmff");
    QTest::addRow("sm_80a xmma") << QStringLiteral("sm_80a_xmma_gemm_f16f16_64x64_kernel")
                                 << QStringLiteral("xmmagemmff");
    // "ampere_" is dropped; tiles 128x128 and 32x5 go, then the digits of fp16/s16816/ldg8/f2f.
    QTest::addRow("ampere cublas") << QStringLiteral("ampere_fp16_s16816gemm_fp16_128x128_ldg8_f2f_stages_32x5_tn")
                                   << QStringLiteral("fpsgemmfpldgffstagestn");
    QTest::addRow("cutlass arch") << QStringLiteral(
        "cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_32x6_tn_align8")
                                  << QStringLiteral("cutlasstensoropbfsgemmrelubftnalign");
    QTest::addRow("anonymous namespace") << QStringLiteral(
        "void at::native::(anonymous namespace)::CatArrayBatchedCopy<float, unsigned int, 3, 128, 1>(float*)")
                                         << QStringLiteral("catarraybatchedcopy");
    QTest::addRow("triton index") << QStringLiteral("triton_poi_fused_add_mul_12")
                                  << QStringLiteral("tritonpoifusedaddmul");
    QTest::addRow("nccl") << QStringLiteral("ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<(unsigned long)4096>)")
                          << QStringLiteral("nccldevsendrecv");
    QTest::addRow("nothing left") << QStringLiteral("kernel_1") << QStringLiteral("kernel_1");
}

void TestCompare::normalizer()
{
    QFETCH(QString, name);
    QFETCH(QString, key);
    QCOMPARE(KernelNameNormalizer::normalize(name), key);
}

void TestCompare::validation()
{
    QString error;
    ComparisonOptions o;
    QVERIFY(!Comparator::validate(1, o, &error));
    QVERIFY(error.contains(QLatin1String("2 to 8")));
    QVERIFY(!Comparator::validate(9, o, &error));
    QVERIFY(Comparator::validate(2, o, &error));
    o.baseline = 2;
    QVERIFY(!Comparator::validate(2, o, &error));
    o.baseline = 1;
    o.tokens = { 100 };
    QVERIFY(!Comparator::validate(2, o, &error));
    QVERIFY(error.contains(QLatin1String("1 given for 2 traces")));
    o.tokens = { 100, 0 };
    QVERIFY(!Comparator::validate(2, o, &error));
    o.tokens.clear();
    o.unit = WorkUnit::Token;
    QVERIFY(!Comparator::validate(2, o, &error));
    o.unit = WorkUnit::Auto;
    o.labels = { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") };
    QVERIFY(!Comparator::validate(2, o, &error));

    QVector<qint64> counts;
    QVERIFY(ComparisonOptions::parseCounts(QStringLiteral("5000, 5120"), &counts, &error));
    QCOMPARE(counts, (QVector<qint64> { 5000, 5120 }));
    QVERIFY(!ComparisonOptions::parseCounts(QStringLiteral("5000,x"), &counts, &error));
    QVERIFY(!ComparisonOptions::parseCounts(QStringLiteral("-3"), &counts, &error));
}

void TestCompare::knownDifferences()
{
    // A: baseline. B: one more category (activation, 700 ns per decode step). C: slower decode
    // (12 µs steps, gemm 3 µs instead of 2 µs). D: two blocking syncs per decode step instead of one.
    Shape a, b, c, d;
    b.activation = true;
    c.decodeLen = 12'000, c.gemmNs = 3'000;
    d.syncs = 2;
    const QVector<AnalysisPtr> in { analyzeShape(a), analyzeShape(b), analyzeShape(c), analyzeShape(d) };
    for (const auto& r : in)
        QVERIFY(r);
    const auto cmp = Comparator::compare(in, ComparisonOptions {});
    QVERIFY(cmp);
    const Comparison& x = *cmp;
    // Every trace has 5 top-level steps (1 prefill + 4 decode): Auto resolves to per step.
    QCOMPARE(x.unit, WorkUnit::Step);
    QCOMPARE(x.units, (QVector<qint64> { 5, 5, 5, 5 }));
    QCOMPARE(x.labels.size(), 4);
    QCOMPARE(x.phases,
        (QStringList { QStringLiteral("prefill"), QStringLiteral("decode"), QStringLiteral("sampling"),
            QStringLiteral("unattributed") }));

    // Baseline values: kernel time 4000 + 4 × (2000 + 1000 + 500) = 18000 ns.
    QCOMPARE(value(x, QStringLiteral("kernel_ns"), {}, 0), 18000.0);
    QCOMPARE(value(x, QStringLiteral("kernel_ns_per_unit"), {}, 0), 3600.0); // 18000 / 5
    QCOMPARE(value(x, QStringLiteral("steps"), {}, 0), 5.0);
    QCOMPARE(value(x, QStringLiteral("steps"), QStringLiteral("decode"), 0), 4.0);
    // Top-level step durations {20000, 10000 ×4}: p50 = rank 3 → 10000, p90 = rank 5 → 20000.
    QCOMPARE(value(x, QStringLiteral("step_p50_ns"), {}, 0), 10000.0);
    QCOMPARE(value(x, QStringLiteral("step_p90_ns"), {}, 0), 20000.0);
    QCOMPARE(value(x, QStringLiteral("category_ns"), QStringLiteral("gemm"), 0), 12000.0);
    QCOMPARE(value(x, QStringLiteral("category_ns"), QStringLiteral("attention"), 0), 4000.0);
    QCOMPARE(value(x, QStringLiteral("category_ns"), QStringLiteral("norm"), 0), 2000.0);
    // Decode steps: 10000 ns each, GPU busy 3500 → idle 6500 → 0.65; prefill 20000 with 4000 busy → 0.8.
    QCOMPARE(value(x, QStringLiteral("idle_share"), QStringLiteral("decode"), 0), 0.65);
    QCOMPARE(value(x, QStringLiteral("idle_share"), QStringLiteral("prefill"), 0), 0.8);
    // 12 decode kernels over 4 × 10000 ns of steps = 3e8 /s.
    QCOMPARE(value(x, QStringLiteral("launch_rate"), QStringLiteral("decode"), 0), 12 * 1e9 / 40000);
    QCOMPARE(value(x, QStringLiteral("blocking_sync_ns"), QStringLiteral("decode"), 0), 1200.0);
    QCOMPARE(value(x, QStringLiteral("blocking_sync_ns"), QStringLiteral("prefill"), 0), 0.0);
    // The sampling phase has nothing in any trace: no rows for it.
    QCOMPARE(x.figureIndex(QStringLiteral("kernel_ns"), QStringLiteral("sampling")), -1);

    // B: exactly one category more, 4 × 700 = 2800 ns; per step 2800 / 5 = 560; nothing else moved.
    QCOMPARE(value(x, QStringLiteral("category_ns"), QStringLiteral("activation"), 0), 0.0);
    QCOMPARE(delta(x, QStringLiteral("category_ns"), QStringLiteral("activation"), 1), 2800.0);
    QCOMPARE(delta(x, QStringLiteral("category_ns_per_unit"), QStringLiteral("activation"), 1), 560.0);
    QCOMPARE(delta(x, QStringLiteral("kernel_ns"), {}, 1), 2800.0);
    for (const QString& cat : { QStringLiteral("gemm"), QStringLiteral("attention"), QStringLiteral("norm") })
        QCOMPARE(delta(x, QStringLiteral("category_ns"), cat, 1), 0.0);
    QCOMPARE(delta(x, QStringLiteral("step_p50_ns"), QStringLiteral("decode"), 1), 0.0);
    QCOMPARE(delta(x, QStringLiteral("blocking_sync_ns"), {}, 1), 0.0);
    // Busy 3500 + 700 = 4200 per decode step → idle share 0.58.
    QCOMPARE(value(x, QStringLiteral("idle_share"), QStringLiteral("decode"), 1), 0.58);
    QCOMPARE(x.ratio(x.figures[x.figureIndex(QStringLiteral("kernel_ns"), {})], 1), 20800.0 / 18000.0);

    // C: decode steps 2000 ns longer, decode kernel time per step 3500 → 4500.
    QCOMPARE(delta(x, QStringLiteral("step_p50_ns"), QStringLiteral("decode"), 2), 2000.0);
    QCOMPARE(delta(x, QStringLiteral("step_p90_ns"), QStringLiteral("decode"), 2), 2000.0);
    QCOMPARE(delta(x, QStringLiteral("kernel_ns_per_step"), QStringLiteral("decode"), 2), 1000.0);
    QCOMPARE(delta(x, QStringLiteral("kernel_ns"), QStringLiteral("decode"), 2), 4000.0);
    QCOMPARE(delta(x, QStringLiteral("kernel_ns"), QStringLiteral("prefill"), 2), 0.0);
    QCOMPARE(delta(x, QStringLiteral("category_ns"), QStringLiteral("gemm"), 2), 4000.0);
    QCOMPARE(delta(x, QStringLiteral("category_ns"), QStringLiteral("attention"), 2), 0.0);
    QCOMPARE(value(x, QStringLiteral("idle_share"), QStringLiteral("decode"), 2), 7500.0 / 12000.0);
    // Top-level durations {20000, 12000 ×4}: p50 12000 (+2000), p90 20000 (±0).
    QCOMPARE(delta(x, QStringLiteral("step_p50_ns"), {}, 2), 2000.0);
    QCOMPARE(delta(x, QStringLiteral("step_p90_ns"), {}, 2), 0.0);
    QCOMPARE(x.direction(x.figures[x.figureIndex(QStringLiteral("step_p50_ns"), QStringLiteral("decode"))], 2), -1);

    // D: four more blocking syncs of 300 ns, all inside decode steps.
    QCOMPARE(delta(x, QStringLiteral("blocking_sync_count"), {}, 3), 4.0);
    QCOMPARE(delta(x, QStringLiteral("blocking_sync_ns"), {}, 3), 1200.0);
    QCOMPARE(delta(x, QStringLiteral("blocking_sync_ns_per_unit"), {}, 3), 240.0); // 2400/5 − 1200/5
    QCOMPARE(delta(x, QStringLiteral("blocking_sync_ns"), QStringLiteral("decode"), 3), 1200.0);
    QCOMPARE(delta(x, QStringLiteral("blocking_sync_ns"), QStringLiteral("prefill"), 3), 0.0);
    QCOMPARE(delta(x, QStringLiteral("kernel_ns"), {}, 3), 0.0);
    QCOMPARE(x.direction(x.figures[x.figureIndex(QStringLiteral("blocking_sync_ns"), {})], 3), -1);

    // Step distributions of decode: A all 10000, C all 12000.
    const int decode = int(x.phases.indexOf(QStringLiteral("decode")));
    QCOMPARE(x.stepDistributions[0][decode].count, qint64(4));
    QCOMPARE(x.stepDistributions[0][decode].p50Ns, qint64(10000));
    QCOMPARE(x.stepDistributions[2][decode].maxNs, qint64(12000));
    // Aligned steps: 5 per trace, the 4 decode ones top-level and of the decode phase.
    QCOMPARE(x.breakdowns[2].steps.size(), 5);
    QCOMPARE(x.breakdowns[2].steps[1].endNs - x.breakdowns[2].steps[1].startNs, qint64(12000));
    QVERIFY(x.breakdowns[2].steps[1].topLevel);
}

void TestCompare::whatChangedMost()
{
    Shape a, b;
    b.activation = true;
    std::unique_ptr<TraceFixture> fa, fb;
    const QVector<AnalysisPtr> in { analyzeShape(a, &fa), analyzeShape(b, &fb) };
    ComparisonOptions o;
    o.labels = { QStringLiteral("before"), QStringLiteral("after") };
    const auto cmp = Comparator::compare(in, o);
    QVERIFY(cmp);
    QVERIFY(!cmp->changes.isEmpty());
    // +560 ns per step three ways (category, the unmatched kernel, decode kernel time); GPU idle
    // per step moves less: span +800, busy +2800 → idle −2000 → −400 per step. Ties: category first.
    const ComparisonChange& top = cmp->changes.front();
    QCOMPARE(top.trace, 1);
    QCOMPARE(top.kind, ComparisonChange::Kind::Category);
    QCOMPARE(top.subject, QStringLiteral("activation"));
    QCOMPARE(top.baselineValue, 0.0);
    QCOMPARE(top.value, 560.0);
    QCOMPARE(cmp->changes[1].kind, ComparisonChange::Kind::Kernel);
    QCOMPARE(cmp->changes[1].deltaNs(), 560.0);
    QCOMPARE(cmp->changes[2].kind, ComparisonChange::Kind::Phase);
    QCOMPARE(cmp->changes[2].subject, QStringLiteral("decode"));
    QCOMPARE(cmp->changes[3].kind, ComparisonChange::Kind::Idle);
    QCOMPARE(cmp->changes[3].deltaNs(), -400.0);
    QCOMPARE(cmp->changes.size(), 4); // nothing else changed
    // Evidence: no activation kernels in the baseline; the 4 silu kernels in the other trace.
    QCOMPARE(top.baselineEvidence.rowCount, qint64(0));
    QCOMPARE(top.traceEvidence.rowCount, qint64(4));
    bool ok = false;
    const auto selected = sl::test::selectFirstColumn(fb->path(), top.traceEvidence.sql, &ok);
    QVERIFY(ok);
    QCOMPARE(selected, rowidsOf(top.traceEvidence, in[1]->trace->kernels.rowid));
    for (quint32 r : top.traceEvidence.rows)
        QCOMPARE(in[1]->trace->strings.at(in[1]->trace->kernels.name[r]), QStringLiteral("silu_and_mul_kernel"));
}

void TestCompare::perTokenNormalisation()
{
    Shape a, c;
    c.decodeLen = 12'000, c.gemmNs = 3'000;
    const QVector<AnalysisPtr> in { analyzeShape(a), analyzeShape(c) };
    ComparisonOptions o;
    o.tokens = { 400, 500 };
    const auto cmp = Comparator::compare(in, o);
    QVERIFY(cmp);
    QCOMPARE(cmp->unit, WorkUnit::Token);
    // Kernel time 18000 / 400 = 45; C: 4000 + 4 × 4500 = 22000 / 500 = 44.
    QCOMPARE(value(*cmp, QStringLiteral("kernel_ns_per_unit"), {}, 0), 45.0);
    QCOMPARE(value(*cmp, QStringLiteral("kernel_ns_per_unit"), {}, 1), 44.0);
    QCOMPARE(delta(*cmp, QStringLiteral("kernel_ns_per_unit"), {}, 1), -1.0);
    // Decode kernel time per token: 14000 / 400 = 35 and 18000 / 500 = 36.
    QCOMPARE(value(*cmp, QStringLiteral("kernel_ns_per_unit"), QStringLiteral("decode"), 1), 36.0);
    // Throughput: tokens over the window (first to last event).
    const double window0 = double(in[0]->window.lengthNs());
    QCOMPARE(value(*cmp, QStringLiteral("throughput"), {}, 0), 400 * 1e9 / window0);
    // Per step is still there, independent of the unit.
    QCOMPARE(value(*cmp, QStringLiteral("kernel_ns_per_step"), QStringLiteral("decode"), 1), 4500.0);
    // Totals: no per-unit rows at all.
    o.tokens.clear();
    o.unit = WorkUnit::Total;
    const auto totals = Comparator::compare(in, o);
    QVERIFY(totals);
    QCOMPARE(totals->figureIndex(QStringLiteral("kernel_ns_per_unit")), -1);
    QCOMPARE(totals->units, (QVector<qint64> { 1, 1 }));
}

void TestCompare::crossFrameworkMatching()
{
    Shape vllm, sglang;
    vllm.gemm = QStringLiteral("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x256x64_warpgroupsize1x1x1_kernel");
    vllm.norm
        = QStringLiteral("void vllm::rms_norm_kernel<c10::BFloat16>(c10::BFloat16*, const c10::BFloat16*, float)");
    vllm.attention = QStringLiteral("flash_fwd_kernel");
    sglang.gemm
        = QStringLiteral("sm80_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize64x128x32_warpgroupsize2x1x1_kernel");
    // (Not flashinfer::norm::RMSNormKernel: "flashinfer" is an attention pattern of the default taxonomy.)
    sglang.norm = QStringLiteral("void sgl_kernel::RMSNormKernel<__nv_bfloat16>(__nv_bfloat16*, float)");
    sglang.attention = QStringLiteral("flash_fwd_kernel");
    sglang.extra = QStringLiteral("topk_sampling_kernel");
    const QVector<AnalysisPtr> in { analyzeShape(vllm), analyzeShape(sglang) };
    const auto cmp = Comparator::compare(in, ComparisonOptions {});
    QVERIFY(cmp);
    QCOMPARE(cmp->matchedByName, 1);
    QCOMPARE(cmp->matchedByNormalised, 2);
    QCOMPARE(cmp->unmatched, 1);
    const KernelMatch* attn = groupWith(*cmp, 0, vllm.attention);
    QVERIFY(attn);
    QCOMPARE(attn->method, KernelMatch::Method::Name);
    const KernelMatch* norm = groupWith(*cmp, 0, vllm.norm);
    QVERIFY(norm);
    QCOMPARE(norm->method, KernelMatch::Method::Normalised);
    QCOMPARE(norm->key, QStringLiteral("rmsnorm"));
    QCOMPARE(norm->category, QStringLiteral("norm"));
    QCOMPARE(norm->sides[1].names.size(), 1);
    QCOMPARE(in[1]->trace->strings.at(norm->sides[1].names.front()), sglang.norm);
    QCOMPARE(norm->sides[0].totalNs, qint64(2000));
    QCOMPARE(norm->sides[1].totalNs, qint64(2000));
    const KernelMatch* gemm = groupWith(*cmp, 1, sglang.gemm);
    QVERIFY(gemm);
    QCOMPARE(gemm->method, KernelMatch::Method::Normalised);
    QCOMPARE(gemm->sides[0].totalNs, qint64(12000)); // 4000 prefill + 4 × 2000
    const KernelMatch* topk = groupWith(*cmp, 1, sglang.extra);
    QVERIFY(topk);
    QCOMPARE(topk->method, KernelMatch::Method::Unmatched);
    QVERIFY(topk->sides[0].names.isEmpty());
    QCOMPARE(topk->sides[1].perUnitNs, 400.0); // 4 × 500 / 5 steps
}

void TestCompare::phaseEvidenceSql()
{
    // 260 decode steps with 4 kernels each (1040 > 1000 rows), so the evidence SQL is the
    // attribution rule itself; a nested "sampling" range in each step owns one more kernel.
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.process(100, QStringLiteral("python3"));
    fx.exec(QStringLiteral("BEGIN"));
    quint32 corr = 1;
    qint64 t = 1'000'000;
    fx.runtime(t - 1'000, t - 900, 100, 101, corr++, QStringLiteral("cudaGetDevice_v3020"));
    for (int k = 0; k < 260; ++k, t += 20'000) {
        fx.nvtx(t, t + 15'000, 100, 101, QStringLiteral("decode"));
        fx.nvtx(t + 5'000, t + 9'000, 100, 101, QStringLiteral("sampling"));
        for (int j = 0; j < 4; ++j) {
            fx.runtime(t + 100 + j * 100, t + 150 + j * 100, 100, 101, corr, kLaunch);
            fx.kernel(t + 1'000 + j * 600, t + 1'500 + j * 600, 0, 7, corr++, 100, QStringLiteral("gemm_kernel"));
        }
        fx.runtime(t + 6'000, t + 6'050, 100, 101, corr, kLaunch);
        fx.kernel(t + 6'100, t + 6'400, 0, 7, corr++, 100, QStringLiteral("topk_kernel"));
    }
    // Outside any step: 1001 unattributed kernels (again more than the listed rowids).
    for (int j = 0; j < 1001; ++j, t += 1'000) {
        fx.runtime(t + 100, t + 150, 100, 101, corr, kLaunch);
        fx.kernel(t + 200, t + 300, 0, 7, corr++, 100, QStringLiteral("gemm_kernel"));
    }
    fx.exec(QStringLiteral("COMMIT"));
    const AnalysisPtr r = sl::test::analyzeWindow(sl::test::loadFixture(fx));
    QVERIFY(r);
    int decode = -1, sampling = -1;
    for (int p = 0; p < r->phases.size(); ++p) {
        decode = r->phases[p].phase == QLatin1String("decode") ? p : decode;
        sampling = r->phases[p].phase == QLatin1String("sampling") ? p : sampling;
    }
    const int unattributed = r->unattributedPhase();
    const struct
    {
        int phase;
        qint64 rows;
    } cases[] = { { decode, 1040 }, { sampling, 260 }, { unattributed, 1001 } };
    for (const auto& c : cases) {
        const Evidence e = ComparisonEvidence::phase(*r, c.phase);
        QCOMPARE(e.rowCount, c.rows);
        bool ok = false;
        const auto selected = sl::test::selectFirstColumn(fx.path(), e.sql, &ok);
        QVERIFY(ok);
        QCOMPARE(selected, rowidsOf(e, r->trace->kernels.rowid));
    }
    const auto b = TraceBreakdown::compute(*r);
    // Steps: 260 decode (top-level) + 260 sampling (nested, not top-level).
    QCOMPARE(b.steps.size(), 520);
    QCOMPARE(qsizetype(b.topLevelStepNs.size()), qsizetype(260));
}

void TestCompare::figuresEqualSingleTraceReports()
{
    Shape a, d;
    d.syncs = 2, d.decodeLen = 12'000, d.activation = true;
    const QVector<AnalysisPtr> in { analyzeShape(a), analyzeShape(d) };
    ComparisonOptions o;
    o.unit = WorkUnit::Total;
    const auto cmp = Comparator::compare(in, o);
    QVERIFY(cmp);
    const QJsonObject ra = JsonReport::build(*in[0]), rd = JsonReport::build(*in[1]);
    // The comparison's numbers, read back from comparison.json as a consumer would.
    const QJsonObject cj = ComparisonJsonReport::build(*cmp);
    auto figure = [&](const QString& key, const QString& scope) {
        for (const auto& f : cj.value(QLatin1String("figures")).toArray())
            if (f[QLatin1String("key")].toString() == key && f[QLatin1String("scope")].toString() == scope)
                return f.toObject();
        return QJsonObject();
    };
    auto check = [&](const QString& key, const QString& scope, double inA, double inD) {
        const QJsonObject f = figure(key, scope);
        QVERIFY2(!f.isEmpty(), qPrintable(key + QLatin1Char('/') + scope));
        QCOMPARE(f[QLatin1String("values")][0].toDouble(), inA);
        QCOMPARE(f[QLatin1String("values")][1].toDouble(), inD);
        QCOMPARE(f[QLatin1String("deltas")][1].toDouble(), inD - inA);
    };
    auto blocking = [](const QJsonObject& r, bool count) {
        double v = 0;
        for (const auto& s : r[QLatin1String("sync")][QLatin1String("calls")].toArray())
            if (s[QLatin1String("blocking")].toBool())
                v += s[count ? QLatin1String("count") : QLatin1String("total_ns")].toDouble();
        return v;
    };
    auto devices = [](const QJsonObject& r, const QString& what) {
        double idle = 0, span = 0;
        for (const auto& d : r[QLatin1String("devices")].toArray())
            idle += d[QLatin1String("idle_ns")].toDouble(),
                span += d[QLatin1String("last_ns")].toDouble() - d[QLatin1String("first_ns")].toDouble();
        return what == QLatin1String("idle") ? idle : idle / span;
    };
    auto kernels = [](const QJsonObject& r, const QString& key) { return r[QLatin1String("kernels")][key].toDouble(); };
    check(QStringLiteral("kernel_ns"), {}, kernels(ra, QStringLiteral("total_ns")),
        kernels(rd, QStringLiteral("total_ns")));
    check(
        QStringLiteral("kernel_count"), {}, kernels(ra, QStringLiteral("count")), kernels(rd, QStringLiteral("count")));
    check(QStringLiteral("blocking_sync_ns"), {}, blocking(ra, false), blocking(rd, false));
    check(QStringLiteral("blocking_sync_count"), {}, blocking(ra, true), blocking(rd, true));
    check(QStringLiteral("idle_ns"), {}, devices(ra, QStringLiteral("idle")), devices(rd, QStringLiteral("idle")));
    check(QStringLiteral("idle_share"), {}, devices(ra, QStringLiteral("share")), devices(rd, QStringLiteral("share")));
    for (const auto& phaseValue : ra[QLatin1String("nvtx")][QLatin1String("phases")].toArray()) {
        const QString phase = phaseValue[QLatin1String("phase")].toString();
        QJsonObject pd;
        for (const auto& p : rd[QLatin1String("nvtx")][QLatin1String("phases")].toArray())
            if (p[QLatin1String("phase")].toString() == phase)
                pd = p.toObject();
        if (figure(QStringLiteral("kernel_ns"), phase).isEmpty())
            continue; // a phase with nothing in either trace has no rows
        const QStringList keys { QStringLiteral("kernel_ns"), QStringLiteral("steps"), QStringLiteral("wall_ns"),
            QStringLiteral("kernel_ns_per_step"), QStringLiteral("step_p50_ns"), QStringLiteral("step_p90_ns") };
        for (const QString& key : keys)
            if (!figure(key, phase).isEmpty())
                check(key, phase, phaseValue[key].toDouble(), pd[key].toDouble());
    }
    const auto catA = ra[QLatin1String("kernels")][QLatin1String("by_category_ns")].toObject();
    const auto catD = rd[QLatin1String("kernels")][QLatin1String("by_category_ns")].toObject();
    for (const QString& cat : catD.keys())
        check(QStringLiteral("category_ns"), cat, catA.value(cat).toDouble(), catD.value(cat).toDouble());
}

void TestCompare::writesReports()
{
    Shape a, b;
    b.activation = true;
    const QVector<AnalysisPtr> in { analyzeShape(a), analyzeShape(b) };
    ComparisonOptions o;
    o.labels = { QStringLiteral("vllm"), QStringLiteral("sglang") };
    o.baseline = 1;
    const auto cmp = Comparator::compare(in, o);
    QVERIFY(cmp);
    QTemporaryDir dir;
    QString error;
    QVERIFY2(ComparisonWriter::writeAll(*cmp, dir.path(), &error), qPrintable(error));
    QFile json(dir.filePath(QStringLiteral("comparison.json")));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(json.readAll()).object();
    QCOMPARE(root[QLatin1String("format")].toString(), QStringLiteral("sightline.comparison"));
    QCOMPARE(root[QLatin1String("baseline")].toInt(), 1);
    QCOMPARE(root[QLatin1String("unit")].toString(), QStringLiteral("step"));
    QCOMPARE(root[QLatin1String("traces")][0][QLatin1String("label")].toString(), QStringLiteral("vllm"));
    QCOMPARE(root[QLatin1String("traces")][1][QLatin1String("units")].toInt(), 5);
    const QJsonObject top = root[QLatin1String("changes")][0].toObject();
    QCOMPARE(top[QLatin1String("trace")].toInt(), 0); // the only non-baseline trace
    QCOMPARE(top[QLatin1String("delta_per_unit_ns")].toInt(), -560);
    QVERIFY(top[QLatin1String("evidence")][QLatin1String("trace")].isNull() == false);
    QFile md(dir.filePath(QStringLiteral("comparison.md")));
    QVERIFY(md.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(md.readAll());
    QVERIFY(text.contains(QLatin1String("# Sightline comparison: vllm vs sglang")));
    QVERIFY(text.contains(QStringLiteral("activation kernels per step: 560 ns → 0 ns (−560 ns, 0.00×)")));
    QVERIFY(text.contains(QStringLiteral("kernel silu_and_mul_kernel (in one trace only) per step")));
    QVERIFY(!text.contains(dir.path()));
}

void TestCompare::wholeGraphWarning()
{
    Shape a;
    const AnalysisPtr eager = analyzeShape(a);
    TraceFixture fx;
    build(fx, a);
    fx.runtime(2'000'000, 2'000'100, 100, 101, 900, QStringLiteral("cudaGraphLaunch_v10000"));
    fx.graphLaunch(2'000'500, 2'050'500, 0, 7, 900, 100, 1);
    const AnalysisPtr graphs = sl::test::analyzeWindow(sl::test::loadFixture(fx));
    QVERIFY(graphs);
    QCOMPARE(graphs->graphMode, GraphMode::Graph);
    const auto cmp = Comparator::compare({ eager, graphs }, ComparisonOptions {});
    QVERIFY(cmp);
    QCOMPARE(cmp->warnings.size(), 1);
    QVERIFY(cmp->warnings.front().contains(QLatin1String("whole graphs (graph launches: 1,")));
    // Both traced the same way: nothing to warn about.
    QVERIFY(Comparator::compare({ eager, eager }, ComparisonOptions {})->warnings.isEmpty());
}

void TestCompare::realBeforeAfterPair()
{
    const QStringList traces = sl::test::realTraces();
    if (traces.isEmpty())
        QSKIP(qPrintable(sl::test::realTracesSkipReason()));
    QString before, after;
    for (const auto& t : traces) {
        if (t.endsWith(QLatin1String("nsysai-fastvideo-train-h100x2-before-2026.2.sqlite")))
            before = t;
        if (t.endsWith(QLatin1String("nsysai-fastvideo-train-h100x2-after-2026.2.sqlite")))
            after = t;
    }
    if (before.isEmpty() || after.isEmpty())
        QSKIP("the fastvideo before/after pair is not among SIGHTLINE_REAL_TRACES");
    QVector<AnalysisPtr> in;
    for (const auto& path : { before, after }) {
        const LoadOutcome out = TraceLoader::loadSync(path);
        QVERIFY2(out.ok(), qPrintable(out.message));
        in.append(Analyzer::analyze(out.trace, AnalysisOptions {}));
    }
    const auto cmp = Comparator::compare(in, ComparisonOptions {});
    QVERIFY(cmp);
    // No NVTX steps in this pair: figures are totals.
    QCOMPARE(cmp->unit, WorkUnit::Total);
    const QJsonObject rb = JsonReport::build(*in[0]), ra = JsonReport::build(*in[1]);
    const QJsonObject catB = rb[QLatin1String("kernels")][QLatin1String("by_category_ns")].toObject();
    const QJsonObject catA = ra[QLatin1String("kernels")][QLatin1String("by_category_ns")].toObject();
    QVERIFY(!catA.isEmpty());
    for (const QString& cat : catA.keys())
        QCOMPARE(delta(*cmp, QStringLiteral("category_ns"), cat, 1),
            catA.value(cat).toDouble() - catB.value(cat).toDouble());
    QCOMPARE(delta(*cmp, QStringLiteral("kernel_ns"), {}, 1),
        ra[QLatin1String("kernels")][QLatin1String("total_ns")].toDouble()
            - rb[QLatin1String("kernels")][QLatin1String("total_ns")].toDouble());
    auto idle = [](const QJsonObject& r) {
        double v = 0;
        for (const auto& d : r[QLatin1String("devices")].toArray())
            v += d[QLatin1String("idle_ns")].toDouble();
        return v;
    };
    QCOMPARE(delta(*cmp, QStringLiteral("idle_ns"), {}, 1), idle(ra) - idle(rb));
    auto sync = [](const QJsonObject& r) {
        double v = 0;
        for (const auto& s : r[QLatin1String("sync")][QLatin1String("calls")].toArray())
            v += s[QLatin1String("blocking")].toBool() ? s[QLatin1String("total_ns")].toDouble() : 0;
        return v;
    };
    QCOMPARE(delta(*cmp, QStringLiteral("blocking_sync_ns"), {}, 1), sync(ra) - sync(rb));
    auto rate = [](const QJsonObject& r) {
        double v = 0;
        const auto pd = r[QLatin1String("launches")][QLatin1String("per_device")].toArray();
        for (const auto& d : pd)
            v += d[QLatin1String("kernels_per_s")].toDouble();
        return v / double(pd.size());
    };
    QCOMPARE(delta(*cmp, QStringLiteral("launch_rate"), {}, 1), rate(ra) - rate(rb));
    // Same framework, same build: every top kernel is matched by its identical name.
    QVERIFY(cmp->matchedByName > 0);
    for (const auto& g : cmp->kernels)
        QCOMPARE(g.method, KernelMatch::Method::Name);
    QVERIFY(!cmp->changes.isEmpty());
    // Every change's evidence selects from its own export the rows it counts, also when it
    // names kernels by their string ids (over 1000 rows) and the export's ids are sparse (ids
    // up to 3.4 M for 126 strings), so that Sightline's string indices are not the ids.
    for (const auto& c : cmp->changes)
        for (const auto& [e, path] :
            { std::pair { &c.baselineEvidence, before }, std::pair { &c.traceEvidence, after } }) {
            if (e->sql.isEmpty())
                continue;
            bool ok = false;
            QString sql = e->sql;
            sql.chop(sql.endsWith(QLatin1Char(';')) ? 1 : 0);
            const auto count
                = sl::test::selectFirstColumn(path, QStringLiteral("SELECT count(*) FROM (%1)").arg(sql), &ok);
            QVERIFY2(ok && count.size() == 1, qPrintable(e->sql));
            QCOMPARE(*count.begin(), e->rowCount);
        }
    QTemporaryDir dir;
    QString error;
    QVERIFY2(ComparisonWriter::writeAll(*cmp, dir.path(), &error), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestCompare)
#include "tst_compare.moc"
