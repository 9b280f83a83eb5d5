// SPDX-License-Identifier: MIT
// Model anatomy (issue 23 item 3): operator classes per phase, FLOPs, MFU and bound class.
#include "core/analysis/analyzer.h"
#include "core/analysis/design/anatomyrules.h"
#include "core/io/traceloader.h"
#include "core/report/csvtables.h"
#include "core/report/jsonreport.h"
#include "tests/common/anatomyfixture.h"
#include "tests/common/tracefixture.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace sl;
using sl::test::TraceFixture;

namespace {

using namespace sl::test::anatomy;
const QString kLaunch = launchApi();
const QString kGemm = gemmKernel();
const QString kFlash = flashKernel();
// H100 SXM5 bf16 dense peak (resources/efficiency/gpu-peaks.json), TFLOP/s.
constexpr double kPeakBf16 = 989.4;

const AnatomyCell* cell(const AnalysisResult& r, const QString& phase, const QString& cls)
{
    const int c = int(AnatomyRules::classes().indexOf(cls));
    for (const AnatomyCell& x : r.design.anatomy.cells)
        if (x.cls == c && r.phases[x.phase].phase == phase)
            return &x;
    return nullptr;
}

} // namespace

class TestAnatomy : public QObject
{
    Q_OBJECT
private slots:
    void rules();
    void prefillAndDecode();
    void cublasIntensity();
};

void TestAnatomy::rules()
{
    const AnatomyRules a = AnatomyRules::defaultRules();
    const QStringList c = AnatomyRules::classes();
    QCOMPARE(a.byKernel(QStringLiteral("ncclDevKernel_AllReduce_Sum_bf16_RING_LL")),
        c.indexOf(QStringLiteral("communication")));
    QCOMPARE(a.byKernel(kFlash), c.indexOf(QStringLiteral("attention")));
    QCOMPARE(a.byKernel(QStringLiteral("void vllm::act_and_mul_kernel<c10::BFloat16, &vllm::silu_kernel>")),
        c.indexOf(QStringLiteral("activations")));
    QCOMPARE(a.byKernel(QStringLiteral("void flashinfer::sampling::TopKTopPSamplingFromProbKernel<1024>")),
        c.indexOf(QStringLiteral("sampling")));
    QCOMPARE(a.byKernel(kGemm), -1);
    QCOMPARE(
        a.byNvtx(QStringLiteral("model.layers.0.self_attn.qkv_proj")), c.indexOf(QStringLiteral("qkv_projection")));
    QCOMPARE(a.byNvtx(QStringLiteral("gate_up_proj")), c.indexOf(QStringLiteral("mlp_up_gate")));
    QCOMPARE(a.byNvtx(QStringLiteral("down_proj")), c.indexOf(QStringLiteral("mlp_down")));
    QCOMPARE(a.byNvtx(QStringLiteral("o_proj")), c.indexOf(QStringLiteral("output_projection")));
    QCOMPARE(a.byNvtx(QStringLiteral("post_attention_layernorm")), c.indexOf(QStringLiteral("norms")));
    QCOMPARE(a.byNvtx(QStringLiteral("self_attn")), c.indexOf(QStringLiteral("attention")));
    QCOMPARE(a.byCategory(QStringLiteral("gemm")), -1);
    QCOMPARE(a.bandwidthTbps(QStringLiteral("NVIDIA H100 80GB HBM3")).value_or(0), 3.35);
    // A user entry is tried first; an unknown class names the classes.
    AnatomyRules user = a;
    QString error;
    QVERIFY(user.extendFromJson(R"({"classes":[{"class":"mlp_down","nvtx":["w2"]}]})", &error));
    QCOMPARE(user.byNvtx(QStringLiteral("mlp.w2")), c.indexOf(QStringLiteral("mlp_down")));
    QVERIFY(!user.extendFromJson(R"({"classes":[{"class":"ffn"}]})", &error));
    QVERIFY(error.contains(QStringLiteral("ffn")));
    // --anatomy FILE: a file that is not JSON is named in the error.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("my-anatomy.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"classes\": [");
    f.close();
    QVERIFY(!user.extendFromFile(path, &error));
    QVERIFY2(error.contains(QStringLiteral("my-anatomy.json")), qPrintable(error));
}

