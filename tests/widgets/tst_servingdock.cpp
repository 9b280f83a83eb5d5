// SPDX-License-Identifier: MIT
// The Serving dock over a synthetic vLLM-named export: one table row per step, the batch-size
// scatter's points, and a clicked step's evidence (its NVTX row and the kernels launched inside
// it, counted here by plain SQL on the export).
#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"
#include "core/models/servingstepmodel.h"
#include "core/synth/synthtracewriter.h"
#include "tests/common/tabbeddock.h"
#include "widgets/charts/batchscatterchart.h"
#include "widgets/docks/servingdock.h"

#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

using namespace sl;

namespace {
qint64 scalar(const QString& path, const QString& sql)
{
    sqlite3* db = nullptr;
    sqlite3_stmt* st = nullptr;
    qint64 v = -1;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK
        && sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &st, nullptr) == SQLITE_OK
        && sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

/// A synthetic vLLM-named export written to `path` (`ranks` tensor-parallel ranks), loaded and
/// analysed over the full window; null when a step fails.
AnalysisPtr analysedVllm(const QString& path, int steps, int layers, int ranks = 1)
{
    SynthOptions o;
    o.framework = SynthFramework::Vllm;
    o.steps = steps;
    o.layers = layers;
    o.ranks = ranks;
    if (!writeSynthTrace(path, o).ok)
        return nullptr;
    const LoadOutcome loaded = TraceLoader::loadSync(path);
    return loaded.ok() ? Analyzer::analyze(loaded.trace, AnalysisOptions {}) : nullptr;
}
} // namespace

class TestServingDock : public QObject
{
    Q_OBJECT
private slots:
    void showsStepsAndRoutesAClick()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("vllm.sqlite"));
        const AnalysisPtr a = analysedVllm(path, 48, 2);
        QVERIFY(a);
        const Trace& trace = *a->trace;

        ServingDock dock;
        QCOMPARE(dock.objectName(), QStringLiteral("dock.serving"));
        dock.setAnalysis(a);
        dock.show();
        const qint64 steps
            = scalar(path, QStringLiteral("SELECT COUNT(*) FROM NVTX_EVENTS WHERE text LIKE 'execute_context_%'"));
        QCOMPARE(steps, 48);
        QCOMPARE(dock.stepTable()->model()->rowCount(), int(steps));
        // Decode and mixed steps are plotted: every step with generation requests.
        const qint64 withGeneration = scalar(path,
            QStringLiteral("SELECT COUNT(*) FROM NVTX_EVENTS WHERE text LIKE "
                           "'execute_context_%' AND text NOT LIKE '%_generation_0(0)'"));
        QCOMPARE(dock.scatter()->pointCount(), int(withGeneration));

        // The first step (by start): a prefill; its evidence is its NVTX row and its kernels.
        QVector<Evidence> evidence;
        int emitted = 0;
        connect(&dock, &ServingDock::evidenceRequested, this, [&](const EvidenceRequest& r) {
            evidence = r.evidence;
            ++emitted;
        });
        const ServingSteps& s = a->serving.steps;
        dock.activateStep(0);
        QCOMPARE(emitted, 1);
        QCOMPARE(evidence.size(), 2);
        QCOMPARE(evidence[0].table, QStringLiteral("NVTX_EVENTS"));
        QCOMPARE(evidence[0].rowids, std::vector<qint64> { trace.nvtx.rowid[s.range[0]] });
        QCOMPARE(evidence[0].startNs, trace.nvtx.start[s.range[0]]);
        QCOMPARE(evidence[0].endNs, trace.nvtx.end[s.range[0]]);
        QCOMPARE(evidence[0].deviceId, 0);
        const qint64 kernels = scalar(path,
            QStringLiteral("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN CUPTI_ACTIVITY_KIND_RUNTIME r ON "
                           "r.correlationId = "
                           "k.correlationId AND (r.globalTid & ~16777215) = k.globalPid JOIN NVTX_EVENTS n ON "
                           "n.globalTid = r.globalTid "
                           "AND r.start BETWEEN n.start AND n.\"end\" WHERE n.rowid = %1")
                .arg(evidence[0].rowids[0]));
        QVERIFY(kernels > 0);
        QCOMPARE(evidence[1].table, QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL"));
        QCOMPARE(qint64(evidence[1].rows.size()), kernels);

        dock.setAnalysis(nullptr);
        QCOMPARE(dock.stepTable()->model()->rowCount(), 0);
        QCOMPARE(dock.scatter()->pointCount(), 0);
    }

    void coveredScatterIsDrawnWhenRaised()
    {
        // Tabbed behind another dock (the default layout), the dock is visible but off-screen:
        // the scatter is drawn when the tab is raised, not when the analysis lands (0.2-2 ms of
        // the GUI thread per analysis). Its scene's items show whether it was drawn (Qt Charts
        // headers stay out of the tests).
        QTemporaryDir dir;
        const AnalysisPtr a = analysedVllm(dir.filePath(QStringLiteral("vllm3.sqlite")), 12, 1);
        QVERIFY(a);

        QMainWindow window;
        auto* dock = new ServingDock(&window);
        QVERIFY(test::showTabbedBehind(window, dock, QSize(900, 600)));
        QVERIFY(dock->isVisible());
        QVERIFY(dock->visibleRegion().isEmpty());
        const QGraphicsScene* scene = dock->scatter()->findChild<QGraphicsView*>()->scene();
        QVERIFY(scene);
        const qsizetype emptyItems = scene->items().size(); // the chart of no analysis
        dock->setAnalysis(a);
        QTest::qWait(50); // no paint of the off-screen chart draws it either
        QCOMPARE(scene->items().size(), emptyItems);

        dock->raise();
        QVERIFY(!dock->visibleRegion().isEmpty());
        QVERIFY(scene->items().size() > emptyItems); // drawn before its first frame
        QVERIFY(dock->scatter()->pointCount() > 0);
    }

    void stepsFollowTheFocus()
    {
        // Two ranks (processes, each on its own GPU): a focus lists one rank's steps.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("vllm2.sqlite"));
        const AnalysisPtr a = analysedVllm(path, 12, 1, 2);
        QVERIFY(a);
        ServingDock dock;
        dock.setAnalysis(a);
        const qint64 pid = scalar(path,
            QStringLiteral("SELECT MIN(globalTid / 16777216 % 16777216) FROM NVTX_EVENTS WHERE text LIKE "
                           "'execute_context_%'"));
        const qint64 ofPid = scalar(path,
            QStringLiteral("SELECT COUNT(*) FROM NVTX_EVENTS WHERE text LIKE 'execute_context_%' AND "
                           "globalTid / 16777216 % 16777216 = %1")
                .arg(pid));
        const qint64 all
            = scalar(path, QStringLiteral("SELECT COUNT(*) FROM NVTX_EVENTS WHERE text LIKE 'execute_context_%'"));
        QVERIFY(ofPid > 0 && ofPid < all);
        QCOMPARE(dock.stepTable()->model()->rowCount(), int(all));
        ScopeFilter process;
        process.pid = pid;
        dock.setScope(process);
        QCOMPARE(dock.stepTable()->model()->rowCount(), int(ofPid));
        for (int r = 0; r < dock.stepTable()->model()->rowCount(); ++r)
            QCOMPARE(dock.stepTable()->model()->index(r, ServingStepModel::Pid).data().toLongLong(), pid);
        dock.setScope({});
        QCOMPARE(dock.stepTable()->model()->rowCount(), int(all));
    }
};

QTEST_MAIN(TestServingDock)
#include "tst_servingdock.moc"
