// SPDX-License-Identifier: MIT
// Real Nsight Compute and NVML files (issue 11): the CSVs in tests/data/counters, copied unedited
// from public repositories (sources and licences in tests/data/counters/README.md), read, joined
// to traces built here with the same kernel names, grids and blocks, and put on the roofline.
// Every expected value was read off the CSV text by hand (the numbers are quoted in comments)
// and the roofline figures are computed here from the fixture's GPU attributes.
#include "core/analysis/analysisoptions.h"
#include "core/analysis/analyzer.h"
#include "core/analysis/counters/ncuanalysis.h"
#include "core/analysis/counters/ncumatcher.h"
#include "core/io/ncucsvreader.h"
#include "core/io/nvmlcsvreader.h"
#include "core/io/traceloader.h"
#include "core/report/countersreport.h"
#include "tests/common/counterfilesfixture.h"
#include "tests/common/tracefixture.h"

#include <QJsonDocument>
#include <QTest>

using namespace sl;
using sl::test::blackwellGpu;
using sl::test::kernel3d;
using sl::test::TraceFixture;

namespace {

QString data(const QString& rel) { return sl::test::counterData(rel); }

const NcuKernelFigures* figuresOf(const AnalysisResult& r, const QString& name)
{
    for (const auto& f : r.counters.ncu->kernels)
        if (r.trace->strings.at(f.name) == name)
            return &f;
    return nullptr;
}

} // namespace

class TestCounterFiles : public QObject
{
    Q_OBJECT
private slots:
    void dsocrDetailsFolder();
    void dsocrJoinsAndRoofline();
    void windowsBannerAndAnonymousNamespace();
    void folderSkipsWhatIsNotNcu();
    void oldLayoutWithTotalsOnly();
    void rawPageLikeB200DecodeBench();
    void realH200TensorPathOps();
    void realH200NvtxFilteredLayout();
    void realH200AttentionTiles();
    void realH200RoofByTensorType();
    void errorStub();
    void realNvmlSamplerCsv();
    void functionNames();
};

