// SPDX-License-Identifier: MIT
#include "widgets/sessionstatus.h"

#include "core/session/tracesession.h"

#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>
#include <QToolButton>

namespace sl {

namespace {
constexpr int kMessageMs = 10000;
constexpr int kErrorMs = 15000;
constexpr int kPermille = 1000;
} // namespace

SessionStatus::SessionStatus(TraceSession* session, QStatusBar* bar, QObject* parent)
    : QObject(parent)
    , m_session(session)
    , m_bar(bar)
    , m_label(new QLabel(bar))
    , m_windowLabel(new QLabel(bar))
    , m_progress(new QProgressBar(bar))
    , m_cancel(new QToolButton(bar))
{
    m_progress->setRange(0, kPermille);
    m_progress->setMaximumWidth(220);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop loading or analysing"));
    m_windowLabel->setToolTip(tr("The analysis window every figure covers, and the focus of the views"));
    bar->addWidget(m_label, 1);
    bar->addPermanentWidget(m_windowLabel);
    bar->addPermanentWidget(m_progress);
    bar->addPermanentWidget(m_cancel);
    setProgressVisible(false);

    connect(m_cancel, &QToolButton::clicked, this, &SessionStatus::cancel);
    connect(session, &TraceSession::loadStarted, this, [this](const QString& path) {
        m_progress->setRange(0, kPermille);
        m_progress->setValue(0);
        m_label->setText(tr("Loading %1…").arg(QFileInfo(path).fileName()));
        setProgressVisible(true);
    });
    connect(session, &TraceSession::progress, this, [this](int permille, const QString& stage) {
        setProgressVisible(true);
        if (permille < 0) {
            m_progress->setRange(0, 0); // busy indicator: the analysis reports no fraction
            m_label->setText(stage);
            return;
        }
        m_progress->setRange(0, kPermille);
        m_progress->setValue(permille);
        if (!stage.isEmpty())
            m_label->setText(tr("Loading %1: %2").arg(QFileInfo(m_session->loadingPath()).fileName(), stage));
    });
    connect(session, &TraceSession::analysisReady, this, [this](int index) {
        const TraceSession::Entry& e = m_session->entry(index);
        m_label->setText(
            tr("%1: %n kernel(s), %2 finding(s).", nullptr, int(qMin<qint64>(e.analysis->kernelCount, INT_MAX)))
                .arg(e.trace->info.fileName)
                .arg(e.analysis->findings.size()));
    });
    connect(session, &TraceSession::loadFailed, this,
        [this](const QString&, const QString& message) { showError(message); });
    connect(session, &TraceSession::cancelled, this, [this](const QString& what) {
        m_label->setText(what.isEmpty() ? tr("Cancelled.") : tr("%1: cancelled.").arg(what));
    });
    connect(session, &TraceSession::idle, this, [this] { setProgressVisible(false); });
}

void SessionStatus::cancel()
{
    m_label->setText(tr("Cancelling…"));
    m_session->cancel();
}

void SessionStatus::setText(const QString& message) { m_label->setText(message); }

void SessionStatus::showError(const QString& message)
{
    m_label->setText(message);
    m_label->setToolTip(message);
    m_bar->showMessage(message, kErrorMs);
}

void SessionStatus::showMessage(const QString& message) { m_bar->showMessage(message, kMessageMs); }

void SessionStatus::setWindowText(const QString& text) { m_windowLabel->setText(text); }

QString SessionStatus::text() const { return m_label->text(); }

bool SessionStatus::isProgressVisible() const { return !m_progress->isHidden(); }

void SessionStatus::setProgressVisible(bool visible)
{
    m_progress->setVisible(visible);
    m_cancel->setVisible(visible);
}

} // namespace sl
