// SPDX-License-Identifier: MIT
// Fuzzing the files given beside an export (issue 19; what every case must satisfy and
// $SIGHTLINE_FUZZ_*: tests/common/fuzzharness.h): NVML and Nsight Compute CSVs truncated,
// flipped, in other delimiters, encodings and header cases, with megabyte fields and non-finite
// numbers, and .ncu-rep/.nsys-rep conversions through stand-in tools that hang, crash or write
// garbage (limits of 2 s). The exports themselves are in tst_fuzzexports.
#include "tests/common/fuzzharness.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringEncoder>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <random>
#include <sqlite3.h>

#ifndef SIGHTLINE_CLI
#error "SIGHTLINE_CLI (path of sightline-cli) must be defined by tests/core/CMakeLists.txt"
#endif

using namespace sl::test;

namespace {

/// A damaged or unusual file given beside the export (--nvml, --ncu) or a report opened through a
/// stand-in nsys: `bytes` are written as the input, `tool` (when set) as the stand-in program.
struct ImportCase
{
    QString id;
    QString fileName; ///< the input's name ("nvml.csv", "k.ncu-rep", "run.nsys-rep")
    QByteArray bytes;
    QByteArray tool; ///< a shell script standing in for ncu or nsys; empty: none
};

/// An nvidia-smi --query-gpu=timestamp,index,power.draw,utilization.gpu,memory.used --format=csv log
/// of 2 GPUs every 10 ms, starting 1 s into the capture (`startNs`, its utcEpochNs), in UTC.
QByteArray nvmlLog(qint64 startNs)
{
    QByteArray out = "timestamp, index, power.draw [W], utilization.gpu [%], memory.used [MiB]\n";
    for (int i = 0; i < 200; ++i) {
        const QDateTime t = QDateTime::fromMSecsSinceEpoch(startNs / 1'000'000 + 1000 + i * 10, QTimeZone::utc());
        for (int gpu = 0; gpu < 2; ++gpu)
            out += t.toString(QStringLiteral("yyyy/MM/dd HH:mm:ss.zzz")).toLatin1() + ", " + QByteArray::number(gpu)
                + ", " + QByteArray::number(300 + i % 7) + ".25 W, " + QByteArray::number(i % 100) + " %, "
                + QByteArray::number(20000 + i) + " MiB\n";
    }
    return out;
}

/// An `ncu --csv --page raw` file of 20 launches (header, units row, rows), as ncu 2024 writes it.
QByteArray ncuRaw()
{
    QByteArray out = "==PROF== Connected to process 4242 (/usr/bin/python3.12)\n"
                     "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\","
                     "\"Block Size\",\"Grid Size\",\"Device\",\"CC\",\"dram__bytes.sum\",\"gpu__time_duration.sum\","
                     "\"sm__warps_active.avg.pct_of_peak_sustained_active\"\n"
                     "\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"Mbyte\",\"usecond\",\"%\"\n";
    for (int i = 0; i < 20; ++i)
        out += "\"" + QByteArray::number(i) + "\",\"4242\",\"python3.12\",\"127.0.0.1\",\"gemm_kernel\",\"1\",\"7\","
            + "\"(128, 1, 1)\",\"(80, 2, 1)\",\"0\",\"9.0\",\"1,234.5\",\"" + QByteArray::number(10 + i)
            + ".5\",\"61.2\"\n";
    return out;
}

/// Damaged copies of a text input: truncations, seeded byte flips, other delimiters and
/// encodings, a megabyte-long field and line, non-finite and overflowing numbers, binary noise.
QList<ImportCase> textCases(const QString& kind, const QString& fileName, const QByteArray& base)
{
    QList<ImportCase> cases;
    const auto add = [&](const QString& id, const QByteArray& bytes) {
        cases.append({ kind + QLatin1Char('-') + id, fileName, bytes, {} });
    };
    for (const qint64 cut : { qint64(0), qint64(1), qint64(10), qint64(base.indexOf('\n')), base.size() / 3,
             base.size() / 2, base.size() - 1 })
        add(QStringLiteral("truncate-%1").arg(cut), base.left(cut));
    for (int seed = 1; seed <= 6; ++seed) {
        QByteArray b = base;
        std::mt19937_64 rng(quint64(seed) * 104729);
        for (int i = 0; i < 8 * seed; ++i) {
            const qsizetype at = qsizetype(rng() % quint64(b.size()));
            b[at] = char(b[at] ^ char(1 + rng() % 255));
        }
        add(QStringLiteral("flip-%1").arg(seed), b);
    }
    add(QStringLiteral("semicolon"), QByteArray(base).replace(',', ';'));
    add(QStringLiteral("tab"), QByteArray(base).replace(", ", "\t").replace("\",\"", "\"\t\""));
    QStringEncoder utf16(QStringConverter::Utf16LE, QStringConverter::Flag::WriteBom);
    QStringEncoder utf16be(QStringConverter::Utf16BE);
    QStringEncoder utf32(QStringConverter::Utf32, QStringConverter::Flag::WriteBom);
    add(QStringLiteral("utf16-bom"), utf16(QString::fromUtf8(base)));
    add(QStringLiteral("utf16be-nobom"), utf16be(QString::fromUtf8(base)));
    add(QStringLiteral("utf32"), utf32(QString::fromUtf8(base)));
    add(QStringLiteral("latin1"), QByteArray(base).replace("W", "\xFF\xFE"));
    add(QStringLiteral("crlf"), QByteArray(base).replace("\n", "\r\n"));
    const qsizetype line2 = base.indexOf('\n', base.indexOf('\n') + 1) + 1;
    add(QStringLiteral("megabyte-field"), base.left(line2) + QByteArray(2 << 20, '7') + ',' + base.mid(line2));
    add(QStringLiteral("megabyte-line"), base.left(line2) + QByteArray(3 << 20, 'x'));
    add(QStringLiteral("open-quote"), base.left(line2) + "\"" + base.mid(line2));
    for (const char* v : { "inf", "nan", "-inf", "1e400", "3.5e38", "-1e39", "NaN %" }) {
        QByteArray b = base;
        b.replace("61.2", v).replace("301.25 W", v).replace(" 7 %", QByteArray(QByteArray(" ") + v));
        add(QStringLiteral("value-%1").arg(QString::fromLatin1(v).remove(QLatin1Char(' '))), b);
    }
    add(QStringLiteral("noheader"), base.mid(base.indexOf('\n') + 1));
    // The header in another case and padded, as hand edits and other tools leave it.
    const qsizetype headerEnd = base.indexOf('\n', base.startsWith("==") ? base.indexOf('\n') + 1 : 0);
    add(QStringLiteral("header-case"),
        base.left(headerEnd).toLower().replace("\",\"", "\", \" ").replace(", ", " , ") + base.mid(headerEnd));
    add(QStringLiteral("header-only"), base.left(base.indexOf('\n') + 1));
    QByteArray noise(64 << 10, Qt::Uninitialized);
    std::mt19937_64 rng(7);
    for (char& c : noise)
        c = char(rng());
    add(QStringLiteral("noise"), noise);
    return cases;
}

/// Stand-ins for ncu (kind "ncu") or nsys ("nsys") that hang, crash, print garbage or write a
/// damaged export (`good`: a valid export to cut short); run with a 2 s limit.
QList<ImportCase> toolCases(const QString& kind, const QString& good)
{
    const QByteArray version = kind == QLatin1String("nsys")
        ? "[ \"$1\" = --version ] && { echo 'NVIDIA Nsight Systems version 2026.2.1.210-standin'; exit 0; }\n"
        : "";
    const QByteArray out
        = "out=''; prev=''; for a in \"$@\"; do [ \"$prev\" = --output ] && out=\"$a\"; prev=\"$a\"; done\n";
    const QByteArray goodPath = good.toUtf8();
    const QList<std::pair<QString, QByteArray>> bodies = {
        { QStringLiteral("hang"), "sleep 100000\n" },
        { QStringLiteral("hang-exec"), "exec sleep 100000\n" },
        { QStringLiteral("crash"), "kill -SEGV $$\n" },
        { QStringLiteral("abort"), "echo 'fatal: internal error' >&2; kill -ABRT $$\n" },
        { QStringLiteral("exit-7"), "echo 'Error: something failed' >&2; exit 7\n" },
        { QStringLiteral("garbage"),
            "head -c 200000 /dev/urandom; " + out
                + "[ -n \"$out\" ] && head -c 70000 /dev/urandom > \"$out\"; exit 0\n" },
        { QStringLiteral("truncated"),
            out + "[ -n \"$out\" ] && head -c 30000 '" + goodPath
                + "' > \"$out\"; echo '\"ID\",\"Kernel Name\"'; exit 0\n" },
        { QStringLiteral("empty"), out + "[ -n \"$out\" ] && : > \"$out\"; exit 0\n" },
    };
    QList<ImportCase> cases;
    const QString input = kind == QLatin1String("nsys") ? QStringLiteral("run.nsys-rep") : QStringLiteral("k.ncu-rep");
    for (const auto& [id, body] : bodies)
        cases.append(
            { kind + QStringLiteral("-tool-") + id, input, "STAND-IN REPORT", "#!/bin/sh\n" + version + body });
    return cases;
}

/// Runs one import case through `sightline-cli analyze` beside `trace` (for nsys: instead of it),
/// with the checks of runCase: ends by itself, no crash, exit 0 or 3 with a message naming the
/// input, the input unchanged, nothing beside it; and for nsys no export cached.
void runImportCase(const QString& trace, const ImportCase& c, const QString& work, Totals& t)
{
    const QString caseDir = QDir(work).filePath(QStringLiteral("in-") + c.id);
    const QString cache = QDir(work).filePath(QStringLiteral("cache-") + c.id);
    QDir().mkpath(caseDir);
    const QString input = QDir(caseDir).filePath(c.fileName);
    QFile f(input);
    if (!f.open(QIODevice::WriteOnly) || f.write(c.bytes) != c.bytes.size())
        return void(++t.skipped);
    f.close();
    ++t.cases;
    const QString tool = QDir(work).filePath(QStringLiteral("tool-") + c.id);
    if (!c.tool.isEmpty()) {
        QFile s(tool);
        if (!s.open(QIODevice::WriteOnly) || s.write(c.tool) != c.tool.size())
            return void(++t.skipped);
        s.close();
        s.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    const QByteArray hashBefore = sha256(input);
    const QDateTime mtimeBefore = QFileInfo(input).lastModified();
    const QStringList beside = QDir(caseDir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    const bool nsys = c.fileName.endsWith(QLatin1String(".nsys-rep"));
    QStringList args = { QStringLiteral("analyze"), nsys ? input : trace, QStringLiteral("--out"),
        QDir(work).filePath(QStringLiteral("out")) };
    if (nsys)
        args << QStringLiteral("--nsys") << tool << QStringLiteral("--nsys-timeout") << QStringLiteral("2");
    else if (c.fileName.endsWith(QLatin1String(".csv")) && c.id.startsWith(QLatin1String("nvml")))
        args << QStringLiteral("--nvml") << input;
    else
        args << QStringLiteral("--ncu") << input << QStringLiteral("--ncu-timeout") << QStringLiteral("2");
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CACHE_HOME"), cache);
    if (!c.tool.isEmpty() && !nsys) { // ncu is found on PATH
        QDir().mkpath(QDir(work).filePath(QStringLiteral("bin-") + c.id));
        QFile::copy(tool, QDir(work).filePath(QStringLiteral("bin-") + c.id + QStringLiteral("/ncu")));
        env.insert(QStringLiteral("PATH"),
            QDir(work).filePath(QStringLiteral("bin-") + c.id) + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
    }
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(work);
    p.start(QStringLiteral(SIGHTLINE_CLI), args);
    const QString what = c.id;
    if (QString err; finishedWithoutCrash(p, what, t, &err)) {
        if (p.exitCode() == 0 || p.exitCode() == 3) {
            ++(p.exitCode() == 0 ? t.exit0 : t.exit3);
            // Whatever went wrong with the input is said, naming it (a warning on exit 0).
            const bool failed = nsys ? p.exitCode() == 3 : err.contains(QLatin1String("warning"));
            if (failed && !err.contains(c.fileName)) {
                ++t.badMessage;
                t.failures << what + QStringLiteral(": a message without the file: ") + err.left(500);
            }
        } else {
            ++t.badExit;
            t.failures << what + QStringLiteral(": exit code %1: ").arg(p.exitCode()) + err.left(500);
        }
    }
    if (sha256(input) != hashBefore || QFileInfo(input).lastModified() != mtimeBefore) {
        ++t.inputsChanged;
        t.failures << what + QStringLiteral(": the input changed");
    }
    if (QDir(caseDir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot) != beside) {
        ++t.filesBeside;
        t.failures << what + QStringLiteral(": a file appeared beside the input");
    }
    // Every stand-in nsys here fails: nothing may be cached (a KEY folder) or left half made.
    const QString exports = cache + QStringLiteral("/sightline/nsys-exports");
    if (nsys && !QDir(exports).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty()) {
        ++t.filesBeside;
        t.failures << what + QStringLiteral(": left in the export cache: ")
                + QDir(exports).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).join(QLatin1Char(' '));
    }
    QDir(caseDir).removeRecursively();
    QDir(cache).removeRecursively();
}

} // namespace

class TestFuzzImports : public QObject, public FuzzSuite
{
    Q_OBJECT
private slots:
    void initTestCase();
    void importedFiles();
    void cleanupTestCase();
};

void TestFuzzImports::initTestCase() { QVERIFY(m_work.isValid()); }

void TestFuzzImports::importedFiles()
{
    // NVML CSVs and Nsight Compute CSVs damaged like the exports, and .ncu-rep / .nsys-rep
    // conversions through stand-in tools that hang, crash or write garbage (issue 19).
    const QString trace = m_work.filePath(QStringLiteral("imports.sqlite"));
    QProcess p;
    p.start(QStringLiteral(SIGHTLINE_CLI),
        { QStringLiteral("synth"), QStringLiteral("--out"), trace, QStringLiteral("--kernels"),
            QStringLiteral("200") });
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open_v2(trace.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    const qint64 start = scalar(db, QStringLiteral("SELECT utcEpochNs FROM TARGET_INFO_SESSION_START_TIME"), 0);
    sqlite3_close(db);
    QVERIFY(start > 0);
    QList<ImportCase> all = textCases(QStringLiteral("nvml"), QStringLiteral("nvml.csv"), nvmlLog(start))
        + textCases(QStringLiteral("ncu"), QStringLiteral("ncu.csv"), ncuRaw())
        + toolCases(QStringLiteral("ncu"), trace) + toolCases(QStringLiteral("nsys"), trace);
    if (const QString only = qEnvironmentVariable("SIGHTLINE_FUZZ_ONLY"); !only.isEmpty())
        all.removeIf([&](const ImportCase& c) { return !c.id.contains(only); });
    const int cap = envInt("SIGHTLINE_FUZZ_CASES", 60);
    // The cap applies per kind of input (nvml, ncu, the tools): every class still runs at 40.
    const qsizetype perKind = cap <= 0 ? all.size() : qsizetype(cap);
    QHash<QString, qsizetype> taken;
    Totals t;
    for (const ImportCase& c : std::as_const(all)) {
        const QString kind = c.id.section(QLatin1Char('-'), 0, c.tool.isEmpty() ? 0 : 1);
        if (taken[kind]++ < perKind)
            runImportCase(trace, c, m_work.path(), t);
    }
    qInfo("fuzz: imports: %d cases (%d exit 0, %d exit 3), %d crashes, %d hangs, %d inputs changed, %d files beside, "
          "%d other exit codes, %d messages without the file",
        t.cases, t.exit0, t.exit3, t.crashes, t.hangs, t.inputsChanged, t.filesBeside, t.badExit, t.badMessage);
    check(t);
}

void TestFuzzImports::cleanupTestCase() { printTotals(); }

SIGHTLINE_FUZZ_MAIN(TestFuzzImports)
#include "tst_fuzzimports.moc"
