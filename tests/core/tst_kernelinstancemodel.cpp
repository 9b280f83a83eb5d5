// SPDX-License-Identifier: MIT
// The Kernels dock's models at scale: typed sorting, name/device/stream/scope filters, the
// worker-thread path with its generation token, the sorted-window cache and scoped summaries.
// Expected rows are computed by hand from KernelsFixture's table.
#include "core/analysis/passes/kernelanalysis.h"
#include "core/models/kernelinstancemodel.h"
#include "core/util/workerpool.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/kernelsfixture.h"
#include "tests/common/tracefixture.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QThread>
#include <QThreadPool>
#include <QtTest>

using namespace sl;
using sl::test::KernelsFixture;
using sl::test::TraceFixture;

using Kernels = QList<quint32>;

namespace {

Kernels shown(const KernelInstanceModel& m)
{
    Kernels out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.kernelIndex(r);
    return out;
}

ScopeFilter scope(qint64 pid, qint64 tid, qint64 device, qint64 stream)
{
    ScopeFilter s;
    s.pid = pid, s.tid = tid, s.device = device, s.stream = stream;
    return s;
}

} // namespace

class TestKernelInstanceModel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void columns();
    void sortOrders_data();
    void sortOrders();
    void unsortedRestoresStartOrder();
    void filters_data();
    void filters();
    void explicitRowsIgnoreFilters();
    void workerSortKeepsPersistentIndexes();
    void staleResultsAreDropped();
    void wholeViewAtOnce();
    void destroyedMidSort();
    void sortedWindowCache();
    void cancelledQuery();
    void scopedSummary();
    void summaryInNameBatches();

private:
    quint32 nameId(const QString& name) const;
    AnalysisPtr m_analysis;
};

void TestKernelInstanceModel::initTestCase()
{
    TraceFixture fx;
    KernelsFixture::fill(fx);
    m_analysis = sl::test::analyzeWindow(sl::test::loadFixture(fx));
    QVERIFY(m_analysis);
    QCOMPARE(m_analysis->trace->kernels.size(), qsizetype(6));
}

quint32 TestKernelInstanceModel::nameId(const QString& name) const
{
    for (const KernelSummary& s : m_analysis->kernels)
        if (m_analysis->trace->strings.at(s.name) == name)
            return s.name;
    return ~0u;
}

void TestKernelInstanceModel::columns()
{
    KernelInstanceModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setAnalysis(m_analysis);
    QCOMPARE(shown(m), Kernels({ 0, 1, 2, 3, 4, 5 }));
    QCOMPARE(m.columnCount(), 11);
    const auto at = [&](int row, int column, int role = Qt::DisplayRole) { return m.index(row, column).data(role); };
    const int sort = KernelInstanceModel::SortRole;
    // Occupancy (see KernelsFixture): 100 %, 25 %, unknown on GPU 1, 12.5 %, 25 %, unknown.
    QCOMPARE(at(0, KernelInstanceModel::Occupancy, sort).toDouble(), 1.0);
    QCOMPARE(at(0, KernelInstanceModel::Occupancy).toString(), QStringLiteral("100 %"));
    QCOMPARE(at(1, KernelInstanceModel::Occupancy, sort).toDouble(), 0.25);
    QCOMPARE(at(1, KernelInstanceModel::Occupancy).toString(), QStringLiteral("25 %"));
    QCOMPARE(at(2, KernelInstanceModel::Occupancy, sort).toDouble(), -1.0);
    QVERIFY(!at(2, KernelInstanceModel::Occupancy).isValid());
    QCOMPARE(at(3, KernelInstanceModel::Occupancy, sort).toDouble(), 0.125);
    QCOMPARE(at(4, KernelInstanceModel::Occupancy, sort).toDouble(), 0.25);
    // The other columns of kernel 0; the trace starts with the first call (800 ns).
    QCOMPARE(at(0, KernelInstanceModel::Start).toString(), QStringLiteral("200 ns"));
    QCOMPARE(at(0, KernelInstanceModel::Duration, sort).toLongLong(), qint64(300));
    QCOMPARE(at(0, KernelInstanceModel::Device).toInt(), 0);
    QCOMPARE(at(1, KernelInstanceModel::Stream).toUInt(), 8u);
    QCOMPARE(at(0, KernelInstanceModel::Grid).toString(), QStringLiteral("1×1×1"));
    QCOMPARE(at(1, KernelInstanceModel::Block).toString(), QStringLiteral("256×1×1"));
    QCOMPARE(at(1, KernelInstanceModel::Registers).toUInt(), 128u);
    QCOMPARE(at(3, KernelInstanceModel::SharedMemory, sort).toLongLong(), qint64(100000));
    QCOMPARE(at(0, KernelInstanceModel::ApiCall).toString(), KernelsFixture::launch());
    QCOMPARE(at(4, KernelInstanceModel::ApiCall).toString(), KernelsFixture::driverLaunch());
    QVERIFY(!at(5, KernelInstanceModel::ApiCall).isValid());
    QCOMPARE(at(3, KernelInstanceModel::LaunchDelay).toString(), QStringLiteral("20 ns"));
    QVERIFY(!at(5, KernelInstanceModel::LaunchDelay).isValid());
    QCOMPARE(m.headerData(KernelInstanceModel::Occupancy, Qt::Horizontal).toString(), QStringLiteral("Occupancy"));
}

