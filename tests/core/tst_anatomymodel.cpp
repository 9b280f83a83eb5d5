// SPDX-License-Identifier: MIT
// The model anatomy's table model (Model anatomy dock) over the tst_anatomy fixture: rows, the
// numbers shown and sorted, and the stacked chart's data, each worked out by hand from the
// fixture's kernels (tests/common/anatomyfixture.h).
#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"
#include "core/models/anatomytablemodel.h"
#include "tests/common/anatomyfixture.h"
#include "tests/common/tracefixture.h"

#include <QSortFilterProxyModel>
#include <QTest>

using namespace sl;
using sl::test::TraceFixture;

class TestAnatomyModel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void rows();
    void sorting();
    void chartData();
    void empty();

private:
    AnalysisPtr m_analysis;
};

void TestAnatomyModel::initTestCase()
{
    TraceFixture fx;
    test::anatomy::writePrefillDecode(fx);
    const auto loaded = TraceLoader::loadSync(fx.path());
    QVERIFY2(loaded.ok(), qPrintable(loaded.message));
    m_analysis = Analyzer::analyze(loaded.trace, AnalysisOptions {});
    QVERIFY(m_analysis);
}

void TestAnatomyModel::rows()
{
    AnatomyTableModel m;
    m.setAnalysis(m_analysis);
    // 8 prefill classes, 3 decode classes, 1 unattributed.
    QCOMPARE(m.rowCount(), 12);
    auto text = [&](int row, int column) { return m.index(row, column).data().toString(); };
    auto sort = [&](int row, int column) { return m.index(row, column).data(AnatomyTableModel::SortRole); };
    // Row 0: prefill QKV projection, 50 µs of the prefill's 50+30+20+10+80+5+40+3 = 238 µs;
    // 2·512·4096·6144 = 25,769,803,776 FLOPs in 50 µs = 515.396 TFLOP/s = 52.09 % of 989.4.
    QCOMPARE(text(0, AnatomyTableModel::Phase), QStringLiteral("prefill"));
    QCOMPARE(text(0, AnatomyTableModel::Class), QStringLiteral("QKV projection"));
    QCOMPARE(text(0, AnatomyTableModel::Kernels), QStringLiteral("1"));
    QCOMPARE(text(0, AnatomyTableModel::KernelTime), QStringLiteral("50.0 µs"));
    QCOMPARE(text(0, AnatomyTableModel::PhaseShare), QStringLiteral("21.0 %"));
    QCOMPARE(sort(0, AnatomyTableModel::PhaseShare).toDouble(), 50.0 / 238.0);
    QCOMPARE(text(0, AnatomyTableModel::Flops), QStringLiteral("25.77 GFLOP"));
    QCOMPARE(sort(0, AnatomyTableModel::Flops).toDouble(), 25'769'803'776.0);
    QCOMPARE(text(0, AnatomyTableModel::Tflops), QStringLiteral("515.4"));
    QCOMPARE(text(0, AnatomyTableModel::Mfu), QStringLiteral("52.1 %"));
    QCOMPARE(text(0, AnatomyTableModel::Bound), QStringLiteral("unknown"));
    // Row 2: prefill output projection, 2·512·4096·4096 = 17,179,869,184 FLOPs in 20 µs =
    // 858.99 TFLOP/s, MFU 86.8 %; share 20 ÷ 238 = 8.4 %.
    QCOMPARE(text(2, AnatomyTableModel::Class), QStringLiteral("Output projection"));
    QCOMPARE(text(2, AnatomyTableModel::Flops), QStringLiteral("17.18 GFLOP"));
    QCOMPARE(text(2, AnatomyTableModel::Tflops), QStringLiteral("859.0"));
    QCOMPARE(text(2, AnatomyTableModel::Mfu), QStringLiteral("86.8 %"));
    QCOMPARE(text(2, AnatomyTableModel::PhaseShare), QStringLiteral("8.4 %"));
    // Row 3: MLP up/gate has no shapes: dashes, sorted below every known value.
    QCOMPARE(text(3, AnatomyTableModel::Class), QStringLiteral("MLP up/gate"));
    QCOMPARE(text(3, AnatomyTableModel::KernelTime), QStringLiteral("80.0 µs"));
    QCOMPARE(text(3, AnatomyTableModel::Flops), QStringLiteral("–"));
    QCOMPARE(sort(3, AnatomyTableModel::Mfu).toDouble(), -1.0);
    // Row 8: decode QKV, 2·8·4096·6144 = 402,653,184 FLOPs in 5 µs = 80.53 TFLOP/s, MFU 8.1 %,
    // 5 of the decode's 5+4+6 = 15 µs.
    QCOMPARE(text(8, AnatomyTableModel::Phase), QStringLiteral("decode"));
    QCOMPARE(text(8, AnatomyTableModel::Class), QStringLiteral("QKV projection"));
    QCOMPARE(text(8, AnatomyTableModel::KernelTime), QStringLiteral("5.00 µs"));
    QCOMPARE(text(8, AnatomyTableModel::PhaseShare), QStringLiteral("33.3 %"));
    QCOMPARE(text(8, AnatomyTableModel::Flops), QStringLiteral("402.65 MFLOP"));
    QCOMPARE(text(8, AnatomyTableModel::Tflops), QStringLiteral("80.5"));
    QCOMPARE(text(8, AnatomyTableModel::Mfu), QStringLiteral("8.1 %"));
    QCOMPARE(text(10, AnatomyTableModel::Class), QStringLiteral("Embedding/logits"));
    // Last: the 2 µs fill kernel outside every range, the whole of its slot.
    QCOMPARE(text(11, AnatomyTableModel::Phase), QStringLiteral("unattributed"));
    QCOMPARE(text(11, AnatomyTableModel::Class), QStringLiteral("Other"));
    QCOMPARE(text(11, AnatomyTableModel::PhaseShare), QStringLiteral("100.0 %"));
    const QString tip = m.index(0, AnatomyTableModel::Mfu).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("515.4 TFLOP/s")) && tip.contains(QStringLiteral("MFU 52.1 %"))
            && tip.contains(QStringLiteral("Bound: unknown")),
        qPrintable(tip));
}

