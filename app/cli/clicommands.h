// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QStringList>

class QCommandLineParser;
class QTextStream;

namespace sl::cli {

/// Exit codes of sightline-cli (documented in README and --help).
/// Regression and Inconclusive come from `compare --gate` only.
/// Interrupted: Ctrl-C (SIGINT) while nsys or ncu ran, which were stopped and cleaned up.
enum ExitCode {
    Ok = 0,
    Failure = 1,
    Usage = 2,
    BadInput = 3,
    WriteError = 4,
    Regression = 5,
    Inconclusive = 6,
    Interrupted = 130
};

/// The CLI's standard output and error streams, shared by every command.
QTextStream& out();
QTextStream& err();
/// Parses `args` (args[0] = the command) with --help added; on a usage error or --help prints
/// what it must, sets `*exitCode` (Usage or Ok) and returns false.
bool parse(QCommandLineParser& p, const QStringList& args, int* exitCode);

/// Ctrl-C (SIGINT; also SIGTERM, SIGHUP): while an external tool runs (ChildProcess::running()),
/// it is stopped and its half-made output removed, and the command ends with Interrupted;
/// otherwise the process ends at once as it always did.
void installInterruptHandler();

/// The sub-commands. Each parses its own arguments (args[0] is the command name) and returns an
/// ExitCode. Output goes to stdout, progress and errors to stderr.
class Commands
{
    Q_DECLARE_TR_FUNCTIONS(Commands)
public:
    static int analyze(const QStringList& args);
    static int compare(const QStringList& args);
    static int info(const QStringList& args);
    static int synth(const QStringList& args);
    static QString usage();
};

/// Progress line on stderr, only when stderr is a terminal.
class Progress
{
public:
    Progress();
    void update(int permille, const QString& stage);
    void done();

private:
    bool m_tty = false;
    int m_last = -1;
};

} // namespace sl::cli
