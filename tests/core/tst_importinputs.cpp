// SPDX-License-Identifier: MIT
// External inputs beside the export (issue 19): the NVML sample layouts nvidia-smi logs really
// have, other delimiters and encodings, names that are not UTF-8, Nsight Compute headers in
// another case, a hung or crashing ncu, and the memory an NVML import takes. Each input is built
// here as the tool (or the reproducer in shared/repro/new-inputs) writes it; expected times are
// worked out by hand from the wall-clock text (comments give the arithmetic).
#include "core/io/ncucsvreader.h"
#include "core/io/nvmlcsvreader.h"
#include "core/session/tracesession.h"
#include "core/util/nativepath.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QStringEncoder>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>
#include <sys/resource.h>
#include <unistd.h>

#ifndef SIGHTLINE_CLI
#error "SIGHTLINE_CLI (path of sightline-cli) must be defined by tests/core/CMakeLists.txt"
#endif

using namespace sl;

namespace {

/// 2025-05-06T12:55:56.500Z: 1746536156 s since the epoch (20214 days × 86400 + 12:55:56), + 0.5 s.
constexpr qint64 kStart = 1'746'536'156'500'000'000;

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

/// Writes `bytes` to a file named by raw bytes (which may not be UTF-8).
bool writeNative(const QByteArray& path, const QByteArray& bytes)
{
    FILE* fp = std::fopen(path.constData(), "wb");
    if (!fp)
        return false;
    const bool ok = std::fwrite(bytes.constData(), 1, size_t(bytes.size()), fp) == size_t(bytes.size());
    return std::fclose(fp) == 0 && ok;
}

bool writeScript(const QString& path, const QByteArray& text)
{
    return writeFile(path, text) && QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

qint64 sessionStart(const QString& sqlite)
{
    sqlite3* db = nullptr;
    qint64 v = 0;
    if (sqlite3_open_v2(sqlite.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db, "SELECT utcEpochNs FROM TARGET_INFO_SESSION_START_TIME", -1, &st, nullptr)
                == SQLITE_OK
            && sqlite3_step(st) == SQLITE_ROW)
            v = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return v;
}

} // namespace

class TestImportInputs : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void nvmlDateLineBlocks();
    void nvmlNoHeaderWithColumns();
    void nvmlUnitsInValues();
    void nvmlDelimitersAndEncodings();
    void nvmlIsoTimestamps();
    void nvmlNonUtf8Path();
    void nvmlMemoryIsBounded();
    void realNvidiaSmiLayouts();
    void realNcuRawPage();
    void ncuHeaderInAnotherCase();
    void ncuHungIsTimedOut();
    void ncuCrashSaysTheSignal();
    void ncuFailureSaysExitCodeAndStderr();
    void cliSaysWhatNcuWaitsFor();
    void cliNcuHeaderInAnotherCase();

private:
    QTemporaryDir m_dir;
    QString m_trace;
    QString cli(const QStringList& args, int* code, const std::function<void()>& modifier = {});
};

void TestImportInputs::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_trace = m_dir.filePath(QStringLiteral("t.sqlite"));
    int code = -1;
    cli({ QStringLiteral("synth"), QStringLiteral("--out"), m_trace, QStringLiteral("--kernels"),
            QStringLiteral("200") },
        &code);
    QCOMPARE(code, 0);
}

QString TestImportInputs::cli(const QStringList& args, int* code, const std::function<void()>& modifier)
{
    QProcess p;
    if (modifier)
        p.setChildProcessModifier(modifier);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral(SIGHTLINE_CLI), args);
    if (!p.waitForFinished(300000)) {
        p.kill();
        p.waitForFinished();
    }
    *code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return QString::fromUtf8(p.readAll());
}

