// SPDX-License-Identifier: MIT
// Issue 23: GEMM shapes from cuBLAS / cuBLASLt API logs (docs/analysis.md "cuBLAS and cuBLASLt
// logs", "Shape advisor"). The real logs in tests/data/cublas (README there) check the reader;
// logs written in the same format beside fixture exports check the matching, the FLOPs (by hand)
// and the advisor's findings.
#include "core/analysis/analyzer.h"
#include "core/analysis/design/cublaslogreader.h"
#include "core/analysis/design/gemmanalysis.h"
#include "core/report/jsonreport.h"
#include "core/util/format.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tracefixture.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTest>

#include <map>
#include <tuple>

using namespace sl;
using sl::test::TraceFixture;

namespace {
QString dataFile(const QString& name) { return QStringLiteral(SIGHTLINE_TEST_DATA "/cublas/") + name; }

constexpr quint32 kPid = 4242;
constexpr quint64 kPthread = 139872051041088; // what cuBLAS logs as Thread= (pthread_self)
const QString kNvjet = QStringLiteral("nvjet_tst_128x256_64x4_2x1_v_bz_coopA_TNT");
const QString kXmma = QStringLiteral(
    "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x256x64_warpgroupsize2x1x1_execute_segment_k_off_kernel__5x_"
    "cublas");
const QString kSplitK = QStringLiteral(
    "void cublasLt::splitKreduce_kernel<32, 16, int, float, __nv_bfloat16, float, __nv_bfloat16, true, false, "
    "false>(cublasLt::cublasSplitKParams<float>, float const*, __nv_bfloat16 const*, __nv_bfloat16*, float const*, "
    "float const*, __nv_bfloat16 const*, float const*, __nv_bfloat16*, void*, long, float*, int*)");

/// One cublasGemmEx call as CUBLAS_LOGINFO_DBG=1 writes it (tests/data/cublas/cublas.log).
QString gemmEx(qint64 m, qint64 n, qint64 k, const QString& transa, quint32 pid)
{
    QString s = QStringLiteral(
        "I! cuBLAS (v13.1.0) function cublasStatus_t cublasGemmEx(cublasHandle_t, cublasOperation_t, "
        "cublasOperation_t, int, int, int, const void*, const void*, cudaDataType, int, const void*, cudaDataType, "
        "int, const void*, void*, cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t) called:\n"
        "i!  handle: type=cublasHandle_t; val=POINTER (IN HEX:0x0x404faa20)\n");
    s += QStringLiteral("i!  transa: type=cublasOperation_t; val=CUBLAS_OP_%1(%2)\n")
             .arg(transa)
             .arg(transa == QLatin1String("T") ? 1 : 0);
    s += QStringLiteral("i!  transb: type=cublasOperation_t; val=CUBLAS_OP_N(0)\n");
    s += QStringLiteral("i!  m: type=int; val=%1\ni!  n: type=int; val=%2\ni!  k: type=int; val=%3\n")
             .arg(m)
             .arg(n)
             .arg(k);
    s += QStringLiteral("i!  Atype: type=cudaDataType_t; val=CUDA_R_16BF(14)\n"
                        "i!  lda: type=int; val=4096\n"
                        "i!  Btype: type=cudaDataType_t; val=CUDA_R_16BF(14)\n"
                        "i!  Ctype: type=cudaDataType_t; val=CUDA_R_16BF(14)\n"
                        "i!  computeType: type=cublasComputeType_t; val=CUBLAS_COMPUTE_32F(68)\n"
                        "i!  algo: type=SOME TYPE; val=CUBLAS_GEMM_DEFAULT_TENSOR_OP(99)\n"
                        "i! Time: 2026-11-25T20:24:19 elapsed from start 0.066667 minutes or 4.000000 seconds\n");
    s += QStringLiteral("i!Process=%1; Thread=%2; GPU=0; Handle=POINTER (IN HEX:0x0x404faa20); StreamId=POINTER (IN "
                        "HEX:0x(nil)) (defaultStream); MathMode=CUBLAS_DEFAULT_MATH\n"
                        "i! COMPILED WITH: GNU GCC/G++ / 8.5.0 20210514 (Red Hat 8.5.0-26)\n")
             .arg(pid)
             .arg(kPthread);
    return s;
}

/// One kernel launched from the main thread of kPid, as nsys writes the pair (runtime call, kernel).
void launch(TraceFixture& fx, qint64 t, qint64 duration, quint32 corr, const QString& name, quint32 gx = 170)
{
    fx.runtime(t, t + 4'000, kPid, kPid, corr, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.kernel(t + 10'000, t + 10'000 + duration, 0, 7, corr, kPid, name, 384, 168, 0);
    fx.exec(QStringLiteral("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET gridX = %1, dynamicSharedMemory = 204800 "
                           "WHERE correlationId = %2")
                .arg(gx)
                .arg(corr));
}

QString writeLog(const QString& dir, const QString& text)
{
    const QString path = dir + QStringLiteral("/cublas.log");
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(text.toUtf8());
    return path;
}

const Finding* findingWith(const AnalysisResult& r, const QString& id, const QString& titlePart)
{
    for (const auto& f : r.findings)
        if (f.id == id && f.title.contains(titlePart))
            return &f;
    return nullptr;
}

using Shape = std::tuple<qint64, qint64, qint64, qint64>;
std::map<Shape, int> shapesOf(const CublasLog& log)
{
    std::map<Shape, int> out;
    for (const auto& c : log.calls)
        ++out[{ c.m, c.n, c.k, c.batch }];
    return out;
}
} // namespace

class TestCublasLog : public QObject
{
    Q_OBJECT
private slots:
    void realCublasLog();
    void realCublasLtLogs();
    void tileFromKernelName_data();
    void tileFromKernelName();
    void badFiles();
    void matchFlopsAndAdvisor();
    void ltLogMatchesItsThread();
    void cli();
};

void TestCublasLog::realCublasLog()
{
    const CublasLog log = CublasLogReader::read(dataFile(QStringLiteral("cublas.log")));
    QVERIFY2(log.ok, qPrintable(log.error));
    // 15 cublasGemmEx + 6 cublasGemmStridedBatchedEx blocks (grep -c "function cublasStatus_t cublasGemm").
    QCOMPARE(log.calls.size(), 21);
    const GemmCall& first = log.calls.front();
    QCOMPARE(first.function, QStringLiteral("cublasGemmEx"));
    QCOMPARE(first.line, 37);
    QCOMPARE(first.m, qint64(12288));
    QCOMPARE(first.n, qint64(2048));
    QCOMPARE(first.k, qint64(4096));
    QCOMPARE(first.batch, qint64(1));
    QCOMPARE(first.transA, QLatin1Char('T'));
    QCOMPARE(first.transB, QLatin1Char('N'));
    QCOMPARE(first.aType, QStringLiteral("16BF"));
    QCOMPARE(first.cType, QStringLiteral("16BF"));
    QCOMPARE(first.computeType, QStringLiteral("COMPUTE_32F"));
    QCOMPARE(first.pid, quint64(491));
    QCOMPARE(first.thread, quint64(140504484950336));
    QCOMPARE(first.flops(), 2.0 * 12288 * 2048 * 4096);
    int batched = 0;
    for (const auto& c : log.calls)
        if (c.function == QLatin1String("cublasGemmStridedBatchedEx")) {
            ++batched;
            QCOMPARE(c.batch, qint64(128));
        }
    QCOMPARE(batched, 6);
}

void TestCublasLog::realCublasLtLogs()
{
    const CublasLog lt = CublasLogReader::read(dataFile(QStringLiteral("cublaslt.log")));
    QVERIFY2(lt.ok, qPrintable(lt.error));
    QCOMPARE(lt.calls.size(), 21); // 21 [Trace][cublasLtTSTMatmul] lines
    const GemmCall& c = lt.calls.front();
    // Adesc rows=4096 cols=12288 with transa=OP_T: op(A) is 12288 × 4096; Ddesc 12288 × 2048.
    QCOMPARE(c.m, qint64(12288));
    QCOMPARE(c.n, qint64(2048));
    QCOMPARE(c.k, qint64(4096));
    QCOMPARE(c.transA, QLatin1Char('T'));
    QCOMPARE(c.tileM, 256);
    QCOMPARE(c.tileN, 128);
    QCOMPARE(c.pid, quint64(516));
    QVERIFY(c.lt);
    // The same model through cuBLAS and cuBLASLt: the same 21 GEMM shapes.
    const CublasLog legacy = CublasLogReader::read(dataFile(QStringLiteral("cublas.log")));
    QCOMPARE(shapesOf(lt), shapesOf(legacy));
    // Level 5: the [Api] matmul lines carry descriptor pointers and the heuristic queries are no
    // calls; only the 14 [Trace] lines count.
    const CublasLog api = CublasLogReader::read(dataFile(QStringLiteral("cublaslt-api.log")));
    QVERIFY2(api.ok, qPrintable(api.error));
    QCOMPARE(api.calls.size(), 14);
}

void TestCublasLog::tileFromKernelName_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("tm");
    QTest::addColumn<int>("tn");
    QTest::newRow("xmma") << kXmma << 128 << 256;
    QTest::newRow("cutlass") << QStringLiteral("cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_128x128_64x3_tn_align8")
                             << 128 << 128;
    QTest::newRow("nvjet") << kNvjet << 128 << 256;
    QTest::newRow("none") << QStringLiteral("void at::native::vectorized_elementwise_kernel<4>") << 0 << 0;
}

