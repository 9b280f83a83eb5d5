// SPDX-License-Identifier: MIT
// Issue 23, model design: waves and tails from the launch geometry (docs/analysis.md "Waves and
// tails"). Expected values are computed by hand in the comments, or by SQL over the export.
#include "core/analysis/analyzer.h"
#include "core/analysis/design/waveanalysis.h"
#include "core/io/traceloader.h"
#include "core/models/kernelsummarymodel.h"
#include "core/report/csvtables.h"
#include "core/report/jsonreport.h"
#include "core/report/markdownreport.h"
#include "core/util/format.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tracefixture.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QTest>

#include <cmath>

using namespace sl;
using sl::test::TraceFixture;

namespace {
const QString kGemm133 = QStringLiteral(
    "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x256x64_warpgroupsize2x1x1_execute_segment_k_off_kernel__5x_"
    "cublas");
const QString kGemm132 = QStringLiteral(
    "sm90_xmma_gemm_bf16bf16_bf16f32_f32_nn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_"
    "cublas");
const QString kGemmSmall = QStringLiteral(
    "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize256x128x64_warpgroupsize2x1x1_execute_segment_k_off_kernel__5x_"
    "cublas");
const QString kElementwise
    = QStringLiteral("void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<c10::BFloat16>, "
                     "at::detail::Array<char *, 1>>(int, T2, T3)");
const QString kFlash = QStringLiteral(
    "void flash::flash_fwd_kernel<Flash_fwd_kernel_traits<128, 128, 64, 4, false, false, cutlass::bfloat16_t>, "
    "false, true, false, false, true, true, false, false>(Flash_fwd_params)");
constexpr quint32 kPid = 4242;

/// One kernel row as nsys writes it, with the grid and the dynamic shared memory set.
void launch(TraceFixture& fx, qint64 start, qint64 duration, int device, quint32 corr, const QString& name, quint32 gx,
    quint32 gy, quint32 gz, int blockX, int registers, int dynamicSmem)
{
    fx.kernel(start, start + duration, device, 7, corr, kPid, name, blockX, registers, 0);
    fx.exec(QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET gridX = %1, gridY = %2, gridZ = %3, "
                           "dynamicSharedMemory = %4 WHERE correlationId = %5 AND deviceId = %6")
                .arg(gx)
                .arg(gy)
                .arg(gz)
                .arg(dynamicSmem)
                .arg(corr)
                .arg(device));
}

QString realTrace(const QString& stem)
{
    const QString dir = qEnvironmentVariable("SIGHTLINE_REAL_TRACES");
    const QString path = QDir(dir).filePath(stem + QStringLiteral(".sqlite"));
    return !dir.isEmpty() && QFileInfo::exists(path) ? path : QString();
}

const KernelWaves* wavesByName(const AnalysisResult& r, const QString& name)
{
    for (const auto& w : r.design.kernels)
        if (r.trace->strings.at(w.name) == name)
            return &w;
    return nullptr;
}
} // namespace

class TestDesign : public QObject
{
    Q_OBJECT
private slots:
    void waveGeometry_data();
    void waveGeometry();
    void tailOf133CtasOn132Sms();
    void wavesAgainstSql();
    void realHopperMatmul();
    void realCutlassGemm();
};

void TestDesign::waveGeometry_data()
{
    QTest::addColumn<qint64>("ctas");
    QTest::addColumn<int>("sms");
    QTest::addColumn<int>("perSm");
    QTest::addColumn<qint64>("waves");
    QTest::addColumn<double>("efficiency");
    // The case: 133 CTAs, 132 SMs, 1 CTA per SM: ⌈133 / 132⌉ = 2 waves, 133 / 264.
    QTest::newRow("133 on 132") << qint64(133) << 132 << 1 << qint64(2) << 133.0 / 264.0;
    QTest::newRow("full wave") << qint64(132) << 132 << 1 << qint64(1) << 1.0;
    // 2 CTAs per SM on an A100 (108 SMs): 216 slots; 12288 CTAs → ⌈56.9⌉ = 57 waves.
    QTest::newRow("a100 2/SM") << qint64(12288) << 108 << 2 << qint64(57) << 12288.0 / 12312.0;
    QTest::newRow("one CTA") << qint64(1) << 114 << 4 << qint64(1) << 1.0 / 456.0;
}

