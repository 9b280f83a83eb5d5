// SPDX-License-Identifier: MIT
// Serving steps (docs/analysis.md "Serving steps"): step recognition, token totals, TPOT,
// tensor-parallel de-duplication, report.json and the comparison's automatic token unit.
// Expected values are recomputed from the exports' own NVTX text with plain SQL and a regular
// expression written here, never read back from the analysis.
#include "core/analysis/analyzer.h"
#include "core/analysis/rules/phasemap.h"
#include "core/compare/comparator.h"
#include "core/compare/tracebreakdown.h"
#include "core/io/traceloader.h"
#include "core/report/jsonreport.h"
#include "core/synth/synthtracewriter.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/tracefixture.h"

#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <limits>
#include <sqlite3.h>

using namespace sl;

namespace {

/// Rows of `sql` (every column as text) on the export, opened read-only through the C API.
QVector<QStringList> rows(const QString& path, const QString& sql)
{
    QVector<QStringList> out;
    sqlite3* db = nullptr;
    sqlite3_stmt* st = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK
        || sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &st, nullptr) != SQLITE_OK) {
        qWarning("%s: %s", qPrintable(sql), db ? sqlite3_errmsg(db) : "cannot open");
        out.append({ QStringLiteral("error") });
    } else {
        while (sqlite3_step(st) == SQLITE_ROW) {
            QStringList row;
            for (int c = 0; c < sqlite3_column_count(st); ++c)
                row << QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(st, c)));
            out.append(row);
        }
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
}

/// What the step names of one process say, recomputed here.
struct Expected
{
    qint64 steps = 0, prefill = 0, decode = 0, mixed = 0;
    qint64 contextTokens = 0, generatedTokens = 0;
    qint64 decodeTokens = 0; ///< generated tokens of decode-only steps
    /// TPOT by the docs' rule: Σ step duration × gen reqs and Σ gen tokens over the steps with
    /// generation requests; the token-weighted mean is their quotient (ns, integer division).
    qint64 tpotWeightedNs = 0, tpotTokens = 0;
};

/// `re` captures ctx reqs, ctx tokens, gen reqs and (group 4, optional) gen tokens.
Expected expectedFrom(const QString& path, const QString& like, const QRegularExpression& re, qint64 pid)
{
    Expected e;
    const auto texts = rows(path,
        QStringLiteral("SELECT text, \"end\" - start FROM NVTX_EVENTS WHERE eventType = 59 AND text LIKE '%1' "
                       "AND ((globalTid >> 24) & 16777215) = %2")
            .arg(like)
            .arg(pid));
    for (const QStringList& row : texts) {
        const auto m = re.match(row.value(0));
        if (!m.hasMatch())
            continue;
        const qint64 cr = m.captured(1).toLongLong(), ct = m.captured(2).toLongLong(), gr = m.captured(3).toLongLong();
        const qint64 gt = m.lastCapturedIndex() >= 4 ? m.captured(4).toLongLong() : gr;
        ++e.steps;
        if (cr > 0 && gr > 0)
            ++e.mixed;
        else if (cr > 0)
            ++e.prefill;
        else if (gr > 0)
            ++e.decode, e.decodeTokens += gt;
        e.contextTokens += cr > 0 ? ct : 0;
        e.generatedTokens += gr > 0 ? gt : 0;
        if (gr > 0 && gt > 0)
            e.tpotWeightedNs += row.value(1).toLongLong() * gr, e.tpotTokens += gt;
    }
    return e;
}

const QRegularExpression kVllm(QStringLiteral("^execute_context_(\\d+)\\((\\d+)\\)_generation_(\\d+)\\((\\d+)\\)$"));
const QRegularExpression kTrt(
    QStringLiteral("_forward_step \\d+: (\\d+) ctx reqs, (\\d+) ctx tokens, (\\d+) gen reqs$"));
const QString kVllmLike = QStringLiteral("execute_context_%");
const QString kTrtLike = QStringLiteral("[Executor] _forward_step %");

