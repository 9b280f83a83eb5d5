// SPDX-License-Identifier: MIT
// The analysis result cache (issue 20.2): a result read back from the cache equals a fresh
// analysis of the same trace — its JSON and Markdown reports byte for byte, every per-kernel,
// per-range and per-name vector, every finding's evidence, the NVTX thread groups — on synthetic
// and real exports; a touched export, changed options or an import are never served; a flipped
// byte, a truncated file and a result of another trace are refused and removed; result files
// count in the trace cache's size cap.
#include "core/analysis/analyzer.h"
#include "core/analysis/imports.h"
#include "core/io/tracecache.h"
#include "core/io/traceloader.h"
#include "core/report/jsonreport.h"
#include "core/report/markdownreport.h"
#include "core/session/resultarchive.h"
#include "core/session/resultcache.h"
#include "core/synth/synthtracewriter.h"
#include "core/timeline/timelinearchive.h"
#include "core/timeline/timelinedata.h"
#include "core/trace/nvtxthreadgroups.h"
#include "tests/common/realtraces.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace sl;

namespace {

/// A trace loaded through the trace cache in `cacheDir`, with the key it was loaded under.
struct Loaded
{
    TracePtr trace;
    TraceCacheKey key;
};

Loaded load(const QString& path, const QString& cacheDir)
{
    LoadOptions o;
    o.cacheDir = cacheDir;
    o.deferCacheWrite = true; // the key comes back, nothing is written: only results are tested here
    const LoadOutcome out = TraceLoader::loadSync(path, o);
    const auto key = out.cacheKey ? out.cacheKey : out.servedKey;
    return out.ok() && key ? Loaded { out.trace, *key } : Loaded {};
}

QByteArray json(const AnalysisResult& r) { return QJsonDocument(JsonReport::build(r)).toJson(); }

void compareEvidence(const Evidence& a, const Evidence& b)
{
    QCOMPARE(a.table, b.table);
    QVERIFY(a.rowids == b.rowids);
    QCOMPARE(a.rowCount, b.rowCount);
    QCOMPARE(a.startNs, b.startNs);
    QCOMPARE(a.endNs, b.endNs);
    QCOMPARE(a.deviceId, b.deviceId);
    QCOMPARE(a.sql, b.sql);
    QVERIFY(a.rows == b.rows);
}

/// `cached` equals `fresh` in every part the reports show and every part they do not.
void compareResults(const AnalysisResult& cached, const AnalysisResult& fresh)
{
    QVERIFY(cached.trace == fresh.trace);
    QCOMPARE(json(cached), json(fresh));
    QCOMPARE(MarkdownReport::build(cached), MarkdownReport::build(fresh));
    QVERIFY(cached.kernelInWindow == fresh.kernelInWindow);
    QVERIFY(cached.kernelRange == fresh.kernelRange);
    QVERIFY(cached.kernelPhase == fresh.kernelPhase);
    QVERIFY(cached.rangeStepPhase == fresh.rangeStepPhase);
    QVERIFY(cached.rangePhase == fresh.rangePhase);
    QVERIFY(cached.nameCategory == fresh.nameCategory);
    QCOMPARE(cached.categoryOfName, fresh.categoryOfName);
    QCOMPARE(cached.phasesByPid.keys().size(), fresh.phasesByPid.keys().size());
    for (auto it = fresh.phasesByPid.cbegin(); it != fresh.phasesByPid.cend(); ++it) {
        const QVector<PhaseStats> other = cached.phasesByPid.value(it.key());
        QCOMPARE(other.size(), it.value().size());
        for (qsizetype i = 0; i < other.size(); ++i) {
            QCOMPARE(other[i].phase, it.value()[i].phase);
            QCOMPARE(other[i].kernelNs, it.value()[i].kernelNs);
            QCOMPARE(other[i].kernelCount, it.value()[i].kernelCount);
            QVERIFY(other[i].stepNs == it.value()[i].stepNs);
        }
    }
    QVERIFY(cached.serving.rangeStep == fresh.serving.rangeStep);
    QVERIFY(cached.efficiency.flopKernels == fresh.efficiency.flopKernels);
    QVERIFY(cached.efficiency.commKernels == fresh.efficiency.commKernels);
    QCOMPARE(cached.findings.size(), fresh.findings.size());
    for (qsizetype f = 0; f < fresh.findings.size(); ++f) {
        QCOMPARE(cached.findings[f].id, fresh.findings[f].id);
        QCOMPARE(cached.findings[f].evidence.size(), fresh.findings[f].evidence.size());
        for (qsizetype e = 0; e < fresh.findings[f].evidence.size(); ++e)
            compareEvidence(cached.findings[f].evidence[e], fresh.findings[f].evidence[e]);
    }
    QCOMPARE(bool(cached.nvtxThreads), bool(fresh.nvtxThreads));
    if (fresh.nvtxThreads) {
        QVERIFY(cached.nvtxThreads->ranges == fresh.nvtxThreads->ranges);
        QVERIFY(cached.nvtxThreads->parent == fresh.nvtxThreads->parent);
        QVERIFY(cached.nvtxThreads->depth == fresh.nvtxThreads->depth);
        QVERIFY(cached.nvtxThreads->index == fresh.nvtxThreads->index);
    }
    // Whatever the reports leave out: the two results serialise to the same bytes.
    QCOMPARE(ResultArchive::write(cached), ResultArchive::write(fresh));
}

/// The lanes restored from the cache against lanes built afresh: the same lanes with the same
/// rows, and every summary answering the same at the whole capture and two closer zooms.
void compareLanes(const TimelineData& cached, const TimelineData& built)
{
    QCOMPARE(cached.lanes().size(), built.lanes().size());
    QCOMPARE(cached.devices().size(), built.devices().size());
    for (size_t d = 0; d < built.devices().size(); ++d) {
        const auto &a = cached.devices()[d], &b = built.devices()[d];
        QVERIFY(a.deviceId == b.deviceId && a.busy == b.busy && a.kernels == b.kernels && a.graphs == b.graphs);
        QVERIFY(a.memcpy == b.memcpy && a.memset == b.memset);
    }
    QCOMPARE(cached.threads().size(), built.threads().size());
    for (size_t t = 0; t < built.threads().size(); ++t)
        QVERIFY(cached.threads()[t].depths == built.threads()[t].depths);
    QVERIFY(cached.keys() == built.keys());
    const Trace& trace = *built.trace();
    const qint64 span = std::max<qint64>(1, trace.lastNs - trace.firstNs);
    std::vector<LaneCell> x, y;
    for (size_t l = 0; l < built.lanes().size(); ++l) {
        const TimelineLane &a = cached.lanes()[l], &b = built.lanes()[l];
        QVERIFY(a.kind == b.kind && a.device == b.device && a.stream == b.stream && a.depth == b.depth);
        QVERIFY(a.pid == b.pid && a.tid == b.tid && a.pids == b.pids && a.rows == b.rows);
        QCOMPARE(a.summary.count(), b.summary.count());
        QCOMPARE(a.summary.lastEnd(), b.summary.lastEnd());
        QCOMPARE(a.summary.memoryBytes(), b.summary.memoryBytes());
        for (const int columns : { 1000, 50'000, 3'000'000 }) {
            const double nsPerColumn = double(span) / double(columns);
            a.summary.summarize(trace.firstNs, nsPerColumn, 1000, x, LaneSummary::Detail::Paint);
            b.summary.summarize(trace.firstNs, nsPerColumn, 1000, y, LaneSummary::Detail::Paint);
            for (size_t c = 0; c < x.size(); ++c)
                QVERIFY(x[c].count == y[c].count && x[c].busyNs == y[c].busyNs && x[c].key == y[c].key);
        }
    }
}

/// Analyses `path`, caches the result, reads it back and compares it with the fresh one.
void roundTrip(const QString& path, const QString& cacheDir)
{
    const Loaded l = load(path, cacheDir);
    QVERIFY2(l.trace, qPrintable(path));
    const AnalysisOptions options;
    const auto fingerprint = ResultCache::fingerprint(options);
    QVERIFY(fingerprint);
    const AnalysisPtr fresh = Analyzer::analyze(l.trace, options);
    QVERIFY(fresh);
    const ResultCache cache(cacheDir);
    QVERIFY(cache.write(*fresh, l.key, *fingerprint));
    QString why;
    TimelineDataPtr lanes;
    const AnalysisPtr cached = cache.read(l.key, *fingerprint, l.trace, &why,
        [&lanes](const AnalysisResult&, const TimelineDataPtr& stored) { lanes = stored; });
    QVERIFY2(cached, qPrintable(why));
    QVERIFY(cached != fresh);
    compareResults(*cached, *fresh);
    QVERIFY(lanes);
    const TimelineDataPtr built = TimelineData::build(l.trace, TimelineData::Keys::fromAnalysis(*fresh));
    QVERIFY(built);
    compareLanes(*lanes, *built);
}

void flipByte(const QString& path, qint64 offset)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QVERIFY(f.seek(offset));
    char c = 0;
    QVERIFY(f.getChar(&c));
    QVERIFY(f.seek(offset));
    QVERIFY(f.putChar(char(c ^ 0x10)));
}

} // namespace

