// SPDX-License-Identifier: MIT
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace sl {

/// Measures how long the GUI thread's event loop goes without running: a precise timer fires
/// every few ms and the longest gap between two firings, minus the interval, is the longest
/// stall (ns). Lives on the thread whose event loop it watches.
class StallMonitor : public QObject
{
    Q_OBJECT
public:
    explicit StallMonitor(QObject* parent = nullptr);

    void start();
    void stop();
    qint64 longestStallNs() const { return m_longest; }
    qint64 ticks() const { return m_ticks; }

private:
    void tick();

    static constexpr int kIntervalMs = 2;
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_longest = 0;
    qint64 m_ticks = 0;
};

} // namespace sl
