// SPDX-License-Identifier: MIT
// The Kernels dock: scope, all-kernels mode with its filters, sort indicator across a worker
// sort, evidence rows and Copy as TSV. Expected rows are computed by hand from KernelsFixture.
#include "core/models/kernelinstancemodel.h"
#include "core/models/kernelsummarymodel.h"
#include "core/models/rowwindowmodel.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/kernelsfixture.h"
#include "tests/common/tracefixture.h"
#include "widgets/docks/kernelsdock.h"
#include "widgets/tablecopy.h"
#include "widgets/windowedtable.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QHeaderView>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QtTest>

using namespace sl;
using sl::test::KernelsFixture;
using sl::test::TraceFixture;

using Kernels = QList<quint32>;

namespace {

Kernels shown(const KernelInstanceModel* m)
{
    Kernels out;
    for (int r = 0; r < m->rowCount(); ++r)
        out << m->kernelIndex(r);
    return out;
}

QStringList summaryNames(const KernelsDock& dock)
{
    QStringList names;
    const QAbstractItemModel* m = dock.summaryView()->model();
    for (int r = 0; r < m->rowCount(); ++r)
        names << m->index(r, KernelSummaryModel::Name).data().toString();
    return names;
}

} // namespace

class TestKernelsDock : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void scopeFiltersBothTables();
    void allKernelsWithFilters();
    void sortIndicatorSurvivesWorkerSort();
    void evidenceRowsLeaveAllKernelsMode();
    void evidenceSelectedThroughTheWindow();
    void copySelectionAsTsv();

private:
    AnalysisPtr m_analysis;
};

void TestKernelsDock::initTestCase()
{
    TraceFixture fx;
    KernelsFixture::fill(fx);
    m_analysis = sl::test::analyzeWindow(sl::test::loadFixture(fx));
    QVERIFY(m_analysis);
}

