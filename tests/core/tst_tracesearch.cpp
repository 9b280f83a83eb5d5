// SPDX-License-Identifier: MIT
// TraceSearch (Ctrl+F) headless: which names and rows a query finds in a window, with values
// counted by hand from the fixture, and evidence SQL re-run on the export through the C API.
#include "core/io/traceloader.h"
#include "core/models/searchresultmodel.h"
#include "core/models/tracesearch.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/realtraces.h"
#include "tests/common/tracefixture.h"

#include <QTest>

using namespace sl;
using sl::test::TraceFixture;

namespace {

/// pid 100 / tid 101 on GPU 0. Kernels: gemm_kernel at 1000 (500 ns), 3000 (700 ns) and 9000
/// (100 ns); flash_attn_kernel at 2000 (300 ns). API: cudaLaunchKernel_v7000 at 900, 1900,
/// 2900, 8900 (50 ns each); cudaStreamSynchronize_v3020 at 5000 (400 ns). NVTX: "decode step"
/// 800–4000 (push/pop, interned through textId) and "Prefill" 8000–9500 (inline text).
void fill(TraceFixture& fx)
{
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"));
    fx.process(100, QStringLiteral("python3"));
    fx.thread(100, 101, QStringLiteral("main"));
    const QString launch = QStringLiteral("cudaLaunchKernel_v7000");
    fx.runtime(900, 950, 100, 101, 1, launch);
    fx.kernel(1000, 1500, 0, 7, 1, 100, QStringLiteral("gemm_kernel"));
    fx.runtime(1900, 1950, 100, 101, 2, launch);
    fx.kernel(2000, 2300, 0, 7, 2, 100, QStringLiteral("flash_attn_kernel"));
    fx.runtime(2900, 2950, 100, 101, 3, launch);
    fx.kernel(3000, 3700, 0, 7, 3, 100, QStringLiteral("gemm_kernel"));
    fx.runtime(5000, 5400, 100, 101, 4, QStringLiteral("cudaStreamSynchronize_v3020"));
    fx.runtime(8900, 8950, 100, 101, 5, launch);
    fx.kernel(9000, 9100, 0, 7, 5, 100, QStringLiteral("gemm_kernel"));
    fx.nvtx(800, 4000, 100, 101, QStringLiteral("decode step"), 59, 0, true);
    fx.nvtx(8000, 9500, 100, 101, QStringLiteral("Prefill"));
}

AnalysisWindow window(qint64 start, qint64 end)
{
    AnalysisWindow w;
    w.startNs = start, w.endNs = end, w.kind = AnalysisWindow::Kind::Custom;
    return w;
}

QStringList names(const Trace& t, const SearchResult& r)
{
    QStringList out;
    for (const auto& h : r.hits)
        out << SearchHit::tableOf(h.kind) + QLatin1Char(':') + t.strings.at(h.name);
    return out;
}

} // namespace

class TestTraceSearch : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void findsNamesAndRows();
    void windowLimitsRows();
    void caseAndEmptyQuery();
    void evidenceSelectsTheSameRows();
    void manyRowsUsePredicateSql();
    void scopedSearchAndSql();
    void realTracesFocusByDevice();
    void resultModel();
    void cancelStops();

private:
    TraceFixture m_fx;
    TracePtr m_trace;
};

void TestTraceSearch::initTestCase()
{
    fill(m_fx);
    m_trace = sl::test::loadFixture(m_fx);
    QVERIFY(m_trace);
}

