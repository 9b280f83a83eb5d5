// SPDX-License-Identifier: MIT
#include "core/compare/comparison.h"
#include "core/models/comparisoncolumns.h"
#include "core/models/findingsmodel.h"
#include "core/models/kernelinstancemodel.h"
#include "core/models/kernelsummarymodel.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tracefixture.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QtTest>

using namespace sl;
using sl::test::TraceFixture;

namespace {

const QString kLaunch = QStringLiteral("cudaLaunchKernel_v7000");

/// rowids 1 small, 2 big, 3 small, 4 big, 5 big (big dominates); launches 50 ns before each kernel.
AnalysisPtr fixtureAnalysis()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.process(100, QStringLiteral("python3"));
    fx.thread(100, 101, QStringLiteral("main"));
    fx.kernel(1000, 1100, 0, 7, 1, 100, QStringLiteral("small"));
    fx.kernel(2000, 3000, 0, 7, 2, 100, QStringLiteral("big"), 256);
    fx.kernel(4000, 4100, 0, 7, 3, 100, QStringLiteral("small"));
    fx.kernel(5000, 5500, 0, 8, 4, 100, QStringLiteral("big"));
    fx.kernel(7000, 8000, 0, 7, 5, 100, QStringLiteral("big"));
    for (quint32 c = 1; c <= 5; ++c)
        fx.runtime(qint64(c) * 1000 - 100, qint64(c) * 1000 - 50, 100, 101, c, kLaunch);
    return sl::test::analyzeWindow(sl::test::loadFixture(fx));
}

} // namespace

class TestModels : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void comparisonColumns();
    void kernelSummary();
    void kernelInstances();
    void findings();

private:
    AnalysisPtr m_analysis;
};

void TestModels::initTestCase()
{
    m_analysis = fixtureAnalysis();
    QVERIFY(m_analysis);
    QCOMPARE(m_analysis->trace->kernels.size(), qsizetype(5));
}

void TestModels::comparisonColumns()
{
    // Three traces, baseline 1: fixed columns 0–1, values 2–4 (traces 0, 1, 2), then per compared
    // trace (0, then 2) its delta and ratio: 5–6 for trace 0, 7–8 for trace 2.
    Comparison c;
    c.analyses.resize(3);
    c.baseline = 1;
    ComparisonColumns two(2, 2);
    QCOMPARE(two.count(), 2);
    two.reset(&c);
    QCOMPARE(two.count(), 9);
    const QVector<int> traces { -1, -1, 0, 1, 2, 0, 0, 2, 2 };
    const QVector<int> deltaSlots { -1, -1, -1, -1, -1, 0, 1, 0, 1 };
    for (int col = 0; col < 9; ++col) {
        QCOMPARE(two.trace(col), traces[col]);
        QCOMPARE(two.deltaSlot(col), deltaSlots[col]);
        QCOMPARE(two.isDelta(col), deltaSlots[col] >= 0);
    }
    QCOMPARE(two.trace(9), -1);
    QCOMPARE(two.trace(-1), -1);
    QCOMPARE(two.deltaColumn(0), 5);
    QCOMPARE(two.deltaColumn(2), 7);
    QCOMPARE(two.deltaColumn(1), -1); // the baseline has none
    QCOMPARE(two.deltaColumn(3), -1);
    // One delta per trace: values 3–5, deltas 6 (trace 0) and 7 (trace 2).
    ComparisonColumns one(3);
    one.reset(&c);
    QCOMPARE(one.count(), 8);
    QCOMPARE(one.trace(6), 0);
    QCOMPARE(one.trace(7), 2);
    QCOMPARE(one.deltaColumn(2), 7);
    QVERIFY(!one.isDelta(5));
    QVERIFY(!one.isDelta(8));
    one.reset(nullptr);
    QCOMPARE(one.count(), 3);
    QCOMPARE(one.trace(3), -1);
}

