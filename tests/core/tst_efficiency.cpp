// SPDX-License-Identifier: MIT
// Issue 9: math paths, FLOPs from shape ranges, busy split and compute/communication overlap.
// Expected values come from the kernels' public naming (cuBLAS/cuDNN/CUTLASS), hand-computed
// formulas, or an independent computation over the export (plain SQL + a separate sweep).
#include "core/analysis/analyzer.h"
#include "core/analysis/passes/efficiencyanalysis.h"
#include "core/analysis/rules/gpupeaks.h"
#include "core/analysis/rules/mathpath.h"
#include "core/analysis/rules/shapeop.h"
#include "core/compare/comparator.h"
#include "core/io/traceloader.h"
#include "core/report/jsonreport.h"
#include "core/synth/synthshapes.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/realtraces.h"

#include <QDir>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <sqlite3.h>
#include <vector>

using namespace sl;

namespace {

struct Row
{
    qint64 a = 0, b = 0, c = 0, d = 0;
};

/// Up to four integer columns of every row of `sql`, through the SQLite C API (no loader code).
std::vector<Row> selectRows(const QString& path, const QString& sql)
{
    std::vector<Row> out;
    sqlite3* db = nullptr;
    sqlite3_stmt* st = nullptr;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK
        && sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &st, nullptr) == SQLITE_OK) {
        const int n = sqlite3_column_count(st);
        while (sqlite3_step(st) == SQLITE_ROW) {
            Row r;
            qint64* cols[] = { &r.a, &r.b, &r.c, &r.d };
            for (int i = 0; i < std::min(n, 4); ++i)
                *cols[i] = sqlite3_column_int64(st, i);
            out.push_back(r);
        }
    } else {
        qWarning("%s: %s", qPrintable(sql), db ? sqlite3_errmsg(db) : "cannot open");
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
}

QString realTrace(const QString& stem)
{
    const QString dir = qEnvironmentVariable("SIGHTLINE_REAL_TRACES");
    const QString path = QDir(dir).filePath(stem + QStringLiteral(".sqlite"));
    return !dir.isEmpty() && QFileInfo::exists(path) ? path : QString();
}

AnalysisPtr analyzeFile(const QString& path)
{
    const auto loaded = TraceLoader::loadSync(path);
    if (!loaded.ok())
        return nullptr;
    return Analyzer::analyze(loaded.trace, AnalysisOptions {});
}

/// Independent overlap: an event sweep over (time, +1/−1) of communication and other kernels;
/// comm = time with ≥ 1 communication kernel running, overlapped = the part where another kernel
/// runs too. Not the analysis' union-and-intersect.
std::pair<qint64, qint64> sweepOverlap(const std::vector<Row>& kernels /* start, end, isComm */)
{
    std::vector<std::tuple<qint64, int, int>> events; // time, delta, isComm
    for (const Row& k : kernels) {
        events.emplace_back(k.a, +1, int(k.c));
        events.emplace_back(k.b, -1, int(k.c));
    }
    std::sort(events.begin(), events.end());
    qint64 comm = 0, overlapped = 0, last = 0;
    int openComm = 0, openOther = 0;
    for (const auto& [time, delta, isComm] : events) {
        if (openComm > 0)
            comm += time - last;
        if (openComm > 0 && openOther > 0)
            overlapped += time - last;
        last = time;
        (isComm ? openComm : openOther) += delta;
    }
    return { comm, overlapped };
}

} // namespace

class TestEfficiency : public QObject
{
    Q_OBJECT
private slots:
    void mathPath_data();
    void mathPath();
    void mathPathOfRealH200Gemms_data();
    void mathPathOfRealH200Gemms();
    void gpuPeaksByName_data();
    void gpuPeaksByName();
    void shapeFlops_data();
    void shapeFlops();
    void collectives();
    void synthShapes();
    void comparisonFigures();
    void realInferFp32Gemms();
    void realInferCopyBusy();
    void realConvolutions();
    void realTrainExposedCommunication();
    void realCompareWithoutCommunication();
};

