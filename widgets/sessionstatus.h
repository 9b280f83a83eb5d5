// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

class QLabel;
class QProgressBar;
class QStatusBar;
class QToolButton;

namespace sl {

class TraceSession;

/// The status bar's state: a message label, the analysis-window label, and the progress bar with
/// its Cancel button while the session loads or analyses. Follows the TraceSession's signals
/// (started, progress, failed, cancelled, analysed, idle); the window adds its own messages.
class SessionStatus : public QObject
{
    Q_OBJECT
public:
    /// Adds its widgets to `bar`; `session` must outlive this object.
    SessionStatus(TraceSession* session, QStatusBar* bar, QObject* parent = nullptr);

    /// Says "Cancelling…" and cancels the session's jobs.
    void cancel();
    /// Replaces the message on the left.
    void setText(const QString& message);
    /// An error: the message stays on the left (tooltip too) and flashes for 15 s.
    void showError(const QString& message);
    /// A transient message (10 s) over the left label.
    void showMessage(const QString& message);
    /// What the analysis window and focus are (empty: no trace).
    void setWindowText(const QString& text);

    QString text() const;
    bool isProgressVisible() const;

private:
    void setProgressVisible(bool visible);

    TraceSession* m_session;
    QStatusBar* m_bar;
    QLabel* m_label;
    QLabel* m_windowLabel;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
};

} // namespace sl
