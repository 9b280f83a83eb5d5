// SPDX-License-Identifier: MIT
// The Efficiency dock and the Math column on the exact `synth --shapes` export (4 steps): the
// figures shown are the hand-computed ones of tst_efficiency, and a click on a figure asks for
// exactly the rows behind it.
#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"
#include "core/models/kernelsummarymodel.h"
#include "core/synth/synthshapes.h"
#include "widgets/docks/efficiencydock.h"
#include "widgets/docks/overviewdock.h"

#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTreeView>
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
    dock.setAnalysis(m_analysis);
    QStandardItemModel* m = dock.model();
    // Sections: math path, busy time, communication overlap, FLOPs and MFU.
    QCOMPARE(m->rowCount(), 4);
    QModelIndex addmm;
    QModelIndex overlap;
    for (int s = 0; s < m->rowCount(); ++s)
        for (int r = 0; r < m->rowCount(m->index(s, 0)); ++r) {
            const QModelIndex i = m->index(r, 0, m->index(s, 0));
            if (i.data().toString() == QLatin1String("aten::addmm"))
                addmm = i;
            if (i.data().toString() == QLatin1String("GPU 0, window"))
                overlap = i;
        }
    QVERIFY(addmm.isValid());
    // 268,435,456 FLOPs × 4 in 800 µs = 1.34 TFLOP/s (to 2 decimals).
    QCOMPARE(addmm.siblingAtColumn(3).data().toString(), QStringLiteral("1.34 TFLOP/s"));
    QVERIFY(addmm.siblingAtColumn(4).data().toString().contains(QLatin1String("bf16 peak 989.4 TFLOP/s")));
    QVERIFY(overlap.isValid());
    QCOMPARE(overlap.siblingAtColumn(3).data().toString(), QStringLiteral("66.7 % exposed")); // 400 of 600 µs

    QSignalSpy spy(&dock, &EfficiencyDock::evidenceRequested);
    emit dock.view()->clicked(addmm);
    QCOMPARE(spy.count(), 1);
    auto evidence = spy.takeFirst().at(0).value<QVector<Evidence>>();
    QCOMPARE(evidence.size(), 1);
    QCOMPARE(evidence[0].rowCount, qint64(4)); // the four addmm GEMMs
    emit dock.view()->clicked(overlap);
    QCOMPARE(spy.count(), 1);
    evidence = spy.takeFirst().at(0).value<QVector<Evidence>>();
    QCOMPARE(evidence[0].rowCount, qint64(4)); // the four all-reduces
    // A section header is no figure.
    emit dock.view()->clicked(m->index(0, 0));
    QCOMPARE(spy.count(), 0);
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