void TestCublasLog::tileFromKernelName()
{
    QFETCH(QString, name);
    QFETCH(int, tm);
    QFETCH(int, tn);
    const auto tile = GemmAnalysis::tileOf(name);
    QCOMPARE(tile ? tile->first : 0, tm);
    QCOMPARE(tile ? tile->second : 0, tn);
}

void TestCublasLog::badFiles()
{
    const CublasLog missing = CublasLogReader::read(QStringLiteral("/nonexistent/dir/cublas.log"));
    QVERIFY(!missing.ok);
    QVERIFY(missing.error.contains(QStringLiteral("cublas.log")));
    QVERIFY(!missing.error.contains(QStringLiteral("/nonexistent")));
    const CublasLog other = CublasLogReader::parse("time,gpu,util\n1,0,50\n", QStringLiteral("samples.csv"));
    QVERIFY(!other.ok);
    QVERIFY(other.error.contains(QStringLiteral("samples.csv")));
    // A cuBLAS log without GEMMs, and a GEMM block without k: said, not dropped silently.
    QByteArray noK = gemmEx(64, 64, 64, QStringLiteral("N"), kPid).toUtf8();
    noK.replace("i!  k: type=int; val=64\n", "");
    const CublasLog broken = CublasLogReader::parse(noK, QStringLiteral("cublas.log"));
    QVERIFY(!broken.ok);
    QVERIFY(broken.notes.join(QLatin1Char('\n')).contains(QStringLiteral("cublas.log line 1")));
}

