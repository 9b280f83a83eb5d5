// SPDX-License-Identifier: MIT
#pragma once

// Header-only: the widget suites that include it link QtWidgets; the core suites never do.
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QTest>

namespace sl::test {

/// Shows `window` at `size` with `dock` tabbed behind a plain dock raised in front of it: how the
/// default layout leaves most docks, visible but moved off-screen. False when the window was not
/// exposed.
inline bool showTabbedBehind(QMainWindow& window, QDockWidget* dock, const QSize& size = QSize(800, 600))
{
    window.setCentralWidget(new QWidget(&window));
    auto* front = new QDockWidget(QStringLiteral("front"), &window);
    front->setWidget(new QLabel(QStringLiteral("in front"), front));
    window.addDockWidget(Qt::LeftDockWidgetArea, front);
    window.tabifyDockWidget(front, dock);
    front->raise();
    window.resize(size);
    window.show();
    return QTest::qWaitForWindowExposed(&window);
}

} // namespace sl::test
