// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

#include <functional>

class QWidget;

namespace sl {

/// Builds a chart only when its view is on screen. Building a QChart costs milliseconds on the
/// GUI thread, and most charts sit in docks tabbed behind others: such a dock stays visible,
/// moved off-screen, so isVisible() cannot tell. The gate tests the viewport's visible region
/// (not the chart widget's own, which the opaque viewport always covers) and otherwise waits for
/// the viewport's next paint, which comes when the dock is raised: that paint is dropped and the
/// build runs in a turn of its own, so no frame of the previous data is ever shown. A viewport
/// that is shown (its window, a hidden tab page, a hidden dock) builds at once, as before its
/// first paint. GUI thread only.
class ChartBuildGate : public QObject
{
    Q_OBJECT
public:
    /// `build` makes the chart of the current data; the gate watches `viewport` and is its child,
    /// so it lives exactly as long as that viewport (a view given another viewport would need a
    /// new gate).
    ChartBuildGate(QWidget* viewport, std::function<void()> build);

    /// The data changed: builds now when the viewport shows any of it, else at its next paint.
    void invalidate();
    /// Builds now when the data changed since the last build (for read-backs and a raised tab).
    void buildIfStale();
    /// Builds now when stale and the viewport's widget is visible (a dock's tab just raised).
    void buildIfVisible();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* m_viewport;
    std::function<void()> m_build;
    bool m_stale = false;
    bool m_buildQueued = false; ///< a paint of the stale chart queued the build
};

} // namespace sl
