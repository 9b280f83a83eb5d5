// SPDX-License-Identifier: MIT
#include "widgets/charts/chartbuildgate.h"

#include <QEvent>
#include <QWidget>

namespace sl {

ChartBuildGate::ChartBuildGate(QWidget* viewport, std::function<void()> build)
    : QObject(viewport)
    , m_viewport(viewport)
    , m_build(std::move(build))
{
    viewport->installEventFilter(this);
}

void ChartBuildGate::invalidate()
{
    m_stale = true;
    if (!m_viewport->isVisible())
        return; // built when shown (eventFilter) or read back
    if (!m_viewport->visibleRegion().isEmpty())
        buildIfStale();
    else
        m_viewport->update(); // the paint that comes when it is uncovered builds it
}

void ChartBuildGate::buildIfStale()
{
    if (!m_stale)
        return;
    m_stale = false;
    m_build();
}

void ChartBuildGate::buildIfVisible()
{
    if (m_viewport->isVisible())
        buildIfStale();
}

bool ChartBuildGate::eventFilter(QObject* watched, QEvent* event)
{
    if (!m_stale || watched != m_viewport)
        return QObject::eventFilter(watched, event);
    // Shown (its window, a hidden tab page or dock): built before its first paint.
    if (event->type() == QEvent::Show) {
        buildIfStale();
        return false;
    }
    if (event->type() != QEvent::Paint)
        return QObject::eventFilter(watched, event);
    // Uncovered with the chart stale: built in a turn of its own, not while the view paints,
    // and this paint is dropped (the background alone for one frame, never the previous data).
    if (!m_buildQueued) {
        m_buildQueued = true;
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_buildQueued = false;
                buildIfStale();
                // The dropped paint is owed: a chart edited in place (not replaced) may change
                // nothing in the scene, and the view would keep only its background.
                m_viewport->update();
            },
            Qt::QueuedConnection);
    }
    return true;
}

} // namespace sl