void TestEfficiency::mathPath_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("label");
    // Kernel names from the real exports (SOURCES.md) and the libraries' naming.
    QTest::newRow("xmma ffma is FP32 SIMT") << "sm80_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize64x256x8_stage3_"
                                               "warpsize1x4x1_ffma_aligna4_alignc4_execute_kernel__5x_cublas"
                                            << "SIMT (fp32)";
    QTest::newRow("xmma tensor16x8x16 f16")
        << "sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x32_stage4_warpsize2x2x1_g1_"
           "tensor16x8x16_t1r3s3_aACCESS_execute_kernel_trt"
        << "Tensor core (fp16)";
    QTest::newRow("h16816") << "trt_ampere_h16816gemm_64x64_ldg8_relu_stages_64x5_tn_v1"
                            << "Tensor core (fp16)";
    QTest::newRow("nvjet tst is bf16") << "nvjet_tst_192x192_64x4_2x1_v_bz_coopB_bias_TNN"
                                       << "Tensor core (bf16)";
    QTest::newRow("nvjet hsh is fp16") << "nvjet_hsh_128x256_64x4_2x1_v_bz_coopA_NTN"
                                       << "Tensor core (fp16)";
    QTest::newRow("flash bf16") << "void flash::flash_fwd_kernel<Flash_fwd_kernel_traits<(int)128, (int)128, (int)64, "
                                   "(int)4, (bool)0, (bool)0, cutlass::bfloat16_t, Flash_kernel_traits<(int)128, "
                                   "(int)128, (int)64, (int)4, cutlass::bfloat16_t>>, (bool)0>(Flash_fwd_params)"
                                << "Tensor core (bf16)";
    QTest::newRow("implicit_convolve_sgemm")
        << "void cudnn::detail::implicit_convolve_sgemm<float, float, (int)1024, (int)5, (int)5, (int)3, (int)3, "
           "(int)3, (int)1, (bool)1, (bool)0, (bool)1>(int, int, int, const T1 *, int, T2 *, T1 *, kernel_conv_params, "
           "int, float, float, int, const T2 *, const T2 *, bool, int, int)"
        << "SIMT (fp32)";
    QTest::newRow("gemmSN") << "void gemmSN_NN_kernel<float, (int)128, (int)2, (int)4, (int)8, (int)4, (int)4, "
                               "cublasGemvTensorStridedBatched<const float>, "
                               "cublasGemvTensorStridedBatched<float>>(cublasGemmSmallNParams<T8, T9, T1>)"
                            << "SIMT (fp32)";
    QTest::newRow("volta scudnn") << "volta_scudnn_128x32_relu_interior_nn_v1"
                                  << "SIMT (fp32)";
    QTest::newRow("hopper wgmma") << "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x256x64_warpgroupsize1x1x1_"
                                     "execute_segment_k_off_kernel__5x_cublas_gmma"
                                  << "Tensor core (bf16)";
    QTest::newRow("hopper xmma warpgroup (synth and cuBLAS 12)")
        << "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_"
           "kernel__5x_cublas"
        << "Tensor core (bf16)";
    QTest::newRow("tf32 s1688") << "ampere_tf32_s1688gemm_tf32_128x128_16x3_nn"
                                << "Tensor core (tf32)";
    QTest::newRow("elementwise")
        << "void at::native::vectorized_elementwise_kernel<(int)4, at::native::CUDAFunctor_add<float>, std::array<char "
           "*, (unsigned long)3>>(int, T2, T3)"
        << "Unknown";
    QTest::newRow("dgemm") << "volta_dgemm_128x64_nn"
                           << "SIMT (fp64)";
}

void TestEfficiency::mathPath()
{
    QFETCH(QString, name);
    QFETCH(QString, label);
    QCOMPARE(MathPathTable::defaultTable().classify(name).label(), label);
}