void TestKernelInstanceModel::sortOrders_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<Qt::SortOrder>("order");
    QTest::addColumn<Kernels>("expected");
    // Ties keep start order in both directions.
    QTest::addRow("duration asc") << int(KernelInstanceModel::Duration) << Qt::AscendingOrder
                                  << Kernels { 3, 1, 0, 5, 4, 2 };
    QTest::addRow("duration desc") << int(KernelInstanceModel::Duration) << Qt::DescendingOrder
                                   << Kernels { 2, 4, 0, 5, 1, 3 };
    QTest::addRow("start desc") << int(KernelInstanceModel::Start) << Qt::DescendingOrder
                                << Kernels { 5, 4, 3, 2, 1, 0 };
    QTest::addRow("occupancy asc") << int(KernelInstanceModel::Occupancy) << Qt::AscendingOrder
                                   << Kernels { 2, 5, 3, 1, 4, 0 };
    QTest::addRow("occupancy desc") << int(KernelInstanceModel::Occupancy) << Qt::DescendingOrder
                                    << Kernels { 0, 1, 4, 3, 2, 5 };
    QTest::addRow("api asc") << int(KernelInstanceModel::ApiCall) << Qt::AscendingOrder << Kernels { 5, 4, 0, 1, 2, 3 };
    QTest::addRow("api desc") << int(KernelInstanceModel::ApiCall) << Qt::DescendingOrder
                              << Kernels { 0, 1, 2, 3, 4, 5 };
    QTest::addRow("delay asc") << int(KernelInstanceModel::LaunchDelay) << Qt::AscendingOrder
                               << Kernels { 5, 3, 0, 1, 2, 4 };
    QTest::addRow("device asc") << int(KernelInstanceModel::Device) << Qt::AscendingOrder
                                << Kernels { 0, 1, 3, 4, 2, 5 };
    QTest::addRow("stream desc") << int(KernelInstanceModel::Stream) << Qt::DescendingOrder
                                 << Kernels { 1, 4, 0, 2, 3, 5 };
    QTest::addRow("registers asc") << int(KernelInstanceModel::Registers) << Qt::AscendingOrder
                                   << Kernels { 0, 2, 3, 1, 4, 5 };
    QTest::addRow("block desc") << int(KernelInstanceModel::Block) << Qt::DescendingOrder
                                << Kernels { 1, 4, 5, 0, 2, 3 };
    QTest::addRow("shared memory desc") << int(KernelInstanceModel::SharedMemory) << Qt::DescendingOrder
                                        << Kernels { 3, 0, 1, 2, 4, 5 };
    QTest::addRow("grid asc") << int(KernelInstanceModel::Grid) << Qt::AscendingOrder << Kernels { 0, 1, 2, 3, 4, 5 };
}