void TestCounterFiles::dsocrDetailsFolder()
{
    // Six files of one ncu run per kernel, each with ID 0 and its own process.
    const NcuReport r = NcuCsvReader::read(data(QStringLiteral("codegandee-dsocr")));
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.page, NcuReport::Page::Details);
    QCOMPARE(r.files,
        (QStringList { QStringLiteral("kernel_0001.ncu.details.csv"), QStringLiteral("kernel_0003.ncu.details.csv"),
            QStringLiteral("kernel_0005.ncu.details.csv"), QStringLiteral("kernel_0009.ncu.details.csv"),
            QStringLiteral("kernel_0013.ncu.details.csv"), QStringLiteral("kernel_0016.ncu.details.csv") }));
    QCOMPARE(r.launches.size(), 6);
    for (qsizetype i = 0; i < r.launches.size(); ++i) {
        QCOMPARE(r.launches[i].id, i); // renumbered in file order
        QCOMPARE(r.launches[i].file, r.files[i]);
        QCOMPARE(r.launches[i].computeCapability, QStringLiteral("12.0"));
        QCOMPARE(r.launches[i].device, 0);
    }
    // kernel_0005: Block "(256, 1, 1)", Grid "(332, 1, 1)"; dram__bytes_read.sum "Mbyte","17.50",
    // dram__bytes_write.sum "byte","0"; gpu__time_duration.sum "us","111.81";
    // sm__ops_path_tensor_src_bf16_dst_fp32.sum "12,532,580,352" (…_dst_bf16 and flop_count_* "n/a").
    const NcuLaunch& g = r.launches[2];
    QCOMPARE(g.kernelName,
        QStringLiteral("void Kernel2<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_256x128_32x3_tn_align8>(Params)"));
    QCOMPARE(g.grid[0], 332u);
    QCOMPARE(g.block[0], 256u);
    QCOMPARE(g.gridTotal, quint64(332));
    QCOMPARE(g.blockTotal, quint64(256));
    QCOMPARE(*g.dramBytes, 17'500'000.0);
    QCOMPARE(*g.durationNs, 111'810.0);
    QCOMPARE(*g.flopsTensor, 12'532'580'352.0);
    QCOMPARE(*g.flops, 12'532'580'352.0);
    QVERIFY(!g.flops32); // "n/a"
    // Occupancy "Theoretical Occupancy" 16.67, "Achieved Occupancy" 16.73; Memory Workload
    // Analysis "L1/TEX Hit Rate" 0.55, "L2 Hit Rate" 80.44; SOL "DRAM Throughput" 8.87,
    // "Compute (SM) Throughput" 32.10.
    QCOMPARE(*g.theoreticalOccupancyPct, 16.67);
    QCOMPARE(*g.achievedOccupancyPct, 16.73);
    QCOMPARE(*g.l1HitPct, 0.55);
    QCOMPARE(*g.l2HitPct, 80.44);
    QCOMPARE(*g.dramThroughputPct, 8.87);
    QCOMPARE(*g.smThroughputPct, 32.10);
    // kernel_0016: read "Mbyte","63.77" + write "Kbyte","197.38" (decimal prefixes).
    QCOMPARE(*r.launches[5].dramBytes, 63'770'000.0 + 197'380.0);
    // The tensor-path count is 2·M·N·K: 304 tiles of 128×256 outputs need K = 2304 exactly.
    QCOMPARE(*r.launches[5].flopsTensor, 2.0 * 304 * 128 * 256 * 2304);
}

void TestCounterFiles::dsocrJoinsAndRoofline()
{
    // Reads the six launches' names, grids, blocks and durations from the files themselves, so
    // the trace holds exactly the profiled launches (plus a second launch of kernel_0005).
    const NcuReport ncu = NcuCsvReader::read(data(QStringLiteral("codegandee-dsocr")));
    QCOMPARE(ncu.launches.size(), 6);
    TraceFixture fx(TraceFixture::Schema::Nsys2026, QStringLiteral("dsocr.sqlite"));
    sl::test::writeDsocrTrace(fx, ncu);
    const QString splitKvInTrace = sl::test::dsocrSplitKvInTrace();
    const LoadOutcome loaded = TraceLoader::loadSync(fx.path());
    QVERIFY2(loaded.ok(), qPrintable(loaded.message));
    AnalysisOptions o;
    o.ncuFile = data(QStringLiteral("codegandee-dsocr"));
    QString error;
    QVERIFY2(o.peaks.extendFromJson(sl::test::rtx5090Peaks(), &error), qPrintable(error));
    const AnalysisPtr r = Analyzer::analyze(loaded.trace, o);
    QVERIFY(r && r->counters.ncu);
    const NcuResult& n = *r->counters.ncu;
    QCOMPARE(n.match.matched, 6);
    QCOMPARE(n.match.byFullName, 5);
    QCOMPARE(n.match.byFunctionName, 1);
    QCOMPARE(n.match.withoutDims, 0);
    // The first kernel_0005 launch of the trace (corr 3, after 0001 and 0003) took the profiled one.
    QCOMPARE(loaded.trace->kernels.rowid[size_t(n.match.kernelOfLaunch[2])], 3);

    // The roof from TARGET_INFO_GPU: 2 × 128 FP32 lanes × 170 SMs × 2.0 GHz; DRAM 1.792 TB/s;
    // the tensor ceiling from the peak entry, 209.5 TFLOP/s.
    QCOMPARE(n.roofs.size(), 1);
    const Roofline& roof = n.roofs[0];
    QCOMPARE(roof.fp32FlopsPerSecond, 2.0 * 128 * 170 * 2.0e9);
    QCOMPARE(roof.dramBytesPerSecond, 1.792e12);
    QCOMPARE(roof.tensorFlopsPerSecond, 209.5e12);
    // FP64: the files' own SOLFPRoofline text says "The ratio of peak float (fp32) to double
    // (fp64) performance on this device is 64:1".
    QCOMPARE(roof.fp64FlopsPerSecond, 2.0 * 128 * 170 * 2.0e9 / 64);
    QCOMPARE(NcuAnalysis::fp32PerFp64(9, 0), 2); // H100
    QCOMPARE(NcuAnalysis::fp32PerFp64(8, 0), 2); // A100
    QCOMPARE(NcuAnalysis::fp32PerFp64(8, 9), 64); // L40S, RTX 4090
    QCOMPARE(NcuAnalysis::fp32PerFp64(7, 5), 32); // T4
    // Non-tensor FP16: 1:1 on consumer Blackwell, 4:1 on A100, 2:1 on H100 (whitepapers).
    QCOMPARE(roof.fp16FlopsPerSecond, roof.fp32FlopsPerSecond);
    QCOMPARE(NcuAnalysis::fp16PerFp32(8, 0), 4.0);
    QCOMPARE(NcuAnalysis::fp16PerFp32(9, 0), 2.0);
    QCOMPARE(NcuAnalysis::fp16PerFp32(8, 9), 1.0);

    const NcuKernelFigures* gemm = figuresOf(*r, ncu.launches[2].kernelName);
    QVERIFY(gemm);
    QCOMPARE(gemm->launches, 1);
    QCOMPARE(gemm->traceNs, 2 * 111'810); // both launches in the trace, one profiled
    QCOMPARE(*gemm->flops, 12'532'580'352.0);
    QCOMPARE(*gemm->tensorFlops, 12'532'580'352.0);
    QVERIFY(gemm->onTensorPath());
    QCOMPARE(*gemm->arithmeticIntensity, 12'532'580'352.0 / 17'500'000.0);
    QCOMPARE(*gemm->achievedFlopsPerSecond, 12'532'580'352.0 / 111'810e-9);
    // 716 FLOP/byte × 1.792 TB/s is far above 209.5 TFLOP/s: the tensor ceiling bounds it.
    QCOMPARE(gemm->tensorType, QStringLiteral("bf16")); // sm__ops_path_tensor_src_bf16_dst_*.sum
    QCOMPARE(NcuAnalysis::attainable(roof, *gemm->arithmeticIntensity, gemm->tensorType), 209.5e12);

    // flash_fwd_splitkv (kernel_0013): 335,544,320 tensor ops, 4.74 MB read, 10.34 µs. Its
    // intensity puts it under the DRAM roof: 70.8 FLOP/byte × 1.792 TB/s = 126.9 TFLOP/s.
    const NcuKernelFigures* splitKv = figuresOf(*r, splitKvInTrace);
    QVERIFY(splitKv);
    const double ai = 335'544'320.0 / 4'740'000.0;
    QCOMPARE(*splitKv->arithmeticIntensity, ai);
    QCOMPARE(splitKv->tensorType, QStringLiteral("bf16"));
    QCOMPARE(NcuAnalysis::attainable(roof, ai, splitKv->tensorType), ai * 1.792e12);
    QCOMPARE(*splitKv->achievedOccupancyPct, 8.24);
    QCOMPARE(*splitKv->theoreticalOccupancyPct, 8.33);

    // report.json: the folder's base name and its files, never a path.
    const QByteArray json = QJsonDocument(CountersReport::json(*r)).toJson();
    QVERIFY(json.contains("\"file\": \"codegandee-dsocr\""));
    QVERIFY(json.contains("\"kernel_0016.ncu.details.csv\""));
    QVERIFY(!json.contains(SIGHTLINE_TEST_DATA));
    QVERIFY(json.contains("\"tensor_flops_per_s\": 209500000000000"));
}

void TestCounterFiles::windowsBannerAndAnonymousNamespace()
{
    // A UTF-8 BOM, a ==PROF== banner with a Windows path and the program's own output come
    // before the header; the kernel is in an anonymous namespace printed as "unnamed>".
    const NcuReport r = NcuCsvReader::read(data(QStringLiteral("olajide-roofline/ncu/gemm_tiled.csv")));
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.launches.size(), 1);
    const NcuLaunch& l = r.launches[0];
    QCOMPARE(l.kernelName,
        QStringLiteral("void unnamed>::gemm_tiled_kernel<32>(const float *, const float *, float *, int, int, int)"));
    QCOMPARE(NcuMatcher::functionName(l.kernelName), QStringLiteral("gemm_tiled_kernel"));
    // dram__bytes_op_read.sum 53,261,312 + dram__bytes_op_write.sum 3,377,920; duration
    // 10,195,552 ns; lts__t_sector_hit_rate.pct 87.50; sm__throughput 88.90; sm__warps_active 66.65.
    QCOMPARE(*l.dramBytes, 53'261'312.0 + 3'377'920.0);
    QCOMPARE(*l.durationNs, 10'195'552.0);
    QCOMPARE(*l.l2HitPct, 87.50);
    QCOMPARE(*l.smThroughputPct, 88.90);
    QCOMPARE(*l.achievedOccupancyPct, 66.65);
    QVERIFY(!l.flops); // no FLOP counter was collected

    TraceFixture fx(TraceFixture::Schema::Nsys2026, QStringLiteral("gemm.sqlite"));
    blackwellGpu(fx);
    // nsys (like c++filt) writes the anonymous namespace out.
    kernel3d(fx, 1'000'000, 10'195'552, 1,
        QStringLiteral(
            "void (anonymous namespace)::gemm_tiled_kernel<32>(const float*, const float*, float*, int, int, "
            "int)"),
        { 64, 64, 1 }, { 32, 32, 1 });
    kernel3d(fx, 12'000'000, 10'195'552, 2,
        QStringLiteral("void (anonymous namespace)::gemm_naive_kernel(const float*, const float*, float*, int, int, "
                       "int)"),
        { 64, 64, 1 }, { 32, 32, 1 });
    const LoadOutcome loaded = TraceLoader::loadSync(fx.path());
    QVERIFY2(loaded.ok(), qPrintable(loaded.message));
    const NcuMatcher::Result m = NcuMatcher::match(*loaded.trace, r);
    QCOMPARE(m.matched, 1);
    QCOMPARE(m.byFunctionName, 1);
    QCOMPARE(loaded.trace->kernels.rowid[size_t(m.kernelOfLaunch[0])], 1);
}

void TestCounterFiles::folderSkipsWhatIsNotNcu()
{
    // The sample run's folder: seven ncu CSVs under ncu/ (the .txt files are not collected) and
    // the NVML sampler's nvml.csv beside them, which is listed as skipped.
    const NcuReport r = NcuCsvReader::read(data(QStringLiteral("olajide-roofline")));
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.files,
        (QStringList { QStringLiteral("ncu/gemm_naive.csv"), QStringLiteral("ncu/gemm_register_blocked.csv"),
            QStringLiteral("ncu/gemm_tiled.csv"), QStringLiteral("ncu/gemm_vectorized.csv"),
            QStringLiteral("ncu/saxpy.csv"), QStringLiteral("ncu/transpose_naive.csv"),
            QStringLiteral("ncu/transpose_tiled.csv") }));
    QCOMPARE(r.launches.size(), 7);
    QCOMPARE(r.skipped.size(), 1);
    QVERIFY2(r.skipped[0].contains(QStringLiteral("nvml.csv")), qPrintable(r.skipped[0]));
    // saxpy: Block (256, 1, 1), Grid (65536, 1, 1).
    QCOMPARE(NcuMatcher::functionName(r.launches[4].kernelName), QStringLiteral("saxpy_kernel"));
    QCOMPARE(r.launches[4].grid[0], 65536u);
    QCOMPARE(r.launches[4].block[0], 256u);
    // An empty folder says so.
    QTemporaryDir empty;
    const NcuReport none = NcuCsvReader::read(empty.path());
    QVERIFY(none.error.contains(QStringLiteral("no Nsight Compute results")));
}

void TestCounterFiles::oldLayoutWithTotalsOnly()
{
    // ncu from CUDA 11.4: a "Kernel Time" column, no Block/Grid/Device/CC columns; grid and block
    // only as Launch Statistics metrics holding totals; thousands separators everywhere.
    const NcuReport r = NcuCsvReader::read(data(QStringLiteral("leleucas-bert/5-9_bert_flashattn_nsight.csv")));
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.page, NcuReport::Page::Details);
    QCOMPARE(r.launches.size(), 10);
    QCOMPARE(NcuMatcher::functionName(r.launches[0].kernelName),
        QStringLiteral("distribution_elementwise_grid_stride_kernel"));
    // ID 5: "Grid Size" 48, "Block Size" 128; dram__bytes.sum "415,488"; FFMA 49,152, FMUL
    // 49,152, HADD 49,152 (the other FLOP counters 0); Theoretical 25 %, Achieved 6.09 %.
    const NcuLaunch& l = r.launches[5];
    QCOMPARE(l.grid[0], 0u);
    QCOMPARE(l.gridTotal, quint64(48));
    QCOMPARE(l.blockTotal, quint64(128));
    QCOMPARE(*l.dramBytes, 415'488.0);
    QCOMPARE(*l.flops32, 2.0 * 49'152 + 49'152);
    QCOMPARE(*l.flops16, 49'152.0);
    QCOMPARE(*l.flops, 2.0 * 49'152 + 49'152 + 49'152);
    QCOMPARE(*l.theoreticalOccupancyPct, 25.0);
    QCOMPARE(*l.achievedOccupancyPct, 6.09);

    // Totals match any triple with the same products: (6, 8, 1) × (64, 2, 1) = 48 × 128.
    TraceFixture fx(TraceFixture::Schema::Nsys2026, QStringLiteral("bert.sqlite"));
    blackwellGpu(fx);
    const QString gemm = r.launches[5].kernelName;
    kernel3d(fx, 1'000'000, 7'000, 1, gemm, { 24, 1, 1 }, { 128, 1, 1 }); // 24 blocks: not the profiled one
    kernel3d(fx, 2'000'000, 7'000, 2, gemm, { 6, 8, 1 }, { 64, 2, 1 });
    const LoadOutcome loaded = TraceLoader::loadSync(fx.path());
    QVERIFY2(loaded.ok(), qPrintable(loaded.message));
    const NcuMatcher::Result m = NcuMatcher::match(*loaded.trace, r);
    QCOMPARE(m.matched, 1);
    QCOMPARE(m.byFullName, 1);
    QCOMPARE(m.withoutDims, 1);
    QCOMPARE(loaded.trace->kernels.rowid[size_t(m.kernelOfLaunch[5])], 2);
}

void TestCounterFiles::rawPageLikeB200DecodeBench()
{
    // The layout of `ncu --csv --page raw` on a B200 decode benchmark (meinie0826/Roofline-Analysis,
    // decodebench/results/ncu, no licence: facts only): two ==PROF== lines, the identity columns,
    // device attributes, launch__* totals, then a units row whose first 11 cells are empty.
    const QByteArray csv
        = "==PROF== Connected to process 233787 (/usr/bin/python3.12)\n"
          "==PROF== Disconnected from process 233787\n"
          "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\",\"Block Size\","
          "\"Grid "
          "Size\",\"Device\",\"CC\",\"device__attribute_display_name\",\"device__attribute_multiprocessor_count\","
          "\"launch__block_size\",\"launch__grid_size\",\"launch__registers_per_thread\",\"gpu__time_duration.sum\","
          "\"sm__maximum_warps_per_active_cycle_pct\",\"sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_"
          "active\"\n"
          "\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"register/thread\",\"ns\",\"%\","
          "\"%\"\n"
          "\"0\",\"233787\",\"python3.12\",\"127.0.0.1\",\"BatchDecodeWithPagedKVCacheKernel\",\"1\",\"7\","
          "\"(16, 4, 2)\",\"(128, 8, 1)\",\"0\",\"10.0\",\"NVIDIA B200\",\"148\",\"128\",\"1,024\",\"56\",\"629,824\","
          "\"56.25\",\"0\"\n"
          "\"1\",\"233787\",\"python3.12\",\"127.0.0.1\",\"PersistentVariableLengthMergeStatesKernel\",\"1\",\"7\","
          "\"(16, 8, 1)\",\"(1776, 1, 1)\",\"0\",\"10.0\",\"NVIDIA B200\",\"148\",\"128\",\"1,776\",\"40\",\"14,976\","
          "\"75\",\"0\"\n";
    const NcuReport r = NcuCsvReader::parse(csv, QStringLiteral("flashinfer_paged_decode.ncu.csv"));
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.page, NcuReport::Page::Raw);
    QCOMPARE(r.launches.size(), 2);
    const NcuLaunch& d = r.launches[0];
    QCOMPARE(d.grid[0], 128u);
    QCOMPARE(d.grid[1], 8u);
    QCOMPARE(d.block[2], 2u);
    QCOMPARE(d.gridTotal, quint64(1024));
    QCOMPARE(d.blockTotal, quint64(128));
    QCOMPARE(*d.durationNs, 629'824.0);
    QCOMPARE(*d.theoreticalOccupancyPct, 56.25);
    QCOMPARE(*d.tensorActivePct, 0.0);
    QCOMPARE(*r.launches[1].durationNs, 14'976.0);
    QCOMPARE(*r.launches[1].theoreticalOccupancyPct, 75.0);
}

void TestCounterFiles::realH200TensorPathOps()
{
    // ncu 2025.3.1 --csv --page raw on an H200 (tests/data/counters/sightline-h200, made for these
    // tests): six GEMMs of known shape (gemm.py) between PyTorch's random-fill kernels. The tensor
    // path counts 2·M·N·K per GEMM, under a name per source type: src_bf16_dst_fp32, src_fp16,
    // src_tf32_dst_fp32 and src_fp8 (whose src_fp8_sparsity_off.sum repeats the same count).
    const NcuReport r = NcuCsvReader::read(data(QStringLiteral("sightline-h200/ncu-raw-gemm.csv")));
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.page, NcuReport::Page::Raw);
    QCOMPARE(r.launches.size(), 21);
    const double n4096 = 2.0 * 4096 * 4096 * 4096; // 137,438,953,472
    const auto tensor = [&](int i) { return r.launches[i].flopsTensor.value_or(-1); };
    QCOMPARE(r.launches[2].kernelName, QStringLiteral("nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT"));
    QCOMPARE(tensor(2), n4096); // bf16, "137,438,953,472"
    // bf16 2048 x 11008 x 4096 on 192 x 192 tiles: the hardware computes whole tiles, so the count is
    // 2 · (58 · 192) · (11 · 192) · 4096 = 192,669,548,544 — 4.3 % more than 2·M·N·K = 184,683,593,728.
    QCOMPARE(r.launches[5].kernelName, QStringLiteral("nvjet_sm90_tst_192x192_64x3_2x1_v_bz_coopB_NNN"));
    QCOMPARE(tensor(5), 2.0 * (58 * 192) * (11 * 192) * 4096);
    QCOMPARE(tensor(8), 2.0 * 8 * 4096 * 4096); // bf16 8 x 4096 x 4096, split-K: "268,435,456"
    QCOMPARE(r.launches[9].flopsTensor.value_or(-1), 0.0); // its split-K reduction: "0" on every path
    QCOMPARE(r.launches[12].kernelName, QStringLiteral("nvjet_sm90_hsh_256x128_64x4_1x2_h_bz_coopA_NNT"));
    QCOMPARE(tensor(12), n4096); // fp16: sm__ops_path_tensor_src_fp16.sum, no _dst_ in its name
    QCOMPARE(tensor(15), n4096); // tf32
    // The tf32 kernel's epilogue: "16,777,216" FFMA = 33,554,432 FLOPs on the CUDA cores, beside.
    QCOMPARE(r.launches[15].flops32.value_or(-1), 33'554'432.0);
    QCOMPARE(r.launches[15].flops.value_or(-1), n4096 + 33'554'432.0);
    QCOMPARE(r.launches[20].kernelName, QStringLiteral("nvjet_sm90_qqtst_128x128_128x6_2x1_v_bz_coopA_algo2_TNT"));
    QCOMPARE(tensor(20), n4096); // fp8 e4m3, counted once
    QCOMPARE(r.launches[20].durationNs.value_or(-1), 125'088.0); // "125,088" ns
    QCOMPARE(r.launches[20].dramBytes.value_or(-1), 75'078'656.0);
    QCOMPARE(r.launches[20].computeCapability, QStringLiteral("9.0"));
    for (int i : { 0, 1, 3, 4, 17 }) // random fills and an fp8 cast: "0"
        QCOMPARE(r.launches[i].flopsTensor.value_or(-1), 0.0);
}

void TestCounterFiles::realH200NvtxFilteredLayout()
{
    // The same GEMMs profiled with --nvtx --nvtx-include 'regex:gemm .*/': two NVTX columns
    // ("thread Domain:Push/Pop_Range:…", "Id:Domain:Start/Stop_Range:…") before "Kernel Name",
    // holding text such as ` "<default domain>:gemm bf16 4096x4096x4096:none:…`. Seven launches.
    const NcuReport r = NcuCsvReader::read(data(QStringLiteral("sightline-h200/ncu-raw-gemm-filtered.csv")));
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.launches.size(), 7);
    QCOMPARE(r.launches[0].kernelName, QStringLiteral("nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT"));
    QCOMPARE(r.launches[0].grid[1], 66u); // "(2, 66, 1)"
    QCOMPARE(r.launches[0].blockTotal, quint64(384));
    QCOMPARE(r.launches[0].durationNs.value_or(-1), 217'728.0);
    QCOMPARE(r.launches[3].kernelName.left(28), QStringLiteral("void cublasLt::splitKreduce_"));
    QCOMPARE(r.launches[6].flopsTensor.value_or(-1), 2.0 * 4096 * 4096 * 4096);
    QVERIFY(!r.metricsSeen.contains(QStringLiteral("thread Domain:Push/Pop_Range:PL_Type:PL_Value:CLR_Type:Color:"
                                                   "Msg_Type:Msg")));
}

void TestCounterFiles::realH200AttentionTiles()
{
    // PyTorch's SDPA on an H200 through its flash, memory-efficient and cuDNN backends (sdpa.py in
    // tests/data/counters/sightline-h200): B = 2, H = 32, D = 128. The tensor path counts the
    // work of whole tiles, so only the full product equals 4·B·H·L·S·D of the sizes.
    const NcuReport r = NcuCsvReader::read(data(QStringLiteral("sightline-h200/ncu-raw-sdpa.csv")));
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.launches.size(), 14);
    const auto ops = [&](int i) { return r.launches[i].flopsTensor.value_or(-1); };
    const double full = 4.0 * 2 * 32 * 2048 * 2048 * 128; // L = S = 2048: 137,438,953,472
    for (int i : { 0, 4, 7 }) // flash, efficient, cuDNN, bf16, no mask
        QCOMPARE(ops(i), full);
    QCOMPARE(ops(11), full); // flash in fp16: sm__ops_path_tensor_src_fp16.sum
    // Causal, flash: 128-query by 64-key tiles (Flash_fwd_kernel_traits<128, 128, 64, …>, its
    // Is_causal argument 1); query block m computes key blocks up to the diagonal, 2·(m + 1) of
    // 32, over 16 query blocks: 272 of 512 tiles. cuDNN's 64 x 128 tiles give the same 272.
    QVERIFY(r.launches[1].kernelName.contains(QStringLiteral("cutlass::bfloat16_t>>, 0, 1, 0")));
    QCOMPARE(ops(1), full * 272 / 512); // 73,014,444,032
    QCOMPARE(ops(8), full * 272 / 512);
    QCOMPARE(ops(5), 71'940'702'208.0); // memory-efficient: "71,940,702,208", 52.3 % (its own diagonal)
    // Decode, L = 1 against S = 2048: the one query row fills a whole tile of 64 rows (flash's
    // split-KV kernel, memory-efficient) or 16 (cuDNN's 16x128x128): 64× and 16× the sizes' count.
    const double decode = 4.0 * 2 * 32 * 1 * 2048 * 128; // 67,108,864
    QCOMPARE(ops(2), decode * 64);
    QCOMPARE(ops(6), decode * 64);
    QCOMPARE(ops(9), decode * 16);
    QCOMPARE(ops(3), 0.0); // flash's split-KV combine
    QCOMPARE(ops(10), 0.0); // cuDNN's lean reduction
}

void TestCounterFiles::realH200RoofByTensorType()
{
    // The six GEMMs of ncu-raw-gemm.csv (H200) in a trace of their own, each held to the ceiling of
    // its own tensor type. The fp8 4096³ GEMM: 2·4096³ operations in 125,088 ns = 1,098.7 TFLOP/s,
    // above the BF16 ceiling (989.4, H200 SXM datasheet) and 55.5 % of the FP8 one (1,978.9).
    const NcuReport ncu = NcuCsvReader::read(data(QStringLiteral("sightline-h200/ncu-raw-gemm.csv")));
    QCOMPARE(ncu.launches.size(), 21);
    QCOMPARE(ncu.launches[20].tensorOpsByType.value(QStringLiteral("fp8")), 2.0 * 4096 * 4096 * 4096);
    QCOMPARE(ncu.launches[20].tensorOpsByType.value(QStringLiteral("bf16"), -1), 0.0); // "0": a column, no ops
    QCOMPARE(ncu.launches[15].tensorOpsByType.value(QStringLiteral("tf32")), 2.0 * 4096 * 4096 * 4096);
    TraceFixture fx(TraceFixture::Schema::Nsys2026, QStringLiteral("h200gemm.sqlite"));
    sl::test::writeH200Trace(fx, ncu);
    const LoadOutcome loaded = TraceLoader::loadSync(fx.path());
    QVERIFY2(loaded.ok(), qPrintable(loaded.message));
    AnalysisOptions o;
    o.ncuFile = data(QStringLiteral("sightline-h200/ncu-raw-gemm.csv"));
    const AnalysisPtr r = Analyzer::analyze(loaded.trace, o);
    QVERIFY(r && r->counters.ncu);
    const NcuResult& n = *r->counters.ncu;
    QCOMPARE(n.roofs.size(), 1);
    const Roofline& roof = n.roofs[0];
    QCOMPARE(roof.tensorPeaks.value(QStringLiteral("fp8")), 1978.9e12);
    QCOMPARE(roof.tensorPeaks.value(QStringLiteral("bf16")), 989.4e12);
    QCOMPARE(roof.tensorPeaks.value(QStringLiteral("fp64-tensor")), 67e12);
    const auto typeOf = [&](int launch) {
        const NcuKernelFigures* f = figuresOf(*r, ncu.launches[launch].kernelName);
        return f ? f->tensorType : QStringLiteral("?");
    };
    QCOMPARE(typeOf(2), QStringLiteral("bf16"));
    QCOMPARE(typeOf(12), QStringLiteral("fp16"));
    QCOMPARE(typeOf(15), QStringLiteral("tf32"));
    QCOMPARE(typeOf(20), QStringLiteral("fp8"));
    QCOMPARE(typeOf(0), QString()); // a random fill: no tensor operations
    const NcuKernelFigures* fp8 = figuresOf(*r, ncu.launches[20].kernelName);
    QVERIFY(fp8 && fp8->onTensorPath() && fp8->arithmeticIntensity && fp8->achievedFlopsPerSecond);
    // 137,438,953,472 operations over 75,078,656 DRAM bytes = 1,830.6 per byte: × 4.8 TB/s is far
    // above every ceiling, so the ceiling bounds it.
    QCOMPARE(*fp8->arithmeticIntensity, 137'438'953'472.0 / 75'078'656.0);
    const double top = NcuAnalysis::attainable(roof, *fp8->arithmeticIntensity, fp8->tensorType);
    QCOMPARE(top, 1978.9e12);
    QCOMPARE(*fp8->achievedFlopsPerSecond, 137'438'953'472.0 / 125'088e-9);
    QVERIFY(*fp8->achievedFlopsPerSecond / top < 0.56 && *fp8->achievedFlopsPerSecond / top > 0.55);
    // The BF16 ceiling would read 111 %, which no kernel reaches.
    QVERIFY(
        *fp8->achievedFlopsPerSecond / NcuAnalysis::attainable(roof, *fp8->arithmeticIntensity, QStringLiteral("bf16"))
        > 1.1);
    // Types without a ceiling give no roof, rather than another type's.
    QCOMPARE(NcuAnalysis::attainable(roof, 1000, QStringLiteral("int1")), 0.0);
    QCOMPARE(NcuAnalysis::attainable(roof, 1000, QStringLiteral("int4")), 0.0);
    QCOMPARE(NcuAnalysis::tensorPeakKey(QStringLiteral("fp64")), QStringLiteral("fp64-tensor"));
    QCOMPARE(NcuAnalysis::attainable(roof, 1, QStringLiteral("fp64")), 4.8e12); // under the DRAM roof
}

void TestCounterFiles::errorStub()
{
    // ncu writes only its banner when the profiled program fails (13 of 51 files in that folder).
    const NcuReport r = NcuCsvReader::parse("==PROF== Connected to process 1 (/usr/bin/python3.12)\n"
                                            "==ERROR== The application returned an error code (1).\n",
        QStringLiteral("flashinfer_paged_decode__gqa_fp16_b64_ctx4k_p32.ncu.csv"));
    QVERIFY(r.error.contains(QStringLiteral("flashinfer_paged_decode__gqa_fp16_b64_ctx4k_p32.ncu.csv")));
    QVERIFY(r.launches.isEmpty());
}

void TestCounterFiles::realNvmlSamplerCsv()
{
    // timestamp,power_w,temperature_c,sm_clock_mhz,memory_clock_mhz,gpu_util_pct with ISO UTC
    // timestamps to the millisecond; 293 samples from 2026-07-22T21:41:45.304Z to 21:42:17.032Z.
    // A capture that started at 21:41:45.000Z (1784756505 s since the epoch) puts the first
    // sample at 304 ms and the last at 32,032 ms, to the nanosecond.
    const qint64 start = 1'784'756'505'000'000'000;
    const NvmlCsvReader::Result r
        = NvmlCsvReader::read(data(QStringLiteral("olajide-roofline/nvml.csv")), start, 3 * 3600);
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.rowsRead, 293);
    QCOMPARE(r.rowsSkipped, 0);
    QCOMPARE(r.columnsFound.size(), 5);
    const CounterSeries* power = r.counters.find(0, QStringLiteral("Power"));
    QVERIFY(power);
    QCOMPARE(power->t.size(), size_t(293));
    QCOMPARE(power->t.front(), 304'000'000);
    QCOMPARE(power->t.back(), 32'032'000'000);
    QCOMPARE(power->v.front(), 25.864f);
    QCOMPARE(power->v.back(), 176.548f);
    const CounterSeries* clock = r.counters.find(0, QStringLiteral("SM Clock"));
    QVERIFY(clock);
    QCOMPARE(clock->v.front(), 1027.0f);
    QCOMPARE(clock->v.back(), 2850.0f);
    QVERIFY(r.counters.find(0, QStringLiteral("Memory Clock")));
    QVERIFY(r.counters.find(0, QStringLiteral("Temperature")));
    QVERIFY(r.counters.find(0, QStringLiteral("GPU Utilization")));
}

void TestCounterFiles::functionNames()
{
    // The return type may hold templates (cuBLAS gemv as ncu prints it, kernel_0001).
    QCOMPARE(NcuMatcher::functionName(QStringLiteral("enable_if<!T7, void>::type kernel<int, int, __nv_bfloat16, "
                                                     "__nv_bfloat16, __nv_bfloat16, float, (bool)0>(T13)")),
        QStringLiteral("kernel"));
    QCOMPARE(NcuMatcher::functionName(QStringLiteral("void at::native::<unnamed>::distribution_elementwise_grid_stride_"
                                                     "kernel<float, (int)4>(int, T3)")),
        QStringLiteral("distribution_elementwise_grid_stride_kernel"));
    QCOMPARE(
        NcuMatcher::functionName(QStringLiteral("void at::native::vectorized_elementwise_kernel<4, "
                                                "at::native::FillFunctor<float>, at::detail::Array<char *, 1> >(int, "
                                                "T2, T3)")),
        QStringLiteral("vectorized_elementwise_kernel"));
    QCOMPARE(NcuMatcher::functionName(QStringLiteral("fmha_cutlassF_bf16_aligned_64x64_rf_sm80(AttentionKernel<"
                                                     "bfloat16_t, Sm80, 1, 64, 64, 64, 1, 1>::Params)")),
        QStringLiteral("fmha_cutlassF_bf16_aligned_64x64_rf_sm80"));
}

QTEST_GUILESS_MAIN(TestCounterFiles)
#include "tst_counterfiles.moc"