void TestEfficiency::mathPathOfRealH200Gemms_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("label");
    // The GEMM kernels cuBLAS 13.1 chose on an H200 for gemm.py, whose inputs set the precision
    // (tests/data/counters/sightline-h200: ncu-raw-gemm.csv, gemm-stdout.txt).
    QTest::newRow("bf16 4096^3") << "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT"
                                 << "Tensor core (bf16)";
    QTest::newRow("bf16 2048x11008x4096") << "nvjet_sm90_tst_192x192_64x3_2x1_v_bz_coopB_NNN"
                                          << "Tensor core (bf16)";
    QTest::newRow("bf16 8x4096x4096 split-K") << "nvjet_sm90_tst_64x8_64x16_2x1_v_bz_splitK_NNT"
                                              << "Tensor core (bf16)";
    QTest::newRow("fp16 4096^3") << "nvjet_sm90_hsh_256x128_64x4_1x2_h_bz_coopA_NNT"
                                 << "Tensor core (fp16)";
    QTest::newRow("tf32 4096^3")
        << "sm90_xmma_gemm_f32f32_tf32f32_f32_nn_n_tilesize128x256x32_warpgroupsize2x1x1_execute_segment_k_off_"
           "kernel__5x_cublas"
        << "Tensor core (tf32)";
    QTest::newRow("fp8 e4m3 4096^3") << "nvjet_sm90_qqtst_128x128_128x6_2x1_v_bz_coopA_algo2_TNT"
                                     << "Tensor core (fp8)";
    // Attention through PyTorch's SDPA backends on the same H200 (ncu-raw-sdpa.csv, sdpa.py).
    QTest::newRow("flash bf16") << "void pytorch_flash::flash_fwd_kernel<Flash_fwd_kernel_traits<128, 128, 64, 4, 0, "
                                   "0, cutlass::bfloat16_t, Flash_kernel_traits<128, 128, 64, 4, "
                                   "cutlass::bfloat16_t>>, 0, 1, 0, 0, 1, 1, 0, 0>(pytorch_flash::Flash_fwd_params)"
                                << "Tensor core (bf16)";
    QTest::newRow("memory-efficient fp16")
        << "fmha_cutlassF_f16_aligned_64x128_rf_sm80(PyTorchMemEffAttention::AttentionKernel<cutlass::half_t, "
           "arch::Sm80, 1, 64, 128, 128, 1, 1>::Params)"
        << "Tensor core (fp16)";
    QTest::newRow("cuDNN sm90, bf16 inputs") << "cudnn_generated_fort_native_sdpa_sm90_flash_fprop_wgmma_f16_knob_7_"
                                                "64x128x128_4x1x1_cga1x1x1_kernel0_0"
                                             << "Tensor core";
    QTest::newRow("cuDNN sm80 wmma decode") << "cudnn_generated_fort_native_sdpa_sm80_flash_fprop_wmma_f16_knob_35_"
                                               "16x128x128_1x4x1_cga1x1x1_kernel0_0"
                                            << "Tensor core";
}

void TestEfficiency::mathPathOfRealH200Gemms()
{
    QFETCH(QString, name);
    QFETCH(QString, label);
    QCOMPARE(MathPathTable::defaultTable().classify(name).label(), label);
}

void TestEfficiency::gpuPeaksByName_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("model");
    QTest::addColumn<double>("bf16"); // dense TFLOP/s: half the datasheet's "with sparsity" figure
    // As nvidia-smi and TARGET_INFO_GPU spell them: "NVIDIA H200" on the lent H200
    // (tests/data/counters/sightline-h200/smi-name.csv) and in fuser-xent-thunder-h200-2025.1;
    // "NVIDIA H100 80GB HBM3" on the lent H100 (tests/data/h100-layer).
    QTest::newRow("H200 SXM") << "NVIDIA H200"
                              << "H200 SXM" << 989.4; // 1,979 / 2
    QTest::newRow("H100 SXM") << "NVIDIA H100 80GB HBM3"
                              << "H100 SXM5" << 989.4;
    QTest::newRow("H100 PCIe") << "NVIDIA H100 PCIe"
                               << "H100 PCIe" << 756.0; // 1,513 / 2
    // The NVL boards and the Grace Hopper module carry the same die under other names: an
    // "H200" substring alone would give the H200 NVL the SXM's 989.4.
    QTest::newRow("H200 NVL") << "NVIDIA H200 NVL"
                              << "H200 NVL" << 835.5; // 1,671 / 2
    QTest::newRow("H100 NVL") << "NVIDIA H100 NVL"
                              << "H100 NVL" << 835.5;
    QTest::newRow("GH200") << "NVIDIA GH200 480GB"
                           << "GH200" << 989.4;
    QTest::newRow("A100 SXM4") << "NVIDIA A100-SXM4-80GB"
                               << "A100 SXM4" << 312.0;
}

void TestEfficiency::gpuPeaksByName()
{
    QFETCH(QString, name);
    QFETCH(QString, model);
    QFETCH(double, bf16);
    const GpuPeaks table = GpuPeaks::defaultTable();
    const GpuPeaks::Entry* e = table.find(name);
    QVERIFY2(e, qPrintable(name));
    QCOMPARE(e->model, model);
    QCOMPARE(e->tflops.value(QStringLiteral("bf16")), bf16);
}

