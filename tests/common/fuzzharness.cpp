// SPDX-License-Identifier: MIT
#include "tests/common/fuzzharness.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTest>

#include <random>
#include <sqlite3.h>

#ifndef SIGHTLINE_CLI
#error "SIGHTLINE_CLI (path of sightline-cli) must be defined by tests/core/CMakeLists.txt"
#endif

namespace sl::test {

namespace {

bool exec(sqlite3* db, const QString& sql)
{
    return sqlite3_exec(db, sql.toUtf8().constData(), nullptr, nullptr, nullptr) == SQLITE_OK;
}

/// Builds the damaged copy; false when the mutation does not apply (e.g. a NOT NULL column).
bool makeCopy(const QString& source, const Case& c, const QString& target, QString* why)
{
    QFile in(source);
    if (!in.open(QIODevice::ReadOnly)) {
        *why = in.errorString();
        return false;
    }
    QByteArray bytes = in.readAll();
    if (c.kind == Kind::Truncate)
        bytes.truncate(c.offset);
    if (c.kind == Kind::Flip && !bytes.isEmpty()) {
        std::mt19937_64 rng(quint64(c.offset) * 7919 + (c.header ? 1 : 0));
        const qint64 page = qMin<qint64>(bytes.size(), 4096);
        for (int i = 0; i < (c.header ? 2 : 16); ++i) {
            const qint64 at = c.header ? qint64(rng() % quint64(page))
                                       : page + qint64(rng() % quint64(qMax<qint64>(1, bytes.size() - page)));
            if (at < bytes.size())
                bytes[at] = char(bytes[at] ^ char(1 + rng() % 255));
        }
    }
    QFile out(target);
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.flush()) {
        *why = out.errorString();
        return false;
    }
    out.close();
    if (c.kind != Kind::Sql)
        return true;
    sqlite3* db = nullptr;
    bool ok = sqlite3_open_v2(target.toUtf8().constData(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK
        && exec(db, QStringLiteral("PRAGMA journal_mode=DELETE"));
    for (const QString& s : c.sql)
        ok = ok && exec(db, s);
    if (!ok)
        *why = QString::fromUtf8(sqlite3_errmsg(db));
    sqlite3_close(db);
    return ok;
}

void runCase(const QString& source, const Case& c, const QString& work, Totals& t)
{
    const QString caseDir = QDir(work).filePath(QStringLiteral("in-") + c.id);
    QDir().mkpath(caseDir);
    const QString copy = QDir(caseDir).filePath(c.id + c.suffix);
    QString why;
    if (!makeCopy(source, c, copy, &why)) {
        ++t.skipped;
        QDir(caseDir).removeRecursively();
        return;
    }
    ++t.cases;
    // SIGHTLINE_FUZZ_KEEP=DIR keeps a copy of every damaged input there, to reproduce a failure.
    if (const QString keep = qEnvironmentVariable("SIGHTLINE_FUZZ_KEEP"); !keep.isEmpty())
        QFile::copy(copy,
            QDir(keep).filePath(QFileInfo(source).baseName() + QLatin1Char('-') + c.id + QStringLiteral(".sqlite")));
    const QByteArray hashBefore = sha256(copy);
    const QDateTime mtimeBefore = QFileInfo(copy).lastModified();
    const QStringList beside
        = QDir(caseDir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    const QString outDir = QDir(work).filePath(QStringLiteral("out"));

    QProcess p;
    p.setProgram(QStringLiteral(SIGHTLINE_CLI));
    QStringList args { QStringLiteral("analyze"), copy, QStringLiteral("--out"), outDir };
    if (!c.command.isEmpty()) {
        args = c.command;
        args.replaceInStrings(QStringLiteral("%IN"), copy);
        args.replaceInStrings(QStringLiteral("%OUT"), outDir);
    }
    p.setArguments(args);
    p.setWorkingDirectory(work);
    p.start();
    const QString what = QFileInfo(source).fileName() + QStringLiteral(" / ") + c.id;
    if (!p.waitForStarted(30000)) {
        ++t.badExit;
        t.failures << what + QStringLiteral(": did not start");
        return;
    }
    if (QString err; finishedWithoutCrash(p, what, t, &err)) {
        if (p.exitCode() == 0) {
            ++t.exit0;
        } else if (p.exitCode() == 3) {
            ++t.exit3;
            // The message names the file and says more than its name.
            if (!err.contains(QFileInfo(copy).fileName())
                || err.trimmed().size() < QFileInfo(copy).fileName().size() + 12) {
                ++t.badMessage;
                t.failures << what + QStringLiteral(": exit 3 without a message naming the file: ") + err.left(500);
            }
        } else {
            ++t.badExit;
            t.failures << what + QStringLiteral(": exit code %1: ").arg(p.exitCode()) + err.left(500);
        }
    }
    if (sha256(copy) != hashBefore || QFileInfo(copy).lastModified() != mtimeBefore) {
        ++t.inputsChanged;
        t.failures << what + QStringLiteral(": the input changed");
    }
    if (QDir(caseDir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot) != beside) {
        ++t.filesBeside;
        t.failures << what + QStringLiteral(": a file appeared beside the input");
    }
    QDir(caseDir).removeRecursively();
}

} // namespace

QStringList columnsOf(sqlite3* db, const QString& table)
{
    QStringList out;
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(
            db, QStringLiteral("PRAGMA table_info(\"%1\")").arg(table).toUtf8().constData(), -1, &st, nullptr)
        != SQLITE_OK)
        return out;
    while (sqlite3_step(st) == SQLITE_ROW)
        out << QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(st, 1)));
    sqlite3_finalize(st);
    return out;
}

