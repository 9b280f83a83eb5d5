// SPDX-License-Identifier: MIT
// Iterations without NVTX: hand-built loops, and real exports whose loops were read off with
// SQL (the anchor's launches) and by hand (the kernels of one CloverLeaf time step).
#include "core/analysis/analyzer.h"
#include "core/analysis/passes/iterationdetector.h"
#include "core/cluster/exportdigester.h"
#include "core/io/traceloader.h"
#include "core/report/iterationreport.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/realtraces.h"
#include "tests/common/tracefixture.h"

#include <QFileInfo>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

using namespace sl;

class TestIterationDetector : public QObject
{
    Q_OBJECT
private slots:
    void decodeLoopCutByTheCapture();
    void countsOffByOneShareABand();
    void oneKernelPerTimeStep();
    void noLoopNoIterations();
    void realLoops_data();
    void realLoops();
    void digestStepsOfARealLoop();
    void analysisOfARealLoop();
    void splitOfAHandBuiltLoop();
};

namespace {

QString realTrace(const QString& file)
{
    for (const QString& t : test::realTraces())
        if (QFileInfo(t).fileName() == file)
            return t;
    return {};
}

// Session-relative times as nsys writes them (ns since the session start, ~1.2 s in).
constexpr qint64 t0 = 1'234'567'890;
constexpr qint64 kernelNs = 10'000; ///< every kernel here runs 10 µs, back to back
constexpr qint64 stepGapNs = 500'000; ///< the host's scheduling between two decode steps

// Name ids as StringIds gives them: arbitrary, large.
constexpr qint64 kEmbed = 8841, kQkv = 8902, kAttn = 9117, kSample = 9350;

/// A decode step: embedding, 4 layers of (qkv, attention), sampling: 10 kernels back to back.
void step(KernelSequence& gpu, qint64* t)
{
    const qint64 names[] = { kEmbed, kQkv, kAttn, kQkv, kAttn, kQkv, kAttn, kQkv, kAttn, kSample };
    for (const qint64 n : names) {
        gpu.append(*t, *t + kernelNs, n);
        *t += kernelNs;
    }
}

/// CloverLeaf's iteration bounds on GPU 0 found in SQL alone (window functions over the export):
/// of the names launched 10 or 11 times (the count most names share), the one after the longest
/// median idle; its launches' starts. `anchor` gets its name.
std::vector<qint64> cloverLeafAnchorStarts(const QString& path, QString* anchor = nullptr)
{
    std::vector<qint64> bounds;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("sql"));
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        QSqlQuery q(db);
        const QString anchorOf = QStringLiteral(
            "WITH k AS (SELECT start, demangledName d, max(0, start - max(end) OVER (ORDER BY start, "
            "rowid ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)) idle FROM "
            "CUPTI_ACTIVITY_KIND_KERNEL WHERE deviceId = 0), n AS (SELECT d, count(*) c FROM k GROUP BY "
            "d), m AS (SELECT k.d, k.idle, c, row_number() OVER (PARTITION BY k.d ORDER BY k.idle) r "
            "FROM k JOIN n USING (d) WHERE c IN (10, 11)), a AS (SELECT d FROM m WHERE r = (c + 1) / 2 "
            "ORDER BY idle DESC LIMIT 1) ");
        if (db.open()
            && q.exec(anchorOf + QStringLiteral("SELECT start FROM k WHERE d = (SELECT d FROM a) ORDER BY start")))
            while (q.next())
                bounds.push_back(q.value(0).toLongLong());
        if (anchor && q.exec(anchorOf + QStringLiteral("SELECT value FROM StringIds WHERE id = (SELECT d FROM a)"))
            && q.next())
            *anchor = q.value(0).toString();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("sql"));
    return bounds;
}

} // namespace