void TestKernelInstanceModel::sortOrders()
{
    QFETCH(int, column);
    QFETCH(Qt::SortOrder, order);
    QFETCH(Kernels, expected);
    KernelInstanceModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setAnalysis(m_analysis);
    m.sort(column, order);
    QCOMPARE(shown(m), expected);
    QCOMPARE(m.sortColumn(), column);
    QCOMPARE(m.sortOrder(), order);
    // The SortRole agrees with the order.
    for (int r = 1; r < m.rowCount(); ++r) {
        const QVariant a = m.index(r - 1, column).data(KernelInstanceModel::SortRole);
        const QVariant b = m.index(r, column).data(KernelInstanceModel::SortRole);
        const auto cmp = QVariant::compare(a, b);
        QVERIFY(order == Qt::AscendingOrder ? cmp != QPartialOrdering::Greater : cmp != QPartialOrdering::Less);
    }
}

void TestKernelInstanceModel::unsortedRestoresStartOrder()
{
    KernelInstanceModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setAnalysis(m_analysis);
    m.sort(KernelInstanceModel::Duration, Qt::DescendingOrder);
    QCOMPARE(shown(m), (Kernels { 2, 4, 0, 5, 1, 3 }));
    // Column −1: start order again, as QSortFilterProxyModel restores its source's order.
    m.sort(-1);
    QCOMPARE(shown(m), (Kernels { 0, 1, 2, 3, 4, 5 }));
    QCOMPARE(m.sortColumn(), -1);
    m.sort(-2); // no column: ignored
    QCOMPARE(m.sortColumn(), -1);
}

void TestKernelInstanceModel::filters_data()
{
    QTest::addColumn<QString>("base"); // "all" or a kernel name
    QTest::addColumn<QString>("name");
    QTest::addColumn<qint64>("device");
    QTest::addColumn<qint64>("stream");
    QTest::addColumn<ScopeFilter>("scope");
    QTest::addColumn<Kernels>("expected");
    const ScopeFilter all;
    const QString every = QStringLiteral("all");
    QTest::addRow("name, case-insensitive")
        << every << QStringLiteral("GEMM") << qint64(-1) << qint64(-1) << all << Kernels { 0, 2, 4 };
    QTest::addRow("name relu") << every << QStringLiteral("relu") << qint64(-1) << qint64(-1) << all
                               << Kernels { 1, 5 };
    QTest::addRow("no match") << every << QStringLiteral("attention") << qint64(-1) << qint64(-1) << all << Kernels {};
    QTest::addRow("GPU 0") << every << QString() << qint64(0) << qint64(-1) << all << Kernels { 0, 1, 3, 4 };
    QTest::addRow("GPU 0 stream 8") << every << QString() << qint64(0) << qint64(8) << all << Kernels { 1, 4 };
    QTest::addRow("stream 7, any GPU") << every << QString() << qint64(-1) << qint64(7) << all
                                       << Kernels { 0, 2, 3, 5 };
    QTest::addRow("scope process 200") << every << QString() << qint64(-1) << qint64(-1) << scope(200, -1, -1, -1)
                                       << Kernels { 2, 5 };
    QTest::addRow("scope thread 102") << every << QString() << qint64(-1) << qint64(-1) << scope(100, 102, -1, -1)
                                      << Kernels { 1, 4 };
    QTest::addRow("scope GPU 1") << every << QString() << qint64(-1) << qint64(-1) << scope(-1, -1, 1, -1)
                                 << Kernels { 2, 5 };
    QTest::addRow("scope GPU 0 stream 7")
        << every << QString() << qint64(-1) << qint64(-1) << scope(-1, -1, 0, 7) << Kernels { 0, 3 };
    QTest::addRow("name and scope") << every << QStringLiteral("gemm") << qint64(-1) << qint64(-1)
                                    << scope(100, -1, -1, -1) << Kernels { 0, 4 };
    QTest::addRow("one name in scope") << QStringLiteral("relu") << QString() << qint64(-1) << qint64(-1)
                                       << scope(100, -1, -1, -1) << Kernels { 1 };
    QTest::addRow("one name") << QStringLiteral("gemm_a") << QString() << qint64(-1) << qint64(-1) << all
                              << Kernels { 0, 2 };
}