qint64 scalar(sqlite3* db, const QString& sql, qint64 fallback)
{
    sqlite3_stmt* st = nullptr;
    qint64 v = fallback;
    if (sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &st, nullptr) == SQLITE_OK
        && sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

QByteArray sha256(const QString& path)
{
    QFile f(path);
    QCryptographicHash h(QCryptographicHash::Sha256);
    if (f.open(QIODevice::ReadOnly))
        h.addData(&f);
    return h.result();
}

int envInt(const char* name, int fallback)
{
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok ? v : fallback;
}

bool finishedWithoutCrash(QProcess& p, const QString& what, Totals& t, QString* err)
{
    if (!p.waitForFinished(envInt("SIGHTLINE_FUZZ_TIMEOUT_S", 120) * 1000)) {
        p.kill();
        p.waitForFinished(10000);
        ++t.hangs;
        t.failures << what + QStringLiteral(": hang (killed after the timeout)");
        return false;
    }
    *err = QString::fromUtf8(p.readAllStandardError());
    const bool sanitizer = err->contains(QLatin1String("Sanitizer")) || err->contains(QLatin1String("runtime error:"));
    if (p.exitStatus() != QProcess::NormalExit || sanitizer) {
        ++t.crashes;
        t.failures << what + QStringLiteral(": crash: ") + err->right(1500);
        return false;
    }
    return true;
}

void FuzzSuite::runCases(const QString& input, QList<Case> all, int phase, Totals& t)
{
    const int cap = envInt("SIGHTLINE_FUZZ_CASES", 60);
    // Debugging one case: SIGHTLINE_FUZZ_ONLY=flip-body-4 runs the cases whose id contains it.
    if (const QString only = qEnvironmentVariable("SIGHTLINE_FUZZ_ONLY"); !only.isEmpty())
        all.removeIf([&](const Case& c) { return !c.id.contains(only); });
    // SIGHTLINE_FUZZ_SKIP=a,b leaves out the cases whose id contains one of them (.ci/run uses it
    // for classes whose fix is pending, and says which).
    for (const QString& skip : qEnvironmentVariable("SIGHTLINE_FUZZ_SKIP").split(QLatin1Char(','), Qt::SkipEmptyParts))
        all.removeIf([&](const Case& c) { return c.id.contains(skip); });
    // Sampled with a stride whose phase moves with the input, so the inputs share the classes out.
    const qsizetype stride = cap <= 0 || all.size() <= cap ? 1 : (all.size() + cap - 1) / cap;
    const int before = t.cases;
    for (qsizetype j = (phase * 7) % stride; j < all.size(); j += stride)
        runCase(input, all[j], m_work.path(), t);
    qInfo("fuzz: %s: %d of %lld cases run", qPrintable(QFileInfo(input).fileName()), t.cases - before,
        qlonglong(all.size()));
}

void FuzzSuite::check(const Totals& t)
{
    for (const QString& f : std::as_const(t.failures))
        qWarning("%s", qPrintable(f));
    m_all.cases += t.cases;
    m_all.crashes += t.crashes;
    m_all.hangs += t.hangs;
    m_all.inputsChanged += t.inputsChanged;
    QVERIFY(t.cases > 0);
    QCOMPARE(t.crashes, 0);
    QCOMPARE(t.hangs, 0);
    QCOMPARE(t.inputsChanged, 0);
    QCOMPARE(t.filesBeside, 0);
    QCOMPARE(t.badExit, 0);
    QCOMPARE(t.badMessage, 0);
}

void FuzzSuite::printTotals() const
{
    qInfo("fuzz totals: %d cases, %d crashes, %d hangs, %d inputs changed", m_all.cases, m_all.crashes, m_all.hangs,
        m_all.inputsChanged);
}

} // namespace sl::test
