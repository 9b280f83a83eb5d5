// SPDX-License-Identifier: MIT
// Outputs under hostile conditions (issue 12.4/12.6): a full disk at several points of the
// export, a kill in the middle of a write, links in the output folder and an empty --out. The
// real sightline-cli runs as a child process; the disk is "full" through RLIMIT_FSIZE, set in
// the child only: with SIGXFSZ ignored a write past the limit fails with EFBIG (a failed write),
// with SIGXFSZ at its default the kernel kills the process in the middle of that write.
#include "core/report/outputset.h"
#include "tests/common/tracefixture.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>
#include <unistd.h>

#ifndef SIGHTLINE_CLI
#error "SIGHTLINE_CLI (path of sightline-cli) must be defined by tests/core/CMakeLists.txt"
#endif

using sl::test::TraceFixture;

namespace {

struct Run
{
    bool finished = false;
    bool crashed = false;
    int exitCode = -1;
    QString err;
};

/// Runs the CLI; `fileSizeLimit` >= 0 caps every file it writes (bytes); `killOnLimit` leaves
/// SIGXFSZ at its default so the write past the limit kills the process.
Run runCli(const QStringList& args, qint64 fileSizeLimit = -1, bool killOnLimit = false, const QString& cwd = {})
{
    QProcess p;
    p.setProgram(QStringLiteral(SIGHTLINE_CLI));
    p.setArguments(args);
    if (!cwd.isEmpty())
        p.setWorkingDirectory(cwd);
    if (fileSizeLimit >= 0) {
        p.setChildProcessModifier([fileSizeLimit, killOnLimit] {
            const rlimit fsize { rlim_t(fileSizeLimit), rlim_t(fileSizeLimit) };
            const rlimit core { 0, 0 };
            ::setrlimit(RLIMIT_FSIZE, &fsize);
            ::setrlimit(RLIMIT_CORE, &core);
            ::signal(SIGXFSZ, killOnLimit ? SIG_DFL : SIG_IGN);
        });
    }
    p.start();
    Run r;
    if (!p.waitForStarted(30000))
        return r;
    r.finished = p.waitForFinished(120000);
    r.crashed = p.exitStatus() != QProcess::NormalExit;
    r.exitCode = r.crashed ? -1 : p.exitCode();
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

/// Every file under `dir` (relative path -> bytes), links as "-> target".
QMap<QString, QByteArray> snapshot(const QString& dir)
{
    QMap<QString, QByteArray> out;
    QDirIterator it(
        dir, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QFileInfo fi(path);
        const QString rel = QDir(dir).relativeFilePath(path);
        if (fi.isSymLink())
            out.insert(rel, "-> " + fi.symLinkTarget().toUtf8());
        else if (fi.isDir())
            out.insert(rel + QLatin1Char('/'), {});
        else {
            QFile f(path);
            out.insert(rel, f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>"));
        }
    }
    return out;
}

void writeText(const QString& path, const QByteArray& text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(text), text.size());
}

/// The previous report the failed exports must leave alone.
void plantOldReport(const QString& dir)
{
    writeText(QDir(dir).filePath(QStringLiteral("report.json")), "{\"old\": true}\n");
    writeText(QDir(dir).filePath(QStringLiteral("report.md")), "# old report\n");
    writeText(QDir(dir).filePath(QStringLiteral("tables/kernels.csv")), "name\nold_kernel\n");
}

QString makeTrace(TraceFixture& fx)
{
    fx.gpu(0, QStringLiteral("NVIDIA H100 80GB HBM3"));
    fx.process(100, QStringLiteral("python3"));
    fx.thread(100, 101, QStringLiteral("main"));
    fx.nvtx(50, 5000, 100, 101, QStringLiteral("decode_step"));
    fx.runtime(100, 200, 100, 101, 1, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.runtime(300, 400, 100, 101, 2, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.kernel(1000, 1500, 0, 7, 1, 100, QStringLiteral("gemm_kernel"));
    fx.kernel(1600, 1800, 0, 7, 2, 100, QStringLiteral("relu_kernel"));
    return fx.path();
}

} // namespace

class TestExportFailures : public QObject
{
    Q_OBJECT
private slots:
    void emptyOutIsAUsageError();
    void diskFullAtEveryFile();
    void diskFullComparison();
    void killedMidWrite();
    void linkedFileIsReplacedNotFollowed();
    void linkedFolderIsRefused();
    void exportTablesAsOneSet();
};

void TestExportFailures::emptyOutIsAUsageError()
{
    TraceFixture fx;
    const QString trace = makeTrace(fx);
    QTemporaryDir cwd;
    for (const QString& out : { QString(), QStringLiteral("  ") }) {
        const Run a = runCli({ QStringLiteral("analyze"), trace, QStringLiteral("--out"), out }, -1, false, cwd.path());
        QVERIFY(a.finished);
        QCOMPARE(a.exitCode, 2);
        QVERIFY2(a.err.contains(QLatin1String("--out")), qPrintable(a.err));
        const Run c
            = runCli({ QStringLiteral("compare"), trace, trace, QStringLiteral("--out"), out }, -1, false, cwd.path());
        QVERIFY(c.finished);
        QCOMPARE(c.exitCode, 2);
    }
    QVERIFY(QDir(cwd.path()).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot));
}

void TestExportFailures::diskFullAtEveryFile()
{
    TraceFixture fx;
    const QString trace = makeTrace(fx);
    // The sizes of a complete export: each "disk full" below cuts one byte short of one of them,
    // so the export fails at that file (and at every larger one), from the smallest CSV up to
    // report.json.
    QTemporaryDir probe;
    QCOMPARE(runCli({ QStringLiteral("analyze"), trace, QStringLiteral("--out"), probe.path() }).exitCode, 0);
    const auto complete = snapshot(probe.path());
    QVERIFY(complete.contains(QStringLiteral("report.json")));
    QVERIFY(complete.contains(QStringLiteral("tables/kernels.csv")));
    QList<qint64> limits = { 0 };
    for (const auto& bytes : complete)
        if (!bytes.isEmpty() && !limits.contains(bytes.size() - 1))
            limits << bytes.size() - 1;
    QVERIFY(limits.size() >= 4);
    for (qint64 limit : std::as_const(limits)) {
        QTemporaryDir out;
        plantOldReport(out.path());
        const auto before = snapshot(out.path());
        const Run r = runCli({ QStringLiteral("analyze"), trace, QStringLiteral("--out"), out.path() }, limit);
        QVERIFY(r.finished);
        QVERIFY2(
            r.exitCode == 4, qPrintable(QStringLiteral("limit %1: exit %2, %3").arg(limit).arg(r.exitCode).arg(r.err)));
        QVERIFY2(r.err.contains(QLatin1String("Cannot write")), qPrintable(r.err));
        QCOMPARE(snapshot(out.path()), before); // the old report, byte for byte, and nothing else
    }
    // Into an empty folder: nothing at all.
    QTemporaryDir empty;
    const Run r = runCli({ QStringLiteral("analyze"), trace, QStringLiteral("--out"), empty.path() }, limits.last());
    QCOMPARE(r.exitCode, 4);
    QVERIFY(snapshot(empty.path()).isEmpty());
}

void TestExportFailures::diskFullComparison()
{
    TraceFixture fx;
    const QString trace = makeTrace(fx);
    QTemporaryDir probe;
    QCOMPARE(runCli({ QStringLiteral("compare"), trace, trace, QStringLiteral("--out"), probe.path() }).exitCode, 0);
    const auto complete = snapshot(probe.path());
    QCOMPARE(complete.keys(), (QStringList { QStringLiteral("comparison.json"), QStringLiteral("comparison.md") }));
    for (const auto& bytes : complete) {
        QTemporaryDir out;
        writeText(QDir(out.path()).filePath(QStringLiteral("comparison.json")), "{\"old\": 1}");
        writeText(QDir(out.path()).filePath(QStringLiteral("comparison.md")), "# old");
        const auto before = snapshot(out.path());
        const Run r = runCli(
            { QStringLiteral("compare"), trace, trace, QStringLiteral("--out"), out.path() }, bytes.size() - 1);
        QCOMPARE(r.exitCode, 4);
        QCOMPARE(snapshot(out.path()), before);
    }
}

void TestExportFailures::killedMidWrite()
{
    TraceFixture fx;
    const QString trace = makeTrace(fx);
    QTemporaryDir probe;
    QCOMPARE(runCli({ QStringLiteral("analyze"), trace, QStringLiteral("--out"), probe.path() }).exitCode, 0);
    const auto complete = snapshot(probe.path());
    const qint64 json = complete.value(QStringLiteral("report.json")).size();
    const qint64 md = complete.value(QStringLiteral("report.md")).size();
    // Killed inside the first write, and inside the write of the largest file (a later one).
    for (qint64 limit : { qint64(0), qMax(json, md) / 2 }) {
        QTemporaryDir out;
        plantOldReport(out.path());
        const auto before = snapshot(out.path());
        const Run r = runCli({ QStringLiteral("analyze"), trace, QStringLiteral("--out"), out.path() }, limit, true);
        QVERIFY(r.finished);
        QVERIFY2(r.crashed, "the file-size signal should have killed the CLI mid-write");
        // The old report is intact; the killed run left at most its private staging folder.
        auto after = snapshot(out.path());
        for (auto it = after.begin(); it != after.end();)
            it = it.key().startsWith(sl::OutputSet::stagingPrefix()) ? after.erase(it) : std::next(it);
        QCOMPARE(after, before);
        // The next export removes the dead process's staging folder and writes the new report.
        QCOMPARE(runCli({ QStringLiteral("analyze"), trace, QStringLiteral("--out"), out.path() }).exitCode, 0);
        const auto next = snapshot(out.path());
        QCOMPARE(next.keys(), complete.keys());
        QCOMPARE(
            next.value(QStringLiteral("tables/kernels.csv")), complete.value(QStringLiteral("tables/kernels.csv")));
    }
}

void TestExportFailures::linkedFileIsReplacedNotFollowed()
{
    TraceFixture fx;
    const QString trace = makeTrace(fx);
    QTemporaryDir outside, out;
    const QString victim = QDir(outside.path()).filePath(QStringLiteral("precious.txt"));
    writeText(victim, "do not touch");
    QVERIFY(QFile::link(victim, QDir(out.path()).filePath(QStringLiteral("report.json"))));
    const Run r = runCli({ QStringLiteral("analyze"), trace, QStringLiteral("--out"), out.path() });
    QCOMPARE(r.exitCode, 0);
    QFile v(victim);
    QVERIFY(v.open(QIODevice::ReadOnly));
    QCOMPARE(v.readAll(), QByteArray("do not touch"));
    const QFileInfo written(QDir(out.path()).filePath(QStringLiteral("report.json")));
    QVERIFY(!written.isSymLink());
    QVERIFY(written.size() > 100);
}

void TestExportFailures::linkedFolderIsRefused()
{
    TraceFixture fx;
    const QString trace = makeTrace(fx);
    QTemporaryDir outside, out;
    QVERIFY(QFile::link(outside.path(), QDir(out.path()).filePath(QStringLiteral("tables"))));
    const Run r = runCli({ QStringLiteral("analyze"), trace, QStringLiteral("--out"), out.path() });
    QCOMPARE(r.exitCode, 4);
    QVERIFY2(r.err.contains(QLatin1String("symbolic link")), qPrintable(r.err));
    QVERIFY(QDir(outside.path()).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot));
    QCOMPARE(snapshot(out.path()).keys(), QStringList { QStringLiteral("tables") });
}

void TestExportFailures::exportTablesAsOneSet()
{
    // OutputSet directly (the GUI's Export Tables and Export Report go through it): a name taken
    // by a folder fails the whole set before any file is replaced.
    QTemporaryDir out;
    writeText(QDir(out.path()).filePath(QStringLiteral("a.csv")), "old a");
    QVERIFY(QDir(out.path()).mkdir(QStringLiteral("b.csv")));
    sl::OutputSet set(out.path());
    set.add(QStringLiteral("a.csv"), "new a");
    set.add(QStringLiteral("b.csv"), "new b");
    QString error;
    QVERIFY(!set.commit(&error));
    QVERIFY2(error.contains(QLatin1String("b.csv")), qPrintable(error));
    const auto after = snapshot(out.path());
    QCOMPARE(after.value(QStringLiteral("a.csv")), QByteArray("old a"));
    QCOMPARE(after.size(), 2);

    sl::OutputSet empty { QString() };
    QVERIFY(!empty.commit(&error));
}

QTEST_GUILESS_MAIN(TestExportFailures)
#include "tst_exportfailures.moc"