void TestKernelInstanceModel::filters()
{
    QFETCH(QString, base);
    QFETCH(QString, name);
    QFETCH(qint64, device);
    QFETCH(qint64, stream);
    QFETCH(ScopeFilter, scope);
    QFETCH(Kernels, expected);
    KernelInstanceModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setAnalysis(m_analysis, base == QStringLiteral("all") ? KernelInstanceModel::kAllNames : qint64(nameId(base)));
    m.setNameFilter(name);
    m.setDeviceFilter(device);
    m.setStreamFilter(stream);
    m.setScope(scope);
    QCOMPARE(shown(m), expected);
    // Filters keep the sort: the same rows by duration, descending.
    m.sort(KernelInstanceModel::Duration, Qt::DescendingOrder);
    Kernels byDuration = expected;
    const KernelTable& k = m_analysis->trace->kernels;
    std::stable_sort(
        byDuration.begin(), byDuration.end(), [&](quint32 a, quint32 b) { return k.duration(a) > k.duration(b); });
    QCOMPARE(shown(m), byDuration);
    // Clearing every filter brings all rows back in that order.
    m.setNameFilter(QString());
    m.setDeviceFilter(-1);
    m.setStreamFilter(-1);
    m.setScope({});
    QCOMPARE(m.rowCount(), base == QStringLiteral("all") ? 6 : 2);
}

void TestKernelInstanceModel::explicitRowsIgnoreFilters()
{
    KernelInstanceModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setAnalysis(m_analysis);
    m.setNameFilter(QStringLiteral("gemm"));
    m.setScope(scope(100, -1, -1, -1));
    m.setRows({ 5, 1, 99, 1 });
    QCOMPARE(shown(m), Kernels({ 1, 5 })); // ascending, unique, valid; filters and scope do not apply
    QCOMPARE(m.rowOfKernel(5), 1);
    QCOMPARE(m.rowOfKernel(0), -1);
    m.sort(KernelInstanceModel::Duration, Qt::DescendingOrder);
    QCOMPARE(shown(m), Kernels({ 5, 1 }));
}

void TestKernelInstanceModel::workerSortKeepsPersistentIndexes()
{
    KernelInstanceModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setAsyncThreshold(0); // every request goes to a worker thread
    QSignalSpy updated(&m, &KernelInstanceModel::viewUpdated);
    m.setAnalysis(m_analysis);
    QVERIFY(m.isBusy());
    QVERIFY(updated.wait(10000));
    QVERIFY(!m.isBusy());
    QCOMPARE(shown(m), Kernels({ 0, 1, 2, 3, 4, 5 }));

    const QPersistentModelIndex k3(m.index(3, KernelInstanceModel::Duration));
    QSignalSpy reset(&m, &QAbstractItemModel::modelReset);
    QSignalSpy layout(&m, &QAbstractItemModel::layoutChanged);
    m.sort(KernelInstanceModel::Duration, Qt::DescendingOrder);
    QVERIFY(m.isBusy());
    QCOMPARE(shown(m), Kernels({ 0, 1, 2, 3, 4, 5 })); // the old view until the result is applied
    QVERIFY(updated.wait(10000));
    QCOMPARE(shown(m), Kernels({ 2, 4, 0, 5, 1, 3 }));
    QCOMPARE(layout.count(), 1);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(k3.row(), 5); // the persistent index followed kernel 3
    QCOMPARE(m.kernelIndex(k3.row()), 3u);
}

void TestKernelInstanceModel::staleResultsAreDropped()
{
    KernelInstanceModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setAsyncThreshold(0);
    QSignalSpy updated(&m, &KernelInstanceModel::viewUpdated);
    m.setAnalysis(m_analysis);
    m.sort(KernelInstanceModel::Duration, Qt::AscendingOrder);
    m.setDeviceFilter(1);
    QTRY_VERIFY_WITH_TIMEOUT(!m.isBusy(), 10000);
    QCOMPARE(updated.count(), 1); // only the last request's result was applied
    QCOMPARE(shown(m), Kernels({ 5, 2 }));
}