void TestAnatomyModel::sorting()
{
    AnatomyTableModel m;
    m.setAnalysis(m_analysis);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&m);
    proxy.setSortRole(AnatomyTableModel::SortRole);
    auto classAt = [&](int row) { return proxy.index(row, AnatomyTableModel::Class).data().toString(); };
    // By time, longest first: MLP up/gate 80 µs, QKV 50 µs, MLP down 40 µs.
    proxy.sort(AnatomyTableModel::KernelTime, Qt::DescendingOrder);
    QCOMPARE(classAt(0), QStringLiteral("MLP up/gate"));
    QCOMPARE(classAt(1), QStringLiteral("QKV projection"));
    QCOMPARE(classAt(2), QStringLiteral("MLP down"));
    // By MFU: 86.8 % (o_proj), 52.1 % (prefill QKV), 8.1 % (decode QKV), then the unknown ones.
    proxy.sort(AnatomyTableModel::Mfu, Qt::DescendingOrder);
    QCOMPARE(classAt(0), QStringLiteral("Output projection"));
    QCOMPARE(proxy.index(1, AnatomyTableModel::Phase).data().toString(), QStringLiteral("prefill"));
    QCOMPARE(proxy.index(2, AnatomyTableModel::Phase).data().toString(), QStringLiteral("decode"));
    QCOMPARE(proxy.index(3, AnatomyTableModel::Mfu).data().toString(), QStringLiteral("–"));
    // By phase: the analysis' phase order (prefill before decode), not the alphabet.
    proxy.sort(AnatomyTableModel::Phase, Qt::AscendingOrder);
    QCOMPARE(proxy.index(0, AnatomyTableModel::Phase).data().toString(), QStringLiteral("prefill"));
    QCOMPARE(proxy.index(11, AnatomyTableModel::Phase).data().toString(), QStringLiteral("unattributed"));
}

void TestAnatomyModel::chartData()
{
    AnatomyTableModel m;
    m.setAnalysis(m_analysis);
    const ChartData& d = m.chartData();
    QVERIFY(d.stacked);
    QCOMPARE(d.categories,
        QStringList({ QStringLiteral("prefill"), QStringLiteral("decode"), QStringLiteral("unattributed") }));
    // Ten classes have kernels somewhere (all but none: every class of the fixture, "other" last).
    QCOMPARE(d.series.size(), qsizetype(10));
    QCOMPARE(d.series[0].name, QStringLiteral("QKV projection"));
    QCOMPARE(d.series[0].valuesNs, QVector<qint64>({ 50'000, 5'000, 0 }));
    QCOMPARE(d.series[1].valuesNs, QVector<qint64>({ 30'000, 4'000, 0 })); // attention
    QCOMPARE(d.series[7].name, QStringLiteral("Embedding/logits"));
    QCOMPARE(d.series[7].valuesNs, QVector<qint64>({ 0, 6'000, 0 }));
    QCOMPARE(d.series[9].name, QStringLiteral("Other"));
    QCOMPARE(d.series[9].valuesNs, QVector<qint64>({ 0, 0, 2'000 }));
    QCOMPARE(m.chartClasses().back(), 10);
    QCOMPARE(d.maxBarNs(), qint64(238'000));
    // A segment's row; none where the class has no kernels in the phase.
    QCOMPARE(m.rowOfSegment(1, 7), 10);
    QCOMPARE(m.rowOfSegment(0, 7), -1);
    QVERIFY(m.summary(m.rowOfSegment(1, 0)).contains(QStringLiteral("80.5 TFLOP/s")));
}

void TestAnatomyModel::empty()
{
    AnatomyTableModel m;
    m.setAnalysis(nullptr);
    QCOMPARE(m.rowCount(), 0);
    QVERIFY(m.chartData().isEmpty());
    QCOMPARE(AnatomyTableModel::formatFlops(999), QStringLiteral("999 FLOP"));
    QCOMPARE(AnatomyTableModel::formatFlops(1.5e15), QStringLiteral("1.50 PFLOP"));
}

QTEST_GUILESS_MAIN(TestAnatomyModel)
#include "tst_anatomymodel.moc"