void TestEfficiency::shapeFlops_data()
{
    QTest::addColumn<QString>("range");
    QTest::addColumn<QString>("op");
    QTest::addColumn<double>("flops"); // −1: no FLOPs from these shapes
    // 2·M·K·N by hand: 8 × 4096 × 11008 × 2 = 721,420,288.
    QTest::newRow("addmm") << "aten::addmm, seq = 12, op_id = 3, sizes = [[11008], [8, 4096], [4096, 11008]]"
                           << "aten::addmm" << 721420288.0;
    QTest::newRow("mm") << "aten::mm, op_id = 7, sizes = [[64, 128], [128, 32]]"
                        << "aten::mm" << 524288.0;
    QTest::newRow("bmm") << "aten::bmm, seq = 1, op_id = 2, sizes = [[4, 16, 32], [4, 32, 8]]"
                         << "aten::bmm" << 32768.0;
    QTest::newRow("baddbmm") << "aten::baddbmm, sizes = [[4, 16, 8], [4, 16, 32], [4, 32, 8], [], []]"
                             << "aten::baddbmm" << 32768.0;
    // matmul broadcasting [2, 3, 16, 32] · [32, 8]: 2 × 2·3·16·32·8 = 49,152.
    QTest::newRow("matmul broadcast") << "aten::matmul, seq = 5, op_id = 9, sizes = [[2, 3, 16, 32], [32, 8]]"
                                      << "aten::matmul" << 49152.0;
    // linear [8, 10, 64] × weight [32, 64]: 2 · 80 · 64 · 32 = 327,680.
    QTest::newRow("linear")
        << "aten::linear, seq = 1, op_id = 4, sizes = [[8, 10, 64], [32, 64], [32]], input_op_ids = [(3, 0)]"
        << "aten::linear" << 327680.0;
    // SDPA q,k,v [2, 4, 128, 64]: 4 · 2·4 · 128 · 128 · 64 = 33,554,432.
    QTest::newRow("sdpa") << "aten::scaled_dot_product_attention, seq = 2, op_id = 5, sizes = [[2, 4, 128, 64], [2, 4, "
                             "128, 64], [2, 4, 128, 64], [], [], []]"
                          << "aten::scaled_dot_product_attention" << 33554432.0;
    QTest::newRow("conv has no output size")
        << "aten::conv2d, seq = 1, op_id = 2, sizes = [[1, 3, 32, 32], [8, 3, 3, 3], [8], [], [], [], []]"
        << "aten::conv2d" << -1.0;
    QTest::newRow("mismatched K") << "aten::mm, sizes = [[4, 5], [6, 7]]"
                                  << "aten::mm" << -1.0;
}

void TestEfficiency::shapeFlops()
{
    QFETCH(QString, range);
    QFETCH(QString, op);
    QFETCH(double, flops);
    const auto s = ShapeOp::parse(range);
    QVERIFY(s.has_value());
    QCOMPARE(s->op, op);
    QVERIFY(s->counted);
    if (flops < 0)
        QVERIFY(!s->flops.has_value());
    else
        QCOMPARE(s->flops.value_or(-2), flops);
    QVERIFY(!ShapeOp::parse(QStringLiteral("aten::mul, seq = 45328, op_id = 990726")).has_value());
    QVERIFY(!ShapeOp::parse(QStringLiteral("aten::mm, sizes = [[4, 5], [5")).has_value());
}

void TestEfficiency::collectives()
{
    QCOMPARE(EfficiencyAnalysis::collectiveOf(
                 QStringLiteral("ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<(unsigned long)4096>)")),
        QStringLiteral("SendRecv"));
    QCOMPARE(EfficiencyAnalysis::collectiveOf(QStringLiteral("ncclKernel_ReduceScatter_RING_LL_Sum_bf16")),
        QStringLiteral("ReduceScatter"));
    QCOMPARE(EfficiencyAnalysis::collectiveOf(QStringLiteral("ncclDevKernel_AllReduce_Sum_bf16_RING_LL")),
        QStringLiteral("AllReduce"));
    QCOMPARE(
        EfficiencyAnalysis::collectiveOf(QStringLiteral("void vllm::cross_device_reduce_1stage<__nv_bfloat16, 2>")),
        QStringLiteral("CustomAllReduce"));
    QCOMPARE(EfficiencyAnalysis::collectiveOf(QStringLiteral("ncclDevKernel_AllGather_RING_LL")),
        QStringLiteral("AllGather"));
}