void TestKernelsDock::scopeFiltersBothTables()
{
    KernelsDock dock;
    QAbstractItemModelTester tester(dock.instanceModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    dock.setAnalysis(m_analysis);
    // Whole window, by total time: gemm_a 1200, relu 400, gemm_b 400 (name order breaks the tie), softmax 50.
    QCOMPARE(summaryNames(dock).size(), 4);
    QCOMPARE(summaryNames(dock).front(), QStringLiteral("gemm_a"));
    dock.setShowAllKernels(true);
    QCOMPARE(shown(dock.instanceModel()), Kernels({ 0, 1, 2, 3, 4, 5 }));

    QSignalSpy summary(&dock, &KernelsDock::summaryUpdated);
    ScopeFilter process200;
    process200.pid = 200;
    dock.setScope(process200);
    QCOMPARE(shown(dock.instanceModel()), Kernels({ 2, 5 }));
    QVERIFY(dock.isSummaryBusy()); // recomputed on a worker thread
    QVERIFY(summary.wait(10000));
    QCOMPARE(summaryNames(dock), QStringList({ QStringLiteral("gemm_a"), QStringLiteral("relu") }));
    const QAbstractItemModel* m = dock.summaryView()->model();
    QCOMPARE(m->index(0, KernelSummaryModel::Total).data(KernelSummaryModel::SortRole).toLongLong(), qint64(900));
    QCOMPARE(m->index(0, KernelSummaryModel::Share).data(KernelSummaryModel::SortRole).toDouble(), 0.75);
    QCOMPARE(m->index(1, KernelSummaryModel::Count).data(KernelSummaryModel::SortRole).toLongLong(), qint64(1));

    // A new analysis keeps the scope.
    dock.setAnalysis(m_analysis);
    QVERIFY(summary.wait(10000));
    QCOMPARE(summaryNames(dock).size(), 2);
    QCOMPARE(shown(dock.instanceModel()), Kernels({ 2, 5 }));

    dock.setScope({});
    QVERIFY(!dock.isSummaryBusy()); // everything: the analysis' own summary, at once
    QCOMPARE(summaryNames(dock).size(), 4);
    QCOMPARE(dock.instanceModel()->rowCount(), 6);
}

void TestKernelsDock::allKernelsWithFilters()
{
    KernelsDock dock;
    dock.setAnalysis(m_analysis);
    QCOMPARE(dock.instanceModel()->rowCount(), 0); // no name selected yet
    QVERIFY(!dock.deviceFilter()->isEnabled());
    dock.setShowAllKernels(true);
    QVERIFY(dock.deviceFilter()->isEnabled());
    dock.applyNameFilter(QStringLiteral("GEMM"));
    QCOMPARE(summaryNames(dock), QStringList({ QStringLiteral("gemm_a"), QStringLiteral("gemm_b") }));
    QCOMPARE(shown(dock.instanceModel()), Kernels({ 0, 2, 4 }));

    QCOMPARE(dock.deviceFilter()->count(), 3); // All GPUs, GPU 0, GPU 1
    dock.deviceFilter()->setCurrentIndex(1);
    QCOMPARE(shown(dock.instanceModel()), Kernels({ 0, 4 }));
    QCOMPARE(dock.streamFilter()->count(), 3); // All streams, 7, 8 of GPU 0
    QCOMPARE(dock.streamFilter()->itemData(2).toLongLong(), qint64(8));
    dock.streamFilter()->setCurrentIndex(2);
    QCOMPARE(shown(dock.instanceModel()), Kernels({ 4 }));

    // Back to the selected name's launches: the name filter no longer applies to them.
    dock.setShowAllKernels(false);
    dock.applyNameFilter(QString());
    dock.summaryView()->selectRow(summaryNames(dock).indexOf(QStringLiteral("relu")));
    QCOMPARE(shown(dock.instanceModel()), Kernels({ 1, 5 }));
}

void TestKernelsDock::sortIndicatorSurvivesWorkerSort()
{
    KernelsDock dock;
    dock.instanceModel()->setAsyncThreshold(0);
    QSignalSpy updated(dock.instanceModel(), &KernelInstanceModel::viewUpdated);
    dock.setAnalysis(m_analysis);
    dock.setShowAllKernels(true);
    QTRY_VERIFY_WITH_TIMEOUT(!dock.instanceModel()->isBusy(), 10000);
    QCOMPARE(dock.instanceModel()->rowCount(), 6);
    updated.clear();
    dock.instanceView()->sortByColumn(KernelInstanceModel::Duration, Qt::DescendingOrder);
    QVERIFY(updated.wait(10000));
    QCOMPARE(shown(dock.instanceModel()), Kernels({ 2, 4, 0, 5, 1, 3 }));
    const QHeaderView* header = dock.instanceView()->horizontalHeader();
    QCOMPARE(header->sortIndicatorSection(), int(KernelInstanceModel::Duration));
    QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
    // A filter applied afterwards keeps both the order and the indicator.
    dock.applyNameFilter(QStringLiteral("relu"));
    QTRY_VERIFY_WITH_TIMEOUT(!dock.instanceModel()->isBusy(), 10000);
    QCOMPARE(shown(dock.instanceModel()), Kernels({ 5, 1 }));
    QCOMPARE(header->sortIndicatorSection(), int(KernelInstanceModel::Duration));
}

void TestKernelsDock::evidenceRowsLeaveAllKernelsMode()
{
    KernelsDock dock;
    dock.setAnalysis(m_analysis);
    dock.setShowAllKernels(true);
    dock.showKernels({ 4, 1 }, QStringLiteral("evidence"));
    QVERIFY(!dock.showsAllKernels());
    QCOMPARE(shown(dock.instanceModel()), Kernels({ 1, 4 }));
    QCOMPARE(dock.instanceView()->selectionModel()->selectedRows().size(), 2);
}

void TestKernelsDock::evidenceSelectedThroughTheWindow()
{
    // The view sees a window of the launches (two rows here, 65 536 in use): the evidence stays
    // selected as a whole when the window moves, not only the rows it first held.
    KernelsDock dock;
    QAbstractItemModelTester tester(dock.instanceModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    const RowWindowModel* window = dock.instanceTable()->rowWindow();
    dock.instanceTable()->rowWindow()->setCapacity(2);
    dock.setAnalysis(m_analysis);
    dock.showKernels({ 5, 0, 3, 4, 1 }, QStringLiteral("evidence"));
    QTRY_VERIFY_WITH_TIMEOUT(!dock.instanceModel()->isBusy(), 10000);
    QCOMPARE(shown(dock.instanceModel()), Kernels({ 0, 1, 3, 4, 5 }));
    QCOMPARE(window->rowCount(), 2);
    QCOMPARE(dock.instanceView()->selectionModel()->selectedRows().size(), 2);
    QVERIFY(dock.instanceTable()->allRowsSelected());
    dock.instanceTable()->scrollToSourceRow(4); // the window holds the last two: kernels 4 and 5
    QCOMPARE(window->firstRow(), 3);
    const QModelIndexList selected = dock.instanceView()->selectionModel()->selectedRows();
    QCOMPARE(selected.size(), 2);
    QCOMPARE(selected.at(0).data(KernelInstanceModel::KernelIndexRole).toUInt()
            + selected.at(1).data(KernelInstanceModel::KernelIndexRole).toUInt(),
        9u);
    // A click of the user's ends "everything selected".
    dock.instanceView()->selectRow(0);
    QVERIFY(!dock.instanceTable()->allRowsSelected());
    dock.instanceTable()->scrollToSourceRow(0);
    QCOMPARE(dock.instanceView()->selectionModel()->selectedRows().size(), 0); // row 3 left the window
}

void TestKernelsDock::copySelectionAsTsv()
{
    KernelsDock dock;
    dock.setAnalysis(m_analysis);
    dock.setShowAllKernels(true);
    dock.instanceView()->selectRow(0);
    const QString tsv = TableCopy::selectionAsTsv(dock.instanceView());
    QCOMPARE(tsv,
        QStringLiteral("Start\tDuration\tDevice\tStream\tGrid\tBlock\tRegisters\tShared memory\tOccupancy\tAPI call\t"
                       "Launch delay\n"
                       "200 ns\t300 ns\t0\t7\t1×1×1\t128×1×1\t32\t0 B\t100 %\tcudaLaunchKernel_v7000\t100 ns\n"));
    // Two separate rows, hidden columns left out.
    dock.instanceView()->setColumnHidden(KernelInstanceModel::ApiCall, true);
    dock.instanceView()->selectionModel()->select(
        dock.instanceView()->model()->index(5, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    const QStringList lines
        = TableCopy::selectionAsTsv(dock.instanceView()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    QVERIFY(!lines[0].contains(QStringLiteral("API call")));
    QCOMPARE(lines[2], QStringLiteral("4.20 µs\t300 ns\t1\t7\t1×1×1\t256×1×1\t128\t0 B\t\t"));
}

QTEST_MAIN(TestKernelsDock)
#include "tst_kernelsdock.moc"
