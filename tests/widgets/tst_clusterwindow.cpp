// SPDX-License-Identifier: MIT
// The Cluster view: a folder of per-rank exports digested in the background and shown as a
// heatmap, a per-rank table and the skew distribution; a rank opens its export.
#include "core/cluster/clusterinputs.h"
#include "core/io/tracecache.h"
#include "core/synth/synthcluster.h"
#include "core/util/format.h"
#include "tests/common/clusterfixture.h"
#include "tests/common/tracefixture.h"
#include "widgets/cluster/clusterwindow.h"

#include <QDir>
#include <QLabel>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace sl;

class TestClusterWindow : public QObject
{
    Q_OBJECT

private:
    /// End (ns) of the `n`-th NCCL kernel of an export, by start, through SQL.
    static qint64 ncclKernelEnd(const QString& path, int n)
    {
        qint64 end = -1;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("tst_cw"));
            db.setDatabaseName(path);
            db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
            if (db.open()) {
                QSqlQuery q(db);
                if (q.exec(QStringLiteral("SELECT k.end FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = "
                                          "k.shortName WHERE s.value LIKE 'nccl%' ORDER BY k.start LIMIT 1 OFFSET %1")
                               .arg(n))
                    && q.next())
                    end = q.value(0).toLongLong();
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("tst_cw"));
        return end;
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void showsTheRunAndOpensARank();
    void emptyFolderIsNotARun();
    void withTheCacheOffNothingIsKept();
    void oneExportOfTwoRanks();
    void rankDigestsBesideTheirExport();
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

    const QTemporaryDir cache;
    ClusterWindow window(dir.path(), cache.path());
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
    // Nothing is written beside the exports: the digests live in the trace cache, one per export.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), before);
    QCOMPARE(QDir(cache.path()).entryList({ QStringLiteral("*.sldigest") }).size(), 8);

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

    // The straggler finding's first evidence: rank 6 is latest by its whole extra compute where its
    // jitter residue (6 + k + c) mod 4 is largest, first at step 0's second collective; a double
    // click asks for its export from its first NCCL kernel's end to its second's (SQL over it).
    auto* findings = window.findChild<QTreeWidget*>();
    QVERIFY(findings && findings->topLevelItemCount() >= 1);
    QTreeWidgetItem* evidence = findings->topLevelItem(0)->child(0);
    QVERIFY(evidence);
    QSignalSpy scrolled(&window, &ClusterWindow::evidenceRequested);
    emit findings->itemDoubleClicked(evidence, 0);
    QCOMPARE(scrolled.size(), 1);
    const QString six = QDir(dir.path()).filePath(QStringLiteral("report.6.sqlite"));
    QCOMPARE(scrolled.front().at(0).toString(), six);
    QCOMPARE(scrolled.front().at(1).toLongLong(), ncclKernelEnd(six, 0));
    QCOMPARE(scrolled.front().at(2).toLongLong(), ncclKernelEnd(six, 1));
}

void TestClusterWindow::emptyFolderIsNotARun()
{
    QTemporaryDir empty;
    ClusterWindow window(empty.path(), QString());
    window.setAttribute(Qt::WA_DeleteOnClose, false);
    auto* table = window.findChild<QTableWidget*>();
    QVERIFY(table);
    // An empty folder is not a run: the message says so and the table stays empty.
    QTRY_VERIFY_WITH_TIMEOUT(window.findChild<QLabel*>()->text().contains(QLatin1String("at least 2 ranks")), 10000);
    QCOMPARE(table->rowCount(), 0);
}

void TestClusterWindow::withTheCacheOffNothingIsKept()
{
    QTemporaryDir dir;
    const SynthClusterOptions o = test::smallRun(2, 1, 2);
    QVERIFY(writeSynthCluster(dir.path(), o).ok);
    const QStringList before = QDir(dir.path()).entryList(QDir::Files);
    ClusterWindow window(dir.path(), QString());
    window.setAttribute(Qt::WA_DeleteOnClose, false);
    auto* table = window.findChild<QTableWidget*>();
    QTRY_COMPARE_WITH_TIMEOUT(table->rowCount(), 2, 60000);
    QCOMPARE(table->item(1, 3)->text(), QStringLiteral("100.0 %")); // rank 1 is late by its extra compute
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), before);
    QCOMPARE(QDir(TraceCache::defaultDir()).entryList({ QStringLiteral("*.sldigest") }), QStringList());
}

/// One export of a single-node run (writeTwoRankExport): its two NCCL processes are the ranks,
/// labelled by pid; GPU 1's worker arrives last at both AllReduces; either rank opens the export.
void TestClusterWindow::oneExportOfTwoRanks()
{
    test::TraceFixture fx(test::TraceFixture::Schema::Nsys2026, QStringLiteral("node0.sqlite"));
    test::writeTwoRankExport(fx);
    const QString path = fx.path();
    const QTemporaryDir cache;
    ClusterWindow window(path, cache.path());
    window.setAttribute(Qt::WA_DeleteOnClose, false);
    window.show();
    auto* table = window.findChild<QTableWidget*>();
    QVERIFY(table);
    QTRY_COMPARE_WITH_TIMEOUT(table->rowCount(), 2, 30000);
    QCOMPARE(table->item(0, 8)->text(), QStringLiteral("node0.sqlite (pid 41018)"));
    QCOMPARE(table->item(1, 8)->text(), QStringLiteral("node0.sqlite (pid 41017)"));
    QCOMPARE(table->item(1, 3)->text(), QStringLiteral("100.0 %"));
    QCOMPARE(table->item(0, 4)->text(), formatDuration(1000)); // 2 × 500 ns behind GPU 1's worker
    QSignalSpy opened(&window, &ClusterWindow::exportRequested);
    emit table->cellDoubleClicked(1, 0);
    QCOMPARE(opened.size(), 1);
    QCOMPARE(opened.front().front().toString(), path);
}

/// A folder holding an export of two ranks and its rank digests (`digest --out` beside it): the
/// digests are read, not made again, and a rank still opens the export they were made from.
void TestClusterWindow::rankDigestsBesideTheirExport()
{
    test::TraceFixture fx(test::TraceFixture::Schema::Nsys2026, QStringLiteral("node0.sqlite"));
    test::writeTwoRankExport(fx);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("node0.sqlite"));
    QVERIFY(QFile::copy(fx.path(), path));
    QStringList errors;
    const QStringList made = ClusterInputs::digestAll({ path }, { dir.path(), QString(), 1 }, &errors);
    QCOMPARE(made.size(), 2);
    ClusterWindow window(dir.path(), QString());
    window.setAttribute(Qt::WA_DeleteOnClose, false);
    auto* table = window.findChild<QTableWidget*>();
    QTRY_COMPARE_WITH_TIMEOUT(table->rowCount(), 2, 30000);
    // The folder lists node0.p41017 first; the ranks still follow the GPUs, as from the export.
    QCOMPARE(table->item(0, 8)->text(), QStringLiteral("node0.sqlite (pid 41018)"));
    QSignalSpy opened(&window, &ClusterWindow::exportRequested);
    emit table->cellDoubleClicked(0, 0);
    QCOMPARE(opened.size(), 1);
    QCOMPARE(opened.front().front().toString(), path);
}

QTEST_MAIN(TestClusterWindow)
#include "tst_clusterwindow.moc"