void TestAnatomy::prefillAndDecode()
{
    TraceFixture fx;
    writePrefillDecode(fx); // tests/common/anatomyfixture.h
    const auto loaded = TraceLoader::loadSync(fx.path());
    QVERIFY2(loaded.ok(), qPrintable(loaded.message));
    const auto r = Analyzer::analyze(loaded.trace, AnalysisOptions {});
    QVERIFY(r);

    struct Expect
    {
        const char *phase, *cls;
        qint64 kernels, ns;
        double flops; ///< −1 unknown
    };
    // FLOPs = 2·m·n·k: 2·512·4096·6144, 2·512·4096·4096, 2·8·4096·6144.
    const Expect expected[] = {
        { "prefill", "qkv_projection", 1, 50'000, 25'769'803'776.0 },
        { "prefill", "attention", 1, 30'000, -1 },
        { "prefill", "output_projection", 1, 20'000, 17'179'869'184.0 },
        { "prefill", "mlp_up_gate", 1, 80'000, -1 },
        { "prefill", "mlp_down", 1, 40'000, -1 },
        { "prefill", "norms", 1, 3'000, -1 },
        { "prefill", "activations", 1, 5'000, -1 },
        { "prefill", "communication", 1, 10'000, -1 },
        { "decode", "qkv_projection", 1, 5'000, 402'653'184.0 },
        { "decode", "attention", 1, 4'000, -1 },
        { "decode", "embedding_logits", 1, 6'000, -1 },
        { "unattributed", "other", 1, 2'000, -1 },
    };
    QCOMPARE(r->design.anatomy.cells.size(), qsizetype(std::size(expected)));
    for (const Expect& e : expected) {
        const AnatomyCell* c = cell(*r, QString::fromLatin1(e.phase), QString::fromLatin1(e.cls));
        QVERIFY2(c, e.cls);
        QCOMPARE(c->kernels, e.kernels);
        QCOMPARE(c->kernelNs, e.ns);
        QCOMPARE(c->knownFlops().has_value(), e.flops >= 0);
        QCOMPARE(c->bound, QStringLiteral("unknown")); // no counters, no bytes
        if (e.flops < 0) {
            QVERIFY(!c->tflops() && !c->mfu());
            continue;
        }
        QCOMPARE(c->flops, e.flops);
        const double tflops = e.flops / double(e.ns) / 1e3;
        QCOMPARE(*c->tflops(), tflops);
        QCOMPARE(*c->mfu(), tflops / kPeakBf16);
    }
    // 25,769,803,776 FLOPs in 50 µs = 515.396 TFLOP/s = 52.1 % of 989.4.
    QVERIFY(qAbs(*cell(*r, QStringLiteral("prefill"), QStringLiteral("qkv_projection"))->mfu() - 0.52092) < 1e-5);

    // report.json design.anatomy[] and tables/anatomy.csv.
    const QJsonArray rows
        = JsonReport::build(*r).value(QLatin1String("design")).toObject().value(QLatin1String("anatomy")).toArray();
    QCOMPARE(rows.size(), qsizetype(std::size(expected)));
    const QJsonObject first = rows.first().toObject();
    QCOMPARE(first.value(QLatin1String("phase")).toString(), QStringLiteral("prefill"));
    QCOMPARE(first.value(QLatin1String("class")).toString(), QStringLiteral("qkv_projection"));
    QCOMPARE(first.value(QLatin1String("kernel_ns")).toInteger(), 50'000);
    QCOMPARE(first.value(QLatin1String("flops")).toDouble(), 25'769'803'776.0);
    QCOMPARE(first.value(QLatin1String("bound")).toString(), QStringLiteral("unknown"));
    QVERIFY(rows.at(1).toObject().value(QLatin1String("flops")).isNull());
    QVERIFY(rows.at(1).toObject().value(QLatin1String("mfu")).isNull());
    const QByteArray csv = CsvTables::build(*r).value(QStringLiteral("anatomy.csv"));
    QVERIFY(csv.startsWith("phase,class,kernels,kernel_ns,flops"));
    QVERIFY(csv.contains("unattributed,other,1,2000,,0,,,unknown,"));
}

/// One cublasGemmEx call (bf16 in and out) as CUBLAS_LOGINFO_DBG=1 writes it (tests/data/cublas/cublas.log).
QString gemmEx(qint64 m, qint64 n, qint64 k)
{
    QString s = QStringLiteral(
        "I! cuBLAS (v13.1.0) function cublasStatus_t cublasGemmEx(cublasHandle_t, cublasOperation_t, "
        "cublasOperation_t, int, int, int, const void*, const void*, cudaDataType, int, const void*, cudaDataType, "
        "int, const void*, void*, cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t) called:\n"
        "i!  handle: type=cublasHandle_t; val=POINTER (IN HEX:0x0x404faa20)\n"
        "i!  transa: type=cublasOperation_t; val=CUBLAS_OP_T(1)\n"
        "i!  transb: type=cublasOperation_t; val=CUBLAS_OP_N(0)\n");
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
    s += QStringLiteral("i!Process=%1; Thread=139872051041088; GPU=0; Handle=POINTER (IN HEX:0x0x404faa20); "
                        "StreamId=POINTER (IN HEX:0x(nil)) (defaultStream); MathMode=CUBLAS_DEFAULT_MATH\n")
             .arg(kPid);
    return s;
}

void TestAnatomy::cublasIntensity()
{
    TraceFixture fx;
    fx.process(kPid, QStringLiteral("python3"));
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"), 132);
    fx.nvtx(1'000'000, 2'000'000, kPid, kPid, QStringLiteral("prefill"));
    fx.nvtx(1'100'000, 1'200'000, kPid, kPid, QStringLiteral("down_proj"));
    fx.nvtx(3'000'000, 3'500'000, kPid, kPid, QStringLiteral("decode"));
    fx.nvtx(3'100'000, 3'200'000, kPid, kPid, QStringLiteral("down_proj"));
    fx.runtime(1'100'100, 1'104'000, kPid, kPid, 901, kLaunch);
    fx.kernel(1'110'000, 1'310'000, 0, 7, 901, kPid, kGemm); // 200 µs
    fx.runtime(3'100'100, 3'104'000, kPid, kPid, 902, kLaunch);
    fx.kernel(3'110'000, 3'130'000, 0, 7, 902, kPid, kGemm); // 20 µs
    AnalysisOptions options;
    options.cublasLog = fx.dir() + QStringLiteral("/cublas.log");
    QFile log(options.cublasLog);
    QVERIFY(log.open(QIODevice::WriteOnly));
    log.write((gemmEx(4096, 4096, 4096) + gemmEx(4096, 8, 11008)).toUtf8());
    log.close();
    const auto loaded = TraceLoader::loadSync(fx.path());
    QVERIFY2(loaded.ok(), qPrintable(loaded.message));
    const auto r = Analyzer::analyze(loaded.trace, options);
    QVERIFY(r);
    QCOMPARE(r->design.gemm.matched, qint64(2));

    // Prefill: 2·4096³ = 137,438,953,472 FLOPs over 2·3·4096² = 100,663,296 bytes (bf16): 1365.3
    // FLOP/byte, above the ridge 989.4 TFLOP/s ÷ 3.35 TB/s = 295.3 FLOP/byte.
    const AnatomyCell* prefill = cell(*r, QStringLiteral("prefill"), QStringLiteral("mlp_down"));
    QVERIFY(prefill);
    QCOMPARE(prefill->kernelNs, qint64(200000));
    QCOMPARE(prefill->flops, 137'438'953'472.0);
    QCOMPARE(prefill->bytes, 100'663'296.0);
    QCOMPARE(*prefill->tflops(), 137'438'953'472.0 / 200'000 / 1e3);
    QCOMPARE(*prefill->mfu(), 137'438'953'472.0 / 200'000 / 1e3 / kPeakBf16);
    QCOMPARE(prefill->bound, QStringLiteral("compute-bound"));
    QCOMPARE(prefill->boundSource, QStringLiteral("intensity"));
    // Decode: 2·4096·8·11008 = 721,420,288 FLOPs over 2·(4096·11008 + 11008·8 + 4096·8) =
    // 90,419,200 bytes: 7.98 FLOP/byte, far below the ridge.
    const AnatomyCell* decode = cell(*r, QStringLiteral("decode"), QStringLiteral("mlp_down"));
    QVERIFY(decode);
    QCOMPARE(decode->flops, 721'420'288.0);
    QCOMPARE(decode->bytes, 90'419'200.0);
    QCOMPARE(decode->bound, QStringLiteral("memory-bound"));
}

QTEST_GUILESS_MAIN(TestAnatomy)
#include "tst_anatomy.moc"