void TestImportInputs::nvmlDateLineBlocks()
{
    // while true; do date --iso-8601=ns; nvidia-smi --query-gpu=index,power.draw,utilization.gpu,memory.used
    //   --format=csv; sleep 1; done — a header per block, no timestamp column, the date line before it.
    const QByteArray log = "2025-05-06T14:55:56,933894972+02:00\n"
                           "index, power.draw [W], utilization.gpu [%], memory.used [MiB]\n"
                           "0, 33.09 W, 1 %, 1129 MiB\n"
                           "1, 35.50 W, 0 %, 4 MiB\n"
                           "2025-05-06T14:55:57,941023716+02:00\n"
                           "index, power.draw [W], utilization.gpu [%], memory.used [MiB]\n"
                           "0, 250.12 W, 97 %, 20133 MiB\n"
                           "1, 36.00 W, 0 %, 4 MiB\n";
    // The zone is honoured whatever the profiled machine's offset (given as −5 h here):
    // 14:55:56.933894972+02:00 = 12:55:56.933894972Z, 433 894 972 ns after the 12:55:56.5Z start;
    // 14:55:57.941023716+02:00 is 1 441 023 716 ns after it.
    const auto r = NvmlCsvReader::parse(log, QStringLiteral("smi.log"), kStart, -5 * 3600);
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.rowsRead, 4);
    QCOMPARE(r.rowsSkipped, 0);
    QCOMPARE(r.dateLines, 2);
    const CounterSeries* p0 = r.counters.find(0, QStringLiteral("Power"));
    QVERIFY(p0);
    QCOMPARE(p0->t, (std::vector<qint64> { 433'894'972, 1'441'023'716 }));
    QCOMPARE(p0->v, (std::vector<float> { 33.09f, 250.12f }));
    const CounterSeries* m1 = r.counters.find(1, QStringLiteral("Memory Used"));
    QVERIFY(m1);
    QCOMPARE(m1->t, (std::vector<qint64> { 433'894'972, 1'441'023'716 }));
    QCOMPARE(m1->v, (std::vector<float> { 4.0f, 4.0f }));
    QCOMPARE(r.counters.find(0, QStringLiteral("GPU Utilization"))->v, (std::vector<float> { 1.0f, 97.0f }));
    // Without a date line before the first header there is nothing to time the rows by.
    const auto none
        = NvmlCsvReader::parse(log.mid(log.indexOf('\n') + 1).replace("2025-05-06T14:55:57,941023716+02:00\n", ""),
            QStringLiteral("smi.log"), kStart, 0);
    QVERIFY2(none.error.contains(QStringLiteral("smi.log")) && none.error.contains(QStringLiteral("date")),
        qPrintable(none.error));
}

void TestImportInputs::nvmlNoHeaderWithColumns()
{
    // nvidia-smi --query-gpu=timestamp,index,utilization.gpu,memory.used,power.draw
    //   --format=csv,noheader,nounits -lms 100: local wall-clock time of the profiled machine (UTC+2).
    const QByteArray log = "2025/05/06 14:55:56.933, 0, 1, 1129, 33.09\n"
                           "2025/05/06 14:55:56.933, 1, 0, 4, 35.50\n"
                           "2025/05/06 14:55:57.034, 0, 97, 20133, 250.12\n";
    const auto refused = NvmlCsvReader::parse(log, QStringLiteral("noheader.csv"), kStart, 7200);
    QVERIFY(refused.counters.isEmpty());
    QVERIFY2(refused.error.contains(QStringLiteral("noheader.csv"))
            && refused.error.contains(QStringLiteral("no header row"))
            && refused.error.contains(QStringLiteral("--nvml-columns")),
        qPrintable(refused.error));
    const QStringList columns = { QStringLiteral("timestamp"), QStringLiteral("index"),
        QStringLiteral("utilization.gpu"), QStringLiteral("memory.used"), QStringLiteral("power.draw") };
    const auto r = NvmlCsvReader::parse(log, QStringLiteral("noheader.csv"), kStart, 7200, columns);
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.rowsRead, 3);
    // 14:55:56.933 local = 12:55:56.933Z: 433 ms after the start; 14:55:57.034 local: 534 ms.
    const CounterSeries* power = r.counters.find(0, QStringLiteral("Power"));
    QVERIFY(power);
    QCOMPARE(power->t, (std::vector<qint64> { 433'000'000, 534'000'000 }));
    QCOMPARE(power->v, (std::vector<float> { 33.09f, 250.12f }));
    QCOMPARE(r.counters.find(0, QStringLiteral("Memory Used"))->v, (std::vector<float> { 1129.0f, 20133.0f }));
    QCOMPARE(r.counters.find(1, QStringLiteral("GPU Utilization"))->v, (std::vector<float> { 0.0f }));

    // The same through the CLI: --nvml-columns, aligned to the synthetic capture's start.
    const qint64 start = sessionStart(m_trace);
    QVERIFY(start > 0);
    const QString csv = m_dir.filePath(QStringLiteral("noheader-cli.csv"));
    QVERIFY(writeFile(csv,
        QStringLiteral("%1.250, 0, 45, 1129, 300.5\n%1.500, 0, 50, 1130, 301.5\n")
            .arg(start / 1'000'000'000 + 1)
            .toUtf8()));
    int code = -1;
    const QString out = m_dir.filePath(QStringLiteral("o-noheader"));
    QString text = cli({ QStringLiteral("analyze"), m_trace, QStringLiteral("--nvml"), csv, QStringLiteral("--out"),
                           out, QStringLiteral("--nvml-columns"),
                           QStringLiteral("timestamp,index,utilization.gpu,memory.used,power.draw") },
        &code);
    QCOMPARE(code, 0);
    QVERIFY2(!text.contains(QStringLiteral("warning")), qPrintable(text));
    QFile report(out + QStringLiteral("/report.json"));
    QVERIFY(report.open(QIODevice::ReadOnly));
    QVERIFY(report.readAll().contains("NVML samples: 2 rows read, 0 skipped"));
    // The GUI's path: the session passes the columns through AnalysisOptions.
    QCOMPARE(NvmlCsvReader::hasHeaderRow(csv), std::optional<bool>(false));
    QCOMPARE(NvmlCsvReader::hasHeaderRow(m_dir.filePath(QStringLiteral("nothing.csv"))), std::optional<bool>());
    TraceSession session;
    session.open({ m_trace });
    QVERIFY(QTest::qWaitFor([&] { return !session.isBusy() && session.count() == 1; }, 60000));
    session.setImports(0, QString(), csv,
        { QStringLiteral("timestamp"), QStringLiteral("index"), QStringLiteral("utilization.gpu"),
            QStringLiteral("memory.used"), QStringLiteral("power.draw") });
    QVERIFY(QTest::qWaitFor([&] { return !session.isBusy(); }, 60000));
    QVERIFY(session.entry(0).analysis);
    QVERIFY2(session.entry(0).analysis->warnings.isEmpty(),
        qPrintable(session.entry(0).analysis->warnings.join(QLatin1Char('\n'))));
    QVERIFY(session.entry(0)
                .analysis->counters.notes.join(QLatin1Char(' '))
                .contains(QStringLiteral("NVML samples: 2 rows read, 0 skipped")));
}

void TestImportInputs::nvmlUnitsInValues()
{
    // nvidia-smi --query-gpu=timestamp,index,utilization.gpu,memory.used,power.draw --format=csv:
    // units in the header and in every value; "[N/A]" where a GPU does not report power.
    const QByteArray log = "timestamp, index, utilization.gpu [%], memory.used [MiB], power.draw [W]\n"
                           "2025/05/06 14:55:56.933, 0, 1 %, 1129 MiB, 33.09 W\n"
                           "2025/05/06 14:55:57.034, 0, 100 %, 79203 MiB, [N/A]\n"
                           "2025/05/06 14:55:57.135, 0, 3 %, 1.5 GiB, 700 W\n";
    const auto r = NvmlCsvReader::parse(log, QStringLiteral("units.csv"), kStart, 7200);
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.rowsRead, 3);
    QCOMPARE(r.valuesSkipped, 1);
    QVERIFY(r.notes.join(QLatin1Char(' ')).contains(QStringLiteral("1 values")));
    QCOMPARE(r.counters.find(0, QStringLiteral("GPU Utilization"))->v, (std::vector<float> { 1.0f, 100.0f, 3.0f }));
    // 1.5 GiB = 1536 MiB.
    QCOMPARE(r.counters.find(0, QStringLiteral("Memory Used"))->v, (std::vector<float> { 1129.0f, 79203.0f, 1536.0f }));
    const CounterSeries* power = r.counters.find(0, QStringLiteral("Power"));
    QCOMPARE(power->t, (std::vector<qint64> { 433'000'000, 635'000'000 }));
    QCOMPARE(power->v, (std::vector<float> { 33.09f, 700.0f }));
}

void TestImportInputs::nvmlDelimitersAndEncodings()
{
    // The reproducer R12's four files: each has its timestamp column. 2026/11/20 10:00:05 local at
    // UTC+1 is 09:00:05Z, 1795165205 s; the capture started at 09:00:00Z: 5 s in.
    const qint64 start = 1'795'165'200'000'000'000;
    const QString text = QStringLiteral("timestamp, index, power.draw [W]\n2026/11/20 10:00:05.000, 0, 300.00 W\n");
    QStringEncoder utf16(QStringConverter::Utf16, QStringConverter::Flag::WriteBom);
    QStringEncoder utf16le(QStringConverter::Utf16LE);
    QString semicolon = text, tab = text;
    semicolon.replace(QLatin1Char(','), QLatin1Char(';'));
    tab.replace(QStringLiteral(", "), QStringLiteral("\t"));
    const QList<std::pair<QString, QByteArray>> files = { { QStringLiteral("semicolon.csv"), semicolon.toUtf8() },
        { QStringLiteral("tab.csv"), tab.toUtf8() }, { QStringLiteral("utf16.csv"), QByteArray(utf16(text)) },
        { QStringLiteral("utf16le-nobom.csv"), QByteArray(utf16le(text)) },
        { QStringLiteral("bom.csv"), "\xEF\xBB\xBF" + text.toUtf8() } };
    for (const auto& [name, bytes] : files) {
        const auto r = NvmlCsvReader::parse(bytes, name, start, 3600);
        QVERIFY2(r.error.isEmpty(), qPrintable(name + QStringLiteral(": ") + r.error));
        const CounterSeries* power = r.counters.find(0, QStringLiteral("Power"));
        QVERIFY2(power, qPrintable(name));
        QCOMPARE(power->t, (std::vector<qint64> { 5'000'000'000 }));
        QCOMPARE(power->v, (std::vector<float> { 300.0f }));
    }
    // What was assumed is said in the notes.
    QVERIFY(NvmlCsvReader::parse(semicolon.toUtf8(), QStringLiteral("s.csv"), start, 3600)
                .notes.join(QLatin1Char(' '))
                .contains(QStringLiteral(";-separated")));
    QVERIFY(NvmlCsvReader::parse(QByteArray(utf16(text)), QStringLiteral("u.csv"), start, 3600)
                .notes.join(QLatin1Char(' '))
                .contains(QStringLiteral("UTF-16")));
}

void TestImportInputs::nvmlIsoTimestamps()
{
    // date --iso-8601=ns, with '.' or ',', a zone as +hh:mm, +hhmm or Z, or none (local).
    QCOMPARE(
        *NvmlCsvReader::epochNs(QStringLiteral("2025-05-06T14:55:56,933894972+02:00"), 0), 1'746'536'156'933'894'972);
    QCOMPARE(
        *NvmlCsvReader::epochNs(QStringLiteral("2025-05-06T14:55:56.933894972+0200"), 0), 1'746'536'156'933'894'972);
    QCOMPARE(*NvmlCsvReader::epochNs(QStringLiteral("2025-05-06T12:55:56.9Z"), 3600), 1'746'536'156'900'000'000);
    QCOMPARE(*NvmlCsvReader::epochNs(QStringLiteral("2025-05-06 07:55:56.5-05:00"), 0), 1'746'536'156'500'000'000);
    QCOMPARE(*NvmlCsvReader::epochNs(QStringLiteral("2025-05-06T13:55:56"), 3600), 1'746'536'156'000'000'000);
    QVERIFY(!NvmlCsvReader::epochNs(QStringLiteral("2025-02-30T13:55:56Z"), 0));
    QVERIFY(!NvmlCsvReader::epochNs(QStringLiteral("2025-05-06T25:55:56Z"), 0));
    QVERIFY(!NvmlCsvReader::epochNs(QStringLiteral("9999-05-06T13:55:56Z"), 0)); // past 2262: no qint64 ns
}

void TestImportInputs::nvmlNonUtf8Path()
{
    // R10: a Latin-1 name (byte 0xFF) exists and is read, by the reader and by --nvml.
    const qint64 start = sessionStart(m_trace);
    const QByteArray native = QFile::encodeName(m_dir.path()) + "/gpu-\xFF.csv";
    QVERIFY(writeNative(
        native, QStringLiteral("timestamp,gpu,power_w\n%1.5,0,300\n").arg(start / 1'000'000'000 + 1).toUtf8()));
    const QString path = NativePath::decode(native);
    const auto r = NvmlCsvReader::read(path, start, 0);
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.rowsRead, 1);
    int code = -1;
    const QString out = m_dir.filePath(QStringLiteral("o-latin1"));
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    // QProcess would encode the argument as UTF-8: pass the raw bytes through a shell variable.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    p.setProcessEnvironment(env);
    p.start(QStringLiteral("/bin/sh"),
        { QStringLiteral("-c"),
            QStringLiteral("exec \"$0\" analyze \"$1\" --nvml \"$(printf '%s/gpu-\\377.csv' \"$2\")\" --out \"$3\""),
            QStringLiteral(SIGHTLINE_CLI), m_trace, m_dir.path(), out });
    QVERIFY(p.waitForFinished(120000));
    code = p.exitCode();
    const QString text = QString::fromUtf8(p.readAll());
    QVERIFY2(code == 0 && !text.contains(QStringLiteral("does not exist")), qPrintable(text));
    QFile report(out + QStringLiteral("/report.json"));
    QVERIFY(report.open(QIODevice::ReadOnly));
    QVERIFY(report.readAll().contains("NVML samples: 1 rows read"));
    // A missing file is still told apart from an unreadable one.
    const auto missing = NvmlCsvReader::read(m_dir.filePath(QStringLiteral("missing.csv")), start, 0);
    QVERIFY2(missing.error.contains(QStringLiteral("missing.csv")), qPrintable(missing.error));
    ::unlink(native.constData()); // QTemporaryDir removes by UTF-8 names only
}

void TestImportInputs::nvmlMemoryIsBounded()
{
#if defined(__SANITIZE_ADDRESS__)
    QSKIP("AddressSanitizer reserves terabytes of address space: an RLIMIT_AS bound cannot apply under it");
#endif
    // R8: 1,000,000 rows (about 35 MB) of a 100 kHz sampler. Read whole, the file took ~19 times its
    // size (680 MB); streamed it must fit an address-space limit of 700 MB with the CLI's own needs.
    const qint64 start = sessionStart(m_trace);
    const QString csv = m_dir.filePath(QStringLiteral("big.csv"));
    {
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("timestamp,gpu,power_w,sm_clock_mhz,gpu_util_pct\n");
        const qint64 s = start / 1'000'000'000;
        QByteArray chunk;
        for (int i = 0; i < 1'000'000; ++i) {
            // s + i × 10 µs, written with 6 decimals as Python's '%.6f' does.
            const qint64 us = qint64(i) * 10;
            chunk += QByteArray::number(s + us / 1'000'000) + '.'
                + QByteArray::number(us % 1'000'000).rightJustified(6, '0') + ",0,312.25,1980,57\n";
            if (chunk.size() > (1 << 20)) {
                f.write(chunk);
                chunk.clear();
            }
        }
        f.write(chunk);
    }
    QVERIFY(QFileInfo(csv).size() > 30'000'000);
    int code = -1;
    const QString out = m_dir.filePath(QStringLiteral("o-big"));
    const QString text = cli(
        { QStringLiteral("analyze"), m_trace, QStringLiteral("--nvml"), csv, QStringLiteral("--out"), out }, &code, [] {
            const rlimit limit { 700'000'000, 700'000'000 };
            ::setrlimit(RLIMIT_AS, &limit);
        });
    QVERIFY2(code == 0, qPrintable(text.right(2000)));
    QFile report(out + QStringLiteral("/report.json"));
    QVERIFY(report.open(QIODevice::ReadOnly));
    QVERIFY(report.readAll().contains("NVML samples: 1000000 rows read, 0 skipped"));
    QFile::remove(csv);
}

/// A file of tests/data/counters/sightline-h100 (made on an H100 for these tests: README there).
QString h100(const char* name)
{
    return QStringLiteral(SIGHTLINE_TEST_DATA "/counters/sightline-h100/") + QLatin1String(name);
}

/// A file of tests/data/h100-layer (real inputs made on an H100: README there).
QString layer(const char* name)
{
    QString path = QStringLiteral(SIGHTLINE_TEST_DATA "/h100-layer/");
    path += QLatin1String(name);
    return path;
}

void TestImportInputs::realNvidiaSmiLayouts()
{
    // The three layouts as nvidia-smi 580.159.04 wrote them on an H100 (tests/data/h100-layer, README
    // there), in UTC (+00:00), against a capture started at 2026-11-25T20:25:13Z = 1795638313 s.
    const qint64 start = 1'795'638'313'000'000'000;
    // (a) date --iso-8601=ns before each --format=csv block: 20:25:13,450359710, 13,780271077, 14,112393306.
    auto r = NvmlCsvReader::read(layer("smi-date-loop.log"), start, 3600);
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.rowsRead, 3);
    QCOMPARE(r.rowsSkipped, 0);
    const CounterSeries* power = r.counters.find(0, QStringLiteral("Power"));
    QVERIFY(power);
    QCOMPARE(power->t, (std::vector<qint64> { 450'359'710, 780'271'077, 1'112'393'306 }));
    QCOMPARE(power->v, (std::vector<float> { 217.50f, 144.96f, 136.01f }));
    QCOMPARE(r.counters.find(0, QStringLiteral("SM Clock"))->v, (std::vector<float> { 1980.0f, 1980.0f, 1980.0f }));
    // (b) --format=csv,noheader,nounits with timestamp first: 46 rows from 20:25:14.458 to 19.041,
    // local time of a UTC machine (offset 0); refused without its columns.
    const QStringList columns = { QStringLiteral("timestamp"), QStringLiteral("index"), QStringLiteral("power.draw"),
        QStringLiteral("utilization.gpu"), QStringLiteral("memory.used"), QStringLiteral("clocks.sm") };
    QVERIFY(NvmlCsvReader::read(layer("smi-noheader-nounits.csv"), start, 0)
                .error.contains(QStringLiteral("--nvml-columns")));
    r = NvmlCsvReader::read(layer("smi-noheader-nounits.csv"), start, 0, columns);
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.rowsRead, 46);
    power = r.counters.find(0, QStringLiteral("Power"));
    QCOMPARE(power->t.front(), 1'458'000'000);
    QCOMPARE(power->t.back(), 6'041'000'000);
    QCOMPARE(power->v.front(), 136.48f);
    QCOMPARE(power->v.back(), 171.13f);
    QCOMPARE(r.counters.find(0, QStringLiteral("Memory Used"))->v.back(), 2271.0f);
    // (c) --format=csv, units in every value: 46 rows from 20:25:14.460 to 19.041.
    r = NvmlCsvReader::read(layer("smi-units.csv"), start, 0);
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.rowsRead, 46);
    QCOMPARE(r.valuesSkipped, 0);
    power = r.counters.find(0, QStringLiteral("Power"));
    QCOMPARE(power->t.front(), 1'460'000'000);
    QCOMPARE(power->t.back(), 6'041'000'000);
    QCOMPARE(power->v.back(), 171.13f);
    QCOMPARE(r.counters.find(0, QStringLiteral("Memory Used"))->v.back(), 2271.0f);
    QCOMPARE(r.counters.find(0, QStringLiteral("Memory Clock"))->v.back(), 2619.0f);
    QCOMPARE(r.counters.find(0, QStringLiteral("Temperature"))->v.back(), 37.0f);
}

void TestImportInputs::realNcuRawPage()
{
    // ncu 2025.3.1 --csv --page raw of layer.py (a SwiGLU MLP, bf16) on an H100: 10 launches, 538
    // columns, units "ns"/"byte"/"inst", thousands separators.
    const NcuReport r = NcuCsvReader::read(h100("ncu-raw-swiglu.csv"));
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.page, NcuReport::Page::Raw);
    QCOMPARE(r.launches.size(), 10);
    const NcuLaunch& gemm = r.launches[4];
    QCOMPARE(gemm.kernelName, QStringLiteral("nvjet_sm90_tst_64x8_64x16_4x2_h_bz_TNT"));
    QCOMPARE(gemm.durationNs.value_or(-1), 7360.0); // "7,360" ns
    QCOMPARE(gemm.dramBytes.value_or(-1), 5'815'552.0); // "5,815,552" byte
    QCOMPARE(gemm.gridTotal, quint64(8 * 11));
    QCOMPARE(gemm.blockTotal, quint64(384));
    QCOMPARE(gemm.achievedOccupancyPct.value_or(-1), 14.57);
    // The random-normal kernel: 27,213,824 FFMA instructions = 54,427,648 FP32 FLOPs.
    QCOMPARE(r.launches[1].flops32.value_or(-1), 54'427'648.0);
    QCOMPARE(r.launches[9].computeCapability, QStringLiteral("9.0"));
}

void TestImportInputs::ncuHeaderInAnotherCase()
{
    // R2: "kernel name" on the details page, " Kernel Name " padded on the raw page.
    const auto details
        = NcuCsvReader::parse("\"ID\",\"kernel name\",\"Block Size\",\"Grid Size\",\"Device\",\"Metric Name\",\"Metric "
                              "Unit\",\"Metric Value\"\n"
                              "\"0\",\"k1\",\"(128, 1, 1)\",\"(64, 1, 1)\",\"0\",\"Duration\",\"usecond\",\"12.5\"\n",
            QStringLiteral("details.csv"));
    QVERIFY2(details.error.isEmpty(), qPrintable(details.error));
    QCOMPARE(details.launches.size(), 1);
    QCOMPARE(details.launches[0].kernelName, QStringLiteral("k1"));
    QCOMPARE(details.launches[0].durationNs.value_or(-1), 12'500.0); // 12.5 µs
    QCOMPARE(details.launches[0].gridTotal, quint64(64));
    const auto raw = NcuCsvReader::parse("\"ID\",\"Process ID\",\" Kernel Name \",\"gpu__time_duration.sum\"\n"
                                         "\"\",\"\",\"\",\"nsecond\"\n\"0\",\"1\",\"k1\",\"1000\"\n",
        QStringLiteral("raw.csv"));
    QVERIFY2(raw.error.isEmpty(), qPrintable(raw.error));
    QCOMPARE(raw.launches.size(), 1);
    QCOMPARE(raw.launches[0].kernelName, QStringLiteral("k1"));
    QCOMPARE(raw.launches[0].durationNs.value_or(-1), 1000.0);
}

void TestImportInputs::ncuHungIsTimedOut()
{
    // R11: an ncu that never answers. A 1 s limit (the default is 120 s); a folder of two reports
    // costs one limit, the second is not tried, and the folder's message names both.
    const QString ncu = m_dir.filePath(QStringLiteral("hung-ncu"));
    QVERIFY(writeScript(ncu, "#!/bin/sh\nexec sleep 100000\n"));
    const QString folder = m_dir.filePath(QStringLiteral("reps"));
    QVERIFY(QDir().mkpath(folder));
    QVERIFY(writeFile(folder + QStringLiteral("/a.ncu-rep"), "NCU-REP-STANDIN"));
    QVERIFY(writeFile(folder + QStringLiteral("/b.ncu-rep"), "NCU-REP-STANDIN"));
    const QString timedOut = QStringLiteral(
        "ncu could not convert a.ncu-rep: timed out after 1 s (stopped). ncu may be hung (waiting for a license or a "
        "network file system); a very large report may need longer (sightline-cli: --ncu-timeout SECONDS, 0 for no "
        "limit).");
    QStringList stages;
    const auto one = NcuCsvReader::read(
        folder + QStringLiteral("/a.ncu-rep"), ncu, 1000, {}, [&](const QString& s) { stages << s; });
    QCOMPARE(one.error, timedOut);
    QCOMPARE(stages, QStringList { QStringLiteral("Converting a.ncu-rep with ncu (at most 1 s)…") });
    stages.clear();
    const auto both = NcuCsvReader::read(folder, ncu, 1000, {}, [&](const QString& s) { stages << s; });
    const QString notTried
        = QStringLiteral("b.ncu-rep was not converted: ncu timed out on an earlier report of this folder.");
    QCOMPARE(both.skipped, (QStringList { timedOut, notTried }));
    QCOMPARE(both.error,
        QStringLiteral("The folder reps holds no readable Nsight Compute results: %1 %2").arg(timedOut, notTried));
    QCOMPARE(stages, QStringList { QStringLiteral("Converting a.ncu-rep with ncu (at most 1 s)…") });
    // Cancel stops it too; without a limit the stage says none.
    int polls = 0;
    stages.clear();
    const auto cancelled = NcuCsvReader::read(
        folder + QStringLiteral("/a.ncu-rep"), ncu, 0, [&] { return ++polls >= 3; },
        [&](const QString& s) { stages << s; });
    QCOMPARE(polls, 3);
    QCOMPARE(cancelled.error, QStringLiteral("ncu could not convert a.ncu-rep: cancelled."));
    QCOMPARE(stages, QStringList { QStringLiteral("Converting a.ncu-rep with ncu…") });
}

void TestImportInputs::ncuCrashSaysTheSignal()
{
    // R13's convention for ncu: the signal by name, then what the tool said last on stderr.
    const QString ncu = m_dir.filePath(QStringLiteral("crashing-ncu"));
    QVERIFY(writeScript(ncu, "#!/bin/sh\necho '==ERROR== something went wrong' >&2\nkill -ABRT $$\n"));
    const QString rep = m_dir.filePath(QStringLiteral("c.ncu-rep"));
    QVERIFY(writeFile(rep, "NCU-REP-STANDIN"));
    QCOMPARE(NcuCsvReader::read(rep, ncu, 60000).error,
        QStringLiteral("ncu could not convert c.ncu-rep: crashed with signal SIGABRT (Aborted): ==ERROR== something "
                       "went wrong."));
}

void TestImportInputs::ncuFailureSaysExitCodeAndStderr()
{
    // An exit code with the end of stderr: its last kReasonTailChars (400) characters, lines
    // folded into one, "…" in front. 30 lines of 20 characters ("line 10 of the error" … "line
    // 39 of the error") are 30 × 21 − 1 = 629 characters folded; the last 400 start 229 in.
    QByteArray script = "#!/bin/sh\necho 'csv on stdout, never shown'\n";
    QString folded;
    for (int i = 10; i < 40; ++i) {
        script += "echo 'line " + QByteArray::number(i) + " of the error' >&2\n";
        folded += (folded.isEmpty() ? QString() : QStringLiteral(" ")) + QStringLiteral("line %1 of the error").arg(i);
    }
    QCOMPARE(folded.size(), 629);
    script += "exit 7\n";
    const QString ncu = m_dir.filePath(QStringLiteral("failing-ncu"));
    QVERIFY(writeScript(ncu, script));
    const QString rep = m_dir.filePath(QStringLiteral("d.ncu-rep"));
    QVERIFY(writeFile(rep, "NCU-REP-STANDIN"));
    QCOMPARE(NcuCsvReader::read(rep, ncu, 60000).error,
        QStringLiteral("ncu could not convert d.ncu-rep: exit code 7: …%1.").arg(folded.mid(229)));
}

void TestImportInputs::cliSaysWhatNcuWaitsFor()
{
    // R11 through the CLI, with `ncu` found on PATH as the reproducer has it: without a terminal
    // it says which report ncu converts and for how long at most, then warns with the reason; the
    // second report of the folder costs nothing. The analysis still succeeds.
    const QString bin = m_dir.filePath(QStringLiteral("hung-bin"));
    QVERIFY(QDir().mkpath(bin));
    QVERIFY(writeScript(bin + QStringLiteral("/ncu"), "#!/bin/sh\nexec sleep 100000\n"));
    const QString folder = m_dir.filePath(QStringLiteral("cli-reps"));
    QVERIFY(QDir().mkpath(folder));
    QVERIFY(writeFile(folder + QStringLiteral("/a.ncu-rep"), "NCU-REP-STANDIN"));
    QVERIFY(writeFile(folder + QStringLiteral("/b.ncu-rep"), "NCU-REP-STANDIN"));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PATH"), bin + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(SIGHTLINE_CLI),
        { QStringLiteral("analyze"), m_trace, QStringLiteral("--ncu"), folder, QStringLiteral("--ncu-timeout"),
            QStringLiteral("1"), QStringLiteral("--out"), m_dir.filePath(QStringLiteral("cli-ncu-out")) });
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.contains(
                 QStringLiteral("Converting a.ncu-rep with ncu (at most 1 s)… (waiting for ncu; Ctrl-C stops it)\n")),
        qPrintable(err));
    QVERIFY2(!err.contains(QStringLiteral("Converting b.ncu-rep")), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("warning: The folder cli-reps holds no readable Nsight Compute results: ncu "
                                         "could not convert a.ncu-rep: timed out after 1 s (stopped).")),
        qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("b.ncu-rep was not converted")), qPrintable(err));
}

void TestImportInputs::cliNcuHeaderInAnotherCase()
{
    // R2 through the CLI, as the reproducer runs it: both files are read (exit 0, no warning).
    const QString details = m_dir.filePath(QStringLiteral("details-lower.csv"));
    QVERIFY(writeFile(details,
        "\"ID\",\"kernel name\",\"Block Size\",\"Grid Size\",\"Device\",\"Metric Name\",\"Metric Unit\",\"Metric "
        "Value\"\n\"0\",\"k1\",\"(128, 1, 1)\",\"(64, 1, 1)\",\"0\",\"Duration\",\"usecond\",\"12.5\"\n"));
    const QString raw = m_dir.filePath(QStringLiteral("raw-padded.csv"));
    QVERIFY(writeFile(raw,
        "\"ID\",\"Process ID\",\" Kernel Name \",\"gpu__time_duration.sum\"\n\"\",\"\",\"\",\"nsecond\"\n\"0\",\"1\","
        "\"k1\",\"1000\"\n"));
    for (const QString& csv : { details, raw }) {
        int code = -1;
        const QString out = cli({ QStringLiteral("analyze"), m_trace, QStringLiteral("--ncu"), csv,
                                    QStringLiteral("--out"), m_dir.filePath(QStringLiteral("cli-r2")) },
            &code);
        QCOMPARE(code, 0);
        QVERIFY2(!out.contains(QStringLiteral("Kernel Name")), qPrintable(out));
    }
}

QTEST_GUILESS_MAIN(TestImportInputs)
#include "tst_importinputs.moc"
