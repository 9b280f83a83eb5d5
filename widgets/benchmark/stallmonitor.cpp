// SPDX-License-Identifier: MIT
#include "widgets/benchmark/stallmonitor.h"

#include "widgets/guilogging.h"

#include <algorithm>
#include <time.h>

namespace sl {

namespace {
/// CPU time of the calling thread, ns.
qint64 threadCpuNs()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}
} // namespace

StallMonitor::StallMonitor(QObject* parent)
    : QObject(parent)
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(kIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &StallMonitor::tick);
}

void StallMonitor::start()
{
    m_longest = 0;
    m_longestEnd = 0;
    m_longestBusy = 0;
    m_ticks = 0;
    m_clock.start();
    m_last = 0;
    m_lastCpu = threadCpuNs();
    m_timer.start();
}

void StallMonitor::stop()
{
    tick(); // a stall running until now counts too
    m_timer.stop();
}

void StallMonitor::tick()
{
    const qint64 now = m_clock.nsecsElapsed();
    const qint64 cpu = threadCpuNs();
    if (const qint64 stall = now - m_last - qint64(kIntervalMs) * 1'000'000; stall > m_longest) {
        m_longest = stall;
        m_longestEnd = now;
        // With QT_MESSAGE_PATTERN's %{time process}: which GUI work the stall was.
        qCDebug(lcGui) << "longest stall so far:" << stall / 1000 << "us";
    }
    m_longestBusy = std::max(m_longestBusy, cpu - m_lastCpu);
    m_last = now;
    m_lastCpu = cpu;
    ++m_ticks;
}

} // namespace sl