void TestTraceSearch::findsNamesAndRows()
{
    const Trace& t = *m_trace;
    // "kernel" is in both kernel names and in cudaLaunchKernel (case-insensitive), not in NVTX.
    const SearchResult r = TraceSearch::run(t, window(0, 10'000), QStringLiteral("kernel"));
    QCOMPARE(names(t, r),
        (QStringList { QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL:gemm_kernel"),
            QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL:flash_attn_kernel"),
            QStringLiteral("CUPTI_ACTIVITY_KIND_RUNTIME:cudaLaunchKernel_v7000") }));
    QCOMPARE(r.hits[0].count, qint64(3));
    QCOMPARE(r.hits[0].totalNs, qint64(500 + 700 + 100));
    QCOMPARE(r.hits[1].count, qint64(1));
    QCOMPARE(r.hits[1].totalNs, qint64(300));
    QCOMPARE(r.hits[2].count, qint64(4));
    QCOMPARE(r.hits[2].totalNs, qint64(200));
    // Rows are indices into the trace tables, in time order: check them by their starts.
    std::vector<qint64> starts;
    for (quint32 row : r.hits[0].rows)
        starts.push_back(t.kernels.start[row]);
    QCOMPARE(starts, (std::vector<qint64> { 1000, 3000, 9000 }));
    // NVTX: both the interned and the inline name are found.
    const SearchResult n = TraceSearch::run(t, window(0, 10'000), QStringLiteral("e"));
    QStringList nvtx;
    for (const auto& h : n.hits)
        if (h.kind == SearchHit::Kind::Nvtx)
            nvtx << t.strings.at(h.name) + QLatin1Char('=') + QString::number(h.totalNs);
    QCOMPARE(nvtx, (QStringList { QStringLiteral("decode step=3200"), QStringLiteral("Prefill=1500") }));
}

void TestTraceSearch::windowLimitsRows()
{
    // Window [1000, 8000]: rows whose start lies in it. gemm at 1000 and 3000 (not 9000); launches
    // at 1900 and 2900; the decode range starts at 800 and Prefill at 8000 (inclusive end).
    const Trace& t = *m_trace;
    SearchResult r = TraceSearch::run(t, window(1000, 8000), QStringLiteral("gemm"));
    QCOMPARE(r.hits.size(), 1);
    QCOMPARE(r.hits[0].count, qint64(2));
    QCOMPARE(r.hits[0].totalNs, qint64(1200));
    r = TraceSearch::run(t, window(1000, 8000), QStringLiteral("launch"));
    QCOMPARE(r.hits.size(), 1);
    QCOMPARE(r.hits[0].count, qint64(2));
    r = TraceSearch::run(t, window(1000, 8000), QStringLiteral("PREFILL"));
    QCOMPARE(names(t, r), (QStringList { QStringLiteral("NVTX_EVENTS:Prefill") }));
    r = TraceSearch::run(t, window(1000, 8000), QStringLiteral("decode"));
    QCOMPARE(r.hits.size(), 0);
}

void TestTraceSearch::caseAndEmptyQuery()
{
    const Trace& t = *m_trace;
    QCOMPARE(TraceSearch::run(t, window(0, 10'000), QStringLiteral("   ")).hits.size(), 0);
    QCOMPARE(TraceSearch::run(t, window(0, 10'000), QStringLiteral("no such name")).hits.size(), 0);
    QCOMPARE(TraceSearch::run(t, window(0, 10'000), QStringLiteral("FLASH_ATTN")).hits.size(), 1);
    // Leading and trailing spaces are ignored.
    QCOMPARE(TraceSearch::run(t, window(0, 10'000), QStringLiteral(" synchronize ")).hits.size(), 1);
}

void TestTraceSearch::evidenceSelectsTheSameRows()
{
    const Trace& t = *m_trace;
    const AnalysisWindow w = window(0, 10'000);
    const SearchResult r = TraceSearch::run(t, w, QStringLiteral("e"));
    QVERIFY(!r.hits.isEmpty());
    for (const SearchHit& h : r.hits) {
        const Evidence e = TraceSearch::evidence(t, w, h);
        QCOMPARE(e.table, SearchHit::tableOf(h.kind));
        QCOMPARE(e.rowCount, h.count);
        QCOMPARE(e.rows, h.rows);
        bool ok = false;
        const std::set<qint64> selected = sl::test::selectFirstColumn(m_fx.path(), e.sql, &ok);
        QVERIFY2(ok, qPrintable(e.sql));
        QCOMPARE(selected, std::set<qint64>(e.rowids.begin(), e.rowids.end()));
    }
}

void TestTraceSearch::manyRowsUsePredicateSql()
{
    // 1,500 launches of one kernel (above the 1,000 rowids evidence lists): the SQL states the rule.
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"));
    fx.exec(QStringLiteral("BEGIN"));
    for (int i = 0; i < 1500; ++i)
        fx.kernel(1000 + i * 100, 1050 + i * 100, 0, 7, quint32(i + 1), 100, QStringLiteral("tiny_kernel"));
    fx.kernel(500, 600, 0, 7, 9999, 100, QStringLiteral("other_kernel"));
    fx.exec(QStringLiteral("COMMIT"));
    const TracePtr t = sl::test::loadFixture(fx);
    QVERIFY(t);
    // The window leaves out the last 100 launches (start > 1000 + 1399 × 100).
    const AnalysisWindow w = window(0, 1000 + 1399 * 100);
    const SearchResult r = TraceSearch::run(*t, w, QStringLiteral("tiny"));
    QCOMPARE(r.hits.size(), 1);
    QCOMPARE(r.hits[0].count, qint64(1400));
    const Evidence e = TraceSearch::evidence(*t, w, r.hits[0]);
    QVERIFY(!e.sql.contains(QStringLiteral("rowid IN")));
    bool ok = false;
    const std::set<qint64> bySql = sl::test::selectFirstColumn(fx.path(), e.sql, &ok);
    QVERIFY2(ok, qPrintable(e.sql));
    const std::set<qint64> expected = sl::test::selectFirstColumn(fx.path(),
        QStringLiteral("SELECT k.rowid FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.demangledName "
                       "WHERE s.value = 'tiny_kernel' AND k.start <= %1")
            .arg(1000 + 1399 * 100),
        &ok);
    QVERIFY(ok);
    QCOMPARE(bySql.size(), size_t(1400));
    QCOMPARE(bySql, expected);
}

void TestTraceSearch::scopedSearchAndSql()
{
    // 2,400 launches, alternately by process 100 (thread 101) on GPU 0 and process 200 (thread
    // 201) on GPU 1: a focus keeps 1,200 of them (above the 1,000 rowids evidence lists, so the
    // SQL must state the focus too).
    TraceFixture fx;
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"));
    fx.gpu(1, QStringLiteral("NVIDIA H100 80GB HBM3"));
    fx.process(100, QStringLiteral("python3"));
    fx.process(200, QStringLiteral("python3"));
    const QString launch = QStringLiteral("cudaLaunchKernel_v7000");
    fx.exec(QStringLiteral("BEGIN"));
    for (int i = 0; i < 2400; ++i) {
        const quint32 pid = i % 2 == 0 ? 100 : 200;
        const qint64 start = 1000 + qint64(i) * 100;
        fx.runtime(start - 40, start - 20, pid, pid + 1, quint32(i + 1), launch);
        fx.kernel(start, start + 50, i % 2, 7, quint32(i + 1), pid, QStringLiteral("tiny_kernel"));
    }
    fx.exec(QStringLiteral("COMMIT"));
    const TracePtr t = sl::test::loadFixture(fx);
    QVERIFY(t);
    const AnalysisWindow w = window(0, 1000 + 2400 * 100);
    QCOMPARE(TraceSearch::run(*t, w, QStringLiteral("tiny")).hits.value(0).count, qint64(2400));
    ScopeFilter gpu1;
    gpu1.device = 1;
    ScopeFilter thread101;
    thread101.pid = 100, thread101.tid = 101;
    ScopeFilter process200;
    process200.pid = 200;
    // The launches each focus keeps, by SQL of their own over the export.
    const QString byDevice = QStringLiteral("SELECT rowid FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE deviceId = 1");
    const QString byThread = QStringLiteral(
        "SELECT k.rowid FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN CUPTI_ACTIVITY_KIND_RUNTIME r ON r.correlationId = "
        "k.correlationId AND r.globalTid / 16777216 % 16777216 = 100 AND r.globalTid % 16777216 = 101");
    const QString byProcess
        = QStringLiteral("SELECT rowid FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE globalPid / 16777216 % 16777216 = 200");
    for (const auto& [scope, oracle] :
        { std::pair { gpu1, byDevice }, std::pair { thread101, byThread }, std::pair { process200, byProcess } }) {
        const SearchResult r = TraceSearch::run(*t, w, QStringLiteral("tiny"), {}, scope);
        QCOMPARE(r.hits.size(), 1);
        QCOMPARE(r.hits[0].count, qint64(1200));
        const Evidence e = TraceSearch::evidence(*t, w, r.hits[0], scope);
        QVERIFY(!e.sql.contains(QStringLiteral("rowid IN")));
        bool ok = false;
        const std::set<qint64> bySql = sl::test::selectFirstColumn(fx.path(), e.sql, &ok);
        QVERIFY2(ok, qPrintable(e.sql));
        const std::set<qint64> expected = sl::test::selectFirstColumn(fx.path(), oracle, &ok);
        QVERIFY(ok);
        QCOMPARE(expected.size(), size_t(1200));
        QCOMPARE(bySql, expected);
        std::set<qint64> listed;
        for (quint32 k : r.hits[0].rows)
            listed.insert(t->kernels.rowid[k]);
        QCOMPARE(listed, expected);
    }
    // API calls follow a process focus too: process 200's 1,200 launches.
    const SearchResult calls = TraceSearch::run(*t, w, QStringLiteral("cudaLaunch"), {}, process200);
    QCOMPARE(calls.hits.size(), 1);
    QCOMPARE(calls.hits[0].count, qint64(1200));
    bool ok = false;
    const std::set<qint64> callSql
        = sl::test::selectFirstColumn(fx.path(), TraceSearch::evidence(*t, w, calls.hits[0], process200).sql, &ok);
    QVERIFY(ok);
    const std::set<qint64> callOracle = sl::test::selectFirstColumn(fx.path(),
        QStringLiteral("SELECT rowid FROM CUPTI_ACTIVITY_KIND_RUNTIME WHERE globalTid / 16777216 % 16777216 = 200"),
        &ok);
    QCOMPARE(callSql, callOracle);
}

void TestTraceSearch::realTracesFocusByDevice()
{
    // On every real export, a search for "a" focused on each GPU finds that GPU's kernels whose
    // name or short name contains it (case-insensitively, as SQLite's LIKE for ASCII), and the
    // evidence rows are the ones SQL selects.
    const QStringList files = sl::test::realTraces();
    if (files.isEmpty())
        QSKIP(qPrintable(sl::test::realTracesSkipReason()));
    int checked = 0;
    for (const QString& path : files) {
        const LoadOutcome loaded = TraceLoader::loadSync(path);
        if (!loaded.ok())
            continue; // tst_realtraces says why
        const AnalysisWindow w = window(0, std::numeric_limits<qint64>::max());
        const auto devices = sl::test::selectRows(
            path, QStringLiteral("SELECT DISTINCT deviceId FROM CUPTI_ACTIVITY_KIND_KERNEL ORDER BY 1"), 1);
        for (const auto& d : devices) {
            ScopeFilter focus;
            focus.device = d[0];
            const SearchResult r = TraceSearch::run(*loaded.trace, w, QStringLiteral("a"), {}, focus);
            std::set<qint64> found;
            for (const SearchHit& h : r.hits)
                if (h.kind == SearchHit::Kind::Kernel)
                    for (quint32 k : h.rows)
                        found.insert(loaded.trace->kernels.rowid[k]);
            bool ok = false;
            const std::set<qint64> expected = sl::test::selectFirstColumn(path,
                QStringLiteral("SELECT k.rowid FROM CUPTI_ACTIVITY_KIND_KERNEL k LEFT JOIN StringIds n ON n.id = "
                               "k.demangledName LEFT JOIN StringIds s ON s.id = k.shortName WHERE k.deviceId = %1 "
                               "AND k.start >= 0 AND (n.value LIKE '%a%' OR s.value LIKE '%a%')")
                    .arg(d[0]),
                &ok);
            QVERIFY2(ok, qPrintable(path));
            QVERIFY2(found == expected,
                qPrintable(QStringLiteral("%1 GPU %2: %3 found, %4 by SQL")
                               .arg(path)
                               .arg(d[0])
                               .arg(found.size())
                               .arg(expected.size())));
            ++checked;
        }
    }
    QVERIFY(checked > 0);
}

void TestTraceSearch::resultModel()
{
    SearchResultModel m;
    m.setResult(m_trace, TraceSearch::run(*m_trace, window(0, 10'000), QStringLiteral("gemm")));
    QCOMPARE(m.rowCount(), 1);
    QCOMPARE(m.index(0, SearchResultModel::Kind).data().toString(), QStringLiteral("Kernel"));
    QCOMPARE(m.index(0, SearchResultModel::Name).data().toString(), QStringLiteral("gemm_kernel"));
    QCOMPARE(m.index(0, SearchResultModel::Count).data(SearchResultModel::SortRole).toLongLong(), 3);
    QCOMPARE(m.index(0, SearchResultModel::Total).data(SearchResultModel::SortRole).toLongLong(), 1300);
    m.clear();
    QCOMPARE(m.rowCount(), 0);
}

void TestTraceSearch::cancelStops()
{
    // Cancelled before the first row: the string scan ran, no table was scanned.
    const SearchResult r = TraceSearch::run(*m_trace, window(0, 10'000), QStringLiteral("kernel"), [] { return true; });
    QCOMPARE(r.hits.size(), 0);
    QCOMPARE(r.matchedNames, qint64(3));
}

QTEST_GUILESS_MAIN(TestTraceSearch)
#include "tst_tracesearch.moc"
