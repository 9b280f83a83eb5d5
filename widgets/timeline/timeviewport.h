// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

namespace sl {

/// The visible time range (ns, session timeline) shared by the Timeline and NVTX views so that
/// they zoom and scroll together. The range stays inside the limits (the capture) and is never
/// shorter than kMinSpanNs. GUI thread only.
class TimeViewport : public QObject
{
    Q_OBJECT
public:
    static constexpr qint64 kMinSpanNs = 20;

    explicit TimeViewport(QObject* parent = nullptr);

    qint64 startNs() const { return m_start; }
    qint64 endNs() const { return m_end; }
    qint64 spanNs() const { return m_end - m_start; }
    qint64 limitStartNs() const { return m_limitStart; }
    qint64 limitEndNs() const { return m_limitEnd; }

    /// Sets the capture extent. When it differs from the current one the view fits it (a new
    /// trace); setting the same limits again (a re-analysis) keeps the range.
    void setLimits(qint64 startNs, qint64 endNs);
    /// Shows [startNs, endNs], clamped to the limits and widened to kMinSpanNs around its centre.
    void setRange(qint64 startNs, qint64 endNs);
    /// Zooms by `factor` (> 1 zooms in) keeping `anchorNs` at the same place on screen.
    void zoom(double factor, qint64 anchorNs);
    /// Moves the range by `deltaNs` (positive: later), stopping at the limits.
    void pan(qint64 deltaNs);
    void fitAll();

signals:
    void rangeChanged(qint64 startNs, qint64 endNs);
    void limitsChanged(qint64 startNs, qint64 endNs);

private:
    qint64 m_start = 0, m_end = 1;
    qint64 m_limitStart = 0, m_limitEnd = 1;
};

} // namespace sl
