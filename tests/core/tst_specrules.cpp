// SPDX-License-Identifier: MIT
// Conventions held in one place: the spec rules' C++ predicates agree with the SQL their
// evidence is written in, the phase map's size limit and reserved name, and graph mode's one
// text form.
#include "core/analysis/analysisresult.h"
#include "core/analysis/counters/counteranalysis.h"
#include "core/analysis/findings/evidencebuilder.h"
#include "core/analysis/rules/phasemap.h"
#include "core/analysis/rules/specrules.h"
#include "core/trace/graphmode.h"

#include <QtTest>

#include <set>
#include <sqlite3.h>

using namespace sl;

namespace {

/// rowids of `table` (in an in-memory database built by `setup`) where `predicate` holds.
std::set<qint64> selectWhere(const char* setup, const QString& table, const QString& predicate, bool* ok)
{
    std::set<qint64> rows;
    sqlite3* db = nullptr;
    *ok = sqlite3_open(":memory:", &db) == SQLITE_OK && sqlite3_exec(db, setup, nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_stmt* st = nullptr;
    const QByteArray sql = QStringLiteral("SELECT rowid FROM %1 m WHERE %2").arg(table, predicate).toUtf8();
    *ok = *ok && sqlite3_prepare_v2(db, sql.constData(), -1, &st, nullptr) == SQLITE_OK;
    while (*ok && sqlite3_step(st) == SQLITE_ROW)
        rows.insert(sqlite3_column_int64(st, 0));
    sqlite3_finalize(st);
    sqlite3_close(db);
    return rows;
}

QByteArray phaseMapJson(int phases)
{
    QByteArray json = "{";
    for (int i = 0; i < phases; ++i)
        json += (i ? ",\"p" : "\"p") + QByteArray::number(i) + "\": [\"re:^x" + QByteArray::number(i) + "$\"]";
    return json + "}";
}

} // namespace

class TestSpecRules : public QObject
{
    Q_OBJECT
private slots:
    void syncCopyRuleInSqlMatchesCpp();
    void pageableCopyRuleInSql();
    void phaseMapSizeIsLimited();
    void unattributedIsReserved();
    void graphModeText();
    void wingThresholdsAtTheirEdges();
};

void TestSpecRules::syncCopyRuleInSqlMatchesCpp()
{
    // Copy kinds 1 HtoD, 2 DtoH, 8 DtoD, 10 PtoP around the 64 KB bound (65 536 B).
    const int kinds[] = { 1, 2, 8, 10 };
    const qint64 sizes[] = { 0, 65535, 65536, 65537, 1 << 20 };
    QByteArray setup = "CREATE TABLE m(copyKind INTEGER, bytes INTEGER);";
    std::set<qint64> cpp;
    qint64 rowid = 0;
    for (int kind : kinds)
        for (qint64 bytes : sizes) {
            setup += "INSERT INTO m VALUES(" + QByteArray::number(kind) + "," + QByteArray::number(bytes) + ");";
            ++rowid;
            if (spec::isSyncCopyShape(kind, bytes))
                cpp.insert(rowid);
        }
    bool ok = false;
    const std::set<qint64> sql
        = selectWhere(setup.constData(), QStringLiteral("m"), EvidenceBuilder::syncCopyShape(QStringLiteral("m")), &ok);
    QVERIFY(ok);
    QCOMPARE(sql, cpp);
    // By hand: HtoD up to 64 KB and every DtoD copy are not synchronous copies; the rest are
    // (rows 1-5 HtoD, 6-10 DtoH, 11-15 DtoD, 16-20 PtoP).
    QCOMPARE(cpp, std::set<qint64>({ 4, 5, 6, 7, 8, 9, 10, 16, 17, 18, 19, 20 }));
}

void TestSpecRules::pageableCopyRuleInSql()
{
    // srcKind/dstKind 0 is pageable host memory.
    const char* setup = "CREATE TABLE m(srcKind INTEGER, dstKind INTEGER);"
                        "INSERT INTO m VALUES(0, 3); INSERT INTO m VALUES(1, 3); INSERT INTO m VALUES(3, 0);"
                        "INSERT INTO m VALUES(2, 2);";
    bool ok = false;
    QCOMPARE(selectWhere(setup, QStringLiteral("m"), EvidenceBuilder::pageableCopy(QStringLiteral("m")), &ok),
        std::set<qint64>({ 1, 3 }));
    QVERIFY(ok);
}

void TestSpecRules::phaseMapSizeIsLimited()
{
    QCOMPARE(PhaseMap::kMaxPhases, 100);
    PhaseMap map;
    QString error;
    QVERIFY2(PhaseMap::fromJson(phaseMapJson(100), &map, &error), qPrintable(error));
    QCOMPARE(map.size(), 100);
    QCOMPARE(map.match(QStringLiteral("x99")), 99);
    PhaseMap tooBig;
    QVERIFY(!PhaseMap::fromJson(phaseMapJson(101), &tooBig, &error));
    QCOMPARE(error, QStringLiteral("Invalid phase map: more than 100 phases (the most it may hold)."));
    QCOMPARE(tooBig.size(), 0);
    // The largest index and the unattributed slot after it still fit the per-kernel qint8.
    QVERIFY(PhaseMap::kMaxPhases <= std::numeric_limits<qint8>::max());
}

void TestSpecRules::unattributedIsReserved()
{
    PhaseMap map;
    QString error;
    QVERIFY(!PhaseMap::fromJson(R"({"decode": ["decode"], "unattributed": ["misc"]})", &map, &error));
    QCOMPARE(error,
        QStringLiteral(
            "Invalid phase map: 'unattributed' names the kernels outside every phase; choose another phase name."));
    QCOMPARE(PhaseStats::unattributedName(), QStringLiteral("unattributed"));
    AnalysisResult r;
    QCOMPARE(r.unattributedPhase(), -1);
    QCOMPARE(r.mappedPhaseCount(), 0);
    r.phases.resize(4);
    QCOMPARE(r.unattributedPhase(), 3);
    QCOMPARE(r.mappedPhaseCount(), 3);
}

void TestSpecRules::graphModeText()
{
    QCOMPARE(GraphModes::key(GraphMode::Graph), QStringLiteral("graph"));
    QCOMPARE(GraphModes::key(GraphMode::Node), QStringLiteral("node"));
    QCOMPARE(GraphModes::key(GraphMode::Unknown), QStringLiteral("unknown"));
    // nsys writes "Graph" / "Node" in META_DATA_CAPTURE; keys read back to their mode.
    QCOMPARE(GraphModes::fromText(u"Graph"), GraphMode::Graph);
    QCOMPARE(GraphModes::fromText(u"NODE"), GraphMode::Node);
    QCOMPARE(GraphModes::fromText(u"node"), GraphMode::Node);
    QCOMPARE(GraphModes::fromText(u"unknown"), GraphMode::Unknown);
    QCOMPARE(GraphModes::fromText(u"Stream"), GraphMode::Unknown);
    QCOMPARE(GraphModes::fromText(u""), GraphMode::Unknown);
    QCOMPARE(GraphModes::description(GraphMode::Unknown), QStringLiteral("not recorded"));
}

void TestSpecRules::wingThresholdsAtTheirEdges()
{
    // The findings of the wings (efficiency, serving, counters, Nsight Compute) take their
    // thresholds from specrules.h; their evidence lists rows, so no SQL repeats them. Each rule
    // at its edge, by hand (docs/analysis.md quotes the same values).
    // copy-busy: copy-only > compute-busy and ≥ 10 % of the span.
    QVERIFY(spec::isCopyBusy(100, 99, 1000));
    QVERIFY(!spec::isCopyBusy(99, 98, 1000));
    QVERIFY(!spec::isCopyBusy(100, 100, 1000));
    QVERIFY(!spec::isCopyBusy(100, 0, 0));
    // decode-host-overhead: GPU idle ≥ 50 % of the steps' time.
    QVERIFY(spec::isHostDominated(500, 1000));
    QVERIFY(!spec::isHostDominated(499, 1000));
    // slow-rank-steps: median ≥ 1.25× the fastest rank's.
    QVERIFY(spec::isSlowRank(125, 100));
    QVERIFY(!spec::isSlowRank(124, 100));
    QVERIFY(!spec::isSlowRank(1, 0));
    // ncu-poor-l2-hit-rate: L2 hit < 50 % while DRAM ≥ 40 %.
    QVERIFY(spec::isPoorL2(49.9, 40.0));
    QVERIFY(!spec::isPoorL2(50.0, 40.0));
    QVERIFY(!spec::isPoorL2(49.0, 39.9));
    // Bound classes: kernels under 20 % of the stretch idle; DRAM or compute ≥ 50 % that bound
    // (compute first on a tie); else latency-bound.
    QCOMPARE(CounterAnalysis::classify(90, 90, 0.19), BoundClass::Idle);
    QCOMPARE(CounterAnalysis::classify(50, 10, 0.20), BoundClass::MemoryBound);
    QCOMPARE(CounterAnalysis::classify(50, 50, 0.20), BoundClass::ComputeBound);
    QCOMPARE(CounterAnalysis::classify(49.9, 49.9, 1.0), BoundClass::LatencyBound);
    QCOMPARE(CounterAnalysis::classify(-1, -1, 1.0), BoundClass::Unknown);
}
QTEST_GUILESS_MAIN(TestSpecRules)
#include "tst_specrules.moc"
