// SPDX-License-Identifier: MIT
#include "app/cli/benchcommand.h"

#include "app/cli/benchprobe.h"
#include "app/cli/benchtables.h"
#include "app/cli/clicommands.h"
#include "core/synth/synthtracewriter.h"
#include "core/util/format.h"

#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <functional>
#include <sqlite3.h>
#include <utility>
#include <vector>

namespace sl::cli {

namespace {

const QString kOne = QStringLiteral("one");
const QString kProbeCancel = QStringLiteral("probe-cancel");
const QString kProbeCycles = QStringLiteral("probe-cycles");

/// Runs this executable's `bench --<mode> FILE [extra]` in a fresh process and parses its JSON line.
bool probe(const QString& mode, const QString& file, const QStringList& extra, QJsonObject* out)
{
    QProcess child;
    child.start(QCoreApplication::applicationFilePath(),
        QStringList { QStringLiteral("bench"), QStringLiteral("--") + mode, file } + extra);
    child.waitForFinished(-1);
    const auto doc = QJsonDocument::fromJson(child.readAllStandardOutput().trimmed());
    if (child.exitStatus() != QProcess::NormalExit || child.exitCode() != 0 || !doc.isObject()) {
        QTextStream(stderr) << BenchCommand::tr("benchmark of %1 failed: %2")
                                   .arg(QFileInfo(file).fileName(), QString::fromUtf8(child.readAllStandardError()))
                            << "\n";
        return false;
    }
    *out = doc.object();
    return true;
}

/// Wall time (ns) of `sightline-cli ARGS` in a fresh process, start to exit; -1 on failure. With a
/// `cacheHome`, the child's trace cache lives under it (XDG_CACHE_HOME), never in the user's own.
qint64 childNs(const QStringList& args, const QString& cacheHome = QString())
{
    QProcess child;
    child.setStandardOutputFile(QProcess::nullDevice());
    if (!cacheHome.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CACHE_HOME"), cacheHome);
        child.setProcessEnvironment(env);
    }
    QElapsedTimer t;
    t.start();
    child.start(QCoreApplication::applicationFilePath(), args);
    if (!child.waitForFinished(-1) || child.exitStatus() != QProcess::NormalExit || child.exitCode() != 0)
        return -1;
    return t.nsecsElapsed();
}

/// Wall time (ns) of `sightline-cli analyze FILE --out TMP` in a fresh process: the figure a user
/// waits for, fixed costs (start-up, resources, report writing) included. `cacheHome` empty:
/// `--no-cache`; else the trace cache under it.
qint64 wholeProcessNs(const QString& file, const QString& cacheHome = QString())
{
    QTemporaryDir out;
    QStringList args { QStringLiteral("analyze"), file, QStringLiteral("--out"), out.path() };
    if (cacheHome.isEmpty())
        args << QStringLiteral("--no-cache");
    return childNs(args, cacheHome);
}

/// Wall time (ns) of `sightline-cli digest FILE --out TMP` (issue 22: at most 1.2x the analyze).
qint64 digestProcessNs(const QString& file)
{
    QTemporaryDir out;
    return childNs({ QStringLiteral("digest"), file, QStringLiteral("--out"), out.path() });
}

/// Runs of each whole-process figure: a process of a trace up to 1 M kernels lasts 0.1-1 s, and
/// one run of it swings by ±5 % with what else the machine does; the median of five does not.
/// Larger traces run once (seconds each, and the swing is a smaller share).
int processRuns(qint64 kernels) { return kernels <= 1'000'000 ? 5 : 1; }

/// The median of `runs` results of `measure` (ns); -1 when any run failed.
qint64 medianNs(int runs, const std::function<qint64()>& measure)
{
    std::vector<qint64> ns;
    for (int i = 0; i < runs; ++i) {
        const qint64 v = measure();
        if (v < 0)
            return -1;
        ns.push_back(v);
    }
    std::nth_element(ns.begin(), ns.begin() + ptrdiff_t(ns.size() / 2), ns.end());
    return ns[ns.size() / 2];
}

/// The whole-process figures of one trace (medians of processRuns): analyze without the trace
/// cache, digest, and with the cache a first open (each run with a cache of its own, which it
/// writes) and a reopen (served by it).
void measureProcesses(const QString& file, QJsonObject& m)
{
    const int runs = processRuns(m.value(QStringLiteral("kernels")).toInteger());
    m.insert(QStringLiteral("process_ns"), medianNs(runs, [&] { return wholeProcessNs(file); }));
    m.insert(QStringLiteral("digest_process_ns"), medianNs(runs, [&] { return digestProcessNs(file); }));
    m.insert(QStringLiteral("process_first_ns"), medianNs(runs, [&] {
        const QTemporaryDir cacheHome;
        return wholeProcessNs(file, cacheHome.path());
    }));
    const QTemporaryDir cacheHome;
    if (wholeProcessNs(file, cacheHome.path()) >= 0) // fills the cache the reopens read
        m.insert(QStringLiteral("process_reopen_ns"),
            medianNs(runs, [&] { return wholeProcessNs(file, cacheHome.path()); }));
}

/// Generates `synth-N[-ops].sqlite` in `dir` unless it exists; empty on failure.
QString generated(const QString& dir, qint64 kernels, bool opRanges, QTextStream& out)
{
    const QString file = QDir(dir).filePath(
        QStringLiteral("synth-%1%2.sqlite").arg(kernels).arg(opRanges ? QStringLiteral("-ops") : QString()));
    if (QFileInfo::exists(file))
        return file;
    out << BenchCommand::tr("generating %1 (%2 kernels)...").arg(QFileInfo(file).fileName(), formatCount(kernels))
        << Qt::endl;
    SynthOptions o;
    o.targetKernels = kernels;
    o.ranks = 2;
    o.opRanges = opRanges;
    const auto r = writeSynthTrace(file, o);
    if (!r.ok) {
        QTextStream(stderr) << r.error << "\n";
        return {};
    }
    return file;
}

/// Runs `sql` on the writable export `file` through the C API; false (message printed) on error.
bool execOn(const QString& file, const QString& sql)
{
    sqlite3* db = nullptr;
    char* err = nullptr;
    bool ok = sqlite3_open_v2(file.toUtf8().constData(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK
        && sqlite3_exec(db, sql.toUtf8().constData(), nullptr, nullptr, &err) == SQLITE_OK;
    if (!ok)
        QTextStream(stderr) << QFileInfo(file).fileName() << ": " << (err ? err : sqlite3_errmsg(db)) << "\n";
    sqlite3_free(err);
    sqlite3_close(db);
    return ok;
}

/// The hostile-size cases of issue 12.8, each a copy of the N-kernel synth trace changed by SQL
/// (kept in `dir` like the others): every kernel its own name (N distinct names), 1 MiB names
/// (every kernel name and NVTX text of the trace padded to a mebibyte) and 20 000 nested NVTX
/// ranges on one thread. Empty list on failure.
QStringList hostileTraces(const QString& dir, qint64 kernels, QTextStream& out)
{
    const QString base = generated(dir, kernels, false, out);
    if (base.isEmpty())
        return {};
    const QString names = QStringLiteral(
        "CREATE TEMP TABLE b AS SELECT MAX(id) + 1 AS base FROM StringIds;"
        "INSERT INTO StringIds (id, value) SELECT (SELECT base FROM b) + rowid, 'hostile_kernel_' || rowid "
        "FROM CUPTI_ACTIVITY_KIND_KERNEL;"
        "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET demangledName = (SELECT base FROM b) + rowid, "
        "shortName = (SELECT base FROM b) + rowid;");
    const QString megabyte = QStringLiteral(
        "UPDATE StringIds SET value = value || printf('%.*c', 1048576, 'x') WHERE id IN "
        "(SELECT demangledName FROM CUPTI_ACTIVITY_KIND_KERNEL UNION SELECT shortName FROM CUPTI_ACTIVITY_KIND_KERNEL "
        "UNION SELECT textId FROM NVTX_EVENTS);"
        "UPDATE NVTX_EVENTS SET text = text || printf('%.*c', 1048576, 'y') WHERE text IS NOT NULL;");
    // 20 000 push/pop ranges, each inside the previous one, on the first NVTX thread, spanning
    // the first kernel (1 ns apart at both ends).
    const QString deep
        = QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000), "
                         "t AS (SELECT MIN(start) s, MAX(\"end\") e FROM CUPTI_ACTIVITY_KIND_KERNEL) "
                         "INSERT INTO NVTX_EVENTS (start, \"end\", eventType, globalTid, text) "
                         "SELECT t.s - 30000 + i, t.e + 30000 - i, 59, (SELECT globalTid FROM NVTX_EVENTS LIMIT 1), "
                         "'deep_' || i FROM n, t;");
    QStringList files;
    for (const auto& [suffix, sql] : { std::pair { QStringLiteral("names"), names },
             std::pair { QStringLiteral("mib-strings"), megabyte }, std::pair { QStringLiteral("deep-nvtx"), deep } }) {
        const QString file = QDir(dir).filePath(QStringLiteral("synth-%1-%2.sqlite").arg(kernels).arg(suffix));
        if (!QFileInfo::exists(file)) {
            out << BenchCommand::tr("generating %1...").arg(QFileInfo(file).fileName()) << Qt::endl;
            const QString partial = file + QStringLiteral(".partial");
            QFile::remove(partial);
            if (!QFile::copy(base, partial) || !execOn(partial, sql) || !QFile::rename(partial, file))
                return {};
        }
        files << file;
    }
    return files;
}

} // namespace

namespace {

/// bench's description and options (the internal probe modes hidden from --help).
void addBenchOptions(QCommandLineParser& p)
{
    p.setApplicationDescription(
        BenchCommand::tr("Scale benchmark: floor (the sqlite3 shell aggregating every column the load "
                         "reads), load, analysis, NVTX attribution, "
                         "report, CPU use, peak memory, cancel latency and memory after reopening."));
    p.addHelpOption();
    p.addOption({ QStringLiteral("kernels"),
        BenchCommand::tr("Trace sizes in kernels (repeatable; default 100000, 1000000, 5000000)."),
        BenchCommand::tr("N") });
    p.addOption(
        { QStringLiteral("trace"), BenchCommand::tr("Measure this existing export instead of generating (repeatable)."),
            BenchCommand::tr("FILE") });
    p.addOption({ QStringLiteral("dir"),
        BenchCommand::tr("Where generated traces are kept (default: a folder under /tmp)."), BenchCommand::tr("DIR") });
    p.addOption({ QStringLiteral("attribution"),
        BenchCommand::tr("Kernels of the NVTX-heavy trace (synth --nvtx-ops, one range per kernel) for the attribution "
                         "figure; 0 skips it (default 1000000, or the largest --kernels when smaller)."),
        BenchCommand::tr("N") });
    p.addOption({ QStringLiteral("cycles"),
        BenchCommand::tr("Open and close each trace N times, reporting memory after each (default 10, 0 skips)."),
        BenchCommand::tr("N"), QStringLiteral("10") });
    p.addOption({ QStringLiteral("cancel-at"),
        BenchCommand::tr("Cancel a load of each trace at this progress in permille (default 500, 0 skips)."),
        BenchCommand::tr("P"), QStringLiteral("500") });
    p.addOption({ QStringLiteral("no-hash"), BenchCommand::tr("Do not hash the file while loading.") });
    p.addOption({ QStringLiteral("hostile"),
        BenchCommand::tr(
            "Also measure three hostile variants of the N-kernel trace: N distinct kernel names, 1 MiB names and "
            "texts, 20 000 nested NVTX ranges (docs/benchmarks.md)."),
        BenchCommand::tr("N") });
    for (const QString& internal : { kOne, kProbeCancel, kProbeCycles }) {
        QCommandLineOption o(internal, BenchCommand::tr("Internal: one measurement in this process, printed as JSON."),
            BenchCommand::tr("FILE"));
        o.setFlags(QCommandLineOption::HiddenFromHelp);
        p.addOption(o);
    }
}

/// The traces to measure: --trace files, a generated one per --kernels size, the NVTX-heavy one
/// for the attribution figure and the --hostile variants, into `traces`. Ok or an exit code
/// (said already).
int benchTraces(const QCommandLineParser& p, const QString& dir, QTextStream& out, QStringList& traces)
{
    QStringList sizes = p.values(QStringLiteral("kernels"));
    if (sizes.isEmpty() && traces.isEmpty())
        sizes = { QStringLiteral("100000"), QStringLiteral("1000000"), QStringLiteral("5000000") };
    qint64 largest = 0;
    for (const auto& s : sizes) {
        bool ok = false;
        const qint64 n = s.toLongLong(&ok);
        if (!ok || n <= 0) {
            QTextStream(stderr) << BenchCommand::tr("--kernels takes positive numbers.") << "\n";
            return Usage;
        }
        largest = std::max(largest, n);
        const QString file = generated(dir, n, false, out);
        if (file.isEmpty())
            return WriteError;
        traces << file;
    }
    bool okAttribution = true;
    const qint64 attribution = p.isSet(QStringLiteral("attribution"))
        ? p.value(QStringLiteral("attribution")).toLongLong(&okAttribution)
        : (largest > 0 ? std::min<qint64>(largest, 1'000'000) : 0);
    if (!okAttribution || attribution < 0) {
        QTextStream(stderr) << BenchCommand::tr("--attribution takes a kernel count.") << "\n";
        return Usage;
    }
    if (attribution > 0) {
        const QString file = generated(dir, attribution, true, out);
        if (file.isEmpty())
            return WriteError;
        traces << file;
    }
    if (p.isSet(QStringLiteral("hostile"))) {
        bool ok = false;
        const qint64 n = p.value(QStringLiteral("hostile")).toLongLong(&ok);
        if (!ok || n <= 0) {
            QTextStream(stderr) << BenchCommand::tr("--hostile takes a kernel count.") << "\n";
            return Usage;
        }
        const QStringList hostile = hostileTraces(dir, n, out);
        if (hostile.isEmpty())
            return WriteError;
        traces << hostile;
    }
    return Ok;
}

/// One row per trace, each measurement in a fresh process so that peak memory belongs to that
/// trace alone; the cancel and reopen probes when `cancelAt` and `cycles` are set. False when a
/// probe fails.
bool measureAll(const QStringList& traces, bool noHash, int cancelAt, int cycles, QList<BenchRow>& rows)
{
    QStringList hashArgs;
    if (noHash)
        hashArgs << QStringLiteral("--no-hash");
    for (const auto& file : traces) {
        BenchRow row { QFileInfo(file).fileName(), {}, {}, {} };
        if (!probe(kOne, file, hashArgs, &row.measure))
            return false;
        measureProcesses(file, row.measure);
        if (cancelAt > 0
            && !probe(kProbeCancel, file, { QStringLiteral("--cancel-at"), QString::number(cancelAt) }, &row.cancel))
            return false;
        if (cycles > 0
            && !probe(kProbeCycles, file, { QStringLiteral("--cycles"), QString::number(cycles) }, &row.cycles))
            return false;
        rows << row;
    }
    return true;
}

} // namespace

int BenchCommand::run(const QStringList& args)
{
    QCommandLineParser p;
    addBenchOptions(p);
    if (!p.parse(QStringList { QStringLiteral("sightline-cli") } + args.mid(1))) {
        QTextStream(stderr) << p.errorText() << "\n";
        return Usage;
    }
    if (p.isSet(QStringLiteral("help"))) {
        QTextStream(stdout) << p.helpText();
        return Ok;
    }
    bool okCycles = false, okCancel = false;
    const int cycles = p.value(QStringLiteral("cycles")).toInt(&okCycles);
    const int cancelAt = p.value(QStringLiteral("cancel-at")).toInt(&okCancel);
    if (!okCycles || !okCancel || cycles < 0 || cancelAt < 0 || cancelAt > 999) {
        QTextStream(stderr) << tr("--cycles takes a count, --cancel-at a permille below 1000.") << "\n";
        return Usage;
    }
    if (p.isSet(kOne))
        return BenchProbe::measure(p.value(kOne), !p.isSet(QStringLiteral("no-hash")));
    if (p.isSet(kProbeCancel))
        return BenchProbe::cancel(p.value(kProbeCancel), cancelAt);
    if (p.isSet(kProbeCycles))
        return BenchProbe::cycles(p.value(kProbeCycles), cycles);

    QTextStream out(stdout);
    QStringList traces = p.values(QStringLiteral("trace"));
    const QString dir = p.value(QStringLiteral("dir")).isEmpty()
        ? QDir::temp().filePath(QStringLiteral("sightline-bench"))
        : p.value(QStringLiteral("dir"));
    QDir().mkpath(dir);
    if (const int code = benchTraces(p, dir, out, traces); code != Ok)
        return code;
    QList<BenchRow> rows;
    if (!measureAll(traces, p.isSet(QStringLiteral("no-hash")), cancelAt, cycles, rows))
        return Failure;
    BenchTables::print(out, rows);
    return Ok;
}

} // namespace sl::cli