void TestDesign::waveGeometry()
{
    QFETCH(qint64, ctas);
    QFETCH(int, sms);
    QFETCH(int, perSm);
    QFETCH(qint64, waves);
    QFETCH(double, efficiency);
    const auto g = WaveGeometry::of(ctas, sms, perSm);
    QVERIFY(g);
    QCOMPARE(g->waves, waves);
    QCOMPARE(g->efficiency, efficiency);
    QVERIFY(!WaveGeometry::of(ctas, 0, perSm)); // SM count not in the export
    QVERIFY(!WaveGeometry::of(ctas, sms, 0)); // the block cannot launch
}

void TestDesign::tailOf133CtasOn132Sms()
{
    TraceFixture fx;
    fx.process(kPid, QStringLiteral("python3"));
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"), 132);
    // Hopper GEMM geometry: 384 threads (12 warps), 168 registers (12 warps by registers: 5376
    // per warp, 65536 / 5376 = 12.2 → 12), 200 KiB dynamic shared memory (+1 KiB reserved:
    // 233472 / 205824 = 1): one CTA per SM.
    quint32 corr = 100;
    qint64 t = 1'000'000'000;
    for (int i = 0; i < 10; ++i, t += 1'000'000) {
        launch(fx, t, 120'000, 0, ++corr, kGemm133, 7, 19, 1, 384, 168, 204800); // 133 CTAs
        launch(fx, t + 200'000, 100'000, 0, ++corr, kGemm132, 12, 11, 1, 384, 168, 204800); // 132 CTAs
        launch(fx, t + 400'000, 10'000, 0, ++corr, kElementwise, 133, 1, 1, 128, 32, 0);
        launch(fx, t + 500'000, 50'000, 0, ++corr, kGemmSmall, 100, 1, 1, 384, 168, 204800); // one wave, 100 of 132
    }
    const TracePtr trace = test::loadFixture(fx);
    QVERIFY(trace);
    const AnalysisPtr r = test::analyzeWindow(trace);
    QVERIFY(r);

    const KernelWaves* gemm = wavesByName(*r, kGemm133);
    QVERIFY(gemm);
    QCOMPARE(gemm->category, QStringLiteral("gemm"));
    QCOMPARE(gemm->launches, qint64(10));
    QCOMPARE(gemm->top.ctas, qint64(133));
    QCOMPARE(gemm->top.ctasPerSm, 1);
    QCOMPARE(gemm->top.smCount, 132);
    QCOMPARE(gemm->top.waves, qint64(2));
    QCOMPARE(formatPercent(*gemm->waveEfficiency), QStringLiteral("50.4 %"));
    // 10 × 120 µs × (1 − 133/264) = 1,200,000 × 131/264 = 595,454.5 ns.
    QCOMPARE(gemm->tailNs, qint64(595455));
    const KernelWaves* full = wavesByName(*r, kGemm132);
    QVERIFY(full);
    QCOMPARE(full->top.waves, qint64(1));
    QCOMPARE(*full->waveEfficiency, 1.0);
    QCOMPARE(full->tailNs, qint64(0));
    // 128 threads, 32 registers: 16 CTAs per SM (64 warps / 4), 2112 slots, 133 of them used.
    const KernelWaves* fill = wavesByName(*r, kElementwise);
    QVERIFY(fill);
    QCOMPARE(fill->top.ctasPerSm, 16);
    QCOMPARE(*fill->waveEfficiency, 133.0 / 2112.0);

    // A GEMM of one partly filled wave: 100 of 132 CTAs. Its lost time counts in the tail, but
    // a grid smaller than the GPU is no partial wave behind full ones: no finding.
    const KernelWaves* small = wavesByName(*r, kGemmSmall);
    QVERIFY(small);
    QCOMPARE(small->top.waves, qint64(1));
    QCOMPARE(small->tailNs, qint64(std::llround(500'000.0 * 32.0 / 132.0)));
    QCOMPARE(small->multiWaveTailNs, qint64(0));
    QCOMPARE(gemm->multiWaveTailNs, qint64(595455));
    // One finding, for the GEMM (the elementwise kernel's tail is not a GEMM's).
    int tails = 0;
    for (const auto& f : r->findings)
        tails += f.id == QLatin1String("wave-tail") ? 1 : 0;
    QCOMPARE(tails, 1);
    const Finding* f = test::findingById(*r, QStringLiteral("wave-tail"));
    QVERIFY(f);
    QCOMPARE(f->impactNs, qint64(595455));
    QVERIFY(f->metric.contains(QStringLiteral("50.4 %")));
    QCOMPARE(f->evidence.size(), 1);
    bool ok = false;
    const QString path = fx.path();
    const auto expected = test::selectFirstColumn(path,
        QStringLiteral(
            "SELECT rowid FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE gridX * gridY * gridZ = 133 AND blockX = 384"),
        &ok);
    QVERIFY(ok);
    QCOMPARE(expected.size(), size_t(10));
    QCOMPARE(std::set<qint64>(f->evidence[0].rowids.begin(), f->evidence[0].rowids.end()), expected);
    QCOMPARE(test::selectFirstColumn(path, f->evidence[0].sql, &ok), expected);
    QVERIFY(ok);
    // The rule as SQL (used above 1000 rows) selects the same launches.
    QCOMPARE(test::selectFirstColumn(path,
                 QStringLiteral("SELECT rowid FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE ")
                     + WaveAnalysis::tailPredicate(*r, *gemm),
                 &ok),
        expected);
    QVERIFY(ok);

    // report.json design.kernels[], the CSV and the markdown section.
    const QJsonObject json = JsonReport::build(*r);
    const QJsonArray kernels
        = json.value(QStringLiteral("design")).toObject().value(QStringLiteral("kernels")).toArray();
    QVERIFY(!kernels.isEmpty());
    const QJsonObject first = kernels.first().toObject();
    QCOMPARE(first.value(QStringLiteral("name")).toString(), kGemm133);
    QCOMPARE(first.value(QStringLiteral("ctas")).toInteger(), qint64(133));
    QCOMPARE(first.value(QStringLiteral("ctas_per_sm")).toInteger(), qint64(1));
    QCOMPARE(first.value(QStringLiteral("waves")).toInteger(), qint64(2));
    QCOMPARE(first.value(QStringLiteral("wave_efficiency")).toDouble(), 133.0 / 264.0);
    QCOMPARE(first.value(QStringLiteral("tail_ns")).toInteger(), qint64(595455));
    const auto csv = CsvTables::build(*r);
    QVERIFY(csv.contains(QStringLiteral("waves.csv")));
    QVERIFY(csv.value(QStringLiteral("waves.csv")).contains(",133,1,132,2,"));
    QVERIFY(MarkdownReport::build(*r).contains(QStringLiteral("| 133 | 1 | 132 | 2 | 50.4 % |")));

    // The Kernels dock's columns.
    KernelSummaryModel model;
    model.setAnalysis(r);
    int row = -1;
    for (int i = 0; i < model.rowCount(); ++i)
        if (model.index(i, KernelSummaryModel::Name).data().toString() == kGemm133)
            row = i;
    QVERIFY(row >= 0);
    QCOMPARE(model.index(row, KernelSummaryModel::Ctas).data().toString(), QStringLiteral("133"));
    QCOMPARE(model.index(row, KernelSummaryModel::CtasPerSm).data().toInt(), 1);
    QCOMPARE(model.index(row, KernelSummaryModel::Waves).data().toString(), QStringLiteral("2"));
    QCOMPARE(model.index(row, KernelSummaryModel::WaveEfficiency).data().toString(), QStringLiteral("50.4 %"));
    QCOMPARE(
        model.index(row, KernelSummaryModel::Tail).data(KernelSummaryModel::SortRole).toLongLong(), qint64(595455));
    QCOMPARE(model.index(row, KernelSummaryModel::Tail).data().toString(), formatDuration(595455));
}

void TestDesign::wavesAgainstSql()
{
    TraceFixture fx;
    fx.process(kPid, QStringLiteral("python3"));
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"), 132);
    fx.gpu(1, QStringLiteral("NVIDIA H100 PCIe"), 114);
    quint32 corr = 500;
    qint64 t = 2'000'000'000;
    for (int i = 0; i < 6; ++i, t += 3'000'000) {
        for (int dev = 0; dev < 2; ++dev) {
            const qint64 s = t + dev * 1'500'000;
            launch(fx, s, 90'000 + 1'000 * i, dev, ++corr, kGemm133, 2, 132, 1, 384, 168, 204800); // 264 CTAs
            launch(fx, s + 100'000, 250'000 + 7 * i, dev, ++corr, kFlash, 8, 32, 4, 128, 255, 98304); // 1024
            launch(fx, s + 400'000, 20'000 + 3 * i, dev, ++corr, kElementwise, 1000 + 37 * i, 1, 1, 256, 32, 0);
            launch(fx, s + 500'000, 40'000, dev, ++corr, kGemm132, 12, 11 + i % 2, 1, 384, 168, 204800);
        }
    }
    const TracePtr trace = test::loadFixture(fx);
    QVERIFY(trace);
    const AnalysisPtr r = test::analyzeWindow(trace);
    QVERIFY(r);
    // The occupancy calculator's CTAs per SM written in SQL (blocks, warps, registers in warps of
    // 256-register units allocated by 4, shared memory + 1 KiB in 128 B units), then waves,
    // efficiency and tail per launch, summed per name: tail in ns, efficiency in millionths.
    const QString sql = QStringLiteral(
        "WITH g AS (SELECT k.demangledName AS name, k.\"end\" - k.start AS d, k.gridX * k.gridY * k.gridZ AS ctas, "
        "t.smCount * MIN(t.maxBlocksPerSm, t.maxWarpsPerSm / ((k.blockX * k.blockY * k.blockZ + 31) / 32), "
        "(t.maxRegistersPerSm / (((k.registersPerThread * 32 + 255) / 256) * 256)) / 4 * 4 "
        "  / ((k.blockX * k.blockY * k.blockZ + 31) / 32), "
        "CASE WHEN k.staticSharedMemory + k.dynamicSharedMemory > 0 THEN t.maxShmemPerSm / "
        "  (((k.staticSharedMemory + k.dynamicSharedMemory + 1024 + 127) / 128) * 128) ELSE 1000000 END) AS slots "
        "FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN TARGET_INFO_GPU t ON t.id = k.deviceId), "
        "e AS (SELECT name, d, ctas * 1.0 / (((ctas + slots - 1) / slots) * slots) AS eff FROM g) "
        "SELECT name, CAST(ROUND(SUM(d * (1.0 - eff))) AS INTEGER), CAST(ROUND(SUM(d * eff) * 1e6 / SUM(d)) AS "
        "INTEGER), COUNT(*) FROM e GROUP BY name");
    const auto rows = test::selectRows(fx.path(), sql, 4);
    QCOMPARE(rows.size(), 4);
    for (const auto& row : rows) {
        const KernelWaves* w = r->design.wavesOf(quint32(row[0]));
        QVERIFY(w);
        QCOMPARE(w->launches, row[3]);
        QVERIFY2(std::abs(w->tailNs - row[1]) <= 1, qPrintable(QStringLiteral("%1 vs %2").arg(w->tailNs).arg(row[1])));
        QCOMPARE(qint64(std::llround(*w->waveEfficiency * 1e6)), row[2]);
    }
    // By hand for the flash kernel: 2 CTAs per SM (registers: 8192 per warp → 8 warps → 2 CTAs
    // of 4; shared memory: 233472 / 99328 = 2). GPU 0: 264 slots, ⌈1024/264⌉ = 4 waves; GPU 1:
    // 228 slots, 5 waves. The same time on both: efficiency (1024/1056 + 1024/1140) / 2.
    const KernelWaves* flash = wavesByName(*r, kFlash);
    QVERIFY(flash);
    QCOMPARE(flash->category, QStringLiteral("attention"));
    QCOMPARE(flash->top.ctasPerSm, 2);
    QCOMPARE(flash->configs, 2);
    QVERIFY(std::abs(*flash->waveEfficiency - (1024.0 / 1056.0 + 1024.0 / 1140.0) / 2) < 1e-12);
    // 264 CTAs fill two waves on GPU 0 but three of 114 on GPU 1 (264 / 342 = 77.2 %): the tail
    // finding lists GPU 1's launches only.
    const KernelWaves* gemm = wavesByName(*r, kGemm133);
    QVERIFY(gemm);
    bool ok = false;
    const auto gpu1 = test::selectFirstColumn(fx.path(),
        QStringLiteral("SELECT rowid FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE deviceId = 1 AND gridX * gridY = 264"), &ok);
    QVERIFY(ok);
    std::set<qint64> listed;
    for (quint32 i : gemm->tailLaunches)
        listed.insert(trace->kernels.rowid[i]);
    QCOMPARE(listed, gpu1);
}

void TestDesign::realHopperMatmul()
{
    const QString path = realTrace(QStringLiteral("fuser-hopper-matmul-h100-2024.6"));
    if (path.isEmpty())
        QSKIP("SIGHTLINE_REAL_TRACES does not hold fuser-hopper-matmul-h100-2024.6.sqlite");
    const auto loaded = TraceLoader::loadSync(path);
    QVERIFY(loaded.ok());
    const AnalysisPtr r = Analyzer::analyze(loaded.trace, AnalysisOptions {});
    QVERIFY(r);
    // The cuBLASLt nvjet GEMM: grid 2 × 64 = 128 CTAs of 384 threads with 213,180 B of dynamic
    // shared memory (one per SM) on 132 SMs: one wave, 128/132 = 97.0 % full; its tail (3 %) is
    // under the 5 % rule.
    const KernelWaves* nvjet = nullptr;
    for (const auto& w : r->design.kernels)
        if (r->trace->strings.at(w.shortName).startsWith(QLatin1String("nvjet_hsh_128x256")))
            nvjet = &w;
    QVERIFY(nvjet);
    QCOMPARE(nvjet->category, QStringLiteral("gemm"));
    QCOMPARE(nvjet->top.ctas, qint64(128));
    QCOMPARE(nvjet->top.ctasPerSm, 1);
    QCOMPARE(nvjet->top.smCount, 132);
    QCOMPARE(nvjet->top.waves, qint64(1));
    QCOMPARE(*nvjet->waveEfficiency, 128.0 / 132.0);
    const auto ns = test::selectRows(path,
        QStringLiteral("SELECT SUM(k.\"end\" - k.start) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = "
                       "k.shortName WHERE s.value LIKE 'nvjet_hsh_128x256%'"),
        1);
    QCOMPARE(ns.size(), 1);
    QCOMPARE(nvjet->tailNs, qint64(std::llround(double(ns[0][0]) * 4.0 / 132.0)));
    QVERIFY(!test::findingById(*r, QStringLiteral("wave-tail")));
}

void TestDesign::realCutlassGemm()
{
    const QString path = realTrace(QStringLiteral("cutlass-gemm-a100-a40-2023.2"));
    if (path.isEmpty())
        QSKIP("SIGHTLINE_REAL_TRACES does not hold cutlass-gemm-a100-a40-2023.2.sqlite");
    const auto loaded = TraceLoader::loadSync(path);
    QVERIFY(loaded.ok());
    const AnalysisPtr r = Analyzer::analyze(loaded.trace, AnalysisOptions {});
    QVERIFY(r);
    // One CUTLASS kernel on an A100 PCIe (108 SMs): grid 128 × 96 = 12,288 CTAs of 128 threads,
    // 252 registers (8192 per warp → 8 warps → 2 CTAs), 32 KiB shared memory (4 by shared
    // memory): 2 per SM, 216 slots, 57 waves, 12288 / 12312 = 99.8 % full.
    QCOMPARE(r->design.kernels.size(), 1);
    const KernelWaves& w = r->design.kernels.first();
    QCOMPARE(w.top.ctas, qint64(12288));
    QCOMPARE(w.top.ctasPerSm, 2);
    QCOMPARE(w.top.smCount, 108);
    QCOMPARE(w.top.waves, qint64(57));
    QCOMPARE(*w.waveEfficiency, 12288.0 / 12312.0);
    QVERIFY(!test::findingById(*r, QStringLiteral("wave-tail")));
}

QTEST_GUILESS_MAIN(TestDesign)
#include "tst_design.moc"