void TestCublasLog::matchFlopsAndAdvisor()
{
    TraceFixture fx;
    fx.process(kPid, QStringLiteral("python3"));
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"), 132);
    // Four GEMM calls on the main thread, in this order; the trace launches a split-K reduction
    // after the first (the same call's second kernel) and an elementwise kernel between them.
    QString log;
    log += gemmEx(50257, 2048, 4096, QStringLiteral("T"), kPid); // logits: m = vocabulary
    log += gemmEx(4352, 1280, 4096, QStringLiteral("T"), kPid); // 34 × 5 tiles of 128 × 256
    log += gemmEx(4096, 1096, 4096, QStringLiteral("T"), kPid); // n = 1096: 5 tiles of 256, 14 % empty
    log += gemmEx(4096, 4096, 4096, QStringLiteral("N"), kPid); // no launch in the trace
    const QString logPath = writeLog(fx.dir(), log);
    QVERIFY(!logPath.isEmpty());
    launch(fx, 1'000'000'000, 900'000, 11, kNvjet, 132);
    launch(fx, 1'001'000'000, 20'000, 12, kSplitK, 132);
    launch(fx, 1'002'000'000, 5'000, 13, QStringLiteral("void at::native::vectorized_elementwise_kernel<4>"), 64);
    launch(fx, 1'003'000'000, 100'000, 14, kXmma, 170);
    launch(fx, 1'004'000'000, 80'000, 15, kXmma, 85);
    const TracePtr trace = test::loadFixture(fx);
    QVERIFY(trace);
    AnalysisOptions options;
    options.cublasLog = logPath;
    const AnalysisPtr r = Analyzer::analyze(trace, options);
    QVERIFY(r);
    const GemmImport& g = r->design.gemm;
    QVERIFY(g.present);
    QCOMPARE(g.calls, qint64(4));
    QCOMPARE(g.gemmLaunches, qint64(3)); // the split-K reduction and the elementwise kernel are not
    QCOMPARE(g.matched, qint64(3));
    QVERIFY(g.notes.join(QLatin1Char('\n')).contains(QStringLiteral("3 of 4 GEMM calls matched")));
    // FLOPs by hand: 2 · m · n · k per matched launch, over the launch's duration.
    const double logits = 2.0 * 50257 * 2048 * 4096;
    QCOMPARE(g.byKernel.size(), 2);
    for (const auto& k : g.byKernel) {
        if (trace->strings.at(k.name) == kNvjet) {
            QCOMPARE(k.flops, logits);
            QCOMPARE(k.kernelNs, qint64(900'000));
            QCOMPARE(k.tflops(), logits / 900'000.0 / 1e3);
        } else {
            QCOMPARE(k.flops, 2.0 * 4352 * 1280 * 4096 + 2.0 * 4096 * 1096 * 4096);
            QCOMPARE(k.kernelNs, qint64(180'000));
        }
    }
    // The advisor: m = 50,257 is not a multiple of 8 (bf16) → 50,304 (a multiple of 64).
    const Finding* align = findingWith(*r, QStringLiteral("gemm-alignment"), QStringLiteral("m = 50,257"));
    QVERIFY(align);
    QCOMPARE(align->metric, QStringLiteral("50,257 → 50,304"));
    QVERIFY(align->summary.contains(QStringLiteral("50,264")));
    QCOMPARE(align->impactNs, qint64(900'000));
    QCOMPARE(align->evidence.size(), 1);
    QCOMPARE(align->evidence[0].rowCount, qint64(1));
    // n = 1,096 fills 5 tiles of 256 (1,280): 1 − 1096/1280 = 14.4 % of the tile work is padding.
    const Finding* tile = findingWith(*r, QStringLiteral("gemm-tile-quantization"), QStringLiteral("n = 1,096"));
    QVERIFY(tile);
    QCOMPARE(tile->metric, QStringLiteral("1,096 → 1,024 or 1,280"));
    QCOMPARE(tile->impactNs, qint64(80'000.0 * (1.0 - 1096.0 / 1280.0) + 0.5));
    // 4352 × 1280: 34 × 5 = 170 tiles on 132 SMs at one CTA per SM: 2 waves, 64.4 % full. The
    // nearest fix: m = 26 tiles (3,328) → 130 tiles, one wave (a 23.5 % change; n to 768 is 40 %).
    const Finding* waves = findingWith(*r, QStringLiteral("gemm-wave-quantization"), QStringLiteral("4352 × 1280"));
    QVERIFY(waves);
    QCOMPARE(waves->metric, QStringLiteral("m = 4,352 → 3,328"));
    QVERIFY(waves->title.contains(formatPercent(170.0 / 264.0)));
    // No alignment finding for 4,352, 1,280, 1,096 or 4,096 (multiples of 8).
    for (const auto& f : r->findings)
        if (f.id == QLatin1String("gemm-alignment"))
            QCOMPARE(&f, align);

    // report.json design.gemm.
    const QJsonObject gemm
        = JsonReport::build(*r).value(QStringLiteral("design")).toObject().value(QStringLiteral("gemm")).toObject();
    QCOMPARE(gemm.value(QStringLiteral("file")).toString(), QStringLiteral("cublas.log"));
    QCOMPARE(gemm.value(QStringLiteral("matched")).toInteger(), qint64(3));
    const QJsonArray shapes = gemm.value(QStringLiteral("shapes")).toArray();
    QCOMPARE(shapes.size(), 4);
    QCOMPARE(shapes.first().toObject().value(QStringLiteral("m")).toInteger(), qint64(50257));
    QCOMPARE(shapes.first().toObject().value(QStringLiteral("flops")).toDouble(), logits);
}

void TestCublasLog::ltLogMatchesItsThread()
{
    // A cuBLASLt log's id is the OS thread id of the calling thread (the process id for the main
    // thread): its calls pair with that thread, not with the thread that launched GEMMs first.
    TraceFixture fx;
    fx.process(kPid, QStringLiteral("python3"));
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"), 132);
    const quint32 worker = kPid + 7;
    fx.runtime(900'000'000, 900'004'000, kPid, worker, 1, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.kernel(900'010'000, 900'060'000, 0, 9, 1, kPid, kXmma, 384, 168, 0);
    launch(fx, 1'000'000'000, 70'000, 2, kNvjet, 132);
    launch(fx, 1'001'000'000, 60'000, 3, kNvjet, 132);
    QString log;
    for (int i = 0; i < 2; ++i)
        log += QStringLiteral("[2026-11-25 20:24:23][cublasLt][%1][Trace][cublasLtTSTMatmul] A=0X7F1A1A000000 "
                              "Adesc=[type=R_16BF rows=4096 cols=12288 ld=4096] B=0X7F1A21000000 Bdesc=[type=R_16BF "
                              "rows=4096 cols=2048 ld=4096] C=0X7F1A26000000 Cdesc=[type=R_16BF rows=12288 cols=2048 "
                              "ld=12288] D=0X7F1A26000000 Ddesc=[type=R_16BF rows=12288 cols=2048 ld=12288] "
                              "computeDesc=[computeType=COMPUTE_32F scaleType=R_32F transa=OP_T smCountTarget=132] "
                              "algo=[algoId=66 tile=MATMUL_TILE_256x128 stages=MATMUL_STAGES_64xAUTO] "
                              "workSpace=0X7F1A24000000 workSpaceSizeInBytes=4 beta=0 outOfPlace=0 stream=0X0\n")
                   .arg(kPid);
    const QString logPath = writeLog(fx.dir(), log);
    const TracePtr trace = test::loadFixture(fx);
    QVERIFY(trace);
    AnalysisOptions options;
    options.cublasLog = logPath;
    const AnalysisPtr r = Analyzer::analyze(trace, options);
    QVERIFY(r);
    const GemmImport& g = r->design.gemm;
    QCOMPARE(g.calls, qint64(2));
    QCOMPARE(g.gemmLaunches, qint64(3));
    QCOMPARE(g.matched, qint64(2));
    QCOMPARE(g.byKernel.size(), 1);
    QCOMPARE(trace->strings.at(g.byKernel.front().name), kNvjet);
    QCOMPARE(g.byKernel.front().flops, 2 * 2.0 * 12288 * 2048 * 4096);
    QCOMPARE(g.byKernel.front().kernelNs, qint64(130'000));
}

void TestCublasLog::cli()
{
    // sightline-cli analyze --cublas-log: a missing file is unreadable input (exit 3) named by
    // its base name; a log reaches report.json.
    TraceFixture fx;
    fx.process(kPid, QStringLiteral("python3"));
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"), 132);
    launch(fx, 1'000'000'000, 900'000, 11, kNvjet, 132);
    const QString logPath = writeLog(fx.dir(), gemmEx(50257, 2048, 4096, QStringLiteral("T"), kPid));
    const QString trace = fx.path();
    const auto run = [&](const QString& log, const QString& out) {
        QProcess p;
        p.setProgram(QStringLiteral(SIGHTLINE_CLI));
        p.setArguments(
            { QStringLiteral("analyze"), trace, QStringLiteral("--out"), out, QStringLiteral("--cublas-log"), log });
        p.start();
        p.waitForFinished(120'000);
        return std::make_pair(p.exitCode(), QString::fromUtf8(p.readAllStandardError()));
    };
    const auto [missingCode, missingErr]
        = run(fx.dir() + QStringLiteral("/absent.log"), fx.dir() + QStringLiteral("/a"));
    QCOMPARE(missingCode, 3);
    QVERIFY(missingErr.contains(QStringLiteral("absent.log")));
    const QString out = fx.dir() + QStringLiteral("/b");
    const auto [code, err] = run(logPath, out);
    QVERIFY2(code == 0, qPrintable(err));
    QFile f(out + QStringLiteral("/report.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject gemm = QJsonDocument::fromJson(f.readAll())
                                 .object()
                                 .value(QStringLiteral("design"))
                                 .toObject()
                                 .value(QStringLiteral("gemm"))
                                 .toObject();
    QCOMPARE(gemm.value(QStringLiteral("matched")).toInteger(), qint64(1));
    QVERIFY(QFile::exists(out + QStringLiteral("/tables/gemm_shapes.csv")));
    QVERIFY(QFile::exists(out + QStringLiteral("/tables/waves.csv")));
}

QTEST_GUILESS_MAIN(TestCublasLog)
#include "tst_cublaslog.moc"
