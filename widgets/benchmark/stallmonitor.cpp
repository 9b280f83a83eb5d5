// SPDX-License-Identifier: MIT
#include "widgets/benchmark/stallmonitor.h"

#include <algorithm>

namespace sl {

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
    m_ticks = 0;
    m_clock.start();
    m_last = 0;
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
    m_longest = std::max(m_longest, now - m_last - qint64(kIntervalMs) * 1'000'000);
    m_last = now;
    ++m_ticks;
}

} // namespace sl
