// SPDX-License-Identifier: MIT
#include "core/models/comparisonchartdata.h"

#include <QtTest>

using namespace sl;

namespace {

/// Two traces compared per step. Trace "base": 3 steps; trace "new": 2 steps. Categories
/// gemm/attention/other: base 10/0/7 ns, new 21/0/0 ns (attention has time in neither, so no
/// group). Phases: base prefill 9, decode 0, unattributed 8 ns; new prefill 0, decode 5 ns
/// (no unattributed entry at all). Per step, truncated: base 10/3 = 3, 7/3 = 2, 9/3 = 3,
/// 8/3 = 2; new 21/2 = 10, 5/2 = 2.
Comparison fixture(WorkUnit unit, QVector<qint64> units)
{
    Comparison c;
    c.labels = { QStringLiteral("base"), QStringLiteral("new") };
    c.unit = unit;
    c.units = std::move(units);
    c.categories = { QStringLiteral("gemm"), QStringLiteral("attention"), QStringLiteral("other") };
    c.phases = { QStringLiteral("prefill"), QStringLiteral("decode"), QStringLiteral("unattributed") };
    c.breakdowns.resize(2);
    c.breakdowns[0].categoryNs = { 10, 0, 7 };
    c.breakdowns[1].categoryNs = { 21, 0, 0 };
    const auto phase = [](const QString& name, qint64 kernelNs) {
        PhaseStats p;
        p.phase = name;
        p.kernelNs = kernelNs;
        return p;
    };
    auto base = std::make_shared<AnalysisResult>();
    base->phases = { phase(QStringLiteral("prefill"), 9), phase(QStringLiteral("decode"), 0),
        phase(QStringLiteral("unattributed"), 8) };
    auto other = std::make_shared<AnalysisResult>();
    other->phases = { phase(QStringLiteral("decode"), 5), phase(QStringLiteral("prefill"), 0) };
    c.analyses = { base, other };
    return c;
}

} // namespace

class TestComparisonChartData : public QObject
{
    Q_OBJECT
private slots:
    void perUnitRule();
    void categoriesPerStep();
    void categoriesTotal();
    void categoriesWithoutUnits();
    void phasesPerStep();
};

void TestComparisonChartData::perUnitRule()
{
    const Comparison c = fixture(WorkUnit::Step, { 3, 0 });
    QCOMPARE(c.perUnitNs(10, 0), std::optional<qint64>(3)); // 3.33… truncated
    QCOMPARE(c.perUnitNs(-7, 0), std::optional<qint64>(-2)); // toward zero, as C++ division
    QVERIFY(!c.perUnitNs(10, 1)); // no units
    QVERIFY(!c.perUnitNs(10, 2)); // no such trace
}

void TestComparisonChartData::categoriesPerStep()
{
    const ChartData d = ComparisonChartData::categories(fixture(WorkUnit::Step, { 3, 2 }));
    QCOMPARE(d.categories, QStringList({ QStringLiteral("gemm"), QStringLiteral("other") }));
    QCOMPARE(d.series.size(), 2);
    QCOMPARE(d.series[0].name, QStringLiteral("base"));
    QCOMPARE(d.series[1].name, QStringLiteral("new"));
    QCOMPARE(d.series[0].valuesNs, QVector<qint64>({ 3, 2 }));
    QCOMPARE(d.series[1].valuesNs, QVector<qint64>({ 10, 0 }));
    QVERIFY(!d.stacked);
    QCOMPARE(d.valueAxisTitle, QStringLiteral("GPU time per step"));
    QCOMPARE(d.maxBarNs(), 10);
}

void TestComparisonChartData::categoriesTotal()
{
    const ChartData d = ComparisonChartData::categories(fixture(WorkUnit::Total, { 1, 1 }));
    QCOMPARE(d.series[0].valuesNs, QVector<qint64>({ 10, 7 }));
    QCOMPARE(d.series[1].valuesNs, QVector<qint64>({ 21, 0 }));
    QCOMPARE(d.valueAxisTitle, QStringLiteral("GPU time"));
}

void TestComparisonChartData::categoriesWithoutUnits()
{
    // A trace without steps has no per-step figure: its bars are 0, the other trace's stay.
    const ChartData d = ComparisonChartData::categories(fixture(WorkUnit::Step, { 3, 0 }));
    QCOMPARE(d.series[0].valuesNs, QVector<qint64>({ 3, 2 }));
    QCOMPARE(d.series[1].valuesNs, QVector<qint64>({ 0, 0 }));
}

void TestComparisonChartData::phasesPerStep()
{
    const ChartData d = ComparisonChartData::phases(fixture(WorkUnit::Step, { 3, 2 }));
    QVERIFY(d.stacked);
    QCOMPARE(d.categories, QStringList({ QStringLiteral("base"), QStringLiteral("new") }));
    QCOMPARE(d.series.size(), 3); // every phase has kernel time in some trace
    QCOMPARE(d.series[0].name, QStringLiteral("prefill"));
    QCOMPARE(d.series[0].valuesNs, QVector<qint64>({ 3, 0 }));
    QCOMPARE(d.series[1].name, QStringLiteral("decode"));
    QCOMPARE(d.series[1].valuesNs, QVector<qint64>({ 0, 2 }));
    QCOMPARE(d.series[2].name, QStringLiteral("unattributed"));
    QCOMPARE(d.series[2].valuesNs, QVector<qint64>({ 2, 0 }));
    QCOMPARE(d.maxBarNs(), 5); // base stacks 3 + 0 + 2
    QCOMPARE(d.valueAxisTitle, QStringLiteral("Kernel time per step"));

    // Without the new trace's phases, decode has kernel time in no trace: left out.
    Comparison c = fixture(WorkUnit::Total, { 1, 1 });
    auto other = std::make_shared<AnalysisResult>();
    c.analyses[1] = other;
    const ChartData total = ComparisonChartData::phases(c);
    QCOMPARE(total.series.size(), 2);
    QCOMPARE(total.series[0].valuesNs, QVector<qint64>({ 9, 0 }));
    QCOMPARE(total.series[1].name, QStringLiteral("unattributed"));
    QCOMPARE(total.series[1].valuesNs, QVector<qint64>({ 8, 0 }));
}

QTEST_GUILESS_MAIN(TestComparisonChartData)
#include "tst_comparisonchartdata.moc"