void TestEfficiency::synthShapes()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("shapes.sqlite"));
    SynthOptions o;
    o.steps = 4;
    const SynthResult written = SynthShapes::write(path, o);
    QVERIFY2(written.ok, qPrintable(written.error));
    const auto r = analyzeFile(path);
    QVERIFY(r);
    const EfficiencyStats& e = r->efficiency;

    // By hand, per step: addmm 2·8·4096·4096 = 268,435,456 FLOPs on a 200 µs bf16 tensor-core GEMM;
    // mm 2·64·1024·1024 = 134,217,728 FLOPs on a 200 µs FP32 SIMT GEMM; 4 steps.
    QCOMPARE(e.shapeRanges, qint64(12)); // linear, addmm, mm per step
    QCOMPARE(e.flopRanges, qint64(8)); // linear encloses addmm: only addmm counts
    QCOMPARE(e.flopsByOp.size(), 2);
    const FlopFigure& addmm = e.flopsByOp[0];
    QCOMPARE(addmm.name, QStringLiteral("aten::addmm"));
    QCOMPARE(addmm.flops, 4.0 * 268435456.0);
    QCOMPARE(addmm.kernelNs, qint64(800'000));
    QCOMPARE(addmm.tflops(), 1.34217728);
    QCOMPARE(addmm.dtype, QStringLiteral("bf16"));
    QCOMPARE(addmm.peakTflops().value_or(0), 989.4); // H100 SXM5 dense bf16 (gpu-peaks.json)
    QCOMPARE(addmm.mfu().value_or(0), 1.34217728 / 989.4);
    const FlopFigure& mm = e.flopsByOp[1];
    QCOMPARE(mm.name, QStringLiteral("aten::mm"));
    QCOMPARE(mm.flops, 4.0 * 134217728.0);
    QCOMPARE(mm.tflops(), 0.67108864);
    QCOMPARE(mm.dtype, QStringLiteral("fp32"));
    QCOMPARE(mm.mfu().value_or(0), 0.67108864 / 67.0);
    // Window and the decode phase: 1,610,612,736 FLOPs in 1.6 ms of kernels, time-weighted peak
    // (989.4 + 67) / 2 = 528.2 TFLOP/s.
    QCOMPARE(e.flopsByPhase.size(), 1);
    for (const FlopFigure* f : { &e.flops, &e.flopsByPhase[0] }) {
        QCOMPARE(f->flops, 1610612736.0);
        QCOMPARE(f->kernelNs, qint64(1'600'000));
        QCOMPARE(f->tflops(), 1.00663296);
        QCOMPARE(f->dtype, QStringLiteral("mixed"));
        QCOMPARE(f->peakTflops().value_or(0), 528.2);
        QCOMPARE(f->mfu().value_or(0), 1.00663296 / 528.2);
    }
    QCOMPARE(e.flopsByPhase[0].name, QStringLiteral("decode"));

    // Overlap: per step the 150 µs all-reduce shares 50 µs with the FP32 GEMM (330–530 vs 480–630).
    QVERIFY(e.overlap.size() >= 2);
    const CommOverlap& w = e.overlap[0];
    QCOMPARE(w.phase, -1);
    QCOMPARE(w.kernels, qint64(4));
    QCOMPARE(w.commNs, qint64(600'000));
    QCOMPARE(w.overlappedNs, qint64(200'000));
    QCOMPARE(w.exposedNs(), qint64(400'000));
    QCOMPARE(r->phases.value(e.overlap[1].phase).phase, QStringLiteral("decode"));
    QCOMPARE(e.overlap[1].exposedNs(), qint64(400'000));
    QCOMPARE(e.collectives.size(), 1);
    QCOMPARE(e.collectives[0].collective, QStringLiteral("AllReduce"));
    QCOMPARE(e.collectives[0].p50Ns, qint64(150'000));

    // Math paths: 800 µs each of bf16 tensor core and FP32 SIMT GEMM.
    QCOMPARE(e.gemmSimtNs, qint64(800'000));
    QCOMPARE(e.gemmSimtCount, qint64(4));
    QVERIFY(test::findingById(*r, QStringLiteral("gemm-without-tensor-cores")));
    QVERIFY(test::findingById(*r, QStringLiteral("exposed-communication")));

    // Every figure's evidence lists exactly its kernels: the 4 addmm GEMMs, the 4 all-reduces.
    const Evidence ops = EfficiencyAnalysis::evidenceOf(*r, EfficiencyAnalysis::Figure::FlopOp, 0);
    QCOMPARE(ops.rowCount, qint64(4));
    bool ok = false;
    QCOMPARE(test::selectFirstColumn(path, ops.sql, &ok).size(), size_t(4));
    const Evidence comm = EfficiencyAnalysis::evidenceOf(*r, EfficiencyAnalysis::Figure::Overlap, 0);
    QCOMPARE(comm.rowCount, qint64(4));
}

void TestEfficiency::comparisonFigures()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVector<AnalysisPtr> analyses;
    for (qint64 steps : { 4, 8 }) {
        const QString path = dir.filePath(QStringLiteral("shapes-%1.sqlite").arg(steps));
        SynthOptions o;
        o.steps = steps;
        QVERIFY(SynthShapes::write(path, o).ok);
        analyses << analyzeFile(path);
        QVERIFY(analyses.back());
    }
    ComparisonOptions co;
    co.tokens = { 100, 200 };
    co.modelFlopsPerToken = 1e9;
    const auto c = Comparator::compare(analyses, co);
    QVERIFY(c);
    auto figure = [&](const QString& key) -> const ComparisonFigure* {
        for (const auto& f : c->figures)
            if (f.key == key && f.section == ComparisonFigure::Section::Trace)
                return &f;
        return nullptr;
    };
    // Exposed communication: 100 µs per step (4 and 8 steps).
    const ComparisonFigure* exposed = figure(QStringLiteral("exposed_comm_ns"));
    QVERIFY(exposed);
    QCOMPARE(exposed->values.value(0).value_or(-1), 400'000.0);
    QCOMPARE(exposed->values.value(1).value_or(-1), 800'000.0);
    const ComparisonFigure* tc = figure(QStringLiteral("tensor_core_share"));
    QVERIFY(tc);
    // 800 µs tensor core of 2.2 ms kernels (GEMMs 2 × 800 µs, all-reduces 600 µs).
    QCOMPARE(tc->values.value(0).value_or(-1), 800'000.0 / 2'200'000.0);
    // Model GFLOP/s per GPU = 1e9 FLOPs/token × tokens / window ns (one GPU), whole GFLOP/s.
    const ComparisonFigure* model = figure(QStringLiteral("model_gflops_per_gpu"));
    QVERIFY(model);
    // GFLOP/s are rates (unit per_s in comparison.json), not counts.
    QCOMPARE(ComparisonFigure::kindName(model->kind), QStringLiteral("per_s"));
    const ComparisonFigure* achieved = figure(QStringLiteral("achieved_gflops"));
    QVERIFY(achieved);
    QCOMPARE(ComparisonFigure::kindName(achieved->kind), QStringLiteral("per_s"));
    for (int i = 0; i < 2; ++i)
        QCOMPARE(model->values.value(i).value_or(-1),
            std::floor(1e9 * double(co.tokens[i]) / double(analyses[i]->window.lengthNs())));
    // Model MFU against the H100 SXM5 peak of the math path with most kernel time (a tie of
    // 800 µs: SIMT fp32 sorts first, 67 TFLOP/s).
    const ComparisonFigure* mfu = figure(QStringLiteral("model_mfu"));
    QVERIFY(mfu);
    QCOMPARE(mfu->values.value(0).value_or(-1), 1e9 * 100.0 / double(analyses[0]->window.lengthNs()) / 1e3 / 67.0);
}

void TestEfficiency::realInferFp32Gemms()
{
    const QString path = realTrace(QStringLiteral("nsysai-fastvideo-infer-h100x2-2026.2"));
    if (path.isEmpty())
        QSKIP("SIGHTLINE_REAL_TRACES does not hold nsysai-fastvideo-infer-h100x2-2026.2.sqlite");
    const auto r = analyzeFile(path);
    QVERIFY(r);
    const Finding* f = test::findingById(*r, QStringLiteral("gemm-without-tensor-cores"));
    QVERIFY(f);
    // Independently: every cuBLAS xmma GEMM launch whose name says ffma (FP32 FMA on CUDA cores).
    const auto expected = selectRows(path,
        QStringLiteral("SELECT count(*), sum(k.\"end\" - k.start) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s "
                       "ON s.id = k.demangledName "
                       "WHERE s.value LIKE '%xmma_gemm%' AND s.value LIKE '%\\_ffma\\_%' ESCAPE '\\'"));
    QCOMPARE(expected.size(), size_t(1));
    QCOMPARE(expected[0].a, qint64(640));
    QCOMPARE(f->impactNs, expected[0].b);
    QCOMPARE(f->evidence.size(), 1);
    QCOMPARE(f->evidence[0].rowCount, qint64(640));
    bool ok = false;
    const auto rowids = test::selectFirstColumn(path,
        QStringLiteral("SELECT k.rowid FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.demangledName "
                       "WHERE s.value LIKE '%\\_ffma\\_%' ESCAPE '\\'"),
        &ok);
    QVERIFY(ok);
    QCOMPARE(std::set<qint64>(f->evidence[0].rowids.begin(), f->evidence[0].rowids.end()), rowids);
    // The evidence SQL selects the same rows.
    const auto bySql = test::selectFirstColumn(path, f->evidence[0].sql, &ok);
    QVERIFY(ok);
    QCOMPARE(bySql, rowids);
    // All GEMM time of this trace is FP32 SIMT.
    QCOMPARE(r->efficiency.gemmSimtNs, r->efficiency.gemmNs);
}

void TestEfficiency::realConvolutions()
{
    // dlprof: FP32 SIMT convolutions and GEMMs (cuDNN sgemm, winograd_nonfused, scudnn, cuBLAS
    // gemmSN/gemv), in the gemm category; memfusion: f16 tensor-core convolutions only.
    const QString dlprof = realTrace(QStringLiteral("dlprof-pytorch-cnn-rtx2070s-2022.1"));
    const QString memfusion = realTrace(QStringLiteral("memfusion-nvtx-rtx3090x4-2023.1"));
    if (dlprof.isEmpty() || memfusion.isEmpty())
        QSKIP("SIGHTLINE_REAL_TRACES does not hold the dlprof and memfusion exports");
    const auto d = analyzeFile(dlprof);
    QVERIFY(d);
    const auto simt = selectRows(dlprof,
        QStringLiteral("SELECT count(*), sum(k.\"end\" - k.start) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s "
                       "ON s.id = k.demangledName "
                       "WHERE (s.value LIKE '%sgemm%' OR s.value LIKE '%gemmSN%' OR s.value LIKE '%winograd_nonfused%' "
                       "OR s.value LIKE '%gemv%' "
                       "OR s.value LIKE '%scudnn%') AND (s.value LIKE '%gemm%' OR s.value LIKE '%gemv%' OR s.value "
                       "LIKE '%convolve%' "
                       "OR s.value LIKE '%winograd%')"));
    QCOMPARE(simt.size(), size_t(1));
    QCOMPARE(d->efficiency.gemmSimtCount, simt[0].a);
    QCOMPARE(d->efficiency.gemmSimtNs, simt[0].b);
    const Finding* f = test::findingById(*d, QStringLiteral("gemm-without-tensor-cores"));
    QVERIFY(f);
    QCOMPARE(f->evidence[0].rowCount, simt[0].a);

    const auto m = analyzeFile(memfusion);
    QVERIFY(m);
    QCOMPARE(m->efficiency.gemmSimtNs, qint64(0));
    QVERIFY(!test::findingById(*m, QStringLiteral("gemm-without-tensor-cores")));
    const auto tensor = selectRows(memfusion,
        QStringLiteral("SELECT count(*), sum(k.\"end\" - k.start) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s "
                       "ON s.id = k.demangledName "
                       "WHERE s.value LIKE '%tensor16x8x16%' OR s.value LIKE '%h16816%'"));
    qint64 tensorNs = -1;
    for (const auto& share : m->efficiency.math)
        if (share.path.kind == MathPath::TensorCore && share.path.dtype == QLatin1String("fp16"))
            tensorNs = share.ns;
    QCOMPARE(tensorNs, tensor[0].b);
}

void TestEfficiency::realInferCopyBusy()
{
    const QString path = realTrace(QStringLiteral("nsysai-fastvideo-infer-h100x2-2026.2"));
    if (path.isEmpty())
        QSKIP("SIGHTLINE_REAL_TRACES does not hold nsysai-fastvideo-infer-h100x2-2026.2.sqlite");
    const auto r = analyzeFile(path);
    QVERIFY(r);
    QCOMPARE(r->efficiency.busy.size(), 2);
    for (const BusySplit& b : r->efficiency.busy) {
        // Copy-busy = union of this GPU's copies and memsets, recomputed by the event sweep.
        auto copies = selectRows(path,
            QStringLiteral("SELECT start, \"end\", 1 FROM CUPTI_ACTIVITY_KIND_MEMCPY WHERE deviceId = %1 "
                           "UNION ALL SELECT start, \"end\", 1 FROM CUPTI_ACTIVITY_KIND_MEMSET WHERE deviceId = %1")
                .arg(b.deviceId));
        QCOMPARE(b.copyBusyNs, sweepOverlap(copies).first);
        QVERIFY(b.copyOnlyNs > b.computeBusyNs);
    }
    int copyBusy = 0;
    for (const auto& f : r->findings)
        copyBusy += f.id == QLatin1String("copy-busy");
    QCOMPARE(copyBusy, 2);
}

void TestEfficiency::realTrainExposedCommunication()
{
    for (const QString& stem : { QStringLiteral("nsysai-fastvideo-train-h100x2-before-2026.2"),
             QStringLiteral("nsysai-fastvideo-train-h100x2-after-2026.2") }) {
        const QString path = realTrace(stem);
        if (path.isEmpty())
            QSKIP("SIGHTLINE_REAL_TRACES does not hold the fastvideo training pair");
        const auto r = analyzeFile(path);
        QVERIFY(r);
        const QJsonObject json = JsonReport::build(*r);
        QCOMPARE(json.value(QStringLiteral("format_version")).toInt(), 2);
        std::map<qint64, qint64> reported;
        for (const auto& v :
            json[QStringLiteral("efficiency")][QStringLiteral("communication")][QStringLiteral("overlap")].toArray())
            if (v[QStringLiteral("phase")].isNull())
                reported[v[QStringLiteral("device_id")].toInteger()] = v[QStringLiteral("exposed_ns")].toInteger();
        // Independently: NCCL kernels are the communication; every other kernel on the device is compute.
        const auto devices = selectRows(path,
            QStringLiteral("SELECT DISTINCT deviceId FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s "
                           "ON s.id = k.demangledName WHERE s.value LIKE 'nccl%' ORDER BY 1"));
        QCOMPARE(reported.size(), devices.size());
        for (const Row& d : devices) {
            const auto kernels = selectRows(path,
                QStringLiteral("SELECT k.start, k.\"end\", s.value LIKE 'nccl%' FROM CUPTI_ACTIVITY_KIND_KERNEL k "
                               "JOIN StringIds s ON s.id = k.demangledName WHERE k.deviceId = %1")
                    .arg(d.a));
            const auto [comm, overlapped] = sweepOverlap(kernels);
            QVERIFY(comm > 0);
            QCOMPARE(reported[d.a], comm - overlapped);
        }
        const Finding* f = test::findingById(*r, QStringLiteral("exposed-communication"));
        QVERIFY(f);
        bool ok = false;
        const auto nccl = test::selectFirstColumn(path,
            QStringLiteral("SELECT k.rowid FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s "
                           "ON s.id = k.demangledName WHERE s.value LIKE 'nccl%'"),
            &ok);
        QVERIFY(ok);
        QCOMPARE(std::set<qint64>(f->evidence[0].rowids.begin(), f->evidence[0].rowids.end()), nccl);
    }
}

void TestEfficiency::realCompareWithoutCommunication()
{
    const QString train = realTrace(QStringLiteral("nsysai-fastvideo-train-h100x2-after-2026.2"));
    const QString infer = realTrace(QStringLiteral("nsysai-fastvideo-infer-h100x2-2026.2"));
    if (train.isEmpty() || infer.isEmpty())
        QSKIP("SIGHTLINE_REAL_TRACES does not hold the fastvideo train-after and infer exports");
    // Independently: the inference run has no kernel that any communication pattern of the
    // default taxonomy names (LIKE is case-insensitive).
    QStringList like;
    for (const char* p : { "nccl", "allreduce", "all_reduce", "allgather", "all_gather", "reducescatter",
             "reduce_scatter", "alltoall", "all_to_all", "cross_device_reduce", "sendrecv", "nvshmem", "deep_ep" })
        like << QStringLiteral("s.value LIKE '%%1%'").arg(QLatin1String(p));
    const auto inferComm = selectRows(infer,
        QStringLiteral("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id IN "
                       "(k.demangledName, k.shortName) WHERE ")
            + like.join(QStringLiteral(" OR ")));
    QCOMPARE(inferComm.size(), size_t(1));
    QCOMPARE(inferComm[0].a, qint64(0));
    // The training run's communication: Σ over devices of the time an NCCL kernel runs (sweep).
    qint64 trainComm = 0;
    for (const Row& d : selectRows(train, QStringLiteral("SELECT DISTINCT deviceId FROM CUPTI_ACTIVITY_KIND_KERNEL")))
        trainComm += sweepOverlap(selectRows(train,
                                      QStringLiteral("SELECT k.start, k.\"end\", s.value LIKE 'nccl%' FROM "
                                                     "CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = "
                                                     "k.demangledName WHERE k.deviceId = %1")
                                          .arg(d.a)))
                         .first;
    QVERIFY(trainComm > 0);
    ComparisonOptions o;
    o.gatePercent = 5;
    o.gateFigure = QStringLiteral("comm_ns");
    const auto c = Comparator::compare({ analyzeFile(train), analyzeFile(infer) }, o);
    QVERIFY(c && c->gate);
    const int f = c->figureIndex(QStringLiteral("comm_ns"));
    QVERIFY(f >= 0);
    QCOMPARE(c->figures[f].values, (QVector<std::optional<double>> { double(trainComm), 0.0 }));
    QCOMPARE(c->delta(c->figures[f], 1), std::optional<double>(-double(trainComm)));
    // No communication at all is 100 % less than the training run's: a verdict, not inconclusive.
    QCOMPARE(c->gate->verdicts[0].changePercent, std::optional<double>(-100.0));
    QCOMPARE(c->gate->outcome(), GateVerdict::Outcome::Improvement);
}

QTEST_GUILESS_MAIN(TestEfficiency)
#include "tst_efficiency.moc"
