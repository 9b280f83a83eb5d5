// SPDX-License-Identifier: MIT
// MainWindow's evidence navigation: a finding selects its rows in the Kernels and Evidence docks
// (one request per activation) and zooms the timeline; a cluster finding opens the rank's export at
// its evidence. The traces and docks themselves are in tst_mainwindowtraces.
#include "core/analysis/analysisresult.h"
#include "core/models/evidencerowsmodel.h"
#include "core/models/kernelinstancemodel.h"
#include "core/session/tracesession.h"
#include "core/synth/synthcluster.h"
#include "tests/common/clusterfixture.h"
#include "tests/common/mainwindowfixture.h"
#include "tests/common/settingsisolation.h"
#include "tests/common/tracefixture.h"
#include "widgets/cluster/clusterwindow.h"
#include "widgets/docks/evidencedock.h"
#include "widgets/docks/findingsdock.h"
#include "widgets/docks/kernelsdock.h"
#include "widgets/docks/nvtxphasesdock.h"
#include "widgets/docks/timelinedock.h"
#include "widgets/mainwindow.h"
#include "widgets/timeline/timeviewport.h"
#include "widgets/viewcontext.h"

#include <QClipboard>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include <set>

using namespace sl;
using namespace sl::test;

class TestMainWindowEvidence : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void findingEvidenceSelectsRows();
    void apiEvidenceInEvidenceDock();
    void oneRequestPerActivation();
    void findingZoomsTimeline();
    void clusterEvidenceOpensTheRankAtIt();

private:
    QTemporaryDir m_settingsDir;
};

void TestMainWindowEvidence::initTestCase()
{
    QVERIFY(test::isolateSettings(m_settingsDir, QStringLiteral("tst_mainwindowevidence")));
}

void TestMainWindowEvidence::findingEvidenceSelectsRows()
{
    TraceFixture fx;
    fillFixture(fx);
    MainWindow w;
    w.show();
    w.openFiles({ fx.path() });
    QVERIFY(waitIdle(w));
    const AnalysisPtr a = w.currentAnalysis();
    QVERIFY(a);
    int findingIndex = -1;
    const Evidence* evidence = nullptr;
    for (int i = 0; i < a->findings.size() && !evidence; ++i)
        for (const Evidence& e : a->findings[i].evidence)
            if (e.table == QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL") && !e.rows.empty()) {
                findingIndex = i;
                evidence = &e;
                break;
            }
    QVERIFY(evidence);

    QTableView* findings = w.findingsDock()->view();
    const QModelIndex index = findings->model()->index(findingIndex, 1);
    findings->scrollTo(index);
    QTest::mouseClick(findings->viewport(), Qt::LeftButton, {}, findings->visualRect(index).center());

    KernelInstanceModel* instances = w.kernelsDock()->instanceModel();
    QCOMPARE(instances->rowCount(), int(evidence->rows.size()));
    std::set<quint32> shown;
    for (int r = 0; r < instances->rowCount(); ++r)
        shown.insert(instances->kernelIndex(r));
    QCOMPARE(shown, std::set<quint32>(evidence->rows.begin(), evidence->rows.end()));
    const QModelIndexList selected = w.kernelsDock()->instanceView()->selectionModel()->selectedRows();
    QCOMPARE(selected.size(), int(evidence->rows.size()));
}

void TestMainWindowEvidence::apiEvidenceInEvidenceDock()
{
    TraceFixture fx;
    fillFixture(fx);
    MainWindow w;
    w.show();
    w.openFiles({ fx.path() });
    QVERIFY(waitIdle(w));
    const AnalysisPtr a = w.currentAnalysis();
    QVERIFY(a);
    int sync = -1;
    for (int i = 0; i < a->findings.size(); ++i)
        if (a->findings[i].id == QStringLiteral("blocking-sync"))
            sync = i;
    QVERIFY(sync >= 0);
    QTableView* findings = w.findingsDock()->view();
    const QModelIndex index = findings->model()->index(sync, 1);
    findings->scrollTo(index);
    QTest::mouseClick(findings->viewport(), Qt::LeftButton, {}, findings->visualRect(index).center());

    // Both sync calls, longest first (rowid 7: 1.9 µs, rowid 8: 1.2 µs), all selected, dock raised.
    EvidenceRowsModel* rows = w.evidenceDock()->model();
    QCOMPARE(rows->rowCount(), 2);
    QCOMPARE(rows->index(0, EvidenceRowsModel::Rowid).data().toLongLong(), 7);
    QCOMPARE(rows->index(1, EvidenceRowsModel::Rowid).data().toLongLong(), 8);
    QCOMPARE(w.evidenceDock()->view()->selectionModel()->selectedRows().size(), 2);
    QVERIFY(w.evidenceDock()->isVisible());
    // Copy SQL puts the query selecting exactly rowids 7 and 8 on the clipboard.
    auto* copySql = w.evidenceDock()->findChild<QPushButton*>();
    QVERIFY(copySql && copySql->isEnabled());
    copySql->click();
    const QString sql = QApplication::clipboard()->text();
    QVERIFY2(sql.contains(QStringLiteral("CUPTI_ACTIVITY_KIND_RUNTIME")) && sql.contains(QStringLiteral("7"))
            && sql.contains(QStringLiteral("8")),
        qPrintable(sql));
}

