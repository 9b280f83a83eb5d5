// SPDX-License-Identifier: MIT
#include "core/models/processtreemodel.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tracefixture.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace sl;
using sl::test::TraceFixture;

namespace {

const QString kLaunch = QStringLiteral("cudaLaunchKernel_v7000");
const QString kSync = QStringLiteral("cudaDeviceSynchronize_v3020");

/// Process 100 (thread 101 launches, thread 102 only syncs) runs on GPU 0 streams 7 and 8 and on
/// GPU 1 stream 3; process 200 runs one kernel on GPU 1 stream 7 with the same correlationId as
/// one of process 100 (the tree must not mix them up).
AnalysisPtr fixtureAnalysis()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.gpu(1, QStringLiteral("H100"));
    fx.process(100, QStringLiteral("python3"));
    fx.process(200, QStringLiteral("worker"));
    fx.thread(100, 101, QStringLiteral("main"));
    fx.kernel(1000, 1100, 0, 7, 1, 100, QStringLiteral("a")); // 100 ns
    fx.kernel(2000, 3000, 0, 7, 2, 100, QStringLiteral("b")); // 1000 ns
    fx.kernel(4000, 4500, 0, 8, 3, 100, QStringLiteral("a")); // 500 ns
    fx.kernel(5000, 5300, 1, 3, 4, 100, QStringLiteral("a")); // 300 ns
    fx.kernel(6000, 6070, 1, 7, 1, 200, QStringLiteral("c")); // 70 ns
    for (quint32 c = 1; c <= 4; ++c)
        fx.runtime(qint64(c) * 1000 - 100, qint64(c) * 1000 - 50, 100, 101, c, kLaunch); // 4 × 50 ns
    fx.runtime(7000, 7400, 100, 102, 9, kSync); // 400 ns blocking
    fx.runtime(5800, 5820, 200, 201, 1, kLaunch); // 20 ns
    fx.nvtx(900, 3100, 100, 101, QStringLiteral("step"));
    fx.profilerOverhead(2000, 2600, 100, 150, QStringLiteral("CUPTI Buffer flush")); // union with the next: 700 ns
    fx.profilerOverhead(2400, 2700, 100, 151, QStringLiteral("CUPTI Buffer flush"));
    return sl::test::analyzeWindow(sl::test::loadFixture(fx));
}

QStringList row(const QAbstractItemModel& m, const QModelIndex& parent, int r)
{
    QStringList cells;
    for (int c = 0; c < m.columnCount(parent); ++c)
        cells << m.index(r, c, parent).data().toString();
    return cells;
}

} // namespace

class TestProcessTreeModel : public QObject
{
    Q_OBJECT
private slots:
    void tree();
    void scopes();
};

