// SPDX-License-Identifier: MIT
#include "core/util/childprocess.h"

#include <QElapsedTimer>
#include <QProcess>

#include <csignal>
#include <cstring>
#include <sys/prctl.h>
#include <unistd.h>

namespace sl {

std::atomic<int> ChildProcess::s_running { 0 };

namespace {

/// Kills the tool's whole process group (it leads one: see run()), then reaps it.
void stop(QProcess& p)
{
    const qint64 pid = p.processId();
    if (pid > 0)
        ::kill(-pid_t(pid), SIGKILL);
    p.kill();
    p.waitForFinished(5000);
}

struct RunningGuard
{
    explicit RunningGuard(std::atomic<int>& n)
        : count(n)
    {
        ++count;
    }
    ~RunningGuard() { --count; }
    std::atomic<int>& count;
};

/// The last kReasonTailChars characters of what the tool said, on one line (its progress bars
/// and line breaks folded into spaces), "…" in front when cut.
QString lastWords(const QByteArray& said)
{
    const QString text = QString::fromLocal8Bit(said).simplified();
    if (text.size() <= ChildProcess::kReasonTailChars)
        return text;
    return QChar(0x2026) + text.right(ChildProcess::kReasonTailChars);
}

} // namespace

ChildProcess::Result ChildProcess::run(const QString& program, const QStringList& arguments, const Options& options)
{
    Result r;
    // Every way out below ends here: how it ended, then the tool's last words where they help.
    const auto ended = [&r, &options](End end) {
        r.end = end;
        if (r.ok())
            return r;
        r.reason = describe(r);
        const QString said = lastWords(options.mergeChannels ? r.output : r.errors);
        if (!said.isEmpty() && end != End::Cancelled && end != End::NotStarted)
            r.reason += QStringLiteral(": ") + said;
        return r;
    };
    QProcess p;
    if (options.mergeChannels)
        p.setProcessChannelMode(QProcess::MergedChannels);
    if (!options.workingDirectory.isEmpty())
        p.setWorkingDirectory(options.workingDirectory);
    // Its own process group: a stop reaches its helpers, and a terminal's Ctrl-C reaches only us,
    // who then stop it (and clean up) ourselves.
    // PR_SET_PDEATHSIG: should we be killed outright (SIGKILL), the tool does not outlive us.
    p.setChildProcessModifier([] {
        ::setpgid(0, 0);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    });
    RunningGuard guard(s_running);
    QElapsedTimer clock;
    clock.start();
    p.start(program, arguments);
    if (!p.waitForStarted(30000)) {
        r.startError = p.errorString();
        stop(p);
        return ended(End::NotStarted);
    }
    const auto drain = [&] {
        r.output += p.readAllStandardOutput();
        if (!options.mergeChannels)
            r.errors += p.readAllStandardError();
    };
    while (!p.waitForFinished(kPollMs) && p.state() != QProcess::NotRunning) {
        drain();
        r.elapsedMs = clock.elapsed();
        if (options.onPoll)
            options.onPoll(r.output, r.elapsedMs);
        if (options.cancelled && options.cancelled()) {
            stop(p);
            return ended(End::Cancelled);
        }
        if (options.timeoutMs > 0 && r.elapsedMs >= options.timeoutMs) {
            stop(p);
            drain();
            return ended(End::TimedOut);
        }
    }
    drain();
    r.elapsedMs = clock.elapsed();
    // Qt reports the terminating signal as the exit code of a CrashExit.
    if (p.exitStatus() == QProcess::CrashExit) {
        r.signal = p.exitCode();
        return ended(End::Crashed);
    }
    r.exitCode = p.exitCode();
    return ended(End::Exited);
}

QString ChildProcess::signalName(int signal)
{
    const char* abbrev = signal > 0 ? ::sigabbrev_np(signal) : nullptr;
    const char* description = signal > 0 ? ::sigdescr_np(signal) : nullptr;
    if (!abbrev)
        return tr("signal %1").arg(signal);
    const QString name = QStringLiteral("SIG") + QString::fromLatin1(abbrev);
    return description ? QStringLiteral("%1 (%2)").arg(name, QString::fromLocal8Bit(description)) : name;
}

QString ChildProcess::describe(const Result& r)
{
    switch (r.end) {
    case End::Exited:
        return tr("exit code %1").arg(r.exitCode);
    case End::Crashed:
        return r.signal == SIGKILL
            ? tr("killed by signal %1 (by the system when memory ran out, or by a user)").arg(signalName(r.signal))
            : tr("crashed with signal %1").arg(signalName(r.signal));
    case End::TimedOut:
        return tr("timed out after %1 s (stopped)").arg(r.elapsedMs / 1000);
    case End::Cancelled:
        return tr("cancelled");
    case End::NotStarted:
        break;
    }
    return tr("could not be started: %1").arg(r.startError);
}

} // namespace sl