void TestMainWindowEvidence::oneRequestPerActivation()
{
    TraceFixture fx;
    fillFixture(fx);
    MainWindow w;
    w.show();
    w.openFiles({ fx.path() });
    QVERIFY(waitIdle(w));
    const AnalysisPtr a = w.currentAnalysis();
    int sync = -1;
    for (int i = 0; i < a->findings.size(); ++i)
        if (a->findings[i].id == QStringLiteral("blocking-sync"))
            sync = i;
    QVERIFY(sync >= 0);
    // Every dock's request passes the view context: count them there.
    QSignalSpy requests(w.viewContext(), &ViewContext::evidenceRequested);
    QTableView* findings = w.findingsDock()->view();
    const QModelIndex index = findings->model()->index(sync, 1);
    findings->scrollTo(index);
    const QPoint at = findings->visualRect(index).center();
    QTest::mouseClick(findings->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(requests.count(), 1);
    const auto first = requests.first().first().value<EvidenceRequest>();
    QCOMPARE(first.title, a->findings[sync].title);
    QCOMPARE(first.detail, a->findings[sync].summary);
    QCOMPARE(first.evidence.size(), a->findings[sync].evidence.size());
    // A double-click is two clicks and an activation: one more request, not two.
    QTest::mouseClick(findings->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(findings->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(requests.count(), 2);
    // Enter on the current finding: one.
    findings->setFocus();
    QTest::keyClick(findings, Qt::Key_Return);
    QCOMPARE(requests.count(), 3);
}

void TestMainWindowEvidence::findingZoomsTimeline()
{
    TraceFixture fx;
    fillFixture(fx);
    MainWindow w;
    w.show();
    w.openFiles({ fx.path() });
    QVERIFY(waitIdle(w));
    const AnalysisPtr a = w.currentAnalysis();
    // The dominant kernel's evidence is "big" (2000–3000, 5000–6000, 7000–8000): the timeline,
    // which the NVTX view shares, shows all three and not much more.
    int dominant = -1;
    for (int i = 0; i < a->findings.size(); ++i)
        if (a->findings[i].id == QStringLiteral("dominant-kernel"))
            dominant = i;
    QVERIFY(dominant >= 0);
    w.showEvidence(dominant);
    const TimeViewport* v = w.timelineDock()->timeViewport();
    QCOMPARE(w.nvtxDock()->timeViewport(), v);
    QVERIFY2(v->startNs() <= 2000 && v->endNs() >= 8000,
        qPrintable(QStringLiteral("%1..%2").arg(v->startNs()).arg(v->endNs())));
    QVERIFY(v->spanNs() < 2 * 6000);

    // A blocking-sync finding has no kernel rows: the view goes to what its API rows span (3000–9200).
    int sync = -1;
    for (int i = 0; i < a->findings.size(); ++i)
        if (a->findings[i].id == QStringLiteral("blocking-sync"))
            sync = i;
    QVERIFY(sync >= 0);
    w.showEvidence(sync);
    QVERIFY2(v->startNs() <= 3000 && v->endNs() >= 9200,
        qPrintable(QStringLiteral("%1..%2").arg(v->startNs()).arg(v->endNs())));
}

void TestMainWindowEvidence::clusterEvidenceOpensTheRankAtIt()
{
    QTemporaryDir dir;
    const SynthClusterOptions o = test::smallRun(2, 1, 2);
    const auto written = writeSynthCluster(dir.path(), o);
    QVERIFY2(written.ok, qPrintable(written.error));
    MainWindow w;
    w.show();
    ClusterWindow* cluster = w.openClusterRun(dir.path());
    auto* findings = cluster->findChild<QTreeWidget*>();
    QVERIFY(findings);
    QTRY_VERIFY_WITH_TIMEOUT(findings->topLevelItemCount() > 0, 60000);
    QTreeWidgetItem* evidence = findings->topLevelItem(0)->child(0);
    QVERIFY(evidence);
    const QVariantList at = evidence->data(0, Qt::UserRole).toList(); // rank, file, start, end
    QCOMPARE(at.value(1).toString(), QStringLiteral("report.1.sqlite"));
    const qint64 from = at.value(2).toLongLong(), to = at.value(3).toLongLong();
    QVERIFY(to > from);
    emit findings->itemDoubleClicked(evidence, 0);
    QVERIFY(waitIdle(w));
    // Rank 1's export is the one shown, its timeline on the evidence window (and not much more).
    QTRY_VERIFY_WITH_TIMEOUT(w.currentAnalysis() != nullptr, 30000);
    QCOMPARE(QFileInfo(w.session()->entry(w.currentTrace()).sourcePath).fileName(), QStringLiteral("report.1.sqlite"));
    const TimeViewport* v = w.timelineDock()->timeViewport();
    QTRY_VERIFY2_WITH_TIMEOUT(v->startNs() <= from && v->endNs() >= to && v->spanNs() < 3 * (to - from),
        qPrintable(QStringLiteral("%1..%2 for %3..%4").arg(v->startNs()).arg(v->endNs()).arg(from).arg(to)), 10000);
    cluster->close();
}

QTEST_MAIN(TestMainWindowEvidence)
#include "tst_mainwindowevidence.moc"
