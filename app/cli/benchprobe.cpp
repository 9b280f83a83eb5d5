// SPDX-License-Identifier: MIT
#include "app/cli/benchprobe.h"

#include "app/cli/clicommands.h"
#include "core/analysis/analyzer.h"
#include "core/analysis/passes/nvtxanalysis.h"
#include "core/io/floorscan.h"
#include "core/io/traceloader.h"
#include "core/report/reportwriter.h"
#include "core/util/resourceusage.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

namespace sl::cli {

namespace {

void print(const QJsonObject& o) { QTextStream(stdout) << QJsonDocument(o).toJson(QJsonDocument::Compact) << "\n"; }

/// Wall and CPU time of one phase, and its peak resident memory over `base` (bytes).
class Phase
{
public:
    explicit Phase(qint64 base)
        : m_base(base)
    {
        ResourceUsage::resetPeak();
        m_cpu = ResourceUsage::cpuNs();
        m_wall.start();
    }
    void finish(QJsonObject& o, const QString& name) const
    {
        const qint64 wall = m_wall.nsecsElapsed();
        o.insert(name + QStringLiteral("_ns"), wall);
        o.insert(name + QStringLiteral("_cpu_ns"), ResourceUsage::cpuNs() - m_cpu);
        o.insert(name + QStringLiteral("_peak"), ResourceUsage::peakResidentBytes() - m_base);
    }

private:
    qint64 m_base;
    qint64 m_cpu;
    QElapsedTimer m_wall;
};

} // namespace

int BenchProbe::measure(const QString& path, bool hashFile)
{
    QJsonObject o;
    Phase floorPhase(ResourceUsage::residentBytes());
    const FloorScan::Result floor = FloorScan::run(path);
    floorPhase.finish(o, QStringLiteral("floor"));
    o.insert(QStringLiteral("floor_ns"), floor.ns); // the scan alone, without opening the file
    o.insert(QStringLiteral("rows"), floor.rows);
    // The floor every figure is a ratio to: the stock sqlite3 shell aggregating every column the
    // load reads (FloorScan::shellScan).
    o.insert(QStringLiteral("shell_floor_ns"), FloorScan::shellScan(path).ns);
    ResourceUsage::releaseFreedMemory();
    const qint64 base = ResourceUsage::residentBytes();
    o.insert(QStringLiteral("rss_before"), base);

    LoadOptions lo;
    lo.computeSha256 = hashFile;
    // GPU_METRICS range readers (LoadOptions::metricsReaders; 0 or unset = as the apps choose):
    // lets a run compare 1 against N on one machine.
    lo.metricsReaders = qEnvironmentVariableIntValue("SIGHTLINE_BENCH_METRICS_READERS");
    Phase load(base);
    const LoadOutcome loaded = TraceLoader::loadSync(path, lo);
    load.finish(o, QStringLiteral("load"));
    if (!loaded.ok()) {
        QTextStream(stderr) << loaded.message << "\n";
        return Failure;
    }
    const Trace& t = *loaded.trace;
    o.insert(QStringLiteral("kernels"), qint64(t.kernels.size()));
    o.insert(QStringLiteral("api"), qint64(t.api.size()));
    o.insert(QStringLiteral("nvtx"), qint64(t.nvtx.size()));
    o.insert(QStringLiteral("ops"), qint64(t.memcpy.size() + t.memset.size() + t.graphs.size()));
    o.insert(QStringLiteral("strings"), qint64(t.strings.size()));
    o.insert(QStringLiteral("string_bytes"), t.strings.memoryBytes());
    o.insert(QStringLiteral("model_bytes"), t.memoryBytes());
    o.insert(QStringLiteral("counter_samples"), t.counters.samples());
    o.insert(QStringLiteral("counter_series"), qint64(t.counters.series.size()));
    o.insert(QStringLiteral("counter_bytes"), t.counters.memoryBytes());
    o.insert(QStringLiteral("rss_after_load"), ResourceUsage::residentBytes() - base);

    const AnalysisOptions ao;
    Phase analyze(base);
    const AnalysisPtr result = Analyzer::analyze(loaded.trace, ao);
    analyze.finish(o, QStringLiteral("analyze"));

    {
        // NVTX attribution alone: the sweep over ranges and launch calls of NvtxAnalysis, on a
        // fresh result for the full window (the window mask is set up before the clock starts).
        AnalysisResult r;
        r.trace = loaded.trace;
        r.window = Analyzer::resolveWindow(t, ao.window, &r.warnings);
        r.kernelInWindow.assign(size_t(t.kernels.size()), 1);
        Phase nvtx(base);
        NvtxAnalysis::run(ao.phases, r);
        nvtx.finish(o, QStringLiteral("nvtx"));
    }
    // The NVTX figure's result is gone: its freed blocks must not count as the report's.
    ResourceUsage::releaseFreedMemory();

    QTemporaryDir dir;
    QString error;
    Phase report(base);
    ReportWriter::writeAll(*result, dir.path(), {}, &error);
    report.finish(o, QStringLiteral("report"));
    print(o);
    return Ok;
}

int BenchProbe::cancel(const QString& path, int permille)
{
    QJsonObject o;
    ResourceUsage::releaseFreedMemory();
    const qint64 base = ResourceUsage::residentBytes();
    QFuture<LoadOutcome> future = TraceLoader::load(path);
    // Poll rather than run an event loop: this process has no GUI and QFuture's progress is
    // readable from any thread. 1 ms granularity is well under the latency being measured.
    while (!future.isFinished() && future.progressValue() < permille)
        QThread::msleep(1);
    o.insert(QStringLiteral("progress_at_cancel"), future.progressValue());
    o.insert(QStringLiteral("rss_at_cancel"), ResourceUsage::residentBytes() - base);
    QElapsedTimer t;
    t.start();
    future.cancel();
    future.waitForFinished();
    o.insert(QStringLiteral("cancel_ns"), t.nsecsElapsed());
    o.insert(QStringLiteral("cancelled"), future.resultCount() == 0 || !future.result().ok());
    o.insert(QStringLiteral("rss_after_cancel"), ResourceUsage::residentBytes() - base);
    future = {};
    o.insert(QStringLiteral("rss_after_release"), ResourceUsage::residentBytes() - base);
    if (!cancelAnalysis(path, permille, o))
        return Failure;
    print(o);
    return Ok;
}

bool BenchProbe::cancelAnalysis(const QString& path, int permille, QJsonObject& o)
{
    // An analysis as the GUI starts it (Analyzer::analyzeAsync), cancelled at the same share of
    // its run time as the load: it has no progress of its own, so one uncancelled analysis of
    // the same trace sets the clock first.
    LoadOptions lo;
    lo.computeSha256 = false;
    const LoadOutcome loaded = TraceLoader::loadSync(path, lo);
    if (!loaded.ok()) {
        QTextStream(stderr) << loaded.message << "\n";
        return false;
    }
    QElapsedTimer t;
    t.start();
    Analyzer::analyze(loaded.trace, AnalysisOptions {});
    const qint64 analysisNs = t.nsecsElapsed();
    o.insert(QStringLiteral("analysis_ns"), analysisNs);
    const qint64 cancelAtNs = analysisNs * permille / 1000;
    t.restart();
    QFuture<AnalysisPtr> future = Analyzer::analyzeAsync(loaded.trace, AnalysisOptions {});
    while (!future.isFinished() && t.nsecsElapsed() < cancelAtNs)
        QThread::usleep(100);
    o.insert(QStringLiteral("analysis_cancel_at_ns"), t.nsecsElapsed());
    t.restart();
    future.cancel();
    future.waitForFinished();
    o.insert(QStringLiteral("analysis_cancel_ns"), t.nsecsElapsed());
    o.insert(QStringLiteral("analysis_cancelled"), future.resultCount() == 0);
    return true;
}

int BenchProbe::cycles(const QString& path, int count)
{
    QJsonObject o;
    ResourceUsage::releaseFreedMemory();
    const qint64 base = ResourceUsage::residentBytes();
    QJsonArray after;
    for (int i = 0; i < count; ++i) {
        {
            const LoadOutcome loaded = TraceLoader::loadSync(path);
            if (!loaded.ok()) {
                QTextStream(stderr) << loaded.message << "\n";
                return Failure;
            }
            const AnalysisPtr result = Analyzer::analyze(loaded.trace, AnalysisOptions {});
        }
        after.append(ResourceUsage::residentBytes() - base);
    }
    o.insert(QStringLiteral("rss_after_close"), after);
    print(o);
    return Ok;
}

} // namespace sl::cli
