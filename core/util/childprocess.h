// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QStringList>

#include <atomic>
#include <functional>

namespace sl {

/// Runs an external tool (nsys, ncu) to its end, bounded: the caller's cancel is polled every
/// 100 ms, a time limit stops a tool that hangs, and how it ended is told apart — an exit code,
/// a signal that killed it (a crash: SIGSEGV, SIGABRT; the OOM killer's SIGKILL), the time
/// limit, a cancel. The tool runs in a process group of its own, and a stop kills the whole
/// group: nsys and ncu start helpers of their own that would otherwise outlive it.
class ChildProcess
{
    Q_DECLARE_TR_FUNCTIONS(ChildProcess)
public:
    enum class End { Exited, Crashed, TimedOut, Cancelled, NotStarted };
    struct Options
    {
        QString workingDirectory; ///< empty: the caller's
        bool mergeChannels = false; ///< stderr into `output` (nsys prints its progress on both)
        qint64 timeoutMs = 0; ///< 0: no limit
        std::function<bool()> cancelled; ///< polled every kPollMs; may be empty
        /// Polled every kPollMs with the output so far and the time since the start (ms).
        std::function<void(const QByteArray& output, qint64 elapsedMs)> onPoll;
    };
    struct Result
    {
        End end = End::NotStarted;
        int exitCode = 0; ///< End::Exited
        int signal = 0; ///< End::Crashed: the signal that ended it
        QByteArray output; ///< stdout (and stderr when merged)
        QByteArray errors; ///< stderr when not merged
        QString startError; ///< End::NotStarted: the system's reason
        qint64 elapsedMs = 0;
        /// Empty when ok(); else how it ended and the last of what it said, translated, for
        /// "<tool> could not … <file>: <reason>" — the one wording every caller uses:
        /// "exit code 3: Error: …", "crashed with signal SIGSEGV (Segmentation fault)",
        /// "timed out after 120 s (stopped)", "cancelled", "could not be started: …".
        QString reason;
        bool ok() const { return end == End::Exited && exitCode == 0; }
    };
    static constexpr int kPollMs = 100;

    static Result run(const QString& program, const QStringList& arguments, const Options& options);
    /// "SIGSEGV (Segmentation fault)"; "signal 77" for one without a name.
    static QString signalName(int signal);
    /// How a run that is not ok() ended, translated, without what the tool said: "exit code 3",
    /// "crashed with signal SIGSEGV (Segmentation fault)", "timed out after 120 s (stopped)", …
    static QString describe(const Result& r);
    /// Characters of the tool's last words that Result::reason keeps (its stderr, or its output
    /// when the channels are merged): enough for an error line, not a screenful of progress.
    static constexpr int kReasonTailChars = 400;
    /// Tools running now (all threads): a command-line Ctrl-C stops them instead of the process.
    static int running() { return s_running.load(); }

private:
    static std::atomic<int> s_running;
};

} // namespace sl
