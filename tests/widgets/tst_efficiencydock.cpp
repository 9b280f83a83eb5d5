// SPDX-License-Identifier: MIT
// The Efficiency dock and the Math column on the exact `synth --shapes` export (4 steps): the
// figures shown are the hand-computed ones of tst_efficiency, and a click on a figure asks for
// exactly the rows behind it.
#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"
#include "core/models/efficiencymodel.h"
#include "core/models/kernelsummarymodel.h"
#include "core/synth/synthshapes.h"
#include "widgets/docks/efficiencydock.h"
#include "widgets/docks/overviewdock.h"

#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace sl;

class TestEfficiencyDock : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void figuresAndEvidence();
    void mathColumn();
    void overviewHeadline();

private:
    QTemporaryDir m_dir;
    AnalysisPtr m_analysis;
};

void TestEfficiencyDock::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString path = m_dir.filePath(QStringLiteral("shapes.sqlite"));
    SynthOptions o;
    o.steps = 4;
    const SynthResult w = SynthShapes::write(path, o);
    QVERIFY2(w.ok, qPrintable(w.error));
    const LoadOutcome loaded = TraceLoader::loadSync(path);
    QVERIFY2(loaded.ok(), qPrintable(loaded.message));
    m_analysis = Analyzer::analyze(loaded.trace, AnalysisOptions {});
    QVERIFY(m_analysis);
}

void TestEfficiencyDock::figuresAndEvidence()
{
    EfficiencyDock dock;
    dock.resize(900, 500);
    dock.show();
    dock.setAnalysis(m_analysis);
    const QAbstractItemModel* m = dock.view()->model();
    QModelIndex addmm;
    QModelIndex overlap;
    for (int r = 0; r < m->rowCount(); ++r) {
        const QModelIndex i = m->index(r, EfficiencyModel::Figure);
        if (i.data().toString() == QLatin1String("aten::addmm"))
            addmm = i;
        if (i.data().toString() == QLatin1String("GPU 0, window"))
            overlap = i;
    }
    QVERIFY(addmm.isValid());
    // 268,435,456 FLOPs × 4 in 800 µs = 1.34 TFLOP/s (to 2 decimals).
    QCOMPARE(addmm.siblingAtColumn(EfficiencyModel::Share).data().toString(), QStringLiteral("1.34 TFLOP/s"));
    QVERIFY(addmm.siblingAtColumn(EfficiencyModel::Detail)
                .data()
                .toString()
                .contains(QLatin1String("bf16 peak 989.4 TFLOP/s")));
    QVERIFY(overlap.isValid());
    // 400 of 600 µs exposed.
    QCOMPARE(overlap.siblingAtColumn(EfficiencyModel::Share).data().toString(), QStringLiteral("66.7 % exposed"));

    QSignalSpy spy(&dock, &EfficiencyDock::evidenceRequested);
    dock.activate(addmm);
    QCOMPARE(spy.count(), 1);
    auto request = spy.takeFirst().at(0).value<EvidenceRequest>();
    QCOMPARE(request.evidence.size(), 1);
    QCOMPARE(request.evidence[0].rowCount, qint64(4)); // the four addmm GEMMs
    QCOMPARE(request.title, QStringLiteral("Efficiency: aten::addmm"));
    dock.activate(overlap);
    QCOMPARE(spy.count(), 1);
    request = spy.takeFirst().at(0).value<EvidenceRequest>();
    QCOMPARE(request.evidence[0].rowCount, qint64(4)); // the four all-reduces

    // One request per gesture: a click, a double-click (Qt emits clicked, then activated), Enter.
    QTableView* view = dock.view();
    view->scrollTo(addmm);
    const QPoint at = view->visualRect(addmm).center();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(spy.count(), 1);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(spy.count(), 2);
    view->setFocus();
    view->setCurrentIndex(overlap);
    QTest::keyClick(view, Qt::Key_Return);
    QCOMPARE(spy.count(), 3);
    QCOMPARE(spy.at(2).at(0).value<EvidenceRequest>().title, QStringLiteral("Efficiency: GPU 0, window"));
}

void TestEfficiencyDock::mathColumn()
{
    KernelSummaryModel model;
    model.setAnalysis(m_analysis);
    QStringList labels;
    for (int r = 0; r < model.rowCount(); ++r)
        labels << model.index(r, KernelSummaryModel::Math).data().toString();
    labels.sort();
    QCOMPARE(labels,
        QStringList(
            { QStringLiteral("SIMT (fp32)"), QStringLiteral("Tensor core (bf16)"), QStringLiteral("Unknown") }));
}

void TestEfficiencyDock::overviewHeadline()
{
    OverviewDock dock;
    dock.setAnalysis(m_analysis);
    const QString h = dock.headline();
    QVERIFY2(h.contains(QLatin1String("GPU 0: ")) && h.contains(QLatin1String("compute"))
            && h.contains(QLatin1String("copies")),
        qPrintable(h));
    QVERIFY2(h.contains(QLatin1String("400 µs exposed")) || h.contains(QLatin1String("66.7 % exposed")), qPrintable(h));
}

QTEST_MAIN(TestEfficiencyDock)
#include "tst_efficiencydock.moc"
