// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/benchmark/stallmonitor.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTemporaryDir>
#include <QTimer>

#include <functional>
#include <vector>

namespace sl {

class MainWindow;

/// `sightline --benchmark TRACE` (offscreen): drives a MainWindow through what the scale issue
/// asks of the GUI and prints the figures as a Markdown table on stdout:
///  - the floor (the sqlite3 shell aggregating every column the load reads; the bare C-API scan
///    where no shell is installed) and the CLI's load and analysis of TRACE, in this process, as
///    the reference of the same run: once before the GUI opens the trace and once after its
///    steps, averaged, so that a change of machine load during the run weighs on both sides;
///  - the first complete paint after opening TRACE (window repainted once the analysis is shown),
///    against the CLI load time (target ≤ 1.2×);
///  - the longest event-loop stall while loading and analysing (target ≤ 50 ms), as wall time
///    and as the GUI thread's own CPU time (the part our code is responsible for: the rest is
///    the thread waiting for a core);
///  - the Kernels dock's all-kernels list, its sort by duration (target ≤ 0.5 s) and a name filter
///    (target ≤ 0.5 s), each until the instance table is repainted;
///  - the reopen from the cache the first open wrote, to its first complete paint (≤ 0.5 s);
///  - the timeline repaint (target ≤ 16 ms): a hook, see measureTimelineRepaint();
///  - kPairedOpens more cold opens (no cache), each right after a CLI load of its own: the first
///    paint's ratio to a load of the same minute, robust to a machine whose speed drifts.
/// Uses MainWindow's public API only (openFiles, idle, loadFailed, kernelsDock).
class GuiBenchmark : public QObject
{
    Q_OBJECT
public:
    GuiBenchmark(MainWindow* window, const QString& trace, QObject* parent = nullptr);

    /// Runs the steps from the event loop; finished() carries the exit code.
    void start();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void finished(int exitCode);

private:
    /// The CLI's load and analysis of the trace on this thread (ns each); {-1, -1} on failure.
    std::pair<qint64, qint64> measureCli();
    void openTrace();
    void onOpened();
    /// The Kernels dock's steps after the first paint.
    void measureInteraction();
    void showAllKernels();
    void sortInstances();
    void filterInstances();
    /// Closes the trace and opens it again: served by the trace cache the first open wrote.
    void reopenTrace();
    /// Shared by the first open and the reopen: once both time views have their lanes (else
    /// `retry` is called again when a view is), repaints the whole window in a later event-loop
    /// turn (when the window's update request comes, see eventFilter), then calls painted(when
    /// the docks were ready, when the repaint ended), ns since the open, in a turn after that.
    /// Fails the run when the window is not shown or no update request comes within a minute.
    void paintWhenReady(void (GuiBenchmark::*retry)(), const std::function<void(qint64, qint64)>& painted);
    /// Ends paintWhenReady's wait (its watchdog and event filter) and hands back its callback.
    std::function<void(qint64, qint64)> stopWaitingForPaint();
    /// Logs (sightline.gui debug) the wall and CPU time from the window's load to its first
    /// complete paint.
    void logCoresAfterLoad() const;
    void onReopened();
    /// The next of the paired cold opens (a CLI load, then the window's open without the
    /// cache), or the report after the last.
    void pairedOpen();
    void onPairedOpened();
    /// The Timeline and NVTX views' slowest median repaint over four zoom levels (ns, −1 when
    /// there is nothing to draw), measured by TimelineBenchmark at the timeline's size.
    qint64 measureTimelineRepaint();
    void report();
    /// The paired opens' ratios to their CLI loads: the median and each; `medianPaintNs` gets the
    /// median first paint. "–" when none ran.
    QString pairedOpenRatios(qint64* medianPaintNs) const;
    void fail(const QString& message);
    /// Calls `then` when the Kernels dock's instance view has applied the request `trigger` makes.
    void afterInstanceView(const std::function<void()>& trigger, const std::function<void()>& then);

    MainWindow* m_window;
    bool m_failed = false; ///< fail() has reported: no later step runs
    std::function<void(qint64, qint64)> m_painted; ///< paintWhenReady's, until the repaint
    qint64 m_docksReadyNs = -1; ///< when paintWhenReady found the docks ready
    QTimer m_paintWatchdog; ///< fails the run when the window's update request never comes
    QString m_trace;
    QTemporaryDir m_cacheDir; ///< the trace cache of this run only: the first open is always cold
    StallMonitor m_stalls;
    QElapsedTimer m_clock;
    qint64 m_stepStart = 0;

    qint64 m_floorNs = -1;
    bool m_floorIsShell = false; ///< the floor is FloorScan::shellScan (else the C-API scan)
    std::pair<qint64, qint64> m_cliBefore { -1, -1 }, m_cliAfter { -1, -1 }; ///< load, analysis (ns)
    qint64 m_cliLoadNs = -1, m_cliAnalyzeNs = -1; ///< the mean of both
    qint64 m_cliNoHashLoadNs = -1; ///< a CLI load without the SHA-256, as the window loads
    qint64 m_kernels = 0;
    qint64 m_guiLoadNs = -1; ///< openFiles → the analysis starts (the window's own load)
    qint64 m_cpuAtLoadNs = 0; ///< the process's CPU time (ns) when the analysis starts
    qint64 m_cpuAtPaintNs = 0; ///< the process's CPU time (ns) when the last complete repaint ended
    qint64 m_loadedNs = -1; ///< openFiles → idle (trace loaded and analysed)
    qint64 m_firstPaintNs = -1; ///< openFiles → window repainted with the analysis
    qint64 m_loadStallNs = -1, m_loadBusyNs = -1;
    qint64 m_residentAfterOpen = 0; ///< bytes
    qint64 m_allKernelsNs = -1, m_sortNs = -1, m_filterNs = -1, m_interactionStallNs = -1, m_interactionBusyNs = -1;
    int m_filteredRows = 0;
    qint64 m_timelineNs = -1;
    qint64 m_reopenPaintNs = -1; ///< closed, openFiles again → window repainted (from the cache)
    qint64 m_cacheLoadNs = -1; ///< TraceLoader::loadSync served by the cache alone
    static constexpr int kPairedOpens = 3;
    static_assert(kPairedOpens % 2 == 1, "the median is the middle pair");
    /// Per paired cold open: the CLI load just before it and the open's first complete paint (ns).
    std::vector<std::pair<qint64, qint64>> m_pairs;
    qint64 m_pairCliNs = -1; ///< the CLI load of the pair under way
    QString m_timelineText; ///< TimelineBenchmark's per-level lines
};

} // namespace sl