void TestKernelInstanceModel::wholeViewAtOnce()
{
    // Views see the model through a RowWindowModel, so a reset exposes every row at once
    // (no steps of inserted rows to bound a vertical header's work).
    KernelInstanceModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy updated(&m, &KernelInstanceModel::viewUpdated);
    QSignalSpy inserted(&m, &QAbstractItemModel::rowsInserted);
    m.setAnalysis(m_analysis);
    QCOMPARE(m.rowCount(), 6);
    QVERIFY(!m.isBusy());
    QCOMPARE(m.rowOfKernel(5), 5);
    QCOMPARE(updated.count(), 1);
    QCOMPARE(inserted.count(), 0);
}

void TestKernelInstanceModel::destroyedMidSort()
{
    // The worker's result comes back through a watcher the model owns: destroying the model
    // while the sort runs drops the result. With QFuture::then(model, …) a Debug build asserted
    // (Q_ASSERT(context)) when the worker finished after the model was gone.
    for (int round = 0; round < 20; ++round) { // the worker finishes before or after the delete
        auto* m = new KernelInstanceModel;
        m->setAsyncThreshold(0);
        m->setAnalysis(m_analysis);
        m->sort(KernelInstanceModel::Duration, Qt::DescendingOrder);
        QVERIFY(m->isBusy());
        if (round % 2)
            QThread::usleep(200);
        delete m;
    }
    QVERIFY(workerPool()->waitForDone(10000));
    QCoreApplication::processEvents(); // a late result finds no one to deliver to
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
}

void TestKernelInstanceModel::sortedWindowCache()
{
    KernelInstanceQuery q;
    q.analysis = m_analysis;
    q.occupancy = std::make_shared<const OccupancyTable>(*m_analysis->trace);
    q.base = KernelInstanceQuery::Base::All;
    q.sortColumn = KernelInstanceQuery::Duration;
    q.sortOrder = Qt::DescendingOrder;
    q.cacheMinRows = 0;
    const auto first = q.run(nullptr, nullptr);
    QVERIFY(first.sortedBase);
    QCOMPARE(*first.sortedBase, std::vector<quint32>({ 2, 4, 0, 5, 1, 3 }));
    QCOMPARE(first.view, first.sortedBase); // unfiltered: the view is the cache itself

    q.nameFilter = QStringLiteral("gemm");
    const auto second = q.run(first.sortedBase, nullptr);
    QCOMPARE(*second.view, std::vector<quint32>({ 2, 4, 0 }));
    QCOMPARE(second.sortedBase, first.sortedBase);
    // A filter change walks the given cache, it does not sort again: a cache in another order
    // gives that order.
    const auto startOrder = std::make_shared<const std::vector<quint32>>(std::vector<quint32> { 0, 1, 2, 3, 4, 5 });
    QCOMPARE(*q.run(startOrder, nullptr).view, std::vector<quint32>({ 0, 2, 4 }));
}

void TestKernelInstanceModel::cancelledQuery()
{
    KernelInstanceQuery q;
    q.analysis = m_analysis;
    q.base = KernelInstanceQuery::Base::All;
    q.sortColumn = KernelInstanceQuery::Duration;
    const std::atomic<bool> cancel { true };
    QVERIFY(!q.run(nullptr, &cancel).view);
}

