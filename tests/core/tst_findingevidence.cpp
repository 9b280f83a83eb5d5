// SPDX-License-Identifier: MIT
// Every finding's evidence: the rows it lists, and SQL that re-selects exactly them from the
// export through the SQLite C API (an independent path). Expected rowids worked out by hand.
#include "core/analysis/analysisresult.h"
#include "core/analysis/analyzer.h"
#include "core/analysis/findings/evidencebuilder.h"
#include "core/analysis/passes/hostanalysis.h"
#include "core/io/traceloader.h"
#include "core/synth/synthtracewriter.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/clusterfixture.h"
#include "tests/common/realtraces.h"
#include "tests/common/tracefixture.h"

#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace sl;
using sl::test::analyzeWindow;
using sl::test::findingById;
using sl::test::loadFixture;
using sl::test::selectFirstColumn;
using sl::test::TraceFixture;

namespace {
const QString kLaunch = QStringLiteral("cudaLaunchKernel_v7000");
/// The export rowids of evidence `e`'s rows (all of them, not only the listed ones).
std::set<qint64> rowidsOf(const Trace& t, const Evidence& e, bool* known)
{
    const RowidColumn* rowid = t.rowidsOf(e.table);
    *known = rowid != nullptr;
    std::set<qint64> ids;
    if (rowid)
        for (quint32 i : e.rows)
            ids.insert((*rowid)[i]);
    return ids;
}

/// The default analysis of the export at `path` (null, with a warning, when it does not load).
AnalysisPtr analyzeExport(const QString& path)
{
    const LoadOutcome loaded = TraceLoader::loadSync(path);
    if (!loaded.ok()) {
        qWarning("%s: %s", qPrintable(path), qPrintable(loaded.message));
        return nullptr;
    }
    return Analyzer::analyze(loaded.trace, AnalysisOptions {});
}

/// Every evidence item's rule (Evidence::ruleSql) of the analysis `r` of `path` selects exactly the
/// item's rows; returns how many items had a rule.
int checkRules(const QString& path, const AnalysisPtr& r)
{
    if (!r)
        return -1;
    int rules = 0;
    bool failed = false;
    for (const Finding& f : r->findings)
        for (const Evidence& e : f.evidence) {
            if (e.ruleSql.isEmpty())
                continue;
            bool known = false, ok = false;
            const std::set<qint64> expected = rowidsOf(*r->trace, e, &known);
            const std::set<qint64> selected = selectFirstColumn(path, e.ruleSql, &ok);
            if (!known || !ok || selected != expected || qint64(expected.size()) != e.rowCount) {
                qWarning("%s %s (%s): the rule selects %zu rows, the item holds %zu (%lld said): %s",
                    qPrintable(QFileInfo(path).fileName()), qPrintable(f.id), qPrintable(e.table), selected.size(),
                    expected.size(), e.rowCount, qPrintable(e.ruleSql.left(300)));
                failed = true;
                continue;
            }
            ++rules;
        }
    return failed ? -1 : rules;
}
} // namespace

class TestFindingEvidence : public QObject
{
    Q_OBJECT
private slots:
    /// The real exports are loaded and analysed once for the three tests that read them all.
    void initTestCase()
    {
        for (const QString& path : sl::test::realTraces())
            m_real.emplace_back(path, analyzeExport(path));
    }
    void dominantKernelEvidence();
    void noGpuRecordsEvidence();
    void phaseImbalanceEvidence();
    void realExportsEvidenceCounts();
    void stringIdsSelectEachName();
    void rulesSelectExactlyTheRows();
    void severalRanksEvidence();
    void launchBoundWithLongDurations();

private:
    std::vector<std::pair<QString, AnalysisPtr>> m_real; ///< (path, analysis) of each real export
};

