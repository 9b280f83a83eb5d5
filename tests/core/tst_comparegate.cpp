// SPDX-License-Identifier: MIT
// The CI gate of `compare --gate` and the short comparison labels: in core (ComparisonGate,
// Comparator::labelsFor) on fixtures built here, and end to end through sightline-cli's exit codes.
#include "core/analysis/analyzer.h"
#include "core/compare/comparator.h"
#include "core/io/traceloader.h"
#include "core/report/comparisonjsonreport.h"
#include "tests/common/realtraces.h"
#include "tests/common/tracefixture.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#ifndef SIGHTLINE_CLI
#error "SIGHTLINE_CLI (path of sightline-cli) must be defined by tests/core/CMakeLists.txt"
#endif

using namespace sl;
using sl::test::TraceFixture;

namespace {

/// One process on GPU 0: one NVTX "decode" step per iteration (10 µs), each with a gemm of
/// `gemmNs` and a 1 µs attention kernel. Kernel time per step = gemmNs + 1000 ns. With
/// `allReduce`, each step also has a 500 ns NCCL all-reduce at +6 µs, overlapping no other kernel.
struct Shape
{
    bool allReduce = false;
    int steps = 4;
    qint64 gemmNs = 2'000;
    QString gpu = QStringLiteral("NVIDIA H100 80GB HBM3");
    bool nvtx = true;
    bool kernels = true;
    QString fileName = QStringLiteral("trace.sqlite");
};

std::unique_ptr<TraceFixture> build(const Shape& s)
{
    auto fx = std::make_unique<TraceFixture>(TraceFixture::Schema::Nsys2026, s.fileName);
    fx->gpu(0, s.gpu);
    fx->process(100, QStringLiteral("python3"));
    fx->thread(100, 101, QStringLiteral("main"));
    fx->exec(QStringLiteral("BEGIN"));
    quint32 corr = 1;
    qint64 t = 1'000'000;
    fx->runtime(t - 1'000, t - 900, 100, 101, corr++, QStringLiteral("cudaGetDevice_v3020"));
    for (int k = 0; k < s.steps; ++k) {
        if (s.nvtx)
            fx->nvtx(t, t + 10'000, 100, 101, QStringLiteral("decode"));
        fx->runtime(t + 100, t + 150, 100, 101, corr, QStringLiteral("cudaLaunchKernel_v7000"));
        if (s.kernels)
            fx->kernel(t + 1'000, t + 1'000 + s.gemmNs, 0, 7, corr, 100, QStringLiteral("gemm_kernel"));
        ++corr;
        fx->runtime(t + 200, t + 250, 100, 101, corr, QStringLiteral("cudaLaunchKernel_v7000"));
        if (s.kernels)
            fx->kernel(t + 4'000, t + 5'000, 0, 7, corr, 100, QStringLiteral("flash_attn_kernel"));
        ++corr;
        if (s.allReduce) {
            fx->runtime(t + 300, t + 350, 100, 101, corr, QStringLiteral("cudaLaunchKernel_v7000"));
            fx->kernel(
                t + 6'000, t + 6'500, 0, 8, corr++, 100, QStringLiteral("ncclDevKernel_AllReduce_Sum_bf16_RING_LL"));
        }
        t += 15'000;
    }
    fx->runtime(t, t + 100, 100, 101, corr++, QStringLiteral("cudaGetDevice_v3020"));
    fx->exec(QStringLiteral("COMMIT"));
    return fx;
}

AnalysisPtr analyze(TraceFixture& fx)
{
    const LoadOutcome out = TraceLoader::loadSync(fx.path());
    if (!out.ok())
        qWarning("load failed: %s", qPrintable(out.message));
    return out.ok() ? Analyzer::analyze(out.trace, AnalysisOptions {}) : nullptr;
}

/// Compares base against candidate with a gate of `pct` on `figure` (default when empty).
ComparisonPtr gated(
    const Shape& base, const Shape& cand, double pct, const QString& figure = {}, WorkUnit unit = WorkUnit::Auto)
{
    auto a = build(base), b = build(cand);
    ComparisonOptions o;
    o.gatePercent = pct;
    o.gateFigure = figure;
    o.unit = unit;
    return Comparator::compare({ analyze(*a), analyze(*b) }, o);
}

struct Run
{
    int exitCode = -1;
    QString out, err;
};

Run runCli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(SIGHTLINE_CLI), args);
    Run r;
    if (!p.waitForStarted(30000) || !p.waitForFinished(300000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QJsonObject readJson(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject {};
}

QString readText(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

} // namespace

class TestCompareGate : public QObject
{
    Q_OBJECT
private slots:
    void shortLabels_data();
    void shortLabels();
    void givenLabelsOverride();
    void exactThreshold();
    void improvementAndOtherFigures();
    void inconclusive();
    void reportsCarryTheVerdict();
    void cliExitCodes();
    void baselineByAutomaticLabel();
    void communicationWithoutCommunicationKernels();
    void singleRowEvidenceIsSingular();
    void realPairBothOrders();
};

void TestCompareGate::shortLabels_data()
{
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<QStringList>("labels");
    QTest::addRow("before/after") << QStringList { QStringLiteral("nsysai-fastvideo-train-h100x2-before-2026.2.sqlite"),
        QStringLiteral("nsysai-fastvideo-train-h100x2-after-2026.2.sqlite") }
                                  << QStringList { QStringLiteral("before"), QStringLiteral("after") };
    QTest::addRow("three runs") << QStringList { QStringLiteral("vllm_tp2_run1.sqlite"),
        QStringLiteral("vllm_tp2_run2.sqlite"), QStringLiteral("vllm_tp4_run1.sqlite") }
                                << QStringList { QStringLiteral("tp2_run1"), QStringLiteral("tp2_run2"),
                                       QStringLiteral("tp4_run1") };
    // Cuts fall on word boundaries: "run1" and "run12" share "run1" but neither is cut inside.
    QTest::addRow("no split word") << QStringList { QStringLiteral("run1.sqlite"), QStringLiteral("run12.sqlite") }
                                   << QStringList { QStringLiteral("run1"), QStringLiteral("run12") };
    // One name a prefix of the other: removing the prefix would leave "" -> keep it.
    QTest::addRow("prefix of the other") << QStringList { QStringLiteral("run.sqlite"),
        QStringLiteral("run-fast.sqlite") }
                                         << QStringList { QStringLiteral("run"), QStringLiteral("run-fast") };
    QTest::addRow("no common part") << QStringList { QStringLiteral("a.sqlite"), QStringLiteral("b.db") }
                                    << QStringList { QStringLiteral("a.sqlite"), QStringLiteral("b.db") };
    QTest::addRow("identical names") << QStringList { QStringLiteral("report.sqlite"), QStringLiteral("report.sqlite") }
                                     << QStringList { QStringLiteral("report.sqlite"),
                                            QStringLiteral("report.sqlite (2)") };
    QTest::addRow("case differs only") << QStringList { QStringLiteral("x-A.sqlite"), QStringLiteral("x-a.sqlite") }
                                       << QStringList { QStringLiteral("A"), QStringLiteral("a") };
}

void TestCompareGate::shortLabels()
{
    QFETCH(QStringList, files);
    QFETCH(QStringList, labels);
    QCOMPARE(Comparator::labelsFor(files, {}), labels);
}

void TestCompareGate::givenLabelsOverride()
{
    const QStringList files { QStringLiteral("x-before.sqlite"), QStringLiteral("x-after.sqlite") };
    QCOMPARE(Comparator::labelsFor(files, { QStringLiteral("old"), QStringLiteral("new") }),
        (QStringList { QStringLiteral("old"), QStringLiteral("new") }));
    // A blank entry falls back to the short label of that trace.
    QCOMPARE(Comparator::labelsFor(files, { QStringLiteral(" "), QStringLiteral("new") }),
        (QStringList { QStringLiteral("before"), QStringLiteral("new") }));
    // End to end: the labels of a comparison come from the file names.
    Shape a, b;
    a.fileName = QStringLiteral("serve-before-1.sqlite"), b.fileName = QStringLiteral("serve-after-1.sqlite");
    const auto c = gated(a, b, 5);
    QVERIFY(c);
    QCOMPARE(c->labels, (QStringList { QStringLiteral("before"), QStringLiteral("after") }));
}

void TestCompareGate::exactThreshold()
{
    // Baseline 4 steps of (2000 + 1000) ns -> 3000 ns per step. A gemm of 2150 ns gives 3150 ns
    // per step: exactly +5 %.
    Shape base, cand;
    cand.gemmNs = 2'150;
    auto c = gated(base, cand, 5);
    QVERIFY(c && c->gate);
    QCOMPARE(c->unit, WorkUnit::Step);
    QCOMPARE(c->gate->key, QStringLiteral("kernel_ns_per_unit"));
    QCOMPARE(c->gate->verdicts.size(), 1);
    const GateVerdict& v = c->gate->verdicts[0];
    QCOMPARE(v.trace, 1);
    QCOMPARE(v.baselineValue, std::optional<double>(3000.0));
    QCOMPARE(v.value, std::optional<double>(3150.0));
    QCOMPARE(v.changePercent, std::optional<double>(5.0));
    QCOMPARE(v.outcome, GateVerdict::Outcome::Unchanged); // exactly PCT is not beyond it
    QCOMPARE(c->gate->outcome(), GateVerdict::Outcome::Unchanged);
    c = gated(base, cand, 4.99);
    QVERIFY(c && c->gate);
    QCOMPARE(c->gate->outcome(), GateVerdict::Outcome::Regression);
    // One ns more than 5 %: 3151 ns per step is a regression at 5.
    cand.gemmNs = 2'151;
    c = gated(base, cand, 5);
    QVERIFY(c && c->gate);
    QCOMPARE(c->gate->outcome(), GateVerdict::Outcome::Regression);
}

void TestCompareGate::improvementAndOtherFigures()
{
    // 3000 -> 2400 ns per step: −20 %.
    Shape base, cand;
    cand.gemmNs = 1'400;
    auto c = gated(base, cand, 5);
    QVERIFY(c && c->gate);
    QCOMPARE(c->gate->verdicts[0].changePercent, std::optional<double>(-20.0));
    QCOMPARE(c->gate->outcome(), GateVerdict::Outcome::Improvement);
    // In total, per --per total: 12000 -> 9600 ns, the same −20 %, on kernel_ns.
    c = gated(base, cand, 5, {}, WorkUnit::Total);
    QVERIFY(c && c->gate);
    QCOMPARE(c->gate->key, QStringLiteral("kernel_ns"));
    QCOMPARE(c->gate->verdicts[0].baselineValue, std::optional<double>(12000.0));
    QCOMPARE(c->gate->verdicts[0].value, std::optional<double>(9600.0));
    QCOMPARE(c->gate->outcome(), GateVerdict::Outcome::Improvement);
    // A phase-scoped figure: decode kernel time per step, 3000 -> 2400.
    c = gated(base, cand, 5, QStringLiteral("kernel_ns_per_step@decode"));
    QVERIFY(c && c->gate);
    QCOMPARE(c->gate->scope, QStringLiteral("decode"));
    QCOMPARE(c->gate->verdicts[0].value, std::optional<double>(2400.0));
    // Shares move in percentage points: the GPU is idle in each 10 µs step for 10000 − 3000 =
    // 7000 ns in the baseline (0.70) and 7600 ns in the candidate (0.76): +6 points.
    c = gated(base, cand, 5, QStringLiteral("idle_share@decode"));
    QVERIFY(c && c->gate);
    QVERIFY(c->gate->verdicts[0].changePercent);
    QCOMPARE(qRound(*c->gate->verdicts[0].changePercent * 1000), 6000);
    QCOMPARE(c->gate->outcome(), GateVerdict::Outcome::Regression);
    c = gated(base, cand, 6.5, QStringLiteral("idle_share@decode"));
    QVERIFY(c && c->gate);
    QCOMPARE(c->gate->outcome(), GateVerdict::Outcome::Unchanged);
}

void TestCompareGate::inconclusive()
{
    Shape base, other;
    other.gpu = QStringLiteral("NVIDIA A100-SXM4-80GB");
    auto c = gated(base, other, 5);
    QVERIFY(c && c->gate);
    QCOMPARE(c->gate->verdicts[0].reason, GateVerdict::Reason::DifferentGpus);
    QCOMPARE(c->gate->outcome(), GateVerdict::Outcome::Inconclusive);

    Shape empty;
    empty.kernels = false;
    c = gated(base, empty, 5);
    QVERIFY(c && c->gate);
    QCOMPARE(c->gate->verdicts[0].reason, GateVerdict::Reason::NoKernels);
    QCOMPARE(c->gate->outcome(), GateVerdict::Outcome::Inconclusive);

    // Per step forced while the candidate has no NVTX steps.
    Shape flat;
    flat.nvtx = false;
    c = gated(base, flat, 5, {}, WorkUnit::Step);
    QVERIFY(c && c->gate);
    QCOMPARE(c->gate->verdicts[0].reason, GateVerdict::Reason::NoCommonUnit);

    // Per step forced while neither trace has steps: kernel_ns_per_unit is undefined in both and
    // so left out of the comparison, yet the reason is still the missing unit, not a missing figure.
    c = gated(flat, flat, 5, {}, WorkUnit::Step);
    QVERIFY(c && c->gate);
    QCOMPARE(c->figureIndex(QStringLiteral("kernel_ns_per_unit")), -1);
    QCOMPARE(c->gate->verdicts[0].reason, GateVerdict::Reason::NoCommonUnit);
    QCOMPARE(ComparisonJsonReport::build(*c)[QLatin1String("gate")][QLatin1String("traces")][0][QLatin1String("reason")]
                 .toString(),
        QStringLiteral("no_common_unit"));
    // In total there are no per-unit figures at all: that one is missing.
    c = gated(flat, flat, 5, QStringLiteral("kernel_ns_per_unit"), WorkUnit::Total);
    QVERIFY(c && c->gate);
    QCOMPARE(c->gate->verdicts[0].reason, GateVerdict::Reason::FigureMissing);

    c = gated(base, base, 5, QStringLiteral("no_such_figure"));
    QVERIFY(c && c->gate);
    QCOMPARE(c->gate->verdicts[0].reason, GateVerdict::Reason::FigureMissing);
    // A missing figure has neither label nor unit in comparison.json.
    const QJsonObject missing = ComparisonJsonReport::build(*c)[QLatin1String("gate")].toObject();
    QCOMPARE(missing[QLatin1String("label")].toString(), QString());
    QVERIFY(missing[QLatin1String("unit")].isString());
    QCOMPARE(missing[QLatin1String("unit")].toString(), QString());
    // A count with no better direction cannot be gated.
    c = gated(base, base, 5, QStringLiteral("kernel_count"));
    QVERIFY(c && c->gate);
    QCOMPARE(c->gate->verdicts[0].reason, GateVerdict::Reason::NoDirection);
    // Same traces, same figure: unchanged, 0 %.
    c = gated(base, base, 0);
    QVERIFY(c && c->gate);
    QCOMPARE(c->gate->verdicts[0].changePercent, std::optional<double>(0.0));
    QCOMPARE(c->gate->outcome(), GateVerdict::Outcome::Unchanged);
}

void TestCompareGate::reportsCarryTheVerdict()
{
    Shape base, cand;
    cand.gemmNs = 2'600; // 3600 ns per step: +20 %
    const auto c = gated(base, cand, 5);
    QVERIFY(c && c->gate);
    const QJsonObject g = ComparisonJsonReport::build(*c)[QLatin1String("gate")].toObject();
    QCOMPARE(g[QLatin1String("verdict")].toString(), QStringLiteral("regression"));
    QCOMPARE(g[QLatin1String("threshold_pct")].toDouble(), 5.0);
    QCOMPARE(g[QLatin1String("figure")].toString(), QStringLiteral("kernel_ns_per_unit"));
    const QJsonObject t = g[QLatin1String("traces")].toArray().at(0).toObject();
    QCOMPARE(t[QLatin1String("trace")].toInt(), 1);
    QCOMPARE(t[QLatin1String("verdict")].toString(), QStringLiteral("regression"));
    QVERIFY(t[QLatin1String("reason")].isNull());
    QCOMPARE(t[QLatin1String("baseline_value")].toInteger(), 3000);
    QCOMPARE(t[QLatin1String("value")].toInteger(), 3600);
    QCOMPARE(t[QLatin1String("change_pct")].toDouble(), 20.0);
    // Without --gate there is no gate key.
    auto a = build(base), b = build(cand);
    const auto plain = Comparator::compare({ analyze(*a), analyze(*b) }, ComparisonOptions {});
    QVERIFY(plain);
    QVERIFY(!ComparisonJsonReport::build(*plain).contains(QLatin1String("gate")));
}

void TestCompareGate::cliExitCodes()
{
    Shape base, slower, other;
    slower.gemmNs = 2'600; // +20 %
    other.gpu = QStringLiteral("NVIDIA A100-SXM4-80GB");
    base.fileName = QStringLiteral("run-base.sqlite"), slower.fileName = QStringLiteral("run-slow.sqlite");
    other.fileName = QStringLiteral("run-a100.sqlite");
    auto a = build(base), b = build(slower), o = build(other);
    const QString pa = a->path(), pb = b->path(), po = o->path();
    QTemporaryDir out;
    const QString dir = out.filePath(QStringLiteral("cmp"));
    auto run = [&](const QStringList& extra) {
        return runCli(QStringList { QStringLiteral("compare") } + extra + QStringList { QStringLiteral("--out"), dir });
    };
    Run r = run({ pa, pb, QStringLiteral("--gate"), QStringLiteral("5") });
    QCOMPARE(r.exitCode, 5);
    QVERIFY2(
        r.out.contains(QStringLiteral("Gate on kernel_ns_per_unit, slow: regression (+20.0 %)")), qPrintable(r.out));
    QCOMPARE(
        readJson(dir + QStringLiteral("/comparison.json"))[QLatin1String("gate")][QLatin1String("verdict")].toString(),
        QStringLiteral("regression"));
    QVERIFY(readText(dir + QStringLiteral("/comparison.md")).contains(QStringLiteral("## Gate: regression")));
    r = run({ pa, pb, QStringLiteral("--gate"), QStringLiteral("20") }); // exactly +20 %: unchanged
    QCOMPARE(r.exitCode, 0);
    r = run({ pb, pa, QStringLiteral("--gate"), QStringLiteral("5") }); // −16.7 %: improvement
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(
        readJson(dir + QStringLiteral("/comparison.json"))[QLatin1String("gate")][QLatin1String("verdict")].toString(),
        QStringLiteral("improvement"));
    r = run({ pa, po, QStringLiteral("--gate"), QStringLiteral("5") });
    QCOMPARE(r.exitCode, 6);
    const QJsonObject t
        = readJson(dir + QStringLiteral("/comparison.json"))[QLatin1String("gate")][QLatin1String("traces")][0]
              .toObject();
    QCOMPARE(t[QLatin1String("reason")].toString(), QStringLiteral("different_gpus"));
    QVERIFY(readText(dir + QStringLiteral("/comparison.md")).contains(QStringLiteral("different GPU models")));
    // Without --gate a regression still exits 0; --gate-on alone is a usage error.
    QCOMPARE(run({ pa, pb }).exitCode, 0);
    QCOMPARE(run({ pa, pb, QStringLiteral("--gate-on"), QStringLiteral("idle_share") }).exitCode, 2);
    QCOMPARE(run({ pa, pb, QStringLiteral("--gate"), QStringLiteral("five") }).exitCode, 2);
    QCOMPARE(run({ pa, pb, QStringLiteral("--gate"), QStringLiteral("-1") }).exitCode, 2);
}

void TestCompareGate::baselineByAutomaticLabel()
{
    // Labels from the file names: "base", "slow", "a100" (common prefix "run-" and suffix ".sqlite").
    Shape base, slower, other;
    slower.gemmNs = 2'600;
    other.gpu = QStringLiteral("NVIDIA A100-SXM4-80GB");
    base.fileName = QStringLiteral("run-base.sqlite"), slower.fileName = QStringLiteral("run-slow.sqlite");
    other.fileName = QStringLiteral("run-a100.sqlite");
    auto a = build(base), b = build(slower), o = build(other);
    QTemporaryDir out;
    const QString dir = out.filePath(QStringLiteral("cmp"));
    auto run = [&](const QStringList& extra) {
        return runCli(QStringList { QStringLiteral("compare") } + extra + QStringList { QStringLiteral("--out"), dir });
    };
    // slow as the baseline: base's 3000 ns per step against 3600 is −16.7 %, an improvement.
    Run r = run({ a->path(), b->path(), QStringLiteral("--baseline"), QStringLiteral("slow"), QStringLiteral("--gate"),
        QStringLiteral("5") });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QJsonObject j = readJson(dir + QStringLiteral("/comparison.json"));
    QCOMPARE(j[QLatin1String("baseline")].toInt(), 1);
    QCOMPARE(j[QLatin1String("gate")][QLatin1String("verdict")].toString(), QStringLiteral("improvement"));
    // Three traces: the label the run prints for the third one selects it.
    r = run({ a->path(), b->path(), o->path(), QStringLiteral("--baseline"), QStringLiteral("a100") });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains(QStringLiteral("against a100")), qPrintable(r.out));
    j = readJson(dir + QStringLiteral("/comparison.json"));
    QCOMPARE(j[QLatin1String("baseline")].toInt(), 2);
    QCOMPARE(j[QLatin1String("traces")][2][QLatin1String("label")].toString(), QStringLiteral("a100"));
    // Given labels replace the automatic ones, and a position still works.
    r = run({ a->path(), b->path(), QStringLiteral("--labels"), QStringLiteral("x,y"), QStringLiteral("--baseline"),
        QStringLiteral("slow") });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("x, y")), qPrintable(r.err));
    r = run({ a->path(), b->path(), QStringLiteral("--baseline"), QStringLiteral("2") });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QCOMPARE(readJson(dir + QStringLiteral("/comparison.json"))[QLatin1String("baseline")].toInt(), 1);
    // An unknown label is a usage error that names the labels there are.
    r = run({ a->path(), b->path(), QStringLiteral("--baseline"), QStringLiteral("fast") });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("base, slow")), qPrintable(r.err));
}