void TestKernelInstanceModel::scopedSummary()
{
    // Process 200 ran gemm_a (900 ns) and relu (300 ns) on GPU 1.
    const Trace& t = *m_analysis->trace;
    const ScopeFilter s = scope(200, -1, -1, -1);
    std::vector<quint8> include(size_t(t.kernels.size()));
    for (size_t i = 0; i < include.size(); ++i)
        include[i] = s.acceptsKernel(t, quint32(i));
    const auto summary = KernelAnalysis::summarize(t, include, [](quint32) { return QStringLiteral("cat"); });
    QCOMPARE(summary.count, qint64(2));
    QCOMPARE(summary.totalNs, qint64(1200));
    QCOMPARE(summary.kernels.size(), 2);
    QCOMPARE(t.strings.at(summary.kernels[0].name), QStringLiteral("gemm_a"));
    QCOMPARE(summary.kernels[0].count, qint64(1));
    QCOMPARE(summary.kernels[0].totalNs, qint64(900));
    QCOMPARE(summary.kernels[0].share, 0.75);
    QCOMPARE(summary.kernels[0].devices, QVector<int>({ 1 }));
    QVERIFY(!summary.kernels[0].occupancy); // GPU 1 has no limits in the export
    QCOMPARE(t.strings.at(summary.kernels[1].name), QStringLiteral("relu"));
    QCOMPARE(summary.kernels[1].share, 0.25);
    QCOMPARE(summary.kernels[1].category, QStringLiteral("cat"));
    // The analysis' own summary is the same code over the window: relu counted on both GPUs.
    for (const KernelSummary& k : m_analysis->kernels)
        if (t.strings.at(k.name) == QStringLiteral("relu"))
            QCOMPARE(k.count, qint64(2));
}

void TestKernelInstanceModel::summaryInNameBatches()
{
    // The names are gathered in batches of a quarter of the included kernels (here 8 / 4 = 2):
    // a (5 kernels) alone, then b and c, then d (e has only an excluded kernel). Each name's
    // figures are its own kernels', whatever batch it fell in.
    Trace t;
    const QStringList names { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d"),
        QStringLiteral("e") };
    std::vector<quint32> id;
    for (const QString& n : names)
        id.push_back(t.strings.intern(n));
    const std::vector<int> nameOf { 0, 1, 0, 2, 0, 3, 0, 0, 4 };
    const std::vector<qint64> durations { 10, 20, 30, 40, 50, 60, 70, 90, 1000 };
    const quint32 config = t.configs.intern(LaunchConfig {});
    for (size_t i = 0; i < nameOf.size(); ++i) {
        t.kernels.rowid.push_back(qint64(i) + 1);
        t.kernels.start.push_back(qint64(i) * 1000);
        t.kernels.dur.push_back(qint64(i) * 1000, qint64(i) * 1000 + durations[i]);
        t.kernels.device.push_back(0);
        t.kernels.name.push_back(id[size_t(nameOf[i])]);
        t.kernels.shortName.push_back(id[size_t(nameOf[i])]);
        t.kernels.config.push_back(config);
    }
    std::vector<quint8> include(nameOf.size(), 1);
    include.back() = 0;
    const auto summary = KernelAnalysis::summarize(t, include, [](quint32) { return QStringLiteral("cat"); });
    QCOMPARE(summary.count, qint64(8));
    QCOMPARE(summary.totalNs, qint64(10 + 20 + 30 + 40 + 50 + 60 + 70 + 90));
    QCOMPARE(summary.kernels.size(), 4); // ranked by total: a 250, d 60, c 40, b 20
    const KernelSummary& a = summary.kernels[0];
    QCOMPARE(t.strings.at(a.name), QStringLiteral("a"));
    QCOMPARE(a.count, qint64(5));
    QCOMPARE(a.totalNs, qint64(250));
    QCOMPARE(a.minNs, qint64(10));
    QCOMPARE(a.maxNs, qint64(90));
    QCOMPARE(a.medianNs, 50.0);
    const QStringList rest { QStringLiteral("d"), QStringLiteral("c"), QStringLiteral("b") };
    const std::vector<qint64> restNs { 60, 40, 20 };
    for (int i = 0; i < 3; ++i) {
        const KernelSummary& k = summary.kernels[i + 1];
        QCOMPARE(t.strings.at(k.name), rest[i]);
        QCOMPARE(k.count, qint64(1));
        QCOMPARE(k.totalNs, restNs[size_t(i)]);
        QCOMPARE(k.minNs, restNs[size_t(i)]);
    }
}

QTEST_GUILESS_MAIN(TestKernelInstanceModel)
#include "tst_kernelinstancemodel.moc"
