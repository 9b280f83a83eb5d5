// SPDX-License-Identifier: MIT
// `synth --memory-usage` and `synth --cublas-log FILE [--cublas-log-format api|lt]` (issue 23):
// the memory analysis and the cuBLAS import run on synth exports. The memory lanes and peaks equal a running sum
// computed in SQL over the export's CUDA_GPU_MEMORY_USAGE_EVENTS rows; the log, written by the real CLI, has one call
// per GEMM launch of a cudaLaunchKernel call (counted in SQL), every call matches, and the FLOPs equal 2·m·n·k of the
// layer's shapes written out below by hand.
#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"
#include "core/synth/synthcublaslog.h"
#include "core/synth/synthmemoryusage.h"
#include "core/synth/synthtracewriter.h"
#include "tests/common/analysisfixture.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace sl;

class TestSynthInputs : public QObject
{
    Q_OBJECT
private slots:
    void memoryUsage();
    void cublasLog_data();
    void cublasLog();
};

void TestSynthInputs::memoryUsage()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mem.sqlite"));
    SynthOptions o;
    o.steps = 6;
    o.ranks = 2;
    o.memoryUsage = true;
    const SynthResult w = writeSynthTrace(path, o);
    QVERIFY2(w.ok, qPrintable(w.error));
    const LoadOutcome loaded = TraceLoader::loadSync(path);
    QVERIFY2(loaded.ok(), qPrintable(loaded.message));
    const AnalysisPtr a = test::analyzeWindow(loaded.trace, QStringLiteral("full"));
    QVERIFY(a);
    QCOMPARE(a->memory.devices.size(), qsizetype(2));
    for (const MemoryDeviceStats& d : a->memory.devices) {
        // The running sum of allocations − frees in table order, by SQLite itself.
        const QString sum
            = QStringLiteral("SELECT start, SUM(CASE memoryOperationType WHEN 0 THEN bytes ELSE -bytes END) OVER "
                             "(ORDER BY start, rowid) "
                             "FROM CUDA_GPU_MEMORY_USAGE_EVENTS WHERE deviceId = %1 ORDER BY start, rowid")
                  .arg(d.deviceId);
        const QVector<QVector<qint64>> rows = test::selectRows(path, sum, 2);
        QVERIFY(!rows.isEmpty());
        QCOMPARE(qsizetype(d.t.size()), rows.size());
        qint64 peak = 0;
        for (qsizetype i = 0; i < rows.size(); ++i) {
            QCOMPARE(d.t[size_t(i)], rows[i][0]);
            QCOMPARE(d.inUse[size_t(i)], rows[i][1]);
            peak = std::max(peak, rows[i][1]);
        }
        QCOMPARE(d.baselineBytes, qint64(0)); // nothing freed that was not allocated
        QCOMPARE(d.peakBytes, peak);
        // Weights 16 GiB + KV cache 40 GiB + the largest workspace: 4 × 256 MiB from the 4th step on.
        QCOMPARE(peak, (qint64(56) << 30) + 4 * SynthMemoryUsage::kActivationBytes);
        QCOMPARE(*d.headroomBytes, 85'899'345'920 - peak); // TARGET_INFO_GPU.totalMemory of the synth H100
    }
    // Every step's workspace is freed: the export ends with weights and KV cache in use.
    QCOMPARE(a->memory.devices[0].inUse.back(), qint64(56) << 30);
}

void TestSynthInputs::cublasLog_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("call"); ///< what starts one call in the log
    QTest::newRow("cuBLAS") << QStringLiteral("api") << QStringLiteral("cublasGemmEx(cublasHandle_t");
    QTest::newRow("cuBLASLt") << QStringLiteral("lt") << QStringLiteral("[Trace][cublasLtTSTMatmul]");
}

