// SPDX-License-Identifier: MIT
// The harness of the fuzz suites (tst_fuzzexports, tst_fuzzimports, tst_fuzzdigests; issue 12.5):
// damaged copies of inputs built at test time in a temporary folder (never committed), each run
// through sightline-cli as a child process. Every case must end (no hang) by itself (no crash, no
// sanitizer report) with exit code 0 or 3, a message naming the file on 3, and leave the damaged
// copy's bytes, mtime and folder exactly as they were.
// $SIGHTLINE_FUZZ_CASES caps the number of cases per input (default 60; 0 = all): the full list
// is sampled with a stride whose phase moves from input to input, so across inputs every
// mutation class is still run. $SIGHTLINE_FUZZ_TIMEOUT_S bounds one case (default 120 s);
// $SIGHTLINE_FUZZ_ONLY and $SIGHTLINE_FUZZ_KEEP select cases and keep their damaged copies.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

struct sqlite3;

class QProcess;

namespace sl::test {

enum class Kind { Truncate, Flip, Sql };

struct Case
{
    QString id; ///< short name, also the damaged copy's file name stem
    Kind kind = Kind::Sql;
    qint64 offset = 0; ///< Truncate: new size; Flip: seed
    bool header = false; ///< Flip: inside the first page
    QStringList sql; ///< Sql: statements run on the copy
    /// The command run on the copy ("%IN" the copy, "%OUT" an output folder); empty: analyze.
    QStringList command = {};
    QString suffix = QStringLiteral(".sqlite"); ///< the copy's file name suffix
};

/// The column names of `table` (PRAGMA table_info); empty when there is no such table.
QStringList columnsOf(sqlite3* db, const QString& table);
/// The first value `sql` returns, or `fallback` when it fails, returns no row or NULL.
qint64 scalar(sqlite3* db, const QString& sql, qint64 fallback);
/// The SHA-256 of the file (of nothing when it cannot be read).
QByteArray sha256(const QString& path);

struct Totals
{
    int cases = 0, skipped = 0, crashes = 0, hangs = 0, badExit = 0, badMessage = 0, inputsChanged = 0, filesBeside = 0,
        exit0 = 0, exit3 = 0;
    QStringList failures;
};

/// The integer environment variable `name`, or `fallback` when it is unset or not a number.
int envInt(const char* name, int fallback);
/// Waits for the CLI of case `what` (at most $SIGHTLINE_FUZZ_TIMEOUT_S, default 120 s) and counts
/// a hang or a crash (a sanitizer report counts as one) in `t`; true, with its standard error in
/// `err`, when it finished otherwise and its exit code is for the caller to judge.
bool finishedWithoutCrash(QProcess& p, const QString& what, Totals& t, QString* err);

/// What the fuzz suites share besides the free functions: the work folder, the totals over the
/// suite, the sampled run of a list of cases and the checks of a run's totals. A fuzz suite derives
/// from QObject and this.
class FuzzSuite
{
protected:
    /// Runs `all` on copies of `input` in the work folder, at most $SIGHTLINE_FUZZ_CASES of them
    /// (default 60, 0 = all), sampled with a stride whose phase is `phase`.
    void runCases(const QString& input, QList<Case> all, int phase, Totals& t);
    /// Prints `t`'s failures, adds `t` to the suite's totals and fails the test unless every case
    /// passed.
    void check(const Totals& t);
    /// The suite's totals, for its cleanupTestCase().
    void printTotals() const;
    QTemporaryDir m_work;
    Totals m_all;
};

} // namespace sl::test

/// main() of a fuzz suite. Hundreds of child processes take longer than Qt Test's 5-minute
/// default per function; each case has its own timeout, and CTest bounds the whole suite.
#define SIGHTLINE_FUZZ_MAIN(TestObject)                                                                                \
    int main(int argc, char** argv)                                                                                    \
    {                                                                                                                  \
        if (qEnvironmentVariableIsEmpty("QTEST_FUNCTION_TIMEOUT"))                                                     \
            qputenv("QTEST_FUNCTION_TIMEOUT", "3600000");                                                              \
        QCoreApplication app(argc, argv);                                                                              \
        TestObject test;                                                                                               \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        return QTest::qExec(&test, argc, argv);                                                                        \
    }
