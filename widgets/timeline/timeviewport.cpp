// SPDX-License-Identifier: MIT
#include "widgets/timeline/timeviewport.h"

#include <algorithm>
#include <cmath>

namespace sl {

TimeViewport::TimeViewport(QObject* parent)
    : QObject(parent)
{
}

void TimeViewport::setLimits(qint64 startNs, qint64 endNs)
{
    endNs = std::max(endNs, startNs + kMinSpanNs);
    if (startNs == m_limitStart && endNs == m_limitEnd)
        return;
    m_limitStart = startNs;
    m_limitEnd = endNs;
    emit limitsChanged(startNs, endNs);
    fitAll();
}

void TimeViewport::setRange(qint64 startNs, qint64 endNs)
{
    if (endNs < startNs)
        std::swap(startNs, endNs);
    qint64 start = startNs, span = endNs - startNs;
    if (span < kMinSpanNs) { // widen around the centre
        start = startNs + span / 2 - kMinSpanNs / 2;
        span = kMinSpanNs;
    }
    span = std::min(span, m_limitEnd - m_limitStart);
    start = std::clamp(start, m_limitStart, m_limitEnd - span);
    if (start == m_start && start + span == m_end)
        return;
    m_start = start;
    m_end = start + span;
    emit rangeChanged(m_start, m_end);
}

void TimeViewport::zoom(double factor, qint64 anchorNs)
{
    if (factor <= 0)
        return;
    anchorNs = std::clamp(anchorNs, m_start, m_end);
    const double left = double(anchorNs - m_start) / factor, right = double(m_end - anchorNs) / factor;
    qint64 start = anchorNs - qint64(std::llround(left)), end = anchorNs + qint64(std::llround(right));
    if (end - start < kMinSpanNs) {
        // At the deepest zoom keep the anchor's relative place.
        const double share = spanNs() > 0 ? double(anchorNs - m_start) / double(spanNs()) : 0.5;
        start = anchorNs - qint64(std::llround(share * kMinSpanNs));
        end = start + kMinSpanNs;
    }
    setRange(start, end);
}

void TimeViewport::pan(qint64 deltaNs) { setRange(m_start + deltaNs, m_end + deltaNs); }

void TimeViewport::fitAll() { setRange(m_limitStart, m_limitEnd); }

} // namespace sl