void TestSynthInputs::cublasLog()
{
    QFETCH(QString, format);
    QFETCH(QString, call);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gemm.sqlite"));
    const QString log = dir.filePath(QStringLiteral("cublas.log"));
    QProcess cli;
    cli.start(QStringLiteral(SIGHTLINE_CLI),
        { QStringLiteral("synth"), QStringLiteral("--out"), path, QStringLiteral("--steps"), QStringLiteral("3"),
            QStringLiteral("--ranks"), QStringLiteral("2"), QStringLiteral("--cublas-log"), log,
            QStringLiteral("--cublas-log-format"), format });
    QVERIFY(cli.waitForFinished(120000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    QVERIFY(QFile::exists(log));

    // The GEMM launches of a cudaLaunchKernel call (correlation ids repeat across processes: the
    // call is the one of the kernel's process), per (kernel, grid): count them in SQL.
    const QVector<QVector<qint64>> launches = test::selectRows(path,
        QStringLiteral("SELECT k.gridX, k.gridY, COUNT(*), instr(s.value, 'tilesize64x128') > 0 FROM "
                       "CUPTI_ACTIVITY_KIND_KERNEL k JOIN CUPTI_ACTIVITY_KIND_RUNTIME r ON r.correlationId = "
                       "k.correlationId AND r.globalTid / 16777216 = k.globalPid / 16777216 JOIN StringIds s ON s.id "
                       "= k.demangledName JOIN StringIds n ON n.id = r.nameId "
                       "WHERE n.value LIKE 'cudaLaunchKernel%' AND s.value LIKE '%gemm%' GROUP BY 1, 2, 4"),
        4);
    QVERIFY(!launches.isEmpty());
    // The layer by hand (m = output features, k = input features; grid x × tile n = m):
    // QKV 48 → 6144 × 4096, output projection (64×128 tile) 32 → 4096 × 4096, gate/up 112 → 28672
    // × 4096, down (128×128 tile) 32 → 4096 × 14336, logits 251 → 128256 × 4096. n = 2048 tokens
    // for the prefill grids (y 16 or 32), 64 for decode.
    double flops = 0;
    qint64 calls = 0;
    for (const auto& row : launches) {
        const qint64 gx = row[0], gy = row[1], count = row[2];
        const bool outProj = row[3] != 0;
        qint64 m = 0, k = 0;
        if (gx == 48)
            m = 6144, k = 4096;
        else if (gx == 32 && outProj)
            m = 4096, k = 4096;
        else if (gx == 112)
            m = 28672, k = 4096;
        else if (gx == 32)
            m = 4096, k = 14336;
        else if (gx == 251)
            m = 128256, k = 4096;
        QVERIFY2(m > 0, qPrintable(QStringLiteral("grid %1").arg(gx)));
        const qint64 n = gy > 1 ? 2048 : 64;
        flops += double(count) * 2.0 * double(m) * double(n) * double(k);
        calls += count;
    }
    QVERIFY(calls > 0);
    const QString text = QString::fromUtf8([&] {
        QFile f(log);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }());
    QCOMPARE(qint64(text.count(call)), calls);

    AnalysisOptions o;
    o.cublasLog = log;
    QString error;
    QVERIFY(WindowSpec::parse(QStringLiteral("full"), &o.window, &error));
    const LoadOutcome loaded = TraceLoader::loadSync(path);
    QVERIFY2(loaded.ok(), qPrintable(loaded.message));
    const AnalysisPtr a = Analyzer::analyze(loaded.trace, o);
    QVERIFY(a);
    const GemmImport& g = a->design.gemm;
    QVERIFY(g.present);
    QCOMPARE(g.calls, calls);
    QCOMPARE(g.matched, calls);
    double matchedFlops = 0;
    for (const GemmShape& s : g.shapes)
        matchedFlops += s.flops;
    QCOMPARE(matchedFlops, flops);
}

QTEST_GUILESS_MAIN(TestSynthInputs)
#include "tst_synthinputs.moc"
