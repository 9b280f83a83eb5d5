// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

namespace sl {

class MainWindow;

/// `sightline --screenshot FILE [--raise DOCK] [--finding N] TRACE...`: opens the traces, waits
/// until they are analysed and the time views hold their lanes, optionally raises a dock and
/// clicks a finding, then renders the main window into FILE and exits. Exit code 0, 1 when the
/// image cannot be written, 2 when there is nothing to open, 3 when a trace fails to load.
class ScreenshotRunner : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        QString output; ///< PNG path
        QString raiseDock; ///< object name without "dock." (e.g. "comparison"); empty: none
        int finding = -1; ///< index of the finding to click on the first trace; -1: none
    };
    ScreenshotRunner(MainWindow* window, Options options, QObject* parent = nullptr);

    /// Starts opening `traces`; emits finished(exit code) when done.
    void start(const QStringList& traces);

signals:
    void finished(int exitCode);

private:
    void onIdle();
    void grab();

    MainWindow* m_window;
    Options m_options;
    QStringList m_errors;
};

} // namespace sl
