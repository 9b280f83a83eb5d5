// SPDX-License-Identifier: MIT
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace sl {

/// Measures how long the GUI thread's event loop goes without running: a precise timer fires
/// every few ms and the longest gap between two firings, minus the interval, is the longest
/// stall (ns). A gap has two causes: the thread was working (our code blocked the event loop)
/// or it was runnable but not scheduled (every core busy, e.g. with the loader threads or other
/// processes). The thread's own CPU time tells them apart: longestBusyNs() is the most CPU time
/// the thread spent between two firings (not necessarily in the longest gap). Lives on the
/// thread it watches.
class StallMonitor : public QObject
{
    Q_OBJECT
public:
    explicit StallMonitor(QObject* parent = nullptr);

    void start();
    void stop();
    qint64 longestStallNs() const { return m_longest; }
    /// When the longest stall ended, ns after start(): to find its cause in a debug log.
    qint64 longestStallEndNs() const { return m_longestEnd; }
    qint64 longestBusyNs() const { return m_longestBusy; }
    qint64 ticks() const { return m_ticks; }

private:
    void tick();

    static constexpr int kIntervalMs = 2;
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_longest = 0;
    qint64 m_longestEnd = 0;
    qint64 m_lastCpu = 0;
    qint64 m_longestBusy = 0;
    qint64 m_ticks = 0;
};

} // namespace sl
