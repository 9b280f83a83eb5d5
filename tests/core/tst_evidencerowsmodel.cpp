// SPDX-License-Identifier: MIT
#include "core/models/evidencerowsmodel.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tracefixture.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace sl;
using sl::test::TraceFixture;

namespace {

/// GPU 0 runs two kernels with a 3 µs hole between them, while the CPU sits 2.8 µs in
/// cudaDeviceSynchronize: the window is 900..6000 ns (first API call to last kernel end).
AnalysisPtr fixtureAnalysis()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.process(100, QStringLiteral("python3"));
    fx.runtime(900, 950, 100, 101, 1, QStringLiteral("cudaLaunchKernel_v7000")); // rowid 1
    fx.runtime(2100, 4900, 100, 101, 7, QStringLiteral("cudaDeviceSynchronize_v3020")); // rowid 2
    fx.runtime(4950, 4990, 100, 101, 2, QStringLiteral("cudaLaunchKernel_v7000")); // rowid 3
    fx.kernel(1000, 2000, 0, 7, 1, 100, QStringLiteral("a"));
    fx.kernel(5000, 6000, 0, 7, 2, 100, QStringLiteral("b"));
    return sl::test::analyzeWindow(sl::test::loadFixture(fx));
}

int findingIndex(const AnalysisResult& a, const QString& id)
{
    for (int i = 0; i < a.findings.size(); ++i)
        if (a.findings[i].id == id)
            return i;
    return -1;
}

QStringList row(const QAbstractItemModel& m, int r)
{
    QStringList cells;
    for (int c = 0; c < m.columnCount(); ++c)
        cells << m.index(r, c).data().toString();
    return cells;
}

} // namespace

class TestEvidenceRowsModel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void apiRows();
    void timeRanges();
    void empty();

private:
    AnalysisPtr m_analysis;
};

void TestEvidenceRowsModel::initTestCase()
{
    m_analysis = fixtureAnalysis();
    QVERIFY(m_analysis);
}

void TestEvidenceRowsModel::apiRows()
{
    EvidenceRowsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const int sync = findingIndex(*m_analysis, QStringLiteral("blocking-sync"));
    QVERIFY(sync >= 0);
    model.setFinding(m_analysis, sync);
    QCOMPARE(model.rowCount(), 1);
    // Source, start (from the capture start, 900 ns), duration, name, PID, TID, GPU, stream, rowid.
    QCOMPARE(row(model, 0),
        QStringList({ QStringLiteral("API call"), QStringLiteral("1.20 µs"), QStringLiteral("2.80 µs"),
            QStringLiteral("cudaDeviceSynchronize_v3020"), QStringLiteral("100"), QStringLiteral("101"), QString(),
            QString(), QStringLiteral("2") }));
    QCOMPARE(model.source(0).first, EvidenceRowsModel::Table::Api);
    QCOMPARE(model.source(0).second, 1); // the second API row of the trace
    QCOMPARE(model.span(), std::make_pair(qint64(2100), qint64(4900)));
}

void TestEvidenceRowsModel::timeRanges()
{
    EvidenceRowsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const int idle = findingIndex(*m_analysis, QStringLiteral("significant-idle"));
    QVERIFY(idle >= 0); // 3 µs of a 5 µs span
    model.setFinding(m_analysis, idle);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(row(model, 0).mid(0, 3),
        QStringList({ QStringLiteral("Time range"), QStringLiteral("1.10 µs"), QStringLiteral("3.00 µs") }));
    QCOMPARE(model.index(0, EvidenceRowsModel::Device).data().toInt(), 0);
    QCOMPARE(model.source(0).first, EvidenceRowsModel::Table::Unknown);
    QCOMPARE(model.span(), std::make_pair(qint64(2000), qint64(5000)));
}

void TestEvidenceRowsModel::empty()
{
    EvidenceRowsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setFinding(m_analysis, 999);
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(model.evidence().isEmpty());
    QCOMPARE(model.span(), std::make_pair(qint64(-1), qint64(-1)));
}

QTEST_GUILESS_MAIN(TestEvidenceRowsModel)
#include "tst_evidencerowsmodel.moc"