void TestIterationDetector::decodeLoopCutByTheCapture()
{
    // The capture starts in a step's last layer (qkv, attention, sampling) and ends after the
    // next one's embedding: 5 whole steps between. Counts: embed 6, sample 6, qkv 21, attn 21.
    KernelSequence gpu;
    qint64 t = t0;
    for (const qint64 n : { kQkv, kAttn, kSample }) {
        gpu.append(t, t + kernelNs, n);
        t += kernelNs;
    }
    for (int s = 0; s < 5; ++s) {
        t += stepGapNs;
        step(gpu, &t);
    }
    t += stepGapNs;
    gpu.append(t, t + kernelNs, kEmbed);
    const IterationDetector::Result r = IterationDetector::detect(gpu);
    QVERIFY(r.found);
    // Count 6 has embed and sample, count 21 qkv and attention: a tie, to the coarser 6. Embed
    // follows 500 µs of idle, sample none: embed opens the steps.
    QCOMPARE(r.anchorName, kEmbed);
    QCOMPARE(r.names, 2);
    QCOMPARE(r.boundsNs.size(), size_t(6));
    // The first embedding: after the 3 cut kernels (30 µs) and one gap; then one every 600 µs.
    for (size_t k = 0; k < 6; ++k)
        QCOMPARE(r.boundsNs[k], t0 + 30'000 + 500'000 + qint64(k) * 600'000);
    QCOMPARE(r.kernels, std::vector<qint64>(5, 10));
    QCOMPARE(r.regularity, 1.0);
}

void TestIterationDetector::countsOffByOneShareABand()
{
    // Steps of (embed, attn, sample, then 3 µs idle); the capture ends after a step's sampling
    // kernel is cut off: embed 4, attn 4, sample 3 — one band. 200 µs before each embedding.
    KernelSequence gpu;
    qint64 t = t0;
    for (int s = 0; s < 4; ++s) {
        t += 200'000;
        for (const qint64 n : { kEmbed, kAttn, kSample }) {
            if (s == 3 && n == kSample)
                break;
            gpu.append(t, t + kernelNs, n);
            t += kernelNs + 3'000;
        }
    }
    const IterationDetector::Result r = IterationDetector::detect(gpu);
    QVERIFY(r.found);
    QCOMPARE(r.names, 3); // count 3 (sample) with count 4 (embed, attn)
    QCOMPARE(r.anchorName, kEmbed);
    QCOMPARE(r.boundsNs.size(), size_t(4));
    // A step: 200 µs + 3 × 13 µs = 239 µs; the first embed 200 µs in.
    QCOMPARE(r.boundsNs[0], t0 + 200'000);
    QCOMPARE(r.boundsNs[3] - r.boundsNs[2], qint64(239'000));
    QCOMPARE(r.kernels, std::vector<qint64>({ 3, 3, 3 }));
}

void TestIterationDetector::oneKernelPerTimeStep()
{
    // A stencil: one kernel per time step, 4 µs apart (the copy between them is not a kernel).
    KernelSequence stencil;
    for (qint64 k = 0; k < 5; ++k)
        stencil.append(t0 + k * 14'000, t0 + k * 14'000 + kernelNs, kEmbed);
    const IterationDetector::Result r = IterationDetector::detect(stencil);
    QVERIFY(r.found);
    QCOMPARE(r.boundsNs.size(), size_t(5));
    QCOMPARE(r.kernels, std::vector<qint64>(4, 1));
    // The same kernel on four streams at once is no loop.
    KernelSequence streams;
    for (qint64 k = 0; k < 4; ++k)
        streams.append(t0 + k * 2'000, t0 + k * 2'000 + kernelNs, kEmbed);
    QVERIFY(!IterationDetector::detect(streams).found);
}

void TestIterationDetector::noLoopNoIterations()
{
    // Every name twice (fewer than 3 anchors), or one name 5 times among names run once.
    KernelSequence twice, lonely;
    for (qint64 k = 0; k < 8; ++k)
        twice.append(t0 + k * 20'000, t0 + k * 20'000 + kernelNs, 100 + k % 4);
    QVERIFY(!IterationDetector::detect(twice).found);
    for (qint64 k = 0; k < 10; ++k)
        lonely.append(t0 + k * 20'000, t0 + k * 20'000 + kernelNs, k % 2 == 0 ? 7 : 100 + k);
    QVERIFY(!IterationDetector::detect(lonely).found);
    QVERIFY(!IterationDetector::detect(KernelSequence()).found);
}

void TestIterationDetector::realLoops_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("device");
    QTest::addColumn<QString>("anchor");
    QTest::addColumn<int>("iterations");
    QTest::addColumn<qint64>("kernelsPerIteration");
    // CloverLeaf on one A100, 10 hydro time steps of 125 kernels: each begins with the halo
    // update after the host's time-step reduction. Wan2.1 video inference: 27 denoising steps.
    QTest::newRow("cloverleaf") << QStringLiteral("pipit-cloverleaf-a100x4-2024.5.sqlite") << 0
                                << QStringLiteral("void clover::par_ranged1d_kernel<update_halo_kernel") << 10
                                << qint64(125);
    QTest::newRow("heat stencil") << QStringLiteral("sc23-openmp-heat-t4-2023.3-b.sqlite") << 0
                                  << QStringLiteral("nvkernel_solve_F1L210_2") << 49 << qint64(1);
}

void TestIterationDetector::realLoops()
{
    QFETCH(QString, file);
    QFETCH(int, device);
    QFETCH(QString, anchor);
    QFETCH(int, iterations);
    QFETCH(qint64, kernelsPerIteration);
    const QString path = realTrace(file);
    if (path.isEmpty())
        QSKIP(qPrintable(test::realTracesSkipReason()));
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("real"));
    db.setDatabaseName(path);
    db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
    QVERIFY(db.open());
    KernelSequence gpu;
    {
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("SELECT start, end, demangledName FROM CUPTI_ACTIVITY_KIND_KERNEL "
                                      "WHERE deviceId = %1 ORDER BY start, rowid")
                           .arg(device)));
        while (q.next())
            gpu.append(q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toLongLong());
    }
    const IterationDetector::Result r = IterationDetector::detect(gpu);
    QVERIFY(r.found);
    QSqlQuery q(db);
    QVERIFY(q.exec(QStringLiteral("SELECT value FROM StringIds WHERE id = %1").arg(r.anchorName)) && q.next());
    QVERIFY2(q.value(0).toString().startsWith(anchor), qPrintable(q.value(0).toString()));
    // The bounds are that kernel's launches on the GPU, in start order.
    QVERIFY(q.exec(QStringLiteral("SELECT start FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE deviceId = %1 AND "
                                  "demangledName = %2 ORDER BY start")
                       .arg(device)
                       .arg(r.anchorName)));
    std::vector<qint64> starts;
    while (q.next())
        starts.push_back(q.value(0).toLongLong());
    QCOMPARE(r.boundsNs, starts);
    QCOMPARE(int(r.boundsNs.size()) - 1, iterations);
    std::vector<qint64> sorted = r.kernels;
    std::sort(sorted.begin(), sorted.end());
    QCOMPARE(sorted[(sorted.size() - 1) / 2], kernelsPerIteration);
    q = QSqlQuery();
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(QStringLiteral("real"));
}

