// SPDX-License-Identifier: MIT
#include "widgets/timeline/timelinebenchmark.h"

#include "core/timeline/timelinecache.h"
#include "widgets/timeline/nvtxview.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/timeviewport.h"

#include <QElapsedTimer>
#include <QImage>
#include <QTextStream>

#include <algorithm>

#ifdef Q_OS_UNIX
#include <time.h>
#endif

namespace sl {

namespace {

/// CPU time of the calling thread, ns: on a shared machine it moves less than wall time.
qint64 threadCpuNs()
{
#ifdef Q_OS_UNIX
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
#else
    return 0;
#endif
}

struct Timing
{
    double medianMs = 0, maxMs = 0, cpuMedianMs = 0;
};

/// Renders the view's viewport `repaints` times after one warm-up.
Timing timeRepaints(TimeCanvas& view, int repaints)
{
    QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    view.viewport()->render(&image);
    std::vector<double> wall, cpu;
    for (int i = 0; i < repaints; ++i) {
        QElapsedTimer timer;
        const qint64 cpu0 = threadCpuNs();
        timer.start();
        view.viewport()->render(&image);
        wall.push_back(double(timer.nsecsElapsed()) / 1e6);
        cpu.push_back(double(threadCpuNs() - cpu0) / 1e6);
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    return { wall[wall.size() / 2], wall.back(), cpu[cpu.size() / 2] };
}

struct ZoomLevel
{
    QString zoom;
    qint64 start, end;
};

/// The whole capture, 1 % and 0.01 % of it around the middle kernel of the busiest stream, and
/// that kernel with a quarter of its length on each side.
std::vector<ZoomLevel> zoomLevels(const Trace& t)
{
    qint64 kStart = t.firstNs, kEnd = t.firstNs + 1000;
    size_t busiest = 0;
    for (const auto& [key, rows] : t.kernelsByStream)
        if (rows.size() > busiest) {
            busiest = rows.size();
            const quint32 k = rows[rows.size() / 2];
            kStart = t.kernels.start[k], kEnd = t.kernels.endOf(k);
        }
    const qint64 span = std::max<qint64>(1, t.lastNs - t.firstNs);
    const qint64 centre = kStart + (kEnd - kStart) / 2;
    const qint64 pad = std::max<qint64>((kEnd - kStart) / 4, 10);
    return {
        { QStringLiteral("whole capture"), t.firstNs, t.lastNs },
        { QStringLiteral("1 %"), centre - span / 200, centre + span / 200 },
        { QStringLiteral("0.01 %"), centre - span / 20000, centre + span / 20000 },
        { QStringLiteral("one kernel"), kStart - pad, kEnd + pad },
    };
}

} // namespace

qint64 TimelineBenchmark::slowestRepaintNs(TimeCanvas& view, int repaints)
{
    if (!view.analysis() || !view.analysis()->trace || !view.waitForData())
        return -1;
    TimeViewport* viewport = view.timeViewport();
    const qint64 start = viewport->startNs(), end = viewport->endNs();
    double slowest = 0;
    for (const ZoomLevel& level : zoomLevels(*view.analysis()->trace)) {
        viewport->setRange(level.start, level.end);
        slowest = std::max(slowest, timeRepaints(view, std::max(1, repaints)).medianMs);
    }
    viewport->setRange(start, end);
    return qint64(slowest * 1e6);
}

TimelineBenchmark::Result TimelineBenchmark::run(const AnalysisPtr& analysis, QSize size, int repaints)
{
    Result result;
    result.size = size;
    if (!analysis || !analysis->trace)
        return result;
    repaints = std::max(1, repaints);
    const Trace& t = *analysis->trace;
    result.kernels = t.kernels.size();

    // The build is timed from scratch: the cache is emptied first (views keep what they hold).
    TimelineCache::shared().clear();
    QElapsedTimer timer;
    timer.start();
    QFuture<TimelineDataPtr> future = TimelineCache::shared().request(analysis);
    future.waitForFinished();
    result.lodBuildMs = double(timer.nsecsElapsed()) / 1e6;
    const TimelineDataPtr data = future.resultCount() ? future.result() : nullptr;
    if (!data)
        return result;
    result.lodBytes = data->memoryBytes();

    TimeViewport viewport;
    TimelineView timeline;
    NvtxView nvtx;
    for (TimeCanvas* view : { static_cast<TimeCanvas*>(&timeline), static_cast<TimeCanvas*>(&nvtx) }) {
        view->setAttribute(Qt::WA_DontShowOnScreen);
        view->resize(size);
        view->setTimeViewport(&viewport);
        timer.restart();
        view->setAnalysis(analysis); // cached: ready at once
        result.setAnalysisMs = std::max(result.setAnalysisMs, double(timer.nsecsElapsed()) / 1e6);
        view->show();
    }
    result.lanes = int(timeline.rows().size());

    const std::vector<ZoomLevel> levels = zoomLevels(t);
    for (const auto& level : levels) {
        viewport.setRange(level.start, level.end);
        for (TimeCanvas* view : { static_cast<TimeCanvas*>(&timeline), static_cast<TimeCanvas*>(&nvtx) }) {
            const Timing t = timeRepaints(*view, repaints);
            result.samples.append({ view == &timeline ? QStringLiteral("timeline") : QStringLiteral("nvtx"), level.zoom,
                viewport.spanNs(), t.medianMs, t.maxMs, t.cpuMedianMs });
        }
    }
    return result;
}

QString TimelineBenchmark::Result::toText() const
{
    QString text;
    QTextStream out(&text);
    out << "kernels " << kernels << ", view " << size.width() << "x" << size.height() << ", timeline rows " << lanes
        << "\nLOD build " << QString::number(lodBuildMs, 'f', 1) << " ms, "
        << QString::number(double(lodBytes) / double(std::max<qint64>(1, kernels)), 'f', 2) << " bytes per kernel ("
        << lodBytes / (1024 * 1024) << " MiB); setAnalysis on the GUI thread " << QString::number(setAnalysisMs, 'f', 2)
        << " ms\n";
    for (const Sample& s : samples)
        out << s.view << " @ " << s.zoom << " (" << s.spanNs << " ns): median " << QString::number(s.medianMs, 'f', 2)
            << " ms, max " << QString::number(s.maxMs, 'f', 2) << " ms, CPU median "
            << QString::number(s.cpuMedianMs, 'f', 2) << " ms\n";
    return text;
}

} // namespace sl