void TestFindingEvidence::dominantKernelEvidence()
{
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    // rowids: 1 small, 2 big, 3 small, 4 big, 5 big. big = 3000 of 3200 ns = 93.75 %.
    fx.kernel(1000, 1100, 0, 7, 1, 100, QStringLiteral("small"));
    fx.kernel(2000, 3000, 0, 7, 2, 100, QStringLiteral("big"));
    fx.kernel(4000, 4100, 0, 7, 3, 100, QStringLiteral("small"));
    fx.kernel(5000, 6000, 0, 7, 4, 100, QStringLiteral("big"));
    fx.kernel(7000, 8000, 0, 7, 5, 100, QStringLiteral("big"));
    for (quint32 c = 1; c <= 5; ++c)
        fx.runtime(qint64(c) * 100, qint64(c) * 100 + 50, 100, 101, c, kLaunch);
    const QString path = fx.path();
    const auto r = analyzeWindow(loadFixture(fx));
    QVERIFY(r);
    const Finding* f = findingById(*r, QStringLiteral("dominant-kernel"));
    QVERIFY(f);
    QCOMPARE(f->severity, Finding::Severity::High);
    QVERIFY(f->summary.contains(QStringLiteral("big")));
    QCOMPARE(f->evidence.size(), 1);
    const Evidence& e = f->evidence[0];
    QCOMPARE(e.table, QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL"));
    QCOMPARE(std::set<qint64>(e.rowids.begin(), e.rowids.end()), (std::set<qint64> { 2, 4, 5 }));
    QCOMPARE(e.rowCount, qint64(3));
    bool ok = false;
    QCOMPARE(selectFirstColumn(path, e.sql, &ok), (std::set<qint64> { 2, 4, 5 }));
    QVERIFY(ok);
    // Every finding's row evidence re-selects exactly its rowids from the export.
    for (const auto& fi : r->findings) {
        for (const auto& ev : fi.evidence) {
            if (ev.rowids.empty() || ev.sql.isEmpty() || ev.rowCount > Evidence::kMaxRowids)
                continue;
            const auto rows = selectFirstColumn(path, ev.sql, &ok);
            QVERIFY2(ok, qPrintable(fi.id));
            QCOMPARE(rows, std::set<qint64>(ev.rowids.begin(), ev.rowids.end()));
        }
    }
}

void TestFindingEvidence::phaseImbalanceEvidence()
{
    // Two processes, two decode steps each (NVTX "decode" on the launching thread, default phase
    // map), 600 launches per step, one every 5 µs. Process 4100 on GPU 0: kernels of 1000 ns,
    // 600 000 ns per step; process 4200 on GPU 1: 2000 ns, 1 200 000 ns per step (2.00× ≥ 1.25×),
    // plus one kernel launched after its steps. Impact: (1 200 000 − 600 000) × 2 steps. The
    // evidence is the slow process' 1200 decode kernels, rowids 1201–2400 (inserted after the
    // fast ones): over the 1000 listed, so its SQL states the rule, which must leave out rowid
    // 2401 (the process and the window alone selected it).
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.gpu(1, QStringLiteral("H100"));
    constexpr int kSteps = 2, kLaunches = 600;
    constexpr qint64 kStepNs = 10'000'000, kEveryNs = 5'000;
    for (const quint32 pid : { 4100u, 4200u }) {
        const int device = pid == 4100 ? 0 : 1;
        const qint64 kernelNs = pid == 4100 ? 1'000 : 2'000;
        quint32 corr = 0;
        for (int step = 0; step < kSteps; ++step) {
            const qint64 t0 = step * kStepNs;
            fx.nvtx(t0, t0 + kLaunches * kEveryNs + 10'000, pid, pid + 1, QStringLiteral("decode"));
            for (int j = 0; j < kLaunches; ++j) {
                const qint64 call = t0 + 1'000 + j * kEveryNs;
                fx.runtime(call, call + 1'000, pid, pid + 1, ++corr, kLaunch);
                fx.kernel(call + 2'000, call + 2'000 + kernelNs, device, 7, corr, pid, QStringLiteral("gemm"));
            }
        }
    }
    const qint64 after = kSteps * kStepNs;
    fx.runtime(after, after + 1'000, 4200, 4201, 1'201, kLaunch);
    fx.kernel(after + 2'000, after + 2'500, 1, 7, 1'201, 4200, QStringLiteral("gemm"));
    const QString path = fx.path();
    const AnalysisPtr r = analyzeWindow(loadFixture(fx));
    QVERIFY(r);
    const Finding* f = findingById(*r, QStringLiteral("phase-imbalance"));
    QVERIFY(f);
    QCOMPARE(f->impactNs, qint64(600'000 * kSteps));
    QCOMPARE(f->metric, QStringLiteral("2.00×"));
    QCOMPARE(f->evidence.size(), 1);
    const Evidence& e = f->evidence[0];
    QCOMPARE(e.rowCount, qint64(2 * kLaunches));
    std::set<qint64> slowDecode;
    for (qint64 id = 1'201; id <= 2'400; ++id)
        slowDecode.insert(id);
    bool ok = false;
    QCOMPARE(selectFirstColumn(path, e.sql, &ok), slowDecode);
    QVERIFY(ok);
}

void TestFindingEvidence::noGpuRecordsEvidence()
{
    // Launches but no kernel rows: the evidence is the launch calls (rowids 1 and 3), not the sync (rowid 2).
    TraceFixture fx;
    fx.runtime(100, 150, 100, 101, 1, kLaunch);
    fx.runtime(200, 900, 100, 101, 2, QStringLiteral("cudaDeviceSynchronize_v3020"));
    fx.runtime(1000, 1050, 100, 101, 3, kLaunch);
    const AnalysisPtr r = analyzeWindow(loadFixture(fx));
    QVERIFY(r);
    const Finding* f = findingById(*r, QStringLiteral("api-without-gpu-records"));
    QVERIFY(f);
    QCOMPARE(f->evidence.size(), 1);
    QCOMPARE(f->evidence[0].rowids, std::vector<qint64>({ 1, 3 }));
    bool ok = false;
    QCOMPARE(selectFirstColumn(fx.path(), f->evidence[0].sql, &ok), std::set<qint64>({ 1, 3 }));
    QVERIFY(ok);

    // No launch at all (OS runtime only): every call is evidence.
    TraceFixture only;
    only.runtime(100, 900, 100, 101, 2, QStringLiteral("cudaDeviceSynchronize_v3020"));
    const AnalysisPtr r2 = analyzeWindow(loadFixture(only));
    const Finding* f2 = findingById(*r2, QStringLiteral("api-without-gpu-records"));
    QVERIFY(f2);
    QCOMPARE(f2->evidence[0].rowids, std::vector<qint64>({ 1 }));

    // Nothing at all: the evidence is the query listing the (absent) CUDA activity tables.
    TraceFixture empty;
    empty.gpu(0, QStringLiteral("H100"));
    const AnalysisPtr r3 = analyzeWindow(loadFixture(empty));
    QVERIFY(r3);
    const Finding* f3 = findingById(*r3, QStringLiteral("no-cuda-activity"));
    QVERIFY(f3);
    QCOMPARE(f3->evidence.size(), 1);
    QCOMPARE(f3->evidence[0].table, QStringLiteral("sqlite_master"));
    bool ok3 = false;
    selectFirstColumn(empty.path(), f3->evidence[0].sql, &ok3);
    QVERIFY(ok3); // valid SQL on the export
}

/// On every real export, every evidence item of every finding says how many rows its SQL selects
/// from the export: counted by the C API, also for SQL that states a rule over thousands of rows,
/// time ranges (the GPU work overlapping a gap) and queries of an absence. (Here time ranges said
/// 0 and the warm-up's SQL selected nothing; on the 101 k synthetic export the decode-phase
/// launch-bound rule selected 576 kernels too many.)
void TestFindingEvidence::realExportsEvidenceCounts()
{
    if (m_real.empty())
        QSKIP(qPrintable(sl::test::realTracesSkipReason()));
    int items = 0;
    for (const auto& [path, r] : m_real) {
        QVERIFY2(r, qPrintable(path));
        for (const Finding& f : r->findings)
            for (const Evidence& e : f.evidence) {
                QString sql = e.sql;
                sql.chop(sql.endsWith(QLatin1Char(';')) ? 1 : 0);
                bool ok = false;
                const auto count = selectFirstColumn(path, QStringLiteral("SELECT count(*) FROM (%1)").arg(sql), &ok);
                const QString where = QFileInfo(path).fileName() + QLatin1Char(' ') + f.id;
                QVERIFY2(ok && count.size() == 1, qPrintable(where));
                QVERIFY2(*count.begin() == e.rowCount,
                    qPrintable(QStringLiteral("%1: %2 rows selected, %3 said")
                                   .arg(where)
                                   .arg(*count.begin())
                                   .arg(e.rowCount)));
                ++items;
            }
    }
    QVERIFY(items > 100);
}

/// The SQL that evidence over more than 1000 rows uses to name kernels (EvidenceBuilder::
/// stringIdList) selects each name's kernels on every real export: in the 2026 exports the
/// StringIds ids are sparse (up to 3.4 M for 126 strings) and not Sightline's string indices.
void TestFindingEvidence::stringIdsSelectEachName()
{
    if (m_real.empty())
        QSKIP(qPrintable(sl::test::realTracesSkipReason()));
    int names = 0;
    for (const auto& [path, r] : m_real) {
        QVERIFY2(r, qPrintable(path));
        const Trace& t = *r->trace;
        for (const KernelSummary& k : r->kernels) {
            bool ok = false;
            const auto count = selectFirstColumn(path,
                QStringLiteral("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE %1 IN (%2) AND %3")
                    .arg(t.info.kernelNameColumn, EvidenceBuilder::stringIdList(t.strings, { k.name }),
                        EvidenceBuilder::windowPredicate(*r)),
                &ok);
            QVERIFY2(ok && count.size() == 1, qPrintable(path));
            QCOMPARE(*count.begin(), k.count);
            ++names;
        }
    }
    QVERIFY(names > 50);
}

/// Each item's rule in SQL selects exactly its rows, on a synthetic two-rank serving export and
/// on every real export, also where the item lists its rowids (at most 1000 rows: the SQL a user
/// sees then names them, and only the rule says why they were chosen). The phase-imbalance rule
/// selected the slow process' kernels of every phase before (phaseImbalanceEvidence).
void TestFindingEvidence::rulesSelectExactlyTheRows()
{
    QTemporaryDir dir;
    const QString synth = dir.filePath(QStringLiteral("tp2.sqlite"));
    SynthOptions o;
    o.ranks = 2;
    o.steps = 60;
    o.framework = SynthFramework::Vllm;
    QVERIFY(writeSynthTrace(synth, o).ok);
    std::vector<std::pair<QString, AnalysisPtr>> analyses { { synth, analyzeExport(synth) } };
    analyses.insert(analyses.end(), m_real.begin(), m_real.end());
    int rules = 0, failures = 0;
    for (const auto& [path, r] : analyses) {
        const int n = checkRules(path, r);
        failures += n < 0;
        rules += std::max(n, 0);
    }
    QCOMPARE(failures, 0);
    // The synthetic export alone has 7 items with a rule; the real exports add dozens.
    QVERIFY(rules >= (m_real.empty() ? 7 : 10));
    if (m_real.empty())
        qInfo("%s", qPrintable(sl::test::realTracesSkipReason()));
}

/// writeTwoRankExport: processes 41017 and 41018 ran NCCL kernels (41020 did not): a finding
/// that points to the cluster analysis, its evidence the four AllReduce kernels (rowids 2, 4, 6,
/// 7 in insertion order), re-selected by its SQL. An export of one NCCL process has none.
void TestFindingEvidence::severalRanksEvidence()
{
    TraceFixture fx;
    sl::test::writeTwoRankExport(fx);
    const QString path = fx.path();
    const auto r = analyzeWindow(loadFixture(fx));
    QVERIFY(r);
    const Finding* f = findingById(*r, QStringLiteral("several-ranks"));
    QVERIFY(f);
    QCOMPARE(f->severity, Finding::Severity::Info);
    QCOMPARE(f->impactNs, 0);
    QCOMPARE(f->metric, QStringLiteral("2 ranks"));
    QVERIFY(f->summary.contains(QLatin1String("sightline-cli cluster trace.sqlite")));
    QCOMPARE(f->evidence.size(), 1);
    const Evidence& e = f->evidence[0];
    QCOMPARE(std::set<qint64>(e.rowids.begin(), e.rowids.end()), (std::set<qint64> { 2, 4, 6, 7 }));
    bool ok = false;
    QCOMPARE(selectFirstColumn(path, e.ruleSql, &ok), (std::set<qint64> { 2, 4, 6, 7 }));
    QVERIFY(ok);

    TraceFixture one;
    one.gpu(0, QStringLiteral("H100"));
    one.kernel(1000, 2000, 0, 7, 1, 41017, QStringLiteral("ncclDevKernel_AllReduce_Sum_bf16_RING_LL"));
    one.kernel(3000, 4000, 0, 7, 2, 41017, QStringLiteral("ncclKernelish_helper")); // not NCCL's naming
    const auto single = analyzeWindow(loadFixture(one));
    QVERIFY(single);
    QVERIFY(!findingById(*single, QStringLiteral("several-ranks")));
}

/// The launch-bound walk reads 32-bit durations; a call or a kernel of 2^32 ns or more is in the
/// column's side table (DurationColumn::kLong). Ids as nsys writes them: pid 41017, each call on a
/// thread of its own (tids from 41018). First a call that launches nothing, so that a kernel's
/// call is not the call table's row of the same index; then:
/// - kernels 0–9 on stream 7: a 100 ns call, a 10 ns kernel: 90 ns excess each;
/// - kernel 10: a 5 s call (side table), a 10 ns kernel: 5 s − 10 ns;
/// - kernel 11: a call of 2^32 + 100 ns and a kernel of 2^32 + 5 ns (both in the side table): 95 ns;
/// - kernel 12 on stream 8: no call (none has its correlation id): not considered;
/// - kernel 13 on stream 8: a node of a graph (cudaGraphLaunch, 500 ns): not considered.
/// So 12 considered, 12 bound, excess 10 × 90 + 5 000 000 000 − 10 + 95 ns, rowids 1–12.
void TestFindingEvidence::launchBoundWithLongDurations()
{
    constexpr qint64 k2to32 = qint64(1) << 32, kFiveSecondsNs = 5'000'000'000;
    constexpr qint64 kExcessNs = 10 * 90 + kFiveSecondsNs - 10 + 95;
    constexpr quint32 kPid = 41017;
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("H100"));
    fx.runtime(900'000, 900'050, kPid, kPid + 60, 99, QStringLiteral("cudaEventRecord_v3020"));
    for (int i = 0; i < 12; ++i) {
        const qint64 call = 1'000'000 + 1000 * qint64(i), kernel = call + 300;
        const qint64 callNs = i == 10 ? kFiveSecondsNs : i == 11 ? k2to32 + 100 : 100;
        const quint32 corr = quint32(100 + i);
        fx.runtime(call, call + callNs, kPid, kPid + 1 + quint32(i), corr, QStringLiteral("cudaLaunchKernel_v7000"));
        fx.kernel(kernel, kernel + (i == 11 ? k2to32 + 5 : 10), 0, 7, corr, kPid,
            QStringLiteral("elementwise_kernel_%1").arg(i));
    }
    fx.kernel(2'000'000, 2'000'010, 0, 8, 300, kPid, QStringLiteral("orphan_kernel"));
    fx.runtime(1'990'000, 1'990'500, kPid, kPid + 50, 301, QStringLiteral("cudaGraphLaunch_v10000"));
    fx.kernel(2'001'000, 2'001'010, 0, 8, 301, kPid, QStringLiteral("graph_node_kernel"), 128, 32, 0, 7);
    const QString path = fx.path();
    const auto r = analyzeWindow(loadFixture(fx));
    QVERIFY(r);
    QCOMPARE(r->trace->api.dur.longRows(), size_t(2));
    QCOMPARE(r->trace->kernels.dur.longRows(), size_t(1));
    const HostAnalysis::LaunchBoundKernels found = HostAnalysis::launchBoundKernels(*r, -1, 0);
    QCOMPARE(found.considered, qint64(12));
    QCOMPARE(found.excessNs, kExcessNs);
    QCOMPARE(found.rows, (std::vector<quint32> { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 }));
    const Finding* f = findingById(*r, QStringLiteral("launch-bound"));
    QVERIFY(f);
    QCOMPARE(f->impactNs, kExcessNs);
    QCOMPARE(f->evidence.size(), 1);
    const Evidence& e = f->evidence[0];
    const std::set<qint64> bound { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
    QCOMPARE(std::set<qint64>(e.rowids.begin(), e.rowids.end()), bound);
    bool ok = false;
    QCOMPARE(selectFirstColumn(path, e.ruleSql, &ok), bound); // the rule in SQL, over the export
    QVERIFY(ok);
}

QTEST_GUILESS_MAIN(TestFindingEvidence)
#include "tst_findingevidence.moc"
