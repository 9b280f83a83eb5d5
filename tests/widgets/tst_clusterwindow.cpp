// SPDX-License-Identifier: MIT
// The Cluster view: a folder of per-rank exports digested in the background and shown as a
// heatmap, a per-rank table and the skew distribution; a rank opens its export.
#include "core/synth/synthcluster.h"
#include "core/util/format.h"
#include "widgets/cluster/clusterwindow.h"

#include <QDir>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace sl;

class TestClusterWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void showsTheRunAndOpensARank();
    void emptyFolderIsNotARun();
};

void TestClusterWindow::showsTheRunAndOpensARank()
{
    QTemporaryDir dir;
    SynthClusterOptions o;
    o.ranks = 8;
    o.straggler = 6;
    o.hostClockErrorNs = { 0, 2'800'000 };
    o.steps = 6;
    const auto written = writeSynthCluster(dir.path(), o);
    QVERIFY2(written.ok, qPrintable(written.error));
    const QStringList before = QDir(dir.path()).entryList(QDir::Files);

    ClusterWindow window(dir.path());
    window.setAttribute(Qt::WA_DeleteOnClose, false);
    window.show();
    auto* table = window.findChild<QTableWidget*>();
    QVERIFY(table);
    QTRY_COMPARE_WITH_TIMEOUT(table->rowCount(), 8, 60000);
    // Rank 6 arrives last at every collective (300 µs of extra compute): 100 %; the others 0 %.
    QCOMPARE(table->item(6, 0)->text(), QStringLiteral("6"));
    QCOMPARE(table->item(6, 3)->text(), QStringLiteral("100.0 %"));
    QCOMPARE(table->item(2, 3)->text(), QStringLiteral("0.0 %"));
    QCOMPARE(table->item(6, 1)->text(), QStringLiteral("host1"));
    QCOMPARE(table->item(6, 8)->text(), QStringLiteral("report.6.sqlite"));
    // Two hosts of 4 ranks, every collective spans both: rank 6 waits for nobody, the others only
    // across hosts.
    QCOMPARE(table->item(6, 4)->text(), formatDuration(0));
    QCOMPARE(table->item(2, 5)->text(), formatDuration(0));
    QCOMPARE(table->item(2, 6)->text(), table->item(2, 4)->text());
    QVERIFY(table->item(2, 6)->text() != formatDuration(0));
    // Nothing is written beside the exports: the digests live in the cache.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), before);
    QVERIFY(QDir(ClusterWindow::cacheFor(dir.path())).entryList({ QStringLiteral("*.sldigest") }).size() == 8);

    QSignalSpy opened(&window, &ClusterWindow::exportRequested);
    emit table->cellDoubleClicked(6, 0);
    QCOMPARE(opened.size(), 1);
    QCOMPARE(opened.front().front().toString(), QDir(dir.path()).filePath(QStringLiteral("report.6.sqlite")));
    // A click on the heatmap's last row asks for rank 7.
    auto* heatmap = window.findChild<ClusterHeatmap*>();
    QVERIFY(heatmap);
    QTest::mouseClick(heatmap, Qt::LeftButton, {}, QPoint(heatmap->width() / 2, heatmap->height() - 2));
    QCOMPARE(opened.size(), 2);
    QCOMPARE(opened.back().front().toString(), QDir(dir.path()).filePath(QStringLiteral("report.7.sqlite")));
    QVERIFY(!heatmap->grab().isNull());
}

void TestClusterWindow::emptyFolderIsNotARun()
{
    QTemporaryDir empty;
    ClusterWindow window(empty.path());
    window.setAttribute(Qt::WA_DeleteOnClose, false);
    auto* table = window.findChild<QTableWidget*>();
    QVERIFY(table);
    // An empty folder is not a run: the message says so and the table stays empty.
    QTRY_VERIFY_WITH_TIMEOUT(window.findChild<QLabel*>()->text().contains(QLatin1String("at least 2 ranks")), 10000);
    QCOMPARE(table->rowCount(), 0);
}

QTEST_MAIN(TestClusterWindow)
#include "tst_clusterwindow.moc"
