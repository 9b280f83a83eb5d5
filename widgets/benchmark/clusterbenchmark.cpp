// SPDX-License-Identifier: MIT
#include "widgets/benchmark/clusterbenchmark.h"

#include "core/io/tracecache.h"
#include "core/util/format.h"
#include "widgets/cluster/clusterheatmap.h"
#include "widgets/cluster/clusterwindow.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QTableWidget>
#include <QTextStream>

#include <algorithm>
#include <ctime>
#include <vector>

namespace sl {

namespace {

constexpr double kFrameMs = 16.0; // the target per frame (60 Hz)

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

QString loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("?");
    return QString::fromLatin1(f.readAll().split(' ').mid(0, 3).join(' '));
}

struct Timing
{
    double firstMs = 0, medianMs = 0, maxMs = 0, cpuMedianMs = 0, cpuMaxMs = 0;
};

/// Renders `w` (with its children) into an image of its size: once (the first paint after the
/// data arrived, when caches are cold), then `repaints` times.
Timing timeRenders(QWidget* w, int repaints)
{
    QImage image(w->size() * w->devicePixelRatio(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(w->devicePixelRatio());
    Timing t;
    QElapsedTimer timer;
    timer.start();
    w->render(&image);
    t.firstMs = double(timer.nsecsElapsed()) / 1e6;
    std::vector<double> wall, cpu;
    for (int i = 0; i < repaints; ++i) {
        const qint64 cpu0 = threadCpuNs();
        timer.restart();
        w->render(&image);
        wall.push_back(double(timer.nsecsElapsed()) / 1e6);
        cpu.push_back(double(threadCpuNs() - cpu0) / 1e6);
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    t.medianMs = wall[wall.size() / 2];
    t.maxMs = wall.back();
    t.cpuMedianMs = cpu[cpu.size() / 2];
    t.cpuMaxMs = cpu.back();
    return t;
}

QString ms(double v) { return QString::number(v, 'f', 2) + QStringLiteral(" ms"); }

} // namespace

int ClusterBenchmark::run(const QString& folder, int repaints)
{
    QTextStream err(stderr);
    if (!QFileInfo(folder).isDir()) {
        err << tr("--benchmark-cluster: %1 is not a folder of rank digests or exports.").arg(folder) << "\n";
        return 2;
    }
    QElapsedTimer clock;
    clock.start();
    ClusterWindow window(folder, TraceCache::defaultDir()); // digests of exports cached as in the app
    window.setAttribute(Qt::WA_DeleteOnClose, false); // on the stack
    window.resize(1366, 768);
    window.show();
    bool ok = false;
    QEventLoop loop;
    QObject::connect(&window, &ClusterWindow::presented, &loop, [&](bool success) {
        ok = success;
        loop.quit();
    });
    loop.exec();
    const qint64 loadedNs = clock.nsecsElapsed();
    auto* heatmap = window.findChild<ClusterHeatmap*>();
    auto* table = window.findChild<QTableWidget*>();
    auto* skews = window.findChild<SkewHistogram*>();
    if (!ok || !heatmap || !table || !skews) {
        err << tr("--benchmark-cluster: the Cluster view could not open %1: %2")
                   .arg(QFileInfo(folder).fileName(), window.summaryText())
            << "\n";
        return 1;
    }
    QApplication::processEvents(); // layouts settle at the final size
    const struct
    {
        QString name;
        QWidget* widget;
    } views[] = { { tr("rank × time heatmap"), heatmap }, { tr("per-rank table"), table },
        { tr("skew histogram"), skews }, { tr("whole window"), &window } };
    QTextStream out(stdout);
    out << tr("Cluster view benchmark of %1: %2 ranks, loaded and analysed in %3; window %4×%5; %6 renders per "
              "view after a first one; load average %7; offscreen.")
               .arg(QFileInfo(folder).fileName())
               .arg(table->rowCount())
               .arg(formatDuration(loadedNs))
               .arg(window.width())
               .arg(window.height())
               .arg(repaints)
               .arg(loadAverage())
        << "\n\n"
        << tr("| view | size | first | median | worst | CPU median | CPU worst | target |") << "\n"
        << "|---|---|---:|---:|---:|---:|---:|---|\n";
    bool met = true;
    for (const auto& v : views) {
        const Timing t = timeRenders(v.widget, repaints);
        met = met && t.medianMs <= kFrameMs;
        out << "| " << v.name << " | " << v.widget->width() << "×" << v.widget->height() << " | " << ms(t.firstMs)
            << " | " << ms(t.medianMs) << " | " << ms(t.maxMs) << " | " << ms(t.cpuMedianMs) << " | " << ms(t.cpuMaxMs)
            << " | " << tr("≤ %1 ms").arg(kFrameMs) << " |\n";
    }
    out << "\n"
        << (met ? tr("Every view's median render is within the frame target.")
                : tr("A view's median render misses the frame target."))
        << "\n";
    return 0;
}

} // namespace sl