void TestCompareGate::communicationWithoutCommunicationKernels()
{
    // 4 steps × one 500 ns all-reduce overlapping nothing: comm = exposed = 2000 ns; none in `base`.
    Shape base, comm;
    comm.allReduce = true;
    auto c = gated(base, comm, 5, QStringLiteral("comm_ns"));
    QVERIFY(c && c->gate);
    auto values = [&](const QString& key) {
        const int f = c->figureIndex(key);
        return f < 0 ? QVector<std::optional<double>> {} : c->figures[f].values;
    };
    using V = QVector<std::optional<double>>;
    QCOMPARE(values(QStringLiteral("comm_ns")), (V { 0.0, 2000.0 }));
    QCOMPARE(values(QStringLiteral("exposed_comm_ns")), (V { 0.0, 2000.0 }));
    QCOMPARE(values(QStringLiteral("exposed_comm_share")), (V { std::nullopt, 1.0 }));
    // From a baseline of 0, any communication is beyond every threshold: a regression.
    QCOMPARE(c->gate->verdicts[0].baselineValue, std::optional<double>(0.0));
    QCOMPARE(c->gate->verdicts[0].value, std::optional<double>(2000.0));
    QCOMPARE(c->gate->outcome(), GateVerdict::Outcome::Regression);
    const QJsonObject j = ComparisonJsonReport::build(*c);
    for (const QJsonValue& f : j[QLatin1String("figures")].toArray())
        if (f[QLatin1String("key")].toString() == QLatin1String("comm_ns")) {
            QCOMPARE(f[QLatin1String("values")][0].toInteger(-1), 0);
            QCOMPARE(f[QLatin1String("deltas")][1].toInteger(-1), 2000);
        }
    c = gated(comm, base, 5, QStringLiteral("exposed_comm_ns"));
    QVERIFY(c && c->gate);
    QCOMPARE(c->gate->verdicts[0].changePercent, std::optional<double>(-100.0));
    QCOMPARE(c->gate->outcome(), GateVerdict::Outcome::Improvement);
    // No communication anywhere: 0 in every trace, still gated (unchanged); the share, 0 ÷ 0 in
    // every trace, is left out.
    c = gated(base, base, 5, QStringLiteral("comm_ns"));
    QVERIFY(c && c->gate);
    QCOMPARE(values(QStringLiteral("comm_ns")), (V { 0.0, 0.0 }));
    QCOMPARE(c->figureIndex(QStringLiteral("exposed_comm_share")), -1);
    QCOMPARE(c->gate->outcome(), GateVerdict::Outcome::Unchanged);
}

