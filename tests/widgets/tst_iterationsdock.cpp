// SPDX-License-Identifier: MIT
// The Iterations dock on a hand-built loop without NVTX: opened in the main window like a user's
// file, it lists the GPU's loop with the figures computed by hand below, and a click on the row
// asks for the slowest iteration's kernels with its time range.
#include "core/models/iterationtablemodel.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/settingsisolation.h"
#include "tests/common/tracefixture.h"
#include "widgets/docks/iterationsdock.h"
#include "widgets/mainwindow.h"

#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace sl;
using sl::test::TraceFixture;

class TestIterationsDock : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void openedInMainWindow();
    void emptyAnalysis();

private:
    QTemporaryDir m_settingsDir;
};

void TestIterationsDock::initTestCase()
{
    QVERIFY(test::isolateSettings(m_settingsDir, QStringLiteral("tst_iterationsdock")));
}

void TestIterationsDock::openedInMainWindow()
{
    // GPU 1 of pid 52017, no NVTX: five launches of a GEMM [0, 20 µs] and an elementwise kernel
    // [20, 40 µs] from anchors at 10, 110, 210, 360 and 460 µs past 2 s. Four iterations of
    // 100, 100, 150 and 100 µs: p50 (2nd of 4) 100 µs, p90 (4th) 150 µs, slowest #2
    // [2.000210 s, 2.000360 s) holding the 5th and 6th kernel rows. Per iteration 40 µs run:
    // compute 160 of 450 µs = 35.6 %, idle 64.4 %.
    TraceFixture fx;
    fx.gpu(1, QStringLiteral("NVIDIA A100-SXM4-80GB"), 108);
    const qint64 anchors[] = { 10'000, 110'000, 210'000, 360'000, 460'000 };
    quint32 corr = 7001;
    for (const qint64 a : anchors) {
        const qint64 b = 2'000'000'000 + a;
        fx.kernel(
            b, b + 20'000, 1, 7, corr++, 52017, QStringLiteral("ampere_bf16_s16816gemm_bf16_128x128_ldg8_f2f_tn"));
        fx.kernel(b + 20'000, b + 40'000, 1, 7, corr++, 52017,
            QStringLiteral("void at::native::vectorized_elementwise_kernel<4, at::native::GeluCUDAKernelImpl>"));
    }
    MainWindow w;
    w.show();
    w.openFiles({ fx.path() });
    QVERIFY(QTest::qWaitFor([&w] { return !w.isBusy(); }, 30000));
    QVERIFY(w.currentAnalysis());
    auto* dock = w.findChild<IterationsDock*>(QStringLiteral("dock.iterations"));
    QVERIFY(dock);
    QCOMPARE(dock->windowTitle(), QStringLiteral("Iterations"));
    QVERIFY2(dock->headline().startsWith(QStringLiteral("No NVTX range names a step")), qPrintable(dock->headline()));

    const QAbstractItemModel* rows = dock->table()->model();
    QCOMPARE(rows->rowCount(), 1);
    auto cell = [&](int column) { return rows->index(0, column).data().toString(); };
    QCOMPARE(cell(IterationTableModel::Gpu), QStringLiteral("1"));
    QCOMPARE(cell(IterationTableModel::Anchor), QStringLiteral("ampere_bf16_s16816gemm_bf16_128x128_ldg8_f2f_tn"));
    QCOMPARE(cell(IterationTableModel::Iterations), QStringLiteral("4"));
    QCOMPARE(cell(IterationTableModel::P50), QStringLiteral("100.0 µs"));
    QCOMPARE(cell(IterationTableModel::P90), QStringLiteral("150.0 µs"));
    QCOMPARE(cell(IterationTableModel::Slowest), QStringLiteral("150.0 µs (#2)"));
    QCOMPARE(cell(IterationTableModel::KernelsPerIteration), QStringLiteral("2"));
    QCOMPARE(cell(IterationTableModel::Regularity), QStringLiteral("100.0 %"));
    QCOMPARE(cell(IterationTableModel::Compute), QStringLiteral("35.6 %"));
    QCOMPARE(cell(IterationTableModel::CommOnly), QStringLiteral("0.0 %"));
    QCOMPARE(cell(IterationTableModel::CopiesOnly), QStringLiteral("0.0 %"));
    QCOMPARE(cell(IterationTableModel::Idle), QStringLiteral("64.4 %"));

    QSignalSpy requested(dock, &ViewDock::evidenceRequested);
    const QRect rect = dock->table()->visualRect(rows->index(0, IterationTableModel::Anchor));
    QTest::mouseClick(dock->table()->viewport(), Qt::LeftButton, {}, rect.center());
    QCOMPARE(requested.size(), 1);
    const auto request = requested.front().front().value<EvidenceRequest>();
    QCOMPARE(request.evidence.size(), qsizetype(1));
    const Evidence& e = request.evidence.front();
    QCOMPARE(e.table, QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL"));
    QCOMPARE(e.rowids, (std::vector<qint64> { 5, 6 }));
    QCOMPARE(e.startNs, qint64(2'000'210'000));
    QCOMPARE(e.endNs, qint64(2'000'360'000));
    QCOMPARE(e.deviceId, 1);
    bool queried = false;
    QCOMPARE(test::selectFirstColumn(fx.path(), e.ruleSql, &queried), (std::set<qint64> { 5, 6 }));
    QVERIFY(queried);

    // A GPU focus keeps that GPU's row only.
    ScopeFilter gpu0;
    gpu0.device = 0;
    w.setScope(gpu0);
    QCOMPARE(rows->rowCount(), 0);
    ScopeFilter gpu1;
    gpu1.device = 1;
    w.setScope(gpu1);
    QCOMPARE(rows->rowCount(), 1);
    w.setScope(ScopeFilter {});
    QCOMPARE(rows->rowCount(), 1);
}

void TestIterationsDock::emptyAnalysis()
{
    IterationsDock dock;
    dock.setAnalysis(nullptr);
    QCOMPARE(dock.table()->model()->rowCount(), 0);
    QCOMPARE(dock.headline(), QStringLiteral("No trace analysed."));
}

QTEST_MAIN(TestIterationsDock)
#include "tst_iterationsdock.moc"
