// SPDX-License-Identifier: MIT
// The Model anatomy dock ("where the model spends the GPU") on the tst_anatomy fixture
// (tests/common/anatomyfixture.h): opened in the main window like a user's file, the dock shows
// one row per phase and class, the stacked chart plots the hand-computed kernel times, and Copy
// as TSV gives the rows shown.
#include "core/models/anatomytablemodel.h"
#include "tests/common/anatomyfixture.h"
#include "tests/common/settingsisolation.h"
#include "tests/common/tracefixture.h"
#include "widgets/charts/anatomychart.h"
#include "widgets/docks/anatomydock.h"
#include "widgets/mainwindow.h"
#include "widgets/tablecopy.h"

#include <QGraphicsScene>
#include <QGraphicsView>
#include <QItemSelectionModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace sl;
using sl::test::TraceFixture;

class TestAnatomyDock : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void openedInMainWindow();
    void coveredChartIsDrawnWhenRaised();
    void emptyAnalysis();

private:
    QTemporaryDir m_settingsDir;
};

void TestAnatomyDock::initTestCase()
{
    QVERIFY(test::isolateSettings(m_settingsDir, QStringLiteral("tst_anatomydock")));
}

void TestAnatomyDock::openedInMainWindow()
{
    TraceFixture fx;
    test::anatomy::writePrefillDecode(fx);
    MainWindow w;
    w.show();
    w.openFiles({ fx.path() });
    QVERIFY(QTest::qWaitFor([&w] { return !w.isBusy(); }, 30000));
    QVERIFY(w.currentAnalysis());
    auto* dock = w.findChild<AnatomyDock*>(QStringLiteral("dock.anatomy"));
    QVERIFY(dock);
    QCOMPARE(dock->windowTitle(), QStringLiteral("Model anatomy"));

    // 8 prefill classes, 3 decode classes, 1 unattributed, in the analysis' order.
    const QAbstractItemModel* rows = dock->table()->model();
    QCOMPARE(rows->rowCount(), 12);
    auto cell = [&](int row, int column) { return rows->index(row, column).data().toString(); };
    QCOMPARE(cell(0, AnatomyTableModel::Phase), QStringLiteral("prefill"));
    QCOMPARE(cell(0, AnatomyTableModel::Class), QStringLiteral("QKV projection"));
    QCOMPARE(cell(0, AnatomyTableModel::KernelTime), QStringLiteral("50.0 µs"));
    // 2·512·4096·6144 FLOPs in 50 µs = 515.4 TFLOP/s, 52.1 % of the H100's 989.4 bf16 peak.
    QCOMPARE(cell(0, AnatomyTableModel::Tflops), QStringLiteral("515.4"));
    QCOMPARE(cell(0, AnatomyTableModel::Mfu), QStringLiteral("52.1 %"));
    QCOMPARE(cell(10, AnatomyTableModel::Phase), QStringLiteral("decode"));
    QCOMPARE(cell(10, AnatomyTableModel::Class), QStringLiteral("Embedding/logits"));
    QCOMPARE(cell(11, AnatomyTableModel::Phase), QStringLiteral("unattributed"));
    // FLOPs known for 50 + 20 + 5 µs of the 238 + 15 + 2 = 255 µs: 29.4 %.
    QVERIFY2(dock->headline().contains(QStringLiteral("29.4 %")), qPrintable(dock->headline()));

    // The chart: a bar per phase, the longest (prefill, 238 µs) sets the unit to µs.
    AnatomyChart* chart = dock->chart();
    QCOMPARE(chart->plottedCategories(),
        QStringList({ QStringLiteral("prefill"), QStringLiteral("decode"), QStringLiteral("unattributed") }));
    QCOMPARE(chart->unitName(), QStringLiteral("µs"));
    const QVector<QVector<qreal>> values = chart->plottedValues();
    QCOMPARE(values.size(), qsizetype(10));
    QCOMPARE(values[0], QVector<qreal>({ 50.0, 5.0, 0.0 })); // QKV projection
    QCOMPARE(values[3], QVector<qreal>({ 80.0, 0.0, 0.0 })); // MLP up/gate
    QCOMPARE(chart->plottedSeries().front(), QStringLiteral("QKV projection"));
    // Colours follow the class, "other" grey like the taxonomy's.
    QCOMPARE(chart->plottedColors().back(), QColor(0xbab0ac));
    const QString tip = chart->segmentTip(0, 2);
    QVERIFY2(tip.contains(QStringLiteral("Output projection")) && tip.contains(QStringLiteral("859.0 TFLOP/s")),
        qPrintable(tip));
    QVERIFY(chart->segmentTip(0, 7).isEmpty()); // no embedding kernel in prefill

    // Copy as TSV: the header line, then the selected row as shown.
    dock->table()->selectRow(0);
    const QStringList lines = TableCopy::selectionAsTsv(dock->table()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines[0].startsWith(QStringLiteral("Phase\tClass\tKernels\tKernel time")), qPrintable(lines[0]));
    QVERIFY2(lines[1].startsWith(QStringLiteral("prefill\tQKV projection\t1\t50.0 µs\t21.0 %\t25.77 GFLOP\t515.4")),
        qPrintable(lines[1]));
}

/// Items in the scene of `chart`'s view (a QChartView; Qt Charts headers stay out of the tests).
static qsizetype sceneItems(const AnatomyChart* chart)
{
    const auto* view = chart->findChild<QGraphicsView*>();
    return view && view->scene() ? view->scene()->items().size() : -1;
}

void TestAnatomyDock::coveredChartIsDrawnWhenRaised()
{
    // The main window's default layout tabs the dock behind others: visible, moved off-screen.
    // Its chart is drawn when the tab is raised, not when the analysis lands (1.4-1.9 ms of the
    // GUI thread per 5 M-kernel analysis).
    TraceFixture fx;
    test::anatomy::writePrefillDecode(fx);
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* dock = w.findChild<AnatomyDock*>(QStringLiteral("dock.anatomy"));
    QVERIFY(dock);
    QVERIFY(dock->isVisible());
    QVERIFY(dock->visibleRegion().isEmpty());
    // The chart of no analysis, drawn when the window was shown (or here, when read back).
    QVERIFY(dock->chart()->plottedValues().isEmpty());
    const qsizetype emptyItems = sceneItems(dock->chart());
    QVERIFY(emptyItems > 0);

    w.openFiles({ fx.path() });
    QVERIFY(QTest::qWaitFor([&w] { return !w.isBusy(); }, 30000));
    QVERIFY(w.currentAnalysis());
    QTest::qWait(50); // no paint of the off-screen chart draws it either
    QCOMPARE(sceneItems(dock->chart()), emptyItems);

    dock->raise();
    QVERIFY(!dock->visibleRegion().isEmpty());
    QVERIFY(sceneItems(dock->chart()) > emptyItems); // drawn before its first frame
    QCOMPARE(dock->chart()->plottedCategories(),
        QStringList({ QStringLiteral("prefill"), QStringLiteral("decode"), QStringLiteral("unattributed") }));
}

void TestAnatomyDock::emptyAnalysis()
{
    AnatomyDock dock;
    dock.setAnalysis(nullptr);
    QCOMPARE(dock.table()->model()->rowCount(), 0);
    QVERIFY(dock.chart()->plottedValues().isEmpty());
    QCOMPARE(dock.headline(), QStringLiteral("No trace analysed."));
}

QTEST_MAIN(TestAnatomyDock)
#include "tst_anatomydock.moc"
