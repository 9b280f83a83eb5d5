// SPDX-License-Identifier: MIT
#include "widgets/screenshotrunner.h"

#include "widgets/docks/findingsdock.h"
#include "widgets/docks/nvtxphasesdock.h"
#include "widgets/docks/timelinedock.h"
#include "widgets/mainwindow.h"
#include "widgets/timeline/nvtxview.h"
#include "widgets/timeline/timelineview.h"

#include <QApplication>
#include <QDockWidget>
#include <QTableView>
#include <QTextStream>
#include <QTimer>

namespace sl {

ScreenshotRunner::ScreenshotRunner(MainWindow* window, Options options, QObject* parent)
    : QObject(parent)
    , m_window(window)
    , m_options(std::move(options))
{
}

void ScreenshotRunner::start(const QStringList& traces)
{
    if (traces.isEmpty()) {
        QTextStream(stderr) << tr("--screenshot needs at least one trace.") << '\n';
        QTimer::singleShot(0, this, [this] { emit finished(2); });
        return;
    }
    connect(m_window, &MainWindow::loadFailed, this,
        [this](const QString&, const QString& message) { m_errors << message; });
    connect(m_window, &MainWindow::idle, this, &ScreenshotRunner::onIdle, Qt::SingleShotConnection);
    m_window->openFiles(traces);
}

void ScreenshotRunner::onIdle()
{
    if (!m_errors.isEmpty()) {
        QTextStream(stderr) << m_errors.join(QLatin1Char('\n')) << '\n';
        emit finished(3);
        return;
    }
    m_window->setCurrentTrace(0);
    if (!m_options.raiseDock.isEmpty()) {
        auto* dock = m_window->findChild<QDockWidget*>(QStringLiteral("dock.") + m_options.raiseDock);
        if (!dock) {
            QTextStream(stderr) << tr("There is no dock named “%1”.").arg(m_options.raiseDock) << '\n';
            emit finished(2);
            return;
        }
        dock->show();
        dock->raise();
    }
    if (m_options.finding >= 0) {
        // As a click would: the row selected (its summary shown), then its evidence.
        QTableView* findings = m_window->findingsDock()->view();
        findings->selectRow(m_options.finding);
        findings->scrollTo(findings->model()->index(m_options.finding, 0));
        m_window->showEvidence(m_options.finding);
    }
    // The time views summarise their lanes on a worker after the analysis: wait for them, then
    // let the docks lay out what they just received before grabbing.
    m_window->timelineDock()->view()->waitForData();
    m_window->nvtxDock()->view()->waitForData();
    QTimer::singleShot(300, this, &ScreenshotRunner::grab);
}

void ScreenshotRunner::grab()
{
    if (!m_window->grab().save(m_options.output)) {
        QTextStream(stderr) << tr("Cannot write the screenshot to %1.").arg(m_options.output) << '\n';
        emit finished(1);
        return;
    }
    emit finished(0);
}

} // namespace sl