/// 290 decode steps (vLLM names) of one thread, 1 ms apart, each `length` ns long (1 ms: each
/// starts at the ns the previous one ends; 1.1 ms: start/end ranges overlapping the next by
/// 100 us), a 20 us kernel launched 10 us into each. Issue 19.5.
AnalysisPtr backToBackSteps(qint64 length, int eventType)
{
    test::TraceFixture fx;
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"));
    fx.exec(QStringLiteral("BEGIN"));
    for (int i = 0; i < 290; ++i) {
        const qint64 start = 2'000'000'000 + qint64(i) * 1'000'000;
        fx.nvtx(start, start + length, 4242, 4243, QStringLiteral("execute_context_0(0)_generation_8(8)"), eventType,
            eventType == 60 ? 4243 : 0);
        fx.runtime(
            start + 10'000, start + 15'000, 4242, 4243, quint32(i + 1), QStringLiteral("cudaLaunchKernel_v7000"));
        fx.kernel(start + 20'000, start + 40'000, 0, 7, quint32(i + 1), 4242, QStringLiteral("gemv"));
    }
    fx.exec(QStringLiteral("COMMIT"));
    return test::analyzeWindow(test::loadFixture(fx));
}

const PhaseStats* phaseNamed(const AnalysisResult& r, const QString& name)
{
    for (const PhaseStats& p : r.phases)
        if (p.phase == name)
            return &p;
    return nullptr;
}

AnalysisPtr analyze(const QString& path)
{
    const LoadOutcome out = TraceLoader::loadSync(path);
    if (!out.ok())
        qWarning("load failed: %s", qPrintable(out.message));
    return test::analyzeWindow(out.trace);
}

SynthOptions synth(SynthFramework framework, int ranks, qint64 steps)
{
    SynthOptions o;
    o.framework = framework;
    o.ranks = ranks;
    o.steps = steps;
    o.layers = 2;
    return o;
}

/// Σ kernel ns launched inside steps whose text starts with `prefix` (launching call on the
/// range's thread, its start inside the range), by plain SQL.
qint64 kernelNsInSteps(const QString& path, const QString& like)
{
    const auto r = rows(path,
        QStringLiteral(
            "SELECT COALESCE(SUM(k.\"end\" - k.start), 0) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN "
            "CUPTI_ACTIVITY_KIND_RUNTIME r "
            "ON r.correlationId = k.correlationId AND (r.globalTid & ~16777215) = k.globalPid JOIN NVTX_EVENTS n "
            "ON n.globalTid = r.globalTid AND n.eventType = 59 AND r.start BETWEEN n.start AND n.\"end\" "
            "WHERE n.text LIKE '%1'")
            .arg(like));
    return r.value(0).value(0).toLongLong();
}

} // namespace

class TestServing : public QObject
{
    Q_OBJECT

private slots:

    /// docs/analysis.md "Requests": request ranges on a harness thread (start/end), prefill and
    /// decode steps on the engine thread; TTFT, E2E and TPOT worked out by hand below.
    void requestsTtftE2eTpot()
    {
        test::TraceFixture fx;
        fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"));
        const QString prefill = QStringLiteral("execute_context_1(512)_generation_0(0)");
        const QString decode = QStringLiteral("execute_context_0(0)_generation_1(1)");
        fx.nvtx(1'200'000, 1'700'000, 4242, 4243, prefill); // A
        fx.nvtx(1'700'000, 1'800'000, 4242, 4243, decode);
        fx.nvtx(1'800'000, 1'900'000, 4242, 4243, decode);
        fx.nvtx(2'000'000, 2'400'000, 4242, 4243, prefill); // B
        fx.nvtx(2'400'000, 2'500'000, 4242, 4243, decode);
        fx.nvtx(1'000'000, 3'000'000, 4242, 4250, QStringLiteral("request 1 tokens=5"), 60, 4250);
        fx.nvtx(1'250'000, 4'000'000, 4242, 4250, QStringLiteral("request 2 tokens=3"), 60, 4251);
        fx.nvtx(5'000'000, 5'500'000, 4242, 4250, QStringLiteral("request 3"), 60, 4250);
        const AnalysisPtr a = test::analyzeWindow(test::loadFixture(fx));
        QVERIFY(a);
        const RequestStats& q = a->serving.requests;
        QCOMPARE(q.size(), 3);
        // Request 1: first prefill starting inside it is A, ending at 1.7 ms: TTFT 0.7 ms;
        // TPOT (2.0 ms − 0.7 ms) ÷ (5 − 1) = 325 us. Request 2 starts after A: B, TTFT 2.4 − 1.25
        // = 1.15 ms, TPOT (2.75 − 1.15) ÷ 2 = 800 us. Request 3: no prefill inside, no tokens.
        QCOMPARE(q.ttftNs, (std::vector<qint64> { 700'000, 1'150'000, -1 }));
        QCOMPARE(q.e2eNs, (std::vector<qint64> { 2'000'000, 2'750'000, 500'000 }));
        QCOMPARE(q.tpotNs, (std::vector<qint64> { 325'000, 800'000, -1 }));
        QCOMPARE(q.ttft.count, 2);
        QCOMPARE(q.ttft.p50Ns, 700'000); // nearest rank: ceil(0.5 × 2) = 1st
        QCOMPARE(q.e2e.p50Ns, 2'000'000);
        QCOMPARE(q.e2e.p90Ns, 2'750'000);
        QCOMPARE(q.tpot.p99Ns, 800'000);
        QVERIFY(q.ttftReason.isEmpty());
        const QJsonObject serving = JsonReport::build(*a).value(QStringLiteral("serving")).toObject();
        QCOMPARE(serving.value(QStringLiteral("ttft_ns")).toInteger(), 700'000);
        QCOMPARE(serving.value(QStringLiteral("requests")).toObject().value(QStringLiteral("count")).toInt(), 3);
        // Requests are no phase ("tokens" would match decode's "token"): 3 decode, 2 prefill steps.
        QCOMPARE(phaseNamed(*a, QStringLiteral("decode"))->steps, 3);
        QCOMPARE(phaseNamed(*a, QStringLiteral("prefill"))->steps, 2);
    }

    void requestsAbsentSayWhy()
    {
        const AnalysisPtr a = backToBackSteps(1'000'000, 59);
        QVERIFY(a);
        QCOMPARE(a->serving.requests.size(), 0);
        QVERIFY(!a->serving.requests.ttftReason.isEmpty());
        const QJsonObject serving = JsonReport::build(*a).value(QStringLiteral("serving")).toObject();
        QVERIFY(serving.value(QStringLiteral("ttft_ns")).isNull());
    }

    /// Touching and overlapping steps are siblings, not parent and child: the phase table, the
    /// Serving view and the comparison's steps all count 290, wall time = Σ durations (by hand).
    void touchingAndOverlappingStepsAreNotNested_data()
    {
        QTest::addColumn<qint64>("length");
        QTest::addColumn<int>("eventType");
        QTest::newRow("touching push/pop") << qint64(1'000'000) << 59;
        QTest::newRow("touching start/end") << qint64(1'000'000) << 60;
        QTest::newRow("overlapping start/end") << qint64(1'100'000) << 60;
        QTest::newRow("1 ns apart") << qint64(999'999) << 59;
    }
    void touchingAndOverlappingStepsAreNotNested()
    {
        QFETCH(qint64, length);
        QFETCH(int, eventType);
        const AnalysisPtr a = backToBackSteps(length, eventType);
        QVERIFY(a);
        const PhaseStats* decode = phaseNamed(*a, QStringLiteral("decode"));
        QVERIFY(decode);
        QCOMPARE(decode->steps, 290);
        QCOMPARE(decode->wallNs, 290 * length);
        QCOMPARE(decode->kernelCount, 290);
        QCOMPARE(a->serving.steps.size(), 290);
        QCOMPARE(a->nvtxRanges.size(), 1);
        QCOMPARE(a->nvtxRanges[0].maxDepth, 0);
        const TraceBreakdown b = TraceBreakdown::compute(*a);
        QCOMPARE(qint64(b.topLevelStepNs.size()), 290);
        // Each kernel belongs to the step it was launched in, not to an earlier one.
        for (size_t k = 0; k < a->kernelRange.size(); ++k)
            QCOMPARE(a->kernelRange[k], qint32(k));
    }

    /// Identical ranges nest (the later one in table order is the child): one step, depth 1.
    void identicalRangesNest()
    {
        test::TraceFixture fx;
        fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"));
        for (int i = 0; i < 2; ++i)
            fx.nvtx(1'000'000, 2'000'000, 4242, 4243, QStringLiteral("execute_context_0(0)_generation_8(8)"));
        fx.nvtx(1'000'000, 1'500'000, 4242, 4243, QStringLiteral("inner"));
        fx.runtime(1'010'000, 1'015'000, 4242, 4243, 1, QStringLiteral("cudaLaunchKernel_v7000"));
        fx.kernel(1'020'000, 1'040'000, 0, 7, 1, 4242, QStringLiteral("gemv"));
        const AnalysisPtr a = test::analyzeWindow(test::loadFixture(fx));
        QVERIFY(a);
        const PhaseStats* decode = phaseNamed(*a, QStringLiteral("decode"));
        QVERIFY(decode);
        QCOMPARE(decode->steps, 1);
        QCOMPARE(decode->wallNs, 1'000'000);
        QCOMPARE(a->nvtxRanges.size(), 2);
        for (const auto& rs : a->nvtxRanges)
            QCOMPARE(rs.maxDepth, a->trace->strings.at(rs.name) == QStringLiteral("inner") ? 2 : 1);
        QVERIFY(a->kernelRange[0] >= 0); // attributed to the innermost range, "inner"
        QCOMPARE(a->trace->strings.at(a->trace->nvtx.name[size_t(a->kernelRange[0])]), QStringLiteral("inner"));
    }
    void recognisesTheFrameworksNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("cls");
        QTest::addColumn<QList<int>>("counts"); // ctx reqs, ctx tokens, gen reqs, gen tokens
        using C = StepComposition;
        // vllm/v1/worker/gpu_worker.py annotate_profile(), plain and detailed_trace_annotation.
        QTest::newRow("vllm decode") << "execute_context_0(0)_generation_32(32)" << int(C::Decode)
                                     << QList<int> { 0, 0, 32, 32 };
        QTest::newRow("vllm mixed") << "execute_context_2(1024)_generation_30(30)" << int(C::Mixed)
                                    << QList<int> { 2, 1024, 30, 30 };
        QTest::newRow("vllm detailed")
            << "execute_1060_context_1(sq1000sk1000sqsq1000000sqsk1000000)_generation_60(sq60sk9000sqsq60sqsk9000)"
            << int(C::Mixed) << QList<int> { 1, 1000, 60, 60 };
        QTest::newRow("vllm empty") << "execute_context_0(0)_generation_0(0)" << int(C::Other)
                                    << QList<int> { 0, 0, 0, 0 };
        // tensorrt_llm/_torch/pyexecutor/py_executor.py _forward_step(), three generations of the name.
        QTest::newRow("trtllm ctx tokens") << "[Executor] _forward_step 7: 1 ctx reqs, 512 ctx tokens, 31 gen reqs"
                                           << int(C::Mixed) << QList<int> { 1, 512, 31, 31 };
        QTest::newRow("trtllm iter") << "[Executor] _forward_step 12: 0 ctx reqs, 64 gen reqs" << int(C::Decode)
                                     << QList<int> { 0, -1, 64, 64 };
        QTest::newRow("trtllm old") << "_forward_step: 3 ctx reqs, 0 gen reqs" << int(C::Prefill)
                                    << QList<int> { 3, -1, 0, 0 };
        // python/sglang/srt/utils/nvtx (SGLANG_ENABLE_NVTX_SCHEDULER): no composition in the name.
        QTest::newRow("sglang") << "scheduler.run_batch" << int(C::Other) << QList<int> { -1, -1, -1, -1 };
    }
    void recognisesTheFrameworksNames()
    {
        QFETCH(QString, name);
        QFETCH(int, cls);
        QFETCH(QList<int>, counts);
        const StepComposition c = PhaseMap::defaultMap().matchStep(name);
        QVERIFY(c.isStep());
        QCOMPARE(int(c.stepClass()), cls);
        QCOMPARE((QList<int> { c.ctxReqs, c.ctxTokens, c.genReqs, c.genTokens }), counts);
    }

    void notAStep()
    {
        const PhaseMap m = PhaseMap::defaultMap();
        for (const char* name : { "decode_step", "prefill", "scheduler.run_batch_x",
                 "execute_context_a(0)_generation_1(1)", "gpu_model_runner: forward" })
            QVERIFY2(!m.matchStep(QString::fromLatin1(name)).isStep(), name);
        QVERIFY(m.isHostRange(QStringLiteral("gpu_model_runner: preprocess")));
        QVERIFY(m.isHostRange(QStringLiteral("scheduler.get_next_batch_to_run")));
        QVERIFY(!m.isHostRange(QStringLiteral("gpu_model_runner: forward")));
        // A vLLM step's name contains "context" but a decode step belongs to the decode phase.
        QCOMPARE(m.name(m.match(QStringLiteral("execute_context_0(0)_generation_8(8)"))), QStringLiteral("decode"));
        QCOMPARE(m.name(m.match(QStringLiteral("[Executor] _forward_step 1: 2 ctx reqs, 0 gen reqs"))),
            QStringLiteral("prefill"));
    }

    void userRulesComeFirstAndKeepTheBuiltIns()
    {
        PhaseMap m;
        QString error;
        const QByteArray json = "{\"decode\": [\"decode\"], \"steps\": [{\"scheme\": \"mine\", \"pattern\": "
                                "\"^decode\\\\[bs=(?<gen_reqs>\\\\d+)\\\\]$\"}], \"host_ranges\": [\"my_host\"]}";
        QVERIFY2(PhaseMap::fromJson(json, &m, &error), qPrintable(error));
        const StepComposition c = m.matchStep(QStringLiteral("decode[bs=12]"));
        QVERIFY(c.isStep());
        QCOMPARE(m.stepScheme(c.rule), QStringLiteral("mine"));
        QCOMPARE(int(c.stepClass()), int(StepComposition::Decode));
        QCOMPARE(c.genTokens, 12); // one token per generation request when the rule gives no gen_tokens
        QCOMPARE(c.ctxReqs, -1);
        QVERIFY(m.matchStep(QStringLiteral("execute_context_1(5)_generation_0(0)")).isStep());
        QVERIFY(m.isHostRange(QStringLiteral("my_host")));
        QVERIFY(m.isHostRange(QStringLiteral("gpu_model_runner: bookkeep")));
        const QByteArray unclosed = "{\"steps\": [{\"pattern\": \"(unclosed\"}]}";
        const QByteArray notArray = "{\"steps\": {\"pattern\": \"x\"}}";
        QVERIFY(!PhaseMap::fromJson(unclosed, &m, &error));
        QVERIFY(!PhaseMap::fromJson(notArray, &m, &error));
    }

    void tokenTotalsFromTheStepNames_data()
    {
        QTest::addColumn<int>("framework");
        QTest::addColumn<QString>("like");
        QTest::addColumn<QRegularExpression>("re");
        QTest::newRow("vllm") << int(SynthFramework::Vllm) << kVllmLike << kVllm;
        QTest::newRow("trtllm") << int(SynthFramework::Trtllm) << kTrtLike << kTrt;
    }
    void tokenTotalsFromTheStepNames()
    {
        QFETCH(int, framework);
        QFETCH(QString, like);
        QFETCH(QRegularExpression, re);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("serving.sqlite"));
        QVERIFY(writeSynthTrace(path, synth(SynthFramework(framework), 1, 128)).ok);
        const Expected e = expectedFrom(path, like, re, 1001);
        QCOMPARE(e.steps, 128); // the generator's steady steps, every one named
        QVERIFY(e.prefill > 0 && e.decode > 0 && e.mixed > 0);

        const AnalysisPtr a = analyze(path);
        QVERIFY(a);
        const ServingFigures& w = a->serving.window;
        QCOMPARE(w.steps, e.steps);
        QCOMPARE(w.stepsByClass[StepComposition::Prefill], e.prefill);
        QCOMPARE(w.stepsByClass[StepComposition::Decode], e.decode);
        QCOMPARE(w.stepsByClass[StepComposition::Mixed], e.mixed);
        QCOMPARE(w.stepsByClass[StepComposition::Other], 0);
        QVERIFY(w.contextTokens && w.generatedTokens);
        QCOMPARE(*w.contextTokens, e.contextTokens);
        QCOMPARE(*w.generatedTokens, e.generatedTokens);
        // Kernel time per generated token: kernels launched inside decode-only steps ÷ their tokens.
        const QString decodeLike = framework == int(SynthFramework::Vllm)
            ? QStringLiteral("execute_context_0(0)_generation_%")
            : QStringLiteral("[Executor] _forward_step %: 0 ctx reqs, %");
        QVERIFY(w.kernelNsPerGeneratedToken);
        QCOMPARE(*w.kernelNsPerGeneratedToken, kernelNsInSteps(path, decodeLike) / e.decodeTokens);
        // Every step's GPU busy time lies within the step; the vLLM and TRT-LLM names put host
        // ranges (preprocess/sample bookkeeping, _update_requests) inside the steps.
        const ServingSteps& s = a->serving.steps;
        for (qsizetype i = 0; i < s.size(); ++i)
            QVERIFY(s.busyNs[size_t(i)] >= 0 && s.busyNs[size_t(i)] <= s.duration(i));
        // Host time: each host range (the names the generator writes inside a step, all in the
        // default map's host_ranges) on the step's thread starting inside the step, clipped to its
        // end; the generator never nests host ranges, so none is counted twice.
        const auto host = rows(path,
            QStringLiteral("SELECT SUM(MIN(h.\"end\", s.\"end\") - h.start) FROM NVTX_EVENTS s JOIN NVTX_EVENTS h "
                           "ON h.globalTid = s.globalTid AND h.start BETWEEN s.start AND s.\"end\" WHERE s.eventType "
                           "= 59 AND h.eventType = 59 AND s.text LIKE '%1' AND h.text IN ('gpu_model_runner: "
                           "preprocess', 'gpu_model_runner: bookkeep', '_update_requests')")
                .arg(like));
        QVERIFY(host.value(0).value(0).toLongLong() > 0);
        QCOMPARE(w.hostNs, host.value(0).value(0).toLongLong());
        // GPU busy inside a step, recomputed: the union of the GPU's kernels, copies and memsets
        // overlapping the step (plain SQL), clipped to it.
        for (qsizetype i = 0; i < std::min<qsizetype>(s.size(), 6); ++i) {
            const qint64 a0 = s.start[size_t(i)], a1 = s.end[size_t(i)];
            const auto ops = rows(path,
                QStringLiteral("SELECT start, \"end\" FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE start < %2 "
                               "AND \"end\" > %1 UNION ALL SELECT start, \"end\" FROM "
                               "CUPTI_ACTIVITY_KIND_MEMCPY WHERE start < %2 AND \"end\" > %1 UNION ALL "
                               "SELECT start, \"end\" FROM CUPTI_ACTIVITY_KIND_MEMSET WHERE start < %2 "
                               "AND \"end\" > %1 ORDER BY 1")
                    .arg(a0)
                    .arg(a1));
            qint64 busy = 0, curStart = -1, curEnd = -1;
            for (const QStringList& op : ops) {
                const qint64 b0 = std::max(a0, op.value(0).toLongLong()), b1 = std::min(a1, op.value(1).toLongLong());
                if (curEnd < 0 || b0 > curEnd) {
                    busy += curEnd >= 0 ? curEnd - curStart : 0;
                    curStart = b0, curEnd = b1;
                } else {
                    curEnd = std::max(curEnd, b1);
                }
            }
            busy += curEnd >= 0 ? curEnd - curStart : 0;
            QCOMPARE(s.busyNs[size_t(i)], busy);
        }
        QCOMPARE(w.tpot.count, e.decode + e.mixed);
        QVERIFY(w.tpotMeanNs && e.tpotTokens > 0);
        QCOMPARE(*w.tpotMeanNs, e.tpotWeightedNs / e.tpotTokens);

        // report.json carries the same integers.
        const QJsonObject j = JsonReport::build(*a, {});
        QCOMPARE(j.value(QStringLiteral("format_version")).toInt(), 2);
        const QJsonObject sj = j[QStringLiteral("serving")][QStringLiteral("window")].toObject();
        QCOMPARE(sj[QStringLiteral("context_tokens")].toInteger(), e.contextTokens);
        QCOMPARE(sj[QStringLiteral("generated_tokens")].toInteger(), e.generatedTokens);
        QCOMPARE(sj[QStringLiteral("decode_steps")].toInteger(), e.decode);
        QCOMPARE(sj[QStringLiteral("mixed_steps")].toInteger(), e.mixed);
        // The generator's API server wraps each request group in a "request N" range: TTFT is
        // the end of the first prefill or mixed step starting inside it, less its start (SQL +
        // the step regex here; the server process has no steps, so every process's steps count).
        const auto steps = rows(path,
            QStringLiteral("SELECT start, \"end\", text FROM NVTX_EVENTS WHERE eventType = 59 AND text LIKE '%1'")
                .arg(like));
        std::vector<qint64> ttft;
        for (const QStringList& rq :
            rows(path, QStringLiteral("SELECT start, \"end\" FROM NVTX_EVENTS WHERE text LIKE 'request %'"))) {
            const qint64 rs = rq.value(0).toLongLong(), re2 = rq.value(1).toLongLong();
            qint64 bestStart = std::numeric_limits<qint64>::max(), bestEnd = -1;
            for (const QStringList& st : steps) {
                const qint64 ss = st.value(0).toLongLong();
                if (ss >= rs && ss <= re2 && ss < bestStart && re.match(st.value(2)).captured(1).toLongLong() > 0)
                    bestStart = ss, bestEnd = st.value(1).toLongLong();
            }
            if (bestEnd >= 0)
                ttft.push_back(bestEnd - rs);
        }
        QVERIFY(!ttft.empty());
        std::sort(ttft.begin(), ttft.end());
        QCOMPARE(a->serving.requests.ttft.count, qint64(ttft.size()));
        const qint64 p50 = ttft[size_t((ttft.size() + 1) / 2 - 1)]; // nearest rank: ceil(n / 2)
        QCOMPARE(j[QStringLiteral("serving")][QStringLiteral("ttft_ns")].toInteger(), p50);
    }

    void tensorParallelRanksCountOnce()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("tp2.sqlite"));
        QVERIFY(writeSynthTrace(path, synth(SynthFramework::Vllm, 2, 48)).ok);
        const Expected rank0 = expectedFrom(path, kVllmLike, kVllm, 1001);
        const Expected rank1 = expectedFrom(path, kVllmLike, kVllm, 1002);
        QCOMPARE(rank1.generatedTokens, rank0.generatedTokens);
        const AnalysisPtr a = analyze(path);
        QVERIFY(a);
        QCOMPARE(a->serving.ranks.size(), 2);
        QCOMPARE(a->serving.steps.size(), rank0.steps + rank1.steps); // the step table lists every rank
        QCOMPARE(a->serving.window.steps, rank0.steps);
        QCOMPARE(*a->serving.window.generatedTokens, rank0.generatedTokens);
        QCOMPARE(*a->serving.window.contextTokens, rank0.contextTokens);
        QCOMPARE(a->serving.ranks[0].replicaOf, 0u);
        QCOMPARE(a->serving.ranks[1].replicaOf, 1001u);
        QCOMPARE(*a->serving.ranks[1].generatedTokens, rank1.generatedTokens);
    }

    void sglangStepsHaveNoComposition()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sglang.sqlite"));
        QVERIFY(writeSynthTrace(path, synth(SynthFramework::Sglang, 1, 40)).ok);
        const qint64 runs
            = rows(path, QStringLiteral("SELECT COUNT(*) FROM NVTX_EVENTS WHERE text = 'scheduler.run_batch'"))
                  .value(0)
                  .value(0)
                  .toLongLong();
        QCOMPARE(runs, 40);
        const AnalysisPtr a = analyze(path);
        QVERIFY(a);
        QCOMPARE(a->serving.window.steps, runs);
        QCOMPARE(a->serving.window.stepsByClass[StepComposition::Other], runs);
        QVERIFY(!a->serving.window.generatedTokens && !a->serving.window.contextTokens);
        QCOMPARE(a->serving.schemes, QStringList { QStringLiteral("sglang") });
        QCOMPARE(a->serving.window.hostNs, 0); // the scheduler ranges lie between the steps, not inside
    }

    void comparisonUsesTheRangeTokens()
    {
        QTemporaryDir dir;
        const QString vllm = dir.filePath(QStringLiteral("vllm.sqlite"));
        const QString trt = dir.filePath(QStringLiteral("trtllm.sqlite"));
        QVERIFY(writeSynthTrace(vllm, synth(SynthFramework::Vllm, 1, 64)).ok);
        QVERIFY(writeSynthTrace(trt, synth(SynthFramework::Trtllm, 1, 64)).ok);
        const qint64 tokens[2] = { expectedFrom(vllm, kVllmLike, kVllm, 1001).generatedTokens,
            expectedFrom(trt, kTrtLike, kTrt, 1001).generatedTokens };
        const qint64 kernelNs[2]
            = { rows(vllm, QStringLiteral("SELECT SUM(\"end\" - start) FROM CUPTI_ACTIVITY_KIND_KERNEL"))
                      .value(0)
                      .value(0)
                      .toLongLong(),
                  rows(trt, QStringLiteral("SELECT SUM(\"end\" - start) FROM CUPTI_ACTIVITY_KIND_KERNEL"))
                      .value(0)
                      .value(0)
                      .toLongLong() };
        const ComparisonPtr c = Comparator::compare({ analyze(vllm), analyze(trt) }, ComparisonOptions());
        QVERIFY(c);
        QCOMPARE(c->unit, WorkUnit::Token);
        QVERIFY(c->tokensFromRanges);
        QCOMPARE(c->units, (QVector<qint64> { tokens[0], tokens[1] }));
        bool perToken = false, tpot = false;
        for (const ComparisonFigure& f : c->figures) {
            if (f.section == ComparisonFigure::Section::Trace && f.key == QLatin1String("kernel_ns_per_unit")) {
                perToken = true;
                QCOMPARE(f.values[0].value_or(-1), double(kernelNs[0] / tokens[0]));
                QCOMPARE(f.values[1].value_or(-1), double(kernelNs[1] / tokens[1]));
            }
            tpot = tpot || (f.key == QLatin1String("tpot_mean_ns") && f.values[0] && f.values[1]);
        }
        QVERIFY(perToken);
        QVERIFY(tpot);
        // Typed counts still win.
        ComparisonOptions typed;
        typed.tokens = { 10, 20 };
        const ComparisonPtr t = Comparator::compare(c->analyses, typed);
        QVERIFY(t && !t->tokensFromRanges);
        QCOMPARE(t->units, (QVector<qint64> { 10, 20 }));
    }

    void hostOverheadAndSlowRankFindings()
    {
        // Two ranks, ten decode steps each (vLLM names, batch 8), starting every 200 us from 1 ms.
        // Rank 100 (GPU 0): steps of 100 us; rank 200 (GPU 1): 150 us. In every step one kernel
        // of 20 us: decode steps idle 2.1 ms of 2.5 ms, and rank 200's median step is 1.5x rank 100's.
        test::TraceFixture fx;
        fx.gpu(0, QStringLiteral("H100"));
        fx.gpu(1, QStringLiteral("H100"));
        fx.runtime(500'000, 510'000, 100, 101, 999, QStringLiteral("cudaMalloc_v3020")); // opens the window
        const QString launch = QStringLiteral("cudaLaunchKernel_v7000");
        for (int rank = 0; rank < 2; ++rank) {
            const quint32 pid = rank == 0 ? 100 : 200, tid = pid + 1;
            for (int i = 0; i < 10; ++i) {
                const qint64 start = 1'000'000 + i * 200'000;
                fx.nvtx(start, start + (rank == 0 ? 100'000 : 150'000), pid, tid,
                    QStringLiteral("execute_context_0(0)_generation_8(8)"));
                fx.runtime(start + 10'000, start + 15'000, pid, tid, quint32(i + 1), launch);
                fx.kernel(start + 20'000, start + 40'000, rank, 7, quint32(i + 1), pid, QStringLiteral("gemv"));
            }
        }
        const AnalysisPtr a = test::analyzeWindow(test::loadFixture(fx));
        QVERIFY(a);
        QCOMPARE(a->serving.steps.size(), 20);
        QCOMPARE(a->serving.window.steps, 10); // rank 200 replicates rank 100's compositions
        QCOMPARE(*a->serving.window.generatedTokens, 80);
        QCOMPARE(a->serving.window.idleNs, 2'100'000);
        const Finding* host = test::findingById(*a, QStringLiteral("decode-host-overhead"));
        QVERIFY(host);
        QCOMPARE(host->impactNs, 2'100'000);
        QCOMPARE(host->evidence[0].rowCount, 20);
        QCOMPARE(host->evidence[1].rowCount, 20);
        const Finding* slow = test::findingById(*a, QStringLiteral("slow-rank-steps"));
        QVERIFY(slow);
        QCOMPARE(slow->impactNs, 10 * 50'000);
        QCOMPARE(slow->metric, QStringLiteral("1.50×"));
        QCOMPARE(slow->evidence[0].rowCount, 10);
        QVERIFY(!test::findingById(*a, QStringLiteral("prefill-stalls-decode")));
    }

    void prefillStallFinding()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("stall.sqlite"));
        QVERIFY(writeSynthTrace(path, synth(SynthFramework::Vllm, 1, 128)).ok);
        const AnalysisPtr a = analyze(path);
        QVERIFY(a);
        const Finding* f = test::findingById(*a, QStringLiteral("prefill-stalls-decode"));
        QVERIFY(f);
        // Evidence: the mixed steps' NVTX rows (each has decode-only steps of its batch), by SQL.
        bool ok = false;
        const std::set<qint64> mixed = test::selectFirstColumn(path,
            QStringLiteral("SELECT rowid FROM NVTX_EVENTS WHERE text LIKE 'execute_context_%' AND text NOT LIKE "
                           "'execute_context_0(%' AND text NOT LIKE '%_generation_0(0)'"),
            &ok);
        QVERIFY(ok);
        QCOMPARE(f->evidence.value(0).table, QStringLiteral("NVTX_EVENTS"));
        const std::set<qint64> listed(f->evidence[0].rowids.begin(), f->evidence[0].rowids.end());
        QCOMPARE(listed, mixed);
        const std::set<qint64> selected = test::selectFirstColumn(path, f->evidence[0].sql, &ok);
        QVERIFY(ok);
        QCOMPARE(selected, mixed);
        QCOMPARE(f->evidence.value(1).table, QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL"));
    }
};

QTEST_GUILESS_MAIN(TestServing)
#include "tst_serving.moc"