void TestModels::kernelSummary()
{
    KernelSummaryModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(KernelSummaryModel::SortRole);
    proxy.setFilterCaseSensitivity(Qt::CaseInsensitive);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setAnalysis(m_analysis);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), int(KernelSummaryModel::ColumnCount));
    // By total descending: big (2500) then small (200).
    QCOMPARE(model.index(0, KernelSummaryModel::Name).data().toString(), QStringLiteral("big"));
    QCOMPARE(model.index(0, KernelSummaryModel::Count).data(KernelSummaryModel::SortRole).toLongLong(), qint64(3));
    QCOMPARE(model.index(0, KernelSummaryModel::Total).data(KernelSummaryModel::SortRole).toLongLong(), qint64(2500));
    QVERIFY(!model.index(0, KernelSummaryModel::Total).data().toString().isEmpty());

    proxy.sort(KernelSummaryModel::Total, Qt::AscendingOrder);
    QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("small"));
    proxy.setFilterFixedString(QStringLiteral("BIG"));
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("big"));
    model.setAnalysis(nullptr);
    QCOMPARE(proxy.rowCount(), 0);
}

void TestModels::kernelInstances()
{
    KernelInstanceModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setAnalysis(m_analysis);
    QCOMPARE(model.rowCount(), 5);
    const KernelSummary& big = m_analysis->kernels[0];
    model.setKernelName(big.name);
    QCOMPARE(model.rowCount(), 3);
    // Start order: kernels 1, 3, 4 (indices into the start-sorted table).
    QCOMPARE(model.kernelIndex(0), 1u);
    QCOMPARE(
        model.index(0, KernelInstanceModel::Duration).data(KernelInstanceModel::SortRole).toLongLong(), qint64(1000));
    QCOMPARE(model.index(0, KernelInstanceModel::ApiCall).data().toString(), kLaunch);
    QCOMPARE(
        model.index(0, KernelInstanceModel::LaunchDelay).data(KernelInstanceModel::SortRole).toLongLong(), qint64(50));
    QCOMPARE(
        model.index(0, KernelInstanceModel::Block).data(KernelInstanceModel::SortRole).toULongLong(), quint64(256));

    // Sort by duration keeps a persistent index on the same kernel.
    const QPersistentModelIndex first(model.index(0, 0));
    model.sort(KernelInstanceModel::Duration, Qt::AscendingOrder);
    QCOMPARE(
        model.index(0, KernelInstanceModel::Duration).data(KernelInstanceModel::SortRole).toLongLong(), qint64(500));
    QCOMPARE(model.kernelIndex(first.row()), 1u);
    model.sort(KernelInstanceModel::Duration, Qt::DescendingOrder);
    QCOMPARE(
        model.index(2, KernelInstanceModel::Duration).data(KernelInstanceModel::SortRole).toLongLong(), qint64(500));
    model.sort(KernelInstanceModel::Start, Qt::AscendingOrder);

    model.setRows({ 4, 0, 99 });
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.rowOfKernel(0), 0);
    QCOMPARE(model.rowOfKernel(4), 1);
    QCOMPARE(model.rowOfKernel(1), -1);
}

void TestModels::findings()
{
    FindingsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setAnalysis(m_analysis);
    QCOMPARE(model.rowCount(), int(m_analysis->findings.size()));
    QVERIFY(model.rowCount() > 0);
    int dominant = -1;
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.finding(r)->id == QStringLiteral("dominant-kernel"))
            dominant = r;
    QVERIFY(dominant >= 0);
    QCOMPARE(model.index(dominant, FindingsModel::Title).data().toString(), model.finding(dominant)->title);
    QCOMPARE(
        model.index(dominant, FindingsModel::Title).data(Qt::ToolTipRole).toString(), model.finding(dominant)->summary);
}

QTEST_GUILESS_MAIN(TestModels)
#include "tst_models.moc"