void TestProcessTreeModel::tree()
{
    ProcessTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const AnalysisPtr a = fixtureAnalysis();
    QVERIFY(a);
    model.setAnalysis(a);
    QCOMPARE(model.rowCount(), 2);
    const QModelIndex p100 = model.index(0, 0);
    // Name, kernels, kernel time, API time, blocking sync, NVTX ranges, profiler overhead.
    QCOMPARE(row(model, {}, 0),
        QStringList({ QStringLiteral("python3 (PID 100)"), QStringLiteral("4"), QStringLiteral("1.90 µs"),
            QStringLiteral("600 ns"), QStringLiteral("400 ns"), QStringLiteral("1"), QStringLiteral("700 ns") }));
    QCOMPARE(model.index(0, ProcessTreeModel::ProfilerOverhead).data(ProcessTreeModel::SortRole).toLongLong(), 700);
    QCOMPARE(model.index(0, ProcessTreeModel::KernelTime).data(ProcessTreeModel::SortRole).toLongLong(), 1900);
    // Threads first (101 launches, 102 syncs), then the GPUs.
    QCOMPARE(model.rowCount(p100), 4);
    QCOMPARE(model.index(0, 0, p100).data().toString(), QStringLiteral("main (TID 101)"));
    QCOMPARE(model.index(0, ProcessTreeModel::ApiTime, p100).data(ProcessTreeModel::SortRole).toLongLong(), 200);
    QCOMPARE(model.index(1, 0, p100).data().toString(), QStringLiteral("TID 102"));
    QCOMPARE(model.index(1, ProcessTreeModel::ApiTime, p100).data(ProcessTreeModel::SortRole).toLongLong(), 400);
    const QModelIndex gpu0 = model.index(2, 0, p100);
    QCOMPARE(row(model, p100, 2),
        QStringList({ QStringLiteral("GPU 0 (H100)"), QStringLiteral("3"), QStringLiteral("1.60 µs"), QString(),
            QString(), QString(), QString() }));
    QCOMPARE(model.rowCount(gpu0), 2);
    QCOMPARE(row(model, gpu0, 0).mid(0, 3),
        QStringList({ QStringLiteral("Stream 7"), QStringLiteral("2"), QStringLiteral("1.10 µs") }));
    QCOMPARE(row(model, gpu0, 1).mid(0, 3),
        QStringList({ QStringLiteral("Stream 8"), QStringLiteral("1"), QStringLiteral("500 ns") }));
    QCOMPARE(model.parent(model.index(1, 0, gpu0)), gpu0);
    QCOMPARE(row(model, p100, 3).mid(0, 3),
        QStringList({ QStringLiteral("GPU 1 (H100)"), QStringLiteral("1"), QStringLiteral("300 ns") }));
    const QModelIndex p200 = model.index(1, 0);
    QCOMPARE(row(model, {}, 1).mid(0, 3),
        QStringList({ QStringLiteral("worker (PID 200)"), QStringLiteral("1"), QStringLiteral("70 ns") }));
    QCOMPARE(model.rowCount(p200), 2); // thread 201, GPU 1
    QCOMPARE(model.rowCount(model.index(1, 0, p200)), 1);
}

void TestProcessTreeModel::scopes()
{
    ProcessTreeModel model;
    const AnalysisPtr a = fixtureAnalysis();
    QVERIFY(a);
    model.setAnalysis(a);
    const QModelIndex p100 = model.index(0, 0);
    const QModelIndex gpu0 = model.index(2, 0, p100);
    ScopeFilter process;
    process.pid = 100;
    QCOMPARE(model.scopeOf(p100), process);
    ScopeFilter thread = process;
    thread.tid = 101;
    QCOMPARE(model.scopeOf(model.index(0, 0, p100)), thread);
    ScopeFilter stream = process;
    stream.device = 0;
    stream.stream = 8;
    QCOMPARE(model.scopeOf(model.index(1, 0, gpu0)), stream);
    QCOMPARE(model.indexOf(stream), model.index(1, 0, gpu0));
    QVERIFY(!model.indexOf(ScopeFilter {}).isValid());

    // The scope picks exactly the kernels of the node (kernel table indices are in start order).
    const Trace& t = *a->trace;
    const auto accepted = [&t](const ScopeFilter& s) {
        QList<int> ks;
        for (quint32 k = 0; k < quint32(t.kernels.size()); ++k)
            if (s.acceptsKernel(t, k))
                ks << int(k);
        return ks;
    };
    QCOMPARE(accepted(process), QList<int>({ 0, 1, 2, 3 }));
    QCOMPARE(accepted(thread), QList<int>({ 0, 1, 2, 3 }));
    QCOMPARE(accepted(stream), QList<int>({ 2 }));
    QCOMPARE(accepted(model.scopeOf(model.index(1, 0, model.index(1, 0)))), QList<int>({ 4 }));
    ScopeFilter syncThread = process;
    syncThread.tid = 102;
    QCOMPARE(accepted(syncThread), QList<int>());
    QVERIFY(syncThread.acceptsThread(100, 102));
    QVERIFY(!syncThread.acceptsThread(100, 101));
    QCOMPARE(stream.label(), QStringLiteral("process 100 › GPU 0 › stream 8"));
}

QTEST_GUILESS_MAIN(TestProcessTreeModel)
#include "tst_processtreemodel.moc"