void TestIterationDetector::digestStepsOfARealLoop()
{
    // CloverLeaf marks no steps: its digest's steps are the iterations, whose bounds are here
    // found again in SQL alone (window functions over the export): of the names launched 10 or
    // 11 times on GPU 0 (the count most names share), the one after the longest median idle.
    const QString path = realTrace(QStringLiteral("pipit-cloverleaf-a100x4-2024.5.sqlite"));
    if (path.isEmpty())
        QSKIP(qPrintable(test::realTracesSkipReason()));
    RankDigest d;
    QString error;
    QVERIFY2(ExportDigester::digest(path, &d, &error), qPrintable(error));
    const std::vector<qint64> bounds = cloverLeafAnchorStarts(path);
    QCOMPARE(bounds.size(), size_t(11));
    QCOMPARE(d.steps.size(), size_t(10));
    for (size_t k = 0; k < d.steps.size(); ++k) {
        QCOMPARE(d.steps[k].name, QStringLiteral("iteration#%1").arg(k));
        QCOMPARE(d.steps[k].startNs, bounds[k]);
        QCOMPARE(d.steps[k].endNs, bounds[k + 1]);
    }
}

void TestIterationDetector::analysisOfARealLoop()
{
    // `analyze` on CloverLeaf (no NVTX): GPU 0's loop with its lengths and its time split, all
    // found again in SQL. Its kernels never overlap (checked in SQL: no kernel starts while
    // another runs), so the compute time is the sum of the kernels' clipped durations.
    const QString path = realTrace(QStringLiteral("pipit-cloverleaf-a100x4-2024.5.sqlite"));
    if (path.isEmpty())
        QSKIP(qPrintable(test::realTracesSkipReason()));
    QString anchor;
    const std::vector<qint64> bounds = cloverLeafAnchorStarts(path, &anchor);
    QCOMPARE(bounds.size(), size_t(11));
    const LoadOutcome loaded = TraceLoader::loadSync(path);
    QVERIFY2(loaded.trace, qPrintable(loaded.message));
    const AnalysisPtr r = Analyzer::analyze(loaded.trace, AnalysisOptions {});
    QVERIFY(r);
    QCOMPARE(r->iterations.size(), size_t(1));
    const IterationStats& s = r->iterations.front();
    QCOMPARE(s.deviceId, 0);
    QCOMPARE(loaded.trace->strings.at(s.anchorName), anchor);
    QCOMPARE(s.iterations, qint64(10));
    QCOMPARE(s.firstNs, bounds.front());
    QCOMPARE(s.lastNs, bounds.back());
    std::vector<qint64> lengths;
    for (size_t k = 0; k + 1 < bounds.size(); ++k)
        lengths.push_back(bounds[k + 1] - bounds[k]);
    std::sort(lengths.begin(), lengths.end());
    QCOMPARE(s.p50Ns, lengths[4]); // nearest rank: ceil(0.5 × 10) = 5th
    QCOMPARE(s.p90Ns, lengths[8]);
    QCOMPARE(s.maxNs, lengths[9]);
    QCOMPARE(s.kernelsP50, qint64(125));
    QCOMPARE(s.regularity, 0.9); // 9 of 10 iterations launch 125 kernels (the first, 43)
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("split"));
    qint64 overlaps = -1, busy = -1, copyOverlaps = -1, copies = -1, hostWait = -1, profiler = -1, gaps = -1;
    {
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(
            q.exec(QStringLiteral("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL a, CUPTI_ACTIVITY_KIND_KERNEL c "
                                  "WHERE a.deviceId = 0 AND c.deviceId = 0 AND a.start < c.start AND a.end > c.start"))
            && q.next());
        overlaps = q.value(0).toLongLong();
        QVERIFY(q.exec(QStringLiteral("SELECT sum(min(end, %2) - max(start, %1)) FROM CUPTI_ACTIVITY_KIND_KERNEL "
                                      "WHERE deviceId = 0 AND start < %2 AND end > %1")
                           .arg(bounds.front())
                           .arg(bounds.back()))
            && q.next());
        busy = q.value(0).toLongLong();
        // The copies of GPU 0: none overlaps a kernel or another copy (checked), so their
        // union in the span is the sum of their clipped lengths.
        QVERIFY(
            q.exec(QStringLiteral("SELECT (SELECT count(*) FROM CUPTI_ACTIVITY_KIND_MEMCPY m, "
                                  "CUPTI_ACTIVITY_KIND_KERNEL k WHERE m.deviceId = 0 AND k.deviceId = 0 AND "
                                  "m.start < k.end AND k.start < m.end) + (SELECT count(*) FROM "
                                  "CUPTI_ACTIVITY_KIND_MEMCPY a, CUPTI_ACTIVITY_KIND_MEMCPY b WHERE a.deviceId = 0 "
                                  "AND b.deviceId = 0 AND a.rowid <> b.rowid AND a.start < b.end AND b.start < a.end)"))
            && q.next());
        copyOverlaps = q.value(0).toLongLong();
        QVERIFY(q.exec(QStringLiteral("SELECT total(min(end, %2) - max(start, %1)) FROM CUPTI_ACTIVITY_KIND_MEMCPY "
                                      "WHERE deviceId = 0 AND start < %2 AND end > %1")
                           .arg(bounds.front())
                           .arg(bounds.back()))
            && q.next());
        copies = qint64(q.value(0).toDouble());
        // The idle gaps in the span from SQL alone (GPU 0's kernels and copies overlap nothing:
        // checked above, so a gap is a row's start after the previous row's end), each classed as
        // analysis-spec says: profiler-overhead when that process' PROFILER_OVERHEAD covers half
        // of it, else host-wait when the launching call started after the gap began.
        QVERIFY2(q.exec(QStringLiteral(
                     "WITH ops AS (SELECT start, end, correlationId c, globalPid >> 24 p FROM "
                     "CUPTI_ACTIVITY_KIND_KERNEL WHERE deviceId = 0 UNION ALL SELECT start, end, "
                     "correlationId, globalPid >> 24 FROM CUPTI_ACTIVITY_KIND_MEMCPY WHERE deviceId = 0), "
                     "o AS (SELECT start, c, p, lag(end) OVER (ORDER BY start) prev FROM ops), "
                     "g AS (SELECT prev gs, start ge, c, p FROM o WHERE start > prev AND start > %1 AND "
                     "prev < %2), rt AS (SELECT correlationId c, globalTid >> 24 p, min(start) s FROM "
                     "CUPTI_ACTIVITY_KIND_RUNTIME GROUP BY 1, 2), x AS (SELECT g.gs, g.ge, rt.s launch, "
                     "(SELECT total(min(e.end, g.ge) - max(e.start, g.gs)) FROM PROFILER_OVERHEAD e WHERE "
                     "e.globalTid >> 24 = g.p AND e.start < g.ge AND e.end > g.gs) ovh FROM g LEFT JOIN rt "
                     "ON rt.c = g.c AND rt.p = g.p) SELECT total(CASE WHEN 2 * ovh < ge - gs AND launch > gs "
                     "THEN min(ge, %2) - max(gs, %1) END), total(CASE WHEN 2 * ovh >= ge - gs THEN "
                     "min(ge, %2) - max(gs, %1) END), count(*) FROM x")
                            .arg(bounds.front())
                            .arg(bounds.back())),
            qPrintable(q.lastError().text()));
        QVERIFY(q.next());
        hostWait = qint64(q.value(0).toDouble());
        profiler = qint64(q.value(1).toDouble());
        gaps = q.value(2).toLongLong();
    }
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(QStringLiteral("split"));
    QCOMPARE(overlaps, qint64(0));
    QCOMPARE(s.computeNs, busy);
    QCOMPARE(s.commOnlyNs, qint64(0));
    QCOMPARE(copyOverlaps, qint64(0));
    QVERIFY(copies > 0);
    QCOMPARE(s.copyOnlyNs, copies);
    QCOMPARE(s.idleNs, bounds.back() - bounds.front() - busy - copies);
    // The idle split by cause adds up to it, and its host-wait and profiler parts are the SQL's.
    QVERIFY(gaps > 0);
    qint64 byCause = 0;
    for (const qint64 ns : s.idleByCauseNs)
        byCause += ns;
    QCOMPARE(byCause, s.idleNs);
    QCOMPARE(s.idleByCauseNs[IdleGap::HostWait], hostWait);
    QCOMPARE(s.idleByCauseNs[IdleGap::ProfilerOverhead], profiler);
}