class TestResultCache : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_serve; ///< two ranks, CUDA graphs, GPU metrics, memory events
    QString m_vllm; ///< vLLM step names, operator ranges with shapes
    QString m_cache;
    QByteArray m_fingerprint;

    QString copyExport(const QString& from, const QString& name)
    {
        const QString p = m_dir.filePath(name);
        QFile::remove(p);
        return QFile::copy(from, p) ? p : QString();
    }

    /// `path` analysed with default options and its result cached; the key and trace used.
    Loaded cached(const QString& path)
    {
        const Loaded l = load(path, m_cache);
        if (l.trace)
            ResultCache(m_cache).write(*Analyzer::analyze(l.trace, AnalysisOptions {}), l.key, m_fingerprint);
        return l;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        SynthOptions o;
        o.steps = 12;
        o.ranks = 2;
        o.graphs = SynthGraphMode::Graph;
        o.gpuMetricsPeriodNs = 100'000; // nsys' default 10 kHz
        o.memoryUsage = true;
        m_serve = m_dir.filePath(QStringLiteral("serve.sqlite"));
        QVERIFY(writeSynthTrace(m_serve, o).ok);
        SynthOptions v;
        v.steps = 20;
        v.framework = SynthFramework::Vllm;
        v.opRanges = true;
        m_vllm = m_dir.filePath(QStringLiteral("vllm.sqlite"));
        QVERIFY(writeSynthTrace(m_vllm, v).ok);
        m_cache = m_dir.filePath(QStringLiteral("cache"));
        m_fingerprint = ResultCache::fingerprint(AnalysisOptions {}).value_or(QByteArray());
        QCOMPARE(m_fingerprint.size(), 32);
    }

    void init() { QDir(m_cache).removeRecursively(); }

    void synthRoundTrip()
    {
        roundTrip(m_serve, m_cache);
        roundTrip(m_vllm, m_cache);
    }

    void realExportsRoundTrip()
    {
        const QStringList files = sl::test::realTraces();
        if (files.isEmpty())
            QSKIP(qPrintable(sl::test::realTracesSkipReason()));
        for (const QString& file : files) {
            roundTrip(file, m_cache);
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(file));
        }
    }

    void touchedExportIsNotServed()
    {
        const QString path = copyExport(m_serve, QStringLiteral("touched.sqlite"));
        const Loaded l = cached(path);
        QVERIFY(l.trace);
        QVERIFY(ResultCache(m_cache).read(l.key, m_fingerprint, l.trace));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.setFileTime(QDateTime::currentDateTimeUtc().addSecs(5), QFileDevice::FileModificationTime));
        f.close();
        const auto touched = TraceCacheKey::of(path);
        QVERIFY(touched && !(*touched == l.key));
        QString why;
        QVERIFY(!ResultCache(m_cache).read(*touched, m_fingerprint, l.trace, &why));
        QCOMPARE(why, QStringLiteral("not cached"));
    }

    /// Every option that changes the result changes the fingerprint; equal options do not.
    void changedOptionsAreNotServed()
    {
        const AnalysisOptions base;
        QCOMPARE(ResultCache::fingerprint(base), ResultCache::fingerprint(AnalysisOptions {}));
        QList<AnalysisOptions> changed(8, base);
        changed[0].maxGaps = 10;
        QString error;
        QVERIFY(changed[1].setPeakTflops(QStringLiteral("400"), &error));
        QVERIFY(PhaseMap::fromJson(R"({"warmup": ["warm"]})", &changed[2].phases, &error));
        QVERIFY2(
            changed[3].taxonomy.extendFromJson(
                R"({"format": "sightline.taxonomy", "format_version": 1, "rules": [{"category": "gemm", "patterns": ["zzz"]}]})",
                &error),
            qPrintable(error));
        QVERIFY(changed[4].peaks.extendFromJson(
            R"({"format": "sightline.gpu-peaks", "format_version": 1, "gpus": [{"model": "X1", "source": "t", "match": ["X1"], "tflops": {"bf16": 1}}]})",
            &error));
        QVERIFY2(
            changed[5].mathPaths.extendFromJson(
                R"({"format": "sightline.math-paths", "format_version": 1, "paths": [{"path": "simt", "dtype": "fp32", "patterns": ["zzz"]}], "dtypes": []})",
                &error),
            qPrintable(error));
        QVERIFY2(
            changed[6].anatomy.extendFromJson(
                R"({"format": "sightline.anatomy", "format_version": 1, "classes": [{"class": "attention", "kernels": ["zzz"]}], "bandwidth": []})",
                &error),
            qPrintable(error));
        changed[7].window.kind = AnalysisWindow::Kind::Steady;
        QSet<QByteArray> seen { *ResultCache::fingerprint(base) };
        for (int i = 0; i < 7; ++i) {
            const auto f = ResultCache::fingerprint(changed[i]);
            QVERIFY2(f && !seen.contains(*f), qPrintable(QString::number(i)));
            seen.insert(*f);
        }
        QVERIFY(!ResultCache::fingerprint(changed[7])); // only the open's full window is cached
        // Served only for the options it was written with.
        const Loaded l = cached(copyExport(m_serve, QStringLiteral("options.sqlite")));
        QVERIFY(l.trace);
        QVERIFY(!ResultCache(m_cache).read(l.key, *ResultCache::fingerprint(changed[2]), l.trace));
        QVERIFY(ResultCache(m_cache).read(l.key, m_fingerprint, l.trace));
    }

    /// An import (NVML, Nsight Compute, cuBLAS log) is never cached nor served: changing the
    /// file behind its path could not be noticed cheaply.
    void importsAreNeverCached()
    {
        for (int i = 0; i < 3; ++i) {
            AnalysisOptions o;
            (i == 0 ? o.nvmlCsv : i == 1 ? o.ncuFile : o.cublasLog) = m_dir.filePath(QStringLiteral("import.csv"));
            QVERIFY(!ResultCache::fingerprint(o));
        }
        AnalysisOptions snapshot;
        snapshot.imports = std::make_shared<Imports>();
        QVERIFY(!ResultCache::fingerprint(snapshot));
    }

    void flippedByteIsRefusedAndRebuilt()
    {
        const Loaded l = cached(copyExport(m_serve, QStringLiteral("flipped.sqlite")));
        QVERIFY(l.trace);
        const ResultCache cache(m_cache);
        const QString file = cache.fileFor(l.key, m_fingerprint);
        QVERIFY(QFile::exists(file));
        flipByte(file, 64 + 16 + 100); // in the result
        QString why;
        QVERIFY(!cache.read(l.key, m_fingerprint, l.trace, &why));
        QCOMPARE(why, QStringLiteral("checksum mismatch"));
        QVERIFY(!QFile::exists(file)); // removed: the next analysis writes it again
        QVERIFY(cached(QFileInfo(l.trace->info.filePath).absoluteFilePath()).trace);
        QVERIFY(cache.read(l.key, m_fingerprint, l.trace, &why));
        flipByte(file, QFileInfo(file).size() - 100); // in the lanes
        QVERIFY(!cache.read(l.key, m_fingerprint, l.trace, &why));
        QCOMPARE(why, QStringLiteral("timeline lanes: checksum mismatch"));
        QVERIFY(!QFile::exists(file));
        QVERIFY(cached(QFileInfo(l.trace->info.filePath).absoluteFilePath()).trace);
        QVERIFY(cache.read(l.key, m_fingerprint, l.trace, &why));
        // A flipped byte in the header's key digest: another export's file.
        flipByte(file, 20);
        QVERIFY(!cache.read(l.key, m_fingerprint, l.trace, &why));
        QCOMPARE(why, QStringLiteral("written for another export or other options"));
    }

    void truncatedFileIsRefused()
    {
        const Loaded l = cached(copyExport(m_serve, QStringLiteral("truncated.sqlite")));
        const QString file = ResultCache(m_cache).fileFor(l.key, m_fingerprint);
        QFile f(file);
        QVERIFY(f.resize(f.size() - 8));
        QString why;
        QVERIFY(!ResultCache(m_cache).read(l.key, m_fingerprint, l.trace, &why));
        QCOMPARE(why, QStringLiteral("truncated or extended"));
        QVERIFY(!QFile::exists(file));
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.write(QByteArray(40, 'x')) == 40); // shorter than a header
        f.close();
        QVERIFY(!ResultCache(m_cache).read(l.key, m_fingerprint, l.trace, &why));
        QVERIFY(!QFile::exists(file));
    }

    /// Read back against another trace, the indices do not fit: refused.
    void resultOfAnotherTraceIsRefused()
    {
        const Loaded serve = load(m_serve, m_cache), vllm = load(m_vllm, m_cache);
        QVERIFY(serve.trace && vllm.trace);
        QVERIFY(serve.trace->kernels.size() != vllm.trace->kernels.size());
        const AnalysisPtr analysis = Analyzer::analyze(serve.trace, AnalysisOptions {});
        const QByteArray bytes = ResultArchive::write(*analysis);
        QString why;
        QVERIFY(ResultArchive::read(bytes, serve.trace, &why));
        QVERIFY(!ResultArchive::read(bytes, vllm.trace, &why));
        QCOMPARE(why, QStringLiteral("kernelInWindow does not fit the trace"));
        QVERIFY(!ResultArchive::read(bytes.left(bytes.size() - 1), serve.trace, &why));
        QCOMPARE(why, QStringLiteral("the result does not parse"));
        // The lanes too: two GPUs' stream lanes do not exist in a one-GPU trace.
        const TimelineData::Keys keys = TimelineData::Keys::fromAnalysis(*analysis);
        const QByteArray lanes = TimelineArchive::write(*TimelineData::build(serve.trace, keys));
        QVERIFY(TimelineArchive::read(lanes, serve.trace, &why));
        QVERIFY(!TimelineArchive::read(lanes, vllm.trace, &why));
        QCOMPARE(why, QStringLiteral("timeline lanes: the colour keys do not fit the trace"));
        QVERIFY(!TimelineArchive::read(lanes.left(lanes.size() - 1), serve.trace, &why));
    }

    /// Result files share the trace cache's cap and its least-recently-used eviction.
    void resultsCountInTheCap()
    {
        const Loaded l = cached(copyExport(m_serve, QStringLiteral("cap.sqlite")));
        const QString result = ResultCache(m_cache).fileFor(l.key, m_fingerprint);
        QVERIFY(TraceCache(m_cache).write(*l.trace, l.key));
        const QString trace = TraceCache(m_cache).fileFor(l.key);
        QFile old(result);
        QVERIFY(old.open(QIODevice::ReadWrite));
        QVERIFY(old.setFileTime(QDateTime::currentDateTimeUtc().addDays(-1), QFileDevice::FileModificationTime));
        old.close();
        // Room for the newer trace file only: the older result file goes.
        TraceCache(m_cache, QFileInfo(trace).size()).evict();
        QVERIFY(QFile::exists(trace));
        QVERIFY(!QFile::exists(result));
        QVERIFY(cached(l.trace->info.filePath).trace);
        TraceCache(m_cache, 0).evict(); // Preferences' Clear
        QVERIFY(QDir(m_cache).entryList(QDir::Files).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestResultCache)
#include "tst_resultcache.moc"
