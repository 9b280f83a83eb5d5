// SPDX-License-Identifier: MIT
// sightline-cli end to end: the real binary, run with QProcess on generated exports.
#include "core/analysis/analysisoptions.h"
#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"
#include "core/synth/synthshapes.h"
#include "tests/common/tracefixture.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

using sl::test::TraceFixture;

#ifndef SIGHTLINE_CLI
#error "SIGHTLINE_CLI (path of sightline-cli) must be defined by tests/core/CMakeLists.txt"
#endif

namespace {

struct Run
{
    int exitCode = -1;
    QString out, err;
    bool finished = false;
};

/// `cacheHome`: the child's XDG_CACHE_HOME (its trace cache), else the test's own.
Run runCli(const QStringList& args, const QString& cacheHome = QString())
{
    QProcess p;
    if (!cacheHome.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CACHE_HOME"), cacheHome);
        p.setProcessEnvironment(env);
    }
    p.setProgram(QStringLiteral(SIGHTLINE_CLI));
    p.setArguments(args);
    p.start();
    Run r;
    if (!p.waitForStarted(30000))
        return r;
    r.finished = p.waitForFinished(120000);
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

/// A small export: two kernels, their launches, a copy and an NVTX range.
void fill(TraceFixture& fx)
{
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"));
    fx.process(100, QStringLiteral("python3"));
    fx.thread(100, 101, QStringLiteral("main"));
    fx.nvtx(50, 5000, 100, 101, QStringLiteral("decode_step"));
    fx.runtime(100, 200, 100, 101, 1, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.runtime(300, 400, 100, 101, 2, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.runtime(500, 2600, 100, 101, 3, QStringLiteral("cudaMemcpy_v3020"));
    fx.kernel(1000, 1500, 0, 7, 1, 100, QStringLiteral("gemm_kernel"));
    fx.kernel(1600, 1800, 0, 7, 2, 100, QStringLiteral("relu_kernel"));
    fx.memcpy(2000, 2500, 0, 7, 3, 100, 1 << 20, 2, 2, 1);
}

bool hasKeys(const QJsonObject& o, const QStringList& keys, QString* missing)
{
    for (const auto& k : keys) {
        if (!o.contains(k)) {
            *missing = k;
            return false;
        }
    }
    return true;
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT
private slots:
    void analyzeWritesContract();
    void exitCodes_data();
    void exitCodes();
    void missingFile();
    void compareWritesContract();
    void info();
    void synthThenInfo();
    void servingTracesCompareByTheirTokens();
    void benchSmall();
    void analyzeReopensFromTheCache();
    void efficiencyOptionsAsHeadless();
};

void TestCli::analyzeWritesContract()
{
    TraceFixture fx(TraceFixture::Schema::Nsys2026, QStringLiteral("cli-trace.sqlite"));
    fill(fx);
    const QString trace = fx.path();
    QTemporaryDir out;
    QVERIFY(out.isValid());
    const QString dir = out.filePath(QStringLiteral("report"));
    const Run r = runCli({ QStringLiteral("analyze"), trace, QStringLiteral("--out"), dir });
    QVERIFY2(r.finished, "sightline-cli did not finish");
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(QFile::exists(dir + QStringLiteral("/report.json")));
    QVERIFY(QFile::exists(dir + QStringLiteral("/report.md")));
    QVERIFY(QFile::exists(dir + QStringLiteral("/tables/kernels.csv")));

    QFile f(dir + QStringLiteral("/report.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
    QVERIFY(doc.isObject());
    const QJsonObject j = doc.object();
    QString missing;
    QVERIFY2(
        hasKeys(j,
            { QStringLiteral("format"), QStringLiteral("format_version"), QStringLiteral("tool"),
                QStringLiteral("trace"), QStringLiteral("window"), QStringLiteral("kernels"), QStringLiteral("devices"),
                QStringLiteral("idle_gaps"), QStringLiteral("launches"), QStringLiteral("sync"),
                QStringLiteral("memcpy"), QStringLiteral("graphs"), QStringLiteral("nvtx"), QStringLiteral("processes"),
                QStringLiteral("efficiency"), QStringLiteral("findings"), QStringLiteral("warnings") },
            &missing),
        qPrintable(missing));
    QCOMPARE(j.value(QStringLiteral("format")).toString(), QStringLiteral("sightline.report"));
    QCOMPARE(j.value(QStringLiteral("format_version")).toInt(), 2);
    QVERIFY2(
        hasKeys(j[QStringLiteral("tool")].toObject(), { QStringLiteral("name"), QStringLiteral("version") }, &missing),
        qPrintable(missing));
    const QJsonObject tr = j[QStringLiteral("trace")].toObject();
    QVERIFY2(hasKeys(tr,
                 { QStringLiteral("file"), QStringLiteral("sha256"), QStringLiteral("nsys_version"),
                     QStringLiteral("schema_version"), QStringLiteral("tables"), QStringLiteral("gpus") },
                 &missing),
        qPrintable(missing));
    QCOMPARE(tr[QStringLiteral("file")].toString(), QStringLiteral("cli-trace.sqlite")); // base name only
    // The digest of the file's bytes, computed here by QCryptographicHash (not FileHash).
    QFile traceFile(trace);
    QVERIFY(traceFile.open(QIODevice::ReadOnly));
    QCOMPARE(tr[QStringLiteral("sha256")].toString(),
        QString::fromLatin1(QCryptographicHash::hash(traceFile.readAll(), QCryptographicHash::Sha256).toHex()));
    QCOMPARE(tr[QStringLiteral("nsys_version")].toString(), QStringLiteral("2026.2.1.210"));
    QCOMPARE(tr[QStringLiteral("schema_version")].toString(), QStringLiteral("3.25.0"));
    QVERIFY(tr[QStringLiteral("tables")].isArray());
    const QJsonArray gpus = tr[QStringLiteral("gpus")].toArray();
    QCOMPARE(gpus.size(), 1);
    QVERIFY2(hasKeys(gpus[0].toObject(),
                 { QStringLiteral("device_id"), QStringLiteral("name"), QStringLiteral("sm_count") }, &missing),
        qPrintable(missing));
    const QJsonObject w = j[QStringLiteral("window")].toObject();
    QVERIFY2(hasKeys(w, { QStringLiteral("start_ns"), QStringLiteral("end_ns"), QStringLiteral("kind") }, &missing),
        qPrintable(missing));
    QCOMPARE(w[QStringLiteral("kind")].toString(), QStringLiteral("full"));
    // The whole capture (issue 12.7): the NVTX range [50,5000] holds every other event.
    QCOMPARE(w[QStringLiteral("start_ns")].toInteger(), qint64(50));
    QCOMPARE(w[QStringLiteral("end_ns")].toInteger(), qint64(5000));
    const QJsonObject k = j[QStringLiteral("kernels")].toObject();
    QVERIFY2(hasKeys(k, { QStringLiteral("count"), QStringLiteral("total_ns"), QStringLiteral("top") }, &missing),
        qPrintable(missing));
    QCOMPARE(k[QStringLiteral("count")].toInteger(), qint64(2));
    QCOMPARE(k[QStringLiteral("total_ns")].toInteger(), qint64(500 + 200));
    QCOMPARE(k[QStringLiteral("top")].toArray().first().toObject()[QStringLiteral("name")].toString(),
        QStringLiteral("gemm_kernel"));
    QVERIFY(j[QStringLiteral("devices")].isArray());
    QVERIFY(j[QStringLiteral("idle_gaps")].isArray());
    QVERIFY2(hasKeys(j[QStringLiteral("launches")].toObject(),
                 { QStringLiteral("per_device"), QStringLiteral("storm") }, &missing),
        qPrintable(missing));
    QVERIFY2(hasKeys(j[QStringLiteral("sync")].toObject(), { QStringLiteral("calls") }, &missing), qPrintable(missing));
    QVERIFY2(
        hasKeys(j[QStringLiteral("memcpy")].toObject(), { QStringLiteral("by_kind") }, &missing), qPrintable(missing));
    QVERIFY2(hasKeys(j[QStringLiteral("graphs")].toObject(),
                 { QStringLiteral("mode"), QStringLiteral("launches"), QStringLiteral("total_ns") }, &missing),
        qPrintable(missing));
    const QJsonObject nvtx = j[QStringLiteral("nvtx")].toObject();
    QVERIFY2(hasKeys(nvtx,
                 { QStringLiteral("ranges"), QStringLiteral("attribution"), QStringLiteral("by_range"),
                     QStringLiteral("phases") },
                 &missing),
        qPrintable(missing));
    const QJsonObject attr = nvtx[QStringLiteral("attribution")].toObject();
    QVERIFY2(hasKeys(attr,
                 { QStringLiteral("attributed_ns"), QStringLiteral("total_kernel_ns"), QStringLiteral("coverage") },
                 &missing),
        qPrintable(missing));
    // Both launches happen inside decode_step: 700 of 700 ns attributed.
    QCOMPARE(attr[QStringLiteral("attributed_ns")].toInteger(), qint64(700));
    QCOMPARE(attr[QStringLiteral("total_kernel_ns")].toInteger(), qint64(700));
    QCOMPARE(attr[QStringLiteral("coverage")].toDouble(), 1.0);
    QVERIFY(j[QStringLiteral("processes")].isArray());
    QVERIFY(j[QStringLiteral("findings")].isArray());
    QVERIFY(j[QStringLiteral("warnings")].isArray());

    // No path, host, user or environment value from the fixture in any output file.
    const QStringList forbidden = { QFileInfo(trace).absolutePath(), QStringLiteral("secret-host-name"),
        QStringLiteral("secret-user-name"), QStringLiteral("fixture-secret-token") };
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    int files = 0;
    while (it.hasNext()) {
        const QString name = it.next();
        ++files;
        QFile file(name);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray data = file.readAll();
        for (const auto& s : forbidden)
            QVERIFY2(!data.contains(s.toUtf8()), qPrintable(name + QStringLiteral(" contains ") + s));
    }
    QVERIFY(files >= 3);
}

void TestCli::exitCodes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::newRow("no args") << QStringList {} << 2;
    QTest::newRow("unknown command") << QStringList { QStringLiteral("frobnicate") } << 2;
    QTest::newRow("analyze without --out") << QStringList { QStringLiteral("analyze"), QStringLiteral("@TRACE@") } << 2;
    QTest::newRow("bad window") << QStringList { QStringLiteral("analyze"), QStringLiteral("@TRACE@"),
        QStringLiteral("--out"), QStringLiteral("@OUT@"), QStringLiteral("--window"), QStringLiteral("later") }
                                << 2;
    QTest::newRow("text file") << QStringList { QStringLiteral("analyze"), QStringLiteral("@TEXT@"),
        QStringLiteral("--out"), QStringLiteral("@OUT@") }
                               << 3;
    QTest::newRow("info text file") << QStringList { QStringLiteral("info"), QStringLiteral("@TEXT@") } << 3;
    QTest::newRow("--help") << QStringList { QStringLiteral("--help") } << 0;
    const QString compare = QStringLiteral("compare"), out = QStringLiteral("--out"), at = QStringLiteral("@OUT@");
    const QString trace = QStringLiteral("@TRACE@");
    QTest::newRow("compare one trace") << QStringList { compare, trace, out, at } << 2;
    QTest::newRow("compare without --out") << QStringList { compare, trace, trace } << 2;
    QTest::newRow("compare token count") << QStringList { compare, trace, trace, out, at, QStringLiteral("--tokens"),
        QStringLiteral("5") } << 2;
    QTest::newRow("compare bad baseline")
        << QStringList { compare, trace, trace, out, at, QStringLiteral("--baseline"), QStringLiteral("3") } << 2;
    QTest::newRow("compare bad unit") << QStringList { compare, trace, trace, out, at, QStringLiteral("--per"),
        QStringLiteral("minute") } << 2;
    QTest::newRow("compare text file") << QStringList { compare, trace, QStringLiteral("@TEXT@"), out, at } << 3;
    QTest::newRow("compare unwritable") << QStringList { compare, trace, trace, out, QStringLiteral("@TEXT@/out") }
                                        << 4;
    QTest::newRow("compare ncu count") << QStringList { compare, trace, trace, out, at, QStringLiteral("--ncu"),
        QStringLiteral("@TEXT@") } << 2;
    QTest::newRow("compare no nvml for either trace")
        << QStringList { compare, trace, trace, out, at, QStringLiteral("--nvml"), QStringLiteral(",") } << 0;
    QTest::newRow("compare") << QStringList { compare, trace, trace, out, at } << 0;
}

void TestCli::exitCodes()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    TraceFixture fx;
    fill(fx);
    const QString trace = fx.path();
    QTemporaryDir tmp;
    const QString text = tmp.filePath(QStringLiteral("readme.sqlite"));
    {
        QFile f(text);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("just some text, not a database\n");
    }
    for (auto& a : args) {
        a.replace(QStringLiteral("@TRACE@"), trace);
        a.replace(QStringLiteral("@TEXT@"), text);
        a.replace(QStringLiteral("@OUT@"), tmp.filePath(QStringLiteral("out")));
    }
    const Run r = runCli(args);
    QVERIFY(r.finished);
    QVERIFY2(r.exitCode == code, qPrintable(QStringLiteral("exit %1, stderr: %2").arg(r.exitCode).arg(r.err)));
    if (code == 3)
        QVERIFY2(r.err.contains(QStringLiteral("readme.sqlite")), qPrintable(r.err));
    if (code == 2 || code == 3) {
        QVERIFY(!QFileInfo::exists(tmp.filePath(QStringLiteral("out/report.json"))));
        QVERIFY(!QFileInfo::exists(tmp.filePath(QStringLiteral("out/comparison.json"))));
    }
}

void TestCli::missingFile()
{
    QTemporaryDir tmp;
    const QString missing = tmp.filePath(QStringLiteral("gone-trace.sqlite"));
    const Run r
        = runCli({ QStringLiteral("analyze"), missing, QStringLiteral("--out"), tmp.filePath(QStringLiteral("out")) });
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(QStringLiteral("gone-trace.sqlite")), qPrintable(r.err));
}

void TestCli::compareWritesContract()
{
    TraceFixture a(TraceFixture::Schema::Nsys2026, QStringLiteral("before.sqlite"));
    fill(a);
    TraceFixture b(TraceFixture::Schema::Nsys2026, QStringLiteral("after.sqlite"));
    fill(b);
    // "after" runs one more 300 ns relu inside the same decode step.
    b.runtime(2700, 2800, 100, 101, 4, QStringLiteral("cudaLaunchKernel_v7000"));
    b.kernel(3000, 3300, 0, 7, 4, 100, QStringLiteral("relu_kernel"));
    QTemporaryDir out;
    const QString dir = out.filePath(QStringLiteral("cmp"));
    const Run r = runCli({ QStringLiteral("compare"), a.path(), b.path(), QStringLiteral("--out"), dir,
        QStringLiteral("--labels"), QStringLiteral("old,new"), QStringLiteral("--tokens"), QStringLiteral("10,20"),
        QStringLiteral("--baseline"), QStringLiteral("old") });
    QVERIFY(r.finished);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("per token")));
    QFile f(dir + QStringLiteral("/comparison.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject j = QJsonDocument::fromJson(f.readAll()).object();
    QString missing;
    QVERIFY2(hasKeys(j,
                 { QStringLiteral("format"), QStringLiteral("format_version"), QStringLiteral("tool"),
                     QStringLiteral("baseline"), QStringLiteral("unit"), QStringLiteral("traces"),
                     QStringLiteral("phases"), QStringLiteral("figures"), QStringLiteral("kernels"),
                     QStringLiteral("step_distributions"), QStringLiteral("changes"), QStringLiteral("warnings") },
                 &missing),
        qPrintable(missing));
    QCOMPARE(j[QStringLiteral("format")].toString(), QStringLiteral("sightline.comparison"));
    QCOMPARE(j[QStringLiteral("unit")].toString(), QStringLiteral("token"));
    QCOMPARE(j[QStringLiteral("baseline")].toInt(), 0);
    QCOMPARE(j[QStringLiteral("traces")][1][QStringLiteral("label")].toString(), QStringLiteral("new"));
    QCOMPARE(j[QStringLiteral("traces")][1][QStringLiteral("file")].toString(), QStringLiteral("after.sqlite"));
    QCOMPARE(j[QStringLiteral("traces")][1][QStringLiteral("units")].toInt(), 20);
    // Kernel time 700 ns over 10 tokens = 70; 1000 ns over 20 tokens = 50.
    for (const auto& v : j[QStringLiteral("figures")].toArray()) {
        const QJsonObject fig = v.toObject();
        if (fig[QStringLiteral("key")].toString() != QLatin1String("kernel_ns_per_unit")
            || !fig[QStringLiteral("scope")].toString().isEmpty())
            continue;
        QCOMPARE(fig[QStringLiteral("values")][0].toInteger(), qint64(70));
        QCOMPARE(fig[QStringLiteral("values")][1].toInteger(), qint64(50));
        QCOMPARE(fig[QStringLiteral("deltas")][1].toInteger(), qint64(-20));
        missing = QStringLiteral("found");
    }
    QCOMPARE(missing, QStringLiteral("found"));
    QVERIFY(QFile::exists(dir + QStringLiteral("/comparison.md")));
    for (const QString& name : { QStringLiteral("/comparison.json"), QStringLiteral("/comparison.md") }) {
        QFile file(dir + name);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray data = file.readAll();
        QVERIFY2(!data.contains(QFileInfo(a.path()).absolutePath().toUtf8()), qPrintable(name));
        QVERIFY2(!data.contains(QFileInfo(b.path()).absolutePath().toUtf8()), qPrintable(name));
    }
}

void TestCli::info()
{
    TraceFixture fx;
    fill(fx);
    const Run r = runCli({ QStringLiteral("info"), fx.path() });
    QVERIFY(r.finished);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    for (const char* table : { "StringIds", "CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_RUNTIME", "NVTX_EVENTS",
             "CUPTI_ACTIVITY_KIND_MEMCPY", "TARGET_INFO_GPU" })
        QVERIFY2(r.out.contains(QLatin1String(table)), table);
    QVERIFY(r.out.contains(QStringLiteral("2026.2.1.210")));
}

void TestCli::synthThenInfo()
{
    QTemporaryDir tmp;
    const QString file = tmp.filePath(QStringLiteral("synth.sqlite"));
    const Run w = runCli(
        { QStringLiteral("synth"), QStringLiteral("--out"), file, QStringLiteral("--steps"), QStringLiteral("5") });
    QVERIFY(w.finished);
    QVERIFY2(w.exitCode == 0, qPrintable(w.err));
    QVERIFY(QFileInfo(file).size() > 0);
    const Run i = runCli({ QStringLiteral("info"), file });
    QVERIFY(i.finished);
    QVERIFY2(i.exitCode == 0, qPrintable(i.err));
    QVERIFY(i.out.contains(QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL")));
    QVERIFY(i.out.contains(QStringLiteral("synth.sqlite")));
}

void TestCli::servingTracesCompareByTheirTokens()
{
    // Two exports whose steps are named like vLLM's and TensorRT-LLM's: compare needs no --tokens,
    // it divides by the generated tokens the step names give.
    QTemporaryDir tmp;
    QStringList files;
    for (const char* fw : { "vllm", "trtllm" }) {
        files << tmp.filePath(QStringLiteral("%1.sqlite").arg(QLatin1String(fw)));
        const Run w = runCli({ QStringLiteral("synth"), QStringLiteral("--out"), files.back(),
            QStringLiteral("--steps"), QStringLiteral("32"), QStringLiteral("--framework"), QLatin1String(fw) });
        QVERIFY(w.finished);
        QVERIFY2(w.exitCode == 0, qPrintable(w.err));
    }
    const Run bad = runCli({ QStringLiteral("synth"), QStringLiteral("--out"), tmp.filePath(QStringLiteral("x.sqlite")),
        QStringLiteral("--framework"), QStringLiteral("tgi") });
    QCOMPARE(bad.exitCode, 2);
    const QString out = tmp.filePath(QStringLiteral("cmp"));
    const Run c = runCli({ QStringLiteral("compare"), files[0], files[1], QStringLiteral("--out"), out });
    QVERIFY(c.finished);
    QVERIFY2(c.exitCode == 0, qPrintable(c.err));
    QFile f(out + QStringLiteral("/comparison.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject j = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(j.value(QStringLiteral("unit")).toString(), QStringLiteral("token"));
    QCOMPARE(j.value(QStringLiteral("units_source")).toString(), QStringLiteral("ranges"));
    // 32 steps = two request groups: 15 decode steps of batch 8 and a mixed step of batch 16 plus
    // 15 decode steps of batch 16 (SynthPlan::composition): 120 + 16 + 240 generated tokens.
    const QJsonArray traces = j.value(QStringLiteral("traces")).toArray();
    QCOMPARE(traces.size(), 2);
    QCOMPARE(traces[0].toObject().value(QStringLiteral("units")).toInteger(), 376);
    QCOMPARE(traces[1].toObject().value(QStringLiteral("units")).toInteger(), 376);
    QFile md(out + QStringLiteral("/comparison.md"));
    QVERIFY(md.open(QIODevice::ReadOnly));
    QVERIFY(
        QString::fromUtf8(md.readAll()).contains(QStringLiteral("generated tokens the traces' serving steps name")));
}

void TestCli::benchSmall()
{
    // The CI-sized benchmark: every table and figure is printed (values are not asserted: speed
    // belongs to the benchmark itself, not to unit tests).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Run r = runCli({ QStringLiteral("bench"), QStringLiteral("--kernels"), QStringLiteral("3000"),
        QStringLiteral("--attribution"), QStringLiteral("3000"), QStringLiteral("--cycles"), QStringLiteral("3"),
        QStringLiteral("--dir"), dir.path() });
    QVERIFY2(r.finished, "sightline-cli bench did not finish");
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    for (const char* expected : { "| synth-3000.sqlite |", "| synth-3000-ops.sqlite |", "NVTX attribution alone",
             "peak / bound", "cancel latency", "analysis cancel latency", "after each close" })
        QVERIFY2(r.out.contains(QLatin1String(expected)), expected);
    // Three closes listed per trace (after the load's and the analysis' cancel columns).
    const QString line = r.out.split(QLatin1Char('\n')).filter(QStringLiteral("| synth-3000.sqlite |")).last();
    QCOMPARE(line.split(QStringLiteral(" | ")).at(6).count(QLatin1Char(',')), 2);
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("synth-3000-ops.sqlite"))));
    // The digest table: both child processes ran (a failed one prints "–").
    const QString digests
        = r.out.section(QStringLiteral("digest / analyze |"), 1).section(QStringLiteral("\n\n"), 0, 0);
    QCOMPARE(digests.count(QStringLiteral("| synth-3000")), 2);
    QVERIFY2(!digests.contains(QStringLiteral("–")), qPrintable(digests));
}

/// The second analyze of an unchanged export reads the trace cache (one file in the CLI's cache
/// folder, none beside the export) and reports the same figures; --no-cache writes nothing.
void TestCli::analyzeReopensFromTheCache()
{
    TraceFixture fx(TraceFixture::Schema::Nsys2026, QStringLiteral("cli-cache.sqlite"));
    fill(fx);
    QTemporaryDir home;
    QVERIFY(home.isValid());
    const QString cacheDir = home.filePath(QStringLiteral("Sightline/sightline-cli/traces"));
    auto analyze = [&](const QString& out, const QStringList& extra) {
        const Run r = runCli(
            QStringList { QStringLiteral("analyze"), fx.path(), QStringLiteral("--out"), home.filePath(out) } + extra,
            home.path());
        QFile f(home.filePath(out + QStringLiteral("/report.json")));
        return r.exitCode == 0 && f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object()
                                                              : QJsonObject();
    };
    const QJsonObject first = analyze(QStringLiteral("first"), {});
    QVERIFY(!first.isEmpty());
    const QStringList files = QDir(cacheDir).entryList({ QStringLiteral("*.slcache") }, QDir::Files);
    QCOMPARE(files.size(), 1);
    const QDateTime written = QFileInfo(QDir(cacheDir).filePath(files.front())).lastModified();
    QTest::qWait(20);
    const QJsonObject second = analyze(QStringLiteral("second"), {});
    QVERIFY(!second.isEmpty());
    // A hit refreshes the file's time (least recently used eviction); nothing else was written.
    QVERIFY(QFileInfo(QDir(cacheDir).filePath(files.front())).lastModified() > written);
    QCOMPARE(QDir(cacheDir).entryList({ QStringLiteral("*.slcache") }, QDir::Files), files);
    for (const char* key : { "trace", "kernels", "devices", "idle_gaps", "launches", "nvtx", "findings", "warnings" })
        QVERIFY2(first.value(QLatin1String(key)) == second.value(QLatin1String(key)), key);
    QVERIFY(!first[QStringLiteral("trace")].toObject().value(QStringLiteral("sha256")).toString().isEmpty());
    QCOMPARE(QFileInfo(fx.path()).dir().entryList(QDir::Files).filter(QStringLiteral("slcache")), QStringList());

    QTemporaryDir other;
    const Run off = runCli({ QStringLiteral("analyze"), fx.path(), QStringLiteral("--out"),
                               other.filePath(QStringLiteral("r")), QStringLiteral("--no-cache") },
        other.path());
    QCOMPARE(off.exitCode, 0);
    QVERIFY(!QDir(other.filePath(QStringLiteral("Sightline"))).exists());
}

void TestCli::efficiencyOptionsAsHeadless()
{
    // --math-paths, --gpu-peaks and --peak-tflops are AnalysisOptions (issue 21.5): the CLI and
    // an analysis with the same options set give the same numbers. The synthetic shapes export
    // (per step: aten::addmm 2·8·4096·4096 FLOPs on a 200 µs bf16 tensor-core GEMM, aten::mm
    // 2·64·1024·1024 FLOPs on a 200 µs FP32 SIMT "ffma" GEMM, 4 steps, an H100) with a user rule
    // that takes the mm kernel for a tf32 tensor-core one and a user peak table for the H100:
    // bf16 500, tf32 250 TFLOP/s. By hand: addmm 268,435,456 / 200,000 ns / 1000 = 1.34217728
    // TFLOP/s, MFU 1.34217728 / 500; mm 0.67108864 TFLOP/s, MFU 0.67108864 / 250.
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString trace = tmp.filePath(QStringLiteral("shapes.sqlite"));
    sl::SynthOptions so;
    so.steps = 4;
    const sl::SynthResult written = sl::SynthShapes::write(trace, so);
    QVERIFY2(written.ok, qPrintable(written.error));
    const QString paths = tmp.filePath(QStringLiteral("paths.json"));
    const QString peaks = tmp.filePath(QStringLiteral("peaks.json"));
    for (const auto& [file, json] : { std::pair { paths,
                                          R"({"format": "sightline.math-paths", "format_version": 1, "paths": [
              {"path": "tensor-core", "dtype": "tf32", "patterns": ["sm80_xmma_gemm_f32f32"]}]})" },
             std::pair { peaks, R"({"format": "sightline.gpu-peaks", "format_version": 1, "gpus": [
              {"model": "Test H100", "match": ["H100"], "source": "test", "tflops": {"bf16": 500, "tf32": 250}}]})" } }) {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(json);
    }
    const sl::LoadOutcome loaded = sl::TraceLoader::loadSync(trace);
    QVERIFY2(loaded.ok(), qPrintable(loaded.message));
    struct Case
    {
        QStringList args;
        double addmmPeak, mmPeak;
        QString mmDtype;
    };
    const Case cases[] = {
        { { QStringLiteral("--math-paths"), paths, QStringLiteral("--gpu-peaks"), peaks }, 500, 250,
            QStringLiteral("tf32") },
        { { QStringLiteral("--math-paths"), paths, QStringLiteral("--peak-tflops"), QStringLiteral("123.5") }, 123.5,
            123.5, QStringLiteral("tf32") },
    };
    for (const Case& c : cases) {
        const QString dir = tmp.filePath(QStringLiteral("out-%1").arg(c.addmmPeak));
        const Run r = runCli(QStringList { QStringLiteral("analyze"), trace, QStringLiteral("--out"), dir } + c.args);
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.err));
        QFile f(dir + QStringLiteral("/report.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray byOp = QJsonDocument::fromJson(
            f.readAll())[QLatin1String("efficiency")][QLatin1String("flops")][QLatin1String("by_op")]
                                    .toArray();
        sl::AnalysisOptions o;
        QString error;
        QVERIFY2(o.loadEfficiencyFiles(paths, c.args.contains(peaks) ? peaks : QString(), &error), qPrintable(error));
        if (const qsizetype at = c.args.indexOf(QStringLiteral("--peak-tflops")); at >= 0)
            QVERIFY2(o.setPeakTflops(c.args[at + 1], &error), qPrintable(error));
        const sl::AnalysisPtr a = sl::Analyzer::analyze(loaded.trace, o);
        QVERIFY(a);
        const auto& headless = a->efficiency.flopsByOp;
        QCOMPARE(byOp.size(), 2);
        QCOMPARE(headless.size(), 2);
        const double tflops[] = { 1.34217728, 0.67108864 };
        const double peak[] = { c.addmmPeak, c.mmPeak };
        const QString dtype[] = { QStringLiteral("bf16"), c.mmDtype };
        for (int i = 0; i < 2; ++i) {
            const QJsonObject cli = byOp[i].toObject();
            QCOMPARE(cli[QLatin1String("name")].toString(), headless[i].name);
            QCOMPARE(cli[QLatin1String("dtype")].toString(), dtype[i]);
            QCOMPARE(headless[i].dtype, dtype[i]);
            QCOMPARE(cli[QLatin1String("peak_tflops")].toDouble(), peak[i]);
            QCOMPARE(headless[i].peakTflops().value_or(0), peak[i]);
            QCOMPARE(cli[QLatin1String("mfu")].toDouble(), tflops[i] / peak[i]);
            QCOMPARE(headless[i].mfu().value_or(0), tflops[i] / peak[i]);
        }
    }
    sl::AnalysisOptions o;
    QString error;
    for (const QString& bad : { QStringLiteral("0"), QStringLiteral("-3"), QStringLiteral("fast"),
             QStringLiteral("nan"), QStringLiteral("inf") }) {
        QVERIFY2(!o.setPeakTflops(bad, &error), qPrintable(bad));
        QVERIFY(!o.peakTflops);
    }
    QCOMPARE(sl::AnalysisOptions::flopsPerTokenOfParams(7e9), 1.4e10); // 2·P
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