void TestIterationDetector::splitOfAHandBuiltLoop()
{
    // Five launches of a loop on GPU 0 every 100 µs, iteration k from B = 1 s + k · 100 µs
    // (offsets in µs): a GEMM [10, 30] opens it after the longest idle; an elementwise kernel
    // [30, 50]; an NCCL all-reduce [40, 70] on another stream (10 µs under the elementwise
    // kernel); a device-to-host copy [65, 80] (5 µs under the all-reduce); a CUDA graph launch
    // [80, 85] (compute, as the device pass counts it); a memset [85, 90]; nothing until the
    // next GEMM at 110. Four iterations from the first GEMM to the last (400 µs), each: compute
    // 10 → 50 and 80 → 85 = 45 µs, communication only 50 → 70 = 20 µs, copies only 70 → 80 and
    // 85 → 90 = 15 µs, idle 90 → 110 = 20 µs. The fifth launch's work lies past the span and
    // counts nowhere.
    //
    // The four idle gaps [B + 90, B + 110) get a cause each from the call that launched the GEMM
    // ending them (analysis-spec, "Idle gaps"): iterations 1 and 2's GEMMs are launched 2 and 1 µs
    // after their iteration starts, after the gap began: host-wait (the launch-bound part),
    // 2 × 20 µs. Iteration 3's GEMM is launched 30 µs before it starts, before the gap began; its
    // thread then sits in cudaStreamSynchronize through the gap: sync-wait, 20 µs. Iteration 4's
    // is launched early with no sync call: other, 20 µs. A device-to-host copy queued 5 µs into
    // iteration 3 starts with its GEMM (under it: no figure changes); the tie goes to the kernel,
    // as in the device pass, else the copy's late call would make the sync-wait gap host-wait.
    test::TraceFixture fx;
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"));
    const quint32 pid = 48211;
    for (int k = 0; k < 5; ++k) {
        const qint64 b = 1'000'000'000 + qint64(k) * 100'000;
        const auto corr = quint32(1000 + 6 * k);
        fx.kernel(b + 10'000, b + 30'000, 0, 7, corr, pid, QStringLiteral("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n"));
        fx.kernel(b + 30'000, b + 50'000, 0, 7, corr + 1, pid,
            QStringLiteral("void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>>"));
        fx.kernel(b + 40'000, b + 70'000, 0, 13, corr + 2, pid,
            QStringLiteral("ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevComm *, unsigned long, ncclWork *)"));
        fx.memcpy(b + 65'000, b + 80'000, 0, 14, corr + 3, pid, 1 << 20, 2, 2, 0); // DtoH, device → pageable
        fx.graphLaunch(b + 80'000, b + 85'000, 0, 15, corr + 4, pid, 3);
        fx.memset(b + 85'000, b + 90'000, 0, 14, corr + 5, pid, 1 << 16);
        const qint64 launch = k == 1 ? b + 2'000 : k == 2 ? b + 1'000 : b - 30'000;
        fx.runtime(launch, launch + 4'000, pid, pid, corr, QStringLiteral("cudaLaunchKernel_v7000"));
    }
    const qint64 b2 = 1'000'200'000; // iteration 2's start: its gap is [b2 + 90, b2 + 110) µs
    fx.runtime(b2 + 88'000, b2 + 108'000, pid, pid, 9001, QStringLiteral("cudaStreamSynchronize_v3020"));
    const qint64 b3 = 1'000'300'000;
    fx.memcpy(b3 + 10'000, b3 + 12'000, 0, 14, 9002, pid, 4096, 2, 2, 0);
    fx.runtime(b3 + 5'000, b3 + 8'000, pid, pid, 9002, QStringLiteral("cudaMemcpyAsync_v3020"));
    const auto r = test::analyzeWindow(test::loadFixture(fx));
    QVERIFY(r);
    QCOMPARE(r->iterations.size(), size_t(1));
    const IterationStats& s = r->iterations.front();
    QCOMPARE(r->trace->strings.at(s.anchorName), QStringLiteral("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n"));
    QCOMPARE(s.iterations, qint64(4));
    QCOMPARE(s.firstNs, qint64(1'000'010'000));
    QCOMPARE(s.lastNs, qint64(1'000'410'000));
    QCOMPARE(s.computeNs, qint64(4 * 45'000));
    QCOMPARE(s.commOnlyNs, qint64(4 * 20'000));
    QCOMPARE(s.copyOnlyNs, qint64(4 * 15'000));
    QCOMPARE(s.idleNs, qint64(4 * 20'000));
    QCOMPARE(s.idleByCauseNs[IdleGap::HostWait], qint64(40'000));
    QCOMPARE(s.idleByCauseNs[IdleGap::SyncWait], qint64(20'000));
    QCOMPARE(s.idleByCauseNs[IdleGap::Other], qint64(20'000));
    QCOMPARE(s.idleByCauseNs[IdleGap::ProfilerOverhead], qint64(0));
    // The device's gaps are these four (its work ends at the fifth memset, inside no gap): the
    // device pass, classing them on its own walk, gets the same split.
    QCOMPARE(r->devices.size(), qsizetype(1));
    for (int c = 0; c < IdleGap::kCauses; ++c)
        QCOMPARE(r->devices.front().idleByCauseNs[c], s.idleByCauseNs[c]);
    // The report writes the same four figures: report.json in ns, report.md as shares of 400 µs.
    const QJsonObject json = IterationReport::json(*r).at(0).toObject();
    QCOMPARE(json.value(QStringLiteral("compute_ns")).toInteger(), qint64(180'000));
    QCOMPARE(json.value(QStringLiteral("comm_only_ns")).toInteger(), qint64(80'000));
    QCOMPARE(json.value(QStringLiteral("copy_only_ns")).toInteger(), qint64(60'000));
    QCOMPARE(json.value(QStringLiteral("idle_ns")).toInteger(), qint64(80'000));
    const QJsonObject causes = json.value(QStringLiteral("idle_by_cause_ns")).toObject();
    QCOMPARE(causes.value(QStringLiteral("host-wait")).toInteger(), qint64(40'000));
    QCOMPARE(causes.value(QStringLiteral("sync-wait")).toInteger(), qint64(20'000));
    QCOMPARE(causes.value(QStringLiteral("other")).toInteger(), qint64(20'000));
    const QString md = IterationReport::markdown(*r);
    QVERIFY2(md.contains(QStringLiteral("| Compute | Communication only | Copies only | Idle |")), qPrintable(md));
    QVERIFY2(md.contains(QStringLiteral("| 45.0 % | 20.0 % | 15.0 % | 20.0 % | 10.0 % |")), qPrintable(md));
}

QTEST_GUILESS_MAIN(TestIterationDetector)
#include "tst_iterationdetector.moc"