void TestCompareGate::singleRowEvidenceIsSingular()
{
    // One step each: the gemm that grew from 2000 to 2600 ns is one kernel row on each side.
    Shape base, slower;
    base.steps = 1, slower.steps = 1;
    slower.gemmNs = 2'600;
    base.fileName = QStringLiteral("one-base.sqlite"), slower.fileName = QStringLiteral("one-slow.sqlite");
    auto a = build(base), b = build(slower);
    QTemporaryDir out;
    const QString dir = out.filePath(QStringLiteral("cmp"));
    const Run r = runCli({ QStringLiteral("compare"), a->path(), b->path(), QStringLiteral("--out"), dir });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    const QString md = readText(dir + QStringLiteral("/comparison.md"));
    QVERIFY2(md.contains(QStringLiteral("1 row of CUPTI_ACTIVITY_KIND_KERNEL")), qPrintable(md));
    QVERIFY2(!md.contains(QRegularExpression(QStringLiteral("(^|[^0-9,])1 rows of"))), qPrintable(md));
}

void TestCompareGate::realPairBothOrders()
{
    QString before, after;
    for (const auto& t : sl::test::realTraces()) {
        if (t.endsWith(QLatin1String("nsysai-fastvideo-train-h100x2-before-2026.2.sqlite")))
            before = t;
        if (t.endsWith(QLatin1String("nsysai-fastvideo-train-h100x2-after-2026.2.sqlite")))
            after = t;
    }
    if (before.isEmpty() || after.isEmpty())
        QSKIP(qPrintable(sl::test::realTraces().isEmpty()
                ? sl::test::realTracesSkipReason()
                : QStringLiteral("the fastvideo before/after pair is missing")));
    QTemporaryDir out;
    const QString dir = out.filePath(QStringLiteral("cmp"));
    Run r = runCli({ QStringLiteral("compare"), before, after, QStringLiteral("--gate"), QStringLiteral("5"),
        QStringLiteral("--out"), dir });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    const QJsonObject j = readJson(dir + QStringLiteral("/comparison.json"));
    QCOMPARE(j[QLatin1String("traces")][0][QLatin1String("label")].toString(), QStringLiteral("before"));
    QCOMPARE(j[QLatin1String("traces")][1][QLatin1String("label")].toString(), QStringLiteral("after"));
    // No NVTX steps in this pair: the gate is on total kernel time, which the after trace cuts by more than 5 %.
    QCOMPARE(j[QLatin1String("gate")][QLatin1String("figure")].toString(), QStringLiteral("kernel_ns"));
    QCOMPARE(j[QLatin1String("gate")][QLatin1String("verdict")].toString(), QStringLiteral("improvement"));
    const QJsonObject t = j[QLatin1String("gate")][QLatin1String("traces")][0].toObject();
    const double expected = (t[QLatin1String("value")].toDouble() - t[QLatin1String("baseline_value")].toDouble()) * 100
        / t[QLatin1String("baseline_value")].toDouble();
    QCOMPARE(t[QLatin1String("change_pct")].toDouble(), expected);
    QVERIFY(expected < -5);
    r = runCli({ QStringLiteral("compare"), after, before, QStringLiteral("--gate"), QStringLiteral("5"),
        QStringLiteral("--out"), dir });
    QVERIFY2(r.exitCode == 5, qPrintable(r.err + r.out));
    QCOMPARE(
        readJson(dir + QStringLiteral("/comparison.json"))[QLatin1String("gate")][QLatin1String("verdict")].toString(),
        QStringLiteral("regression"));
}

QTEST_GUILESS_MAIN(TestCompareGate)
#include "tst_comparegate.moc"
