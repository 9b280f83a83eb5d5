// SPDX-License-Identifier: MIT
#include "app/cli/benchcommand.h"

#include "app/cli/clicommands.h"
#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"
#include "core/report/reportwriter.h"
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

#include <sqlite3.h>

namespace sl::cli {

namespace {

/// Peak and current resident set size of this process (bytes), from /proc/self/status.
qint64 procStatus(const char* key)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith(key))
            return line.mid(int(qstrlen(key))).trimmed().split(' ').front().toLongLong() * 1024;
    return 0;
}

/// The floor: a bare scan, through the SQLite C API, of the same columns the loader reads,
/// one table after another on one connection. Returns ns.
qint64 floorScan(const QString& path, qint64* rows)
{
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK)
        return -1;
    const char* queries[] = {
        "SELECT id, value FROM StringIds",
        "SELECT rowid, start, \"end\", deviceId, streamId, correlationId, globalPid, demangledName, shortName, "
        "registersPerThread, gridX, gridY, gridZ, blockX, blockY, blockZ, staticSharedMemory, dynamicSharedMemory, "
        "graphNodeId FROM CUPTI_ACTIVITY_KIND_KERNEL",
        "SELECT rowid, start, \"end\", globalTid, correlationId, nameId, eventClass FROM CUPTI_ACTIVITY_KIND_RUNTIME",
        "SELECT rowid, start, \"end\", eventType, globalTid, endGlobalTid, text, textId, domainId FROM NVTX_EVENTS "
        "WHERE eventType IN (59, 60, 75)",
        "SELECT rowid, start, \"end\", deviceId, streamId, correlationId, globalPid, bytes, copyKind, srcKind, dstKind "
        "FROM CUPTI_ACTIVITY_KIND_MEMCPY",
        "SELECT rowid, start, \"end\", deviceId, streamId, correlationId, globalPid, bytes FROM CUPTI_ACTIVITY_KIND_MEMSET",
    };
    QElapsedTimer t;
    t.start();
    qint64 n = 0, sink = 0;
    for (const char* q : queries) {
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db, q, -1, &st, nullptr) != SQLITE_OK)
            continue; // table absent in this trace
        const int cols = sqlite3_column_count(st);
        while (sqlite3_step(st) == SQLITE_ROW) {
            ++n;
            for (int c = 0; c < cols; ++c)
                sink += sqlite3_column_type(st, c) == SQLITE_TEXT ? sqlite3_column_bytes(st, c) : sqlite3_column_int64(st, c);
        }
        sqlite3_finalize(st);
    }
    const qint64 ns = t.nsecsElapsed();
    sqlite3_close(db);
    *rows = n + (sink & 0); // keep `sink` alive without changing the count
    return ns;
}

/// One measurement in this process: the child side of `bench`.
int measureOne(const QString& path, bool hashFile)
{
    QJsonObject o;
    qint64 rows = 0;
    o.insert(QStringLiteral("floor_ns"), floorScan(path, &rows));
    o.insert(QStringLiteral("rows"), rows);
    const qint64 rssBefore = procStatus("VmRSS:");
    QElapsedTimer t;
    t.start();
    LoadOptions lo;
    lo.computeSha256 = hashFile;
    auto loaded = TraceLoader::loadSync(path, lo);
    o.insert(QStringLiteral("load_ns"), t.nsecsElapsed());
    if (!loaded.ok()) {
        QTextStream(stderr) << loaded.message << "\n";
        return Failure;
    }
    o.insert(QStringLiteral("kernels"), qint64(loaded.trace->kernels.size()));
    o.insert(QStringLiteral("api"), qint64(loaded.trace->api.size()));
    o.insert(QStringLiteral("nvtx"), qint64(loaded.trace->nvtx.size()));
    o.insert(QStringLiteral("model_bytes"), loaded.trace->memoryBytes());
    o.insert(QStringLiteral("rss_after_load"), procStatus("VmRSS:") - rssBefore);
    t.restart();
    AnalysisOptions ao;
    const auto result = Analyzer::analyze(loaded.trace, ao);
    o.insert(QStringLiteral("analyze_ns"), t.nsecsElapsed());
    QTemporaryDir dir;
    QString error;
    t.restart();
    ReportWriter::writeAll(*result, dir.path(), {}, &error);
    o.insert(QStringLiteral("report_ns"), t.nsecsElapsed());
    o.insert(QStringLiteral("peak_rss"), procStatus("VmHWM:"));
    o.insert(QStringLiteral("rss_before"), rssBefore);
    QTextStream(stdout) << QJsonDocument(o).toJson(QJsonDocument::Compact) << "\n";
    return Ok;
}

QString ratio(qint64 v, qint64 floor)
{
    return floor > 0 ? QStringLiteral("%1×").arg(double(v) / double(floor), 0, 'f', 2) : QStringLiteral("–");
}

} // namespace

int BenchCommand::run(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(tr("Scale benchmark: floor (bare SQLite scan), load, analysis, report and peak memory."));
    p.addHelpOption();
    p.addOption({QStringLiteral("kernels"), tr("Trace sizes in kernels (repeatable; default 100000, 1000000, 5000000)."), tr("N")});
    p.addOption({QStringLiteral("trace"), tr("Measure this existing export instead of generating (repeatable)."), tr("FILE")});
    p.addOption({QStringLiteral("dir"), tr("Where generated traces are kept (default: a folder under /tmp)."), tr("DIR")});
    p.addOption({QStringLiteral("no-hash"), tr("Do not hash the file while loading.")});
    p.addOption({QStringLiteral("one"), tr("Internal: measure one file in this process and print JSON."), tr("FILE")});
    if (!p.parse(QStringList{QStringLiteral("sightline-cli")} + args.mid(1))) {
        QTextStream(stderr) << p.errorText() << "\n";
        return Usage;
    }
    if (p.isSet(QStringLiteral("help"))) {
        QTextStream(stdout) << p.helpText();
        return Ok;
    }
    if (p.isSet(QStringLiteral("one")))
        return measureOne(p.value(QStringLiteral("one")), !p.isSet(QStringLiteral("no-hash")));

    QTextStream out(stdout);
    QStringList traces = p.values(QStringLiteral("trace"));
    const QString dir = p.value(QStringLiteral("dir")).isEmpty() ? QDir::temp().filePath(QStringLiteral("sightline-bench"))
                                                                 : p.value(QStringLiteral("dir"));
    QStringList sizes = p.values(QStringLiteral("kernels"));
    if (sizes.isEmpty() && traces.isEmpty())
        sizes = {QStringLiteral("100000"), QStringLiteral("1000000"), QStringLiteral("5000000")};
    QDir().mkpath(dir);
    for (const auto& s : sizes) {
        bool ok = false;
        const qint64 n = s.toLongLong(&ok);
        if (!ok || n <= 0) {
            QTextStream(stderr) << tr("--kernels takes positive numbers.") << "\n";
            return Usage;
        }
        const QString file = QDir(dir).filePath(QStringLiteral("synth-%1.sqlite").arg(n));
        if (!QFileInfo::exists(file)) {
            out << tr("generating %1 (%2 kernels)...").arg(file, formatCount(n)) << Qt::endl;
            SynthOptions o;
            o.targetKernels = n;
            o.ranks = 2;
            const auto r = writeSynthTrace(file, o);
            if (!r.ok) {
                QTextStream(stderr) << r.error << "\n";
                return WriteError;
            }
        }
        traces << file;
    }

    out << tr("| trace | kernels | API rows | NVTX | floor (SQLite scan) | load | analyze | report | load+analyze+report "
              "| model B/kernel | peak RSS B/kernel |")
        << "\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (const auto& file : traces) {
        // Each trace in a fresh process, so peak memory (VmHWM) belongs to that trace alone.
        QProcess child;
        QStringList childArgs{QStringLiteral("bench"), QStringLiteral("--one"), file};
        if (p.isSet(QStringLiteral("no-hash")))
            childArgs << QStringLiteral("--no-hash");
        child.start(QCoreApplication::applicationFilePath(), childArgs);
        child.waitForFinished(-1);
        const auto doc = QJsonDocument::fromJson(child.readAllStandardOutput().trimmed());
        if (child.exitCode() != 0 || !doc.isObject()) {
            QTextStream(stderr) << tr("benchmark of %1 failed: %2").arg(file, QString::fromUtf8(child.readAllStandardError()));
            return Failure;
        }
        const QJsonObject o = doc.object();
        const qint64 floor = o.value(QStringLiteral("floor_ns")).toInteger();
        const qint64 load = o.value(QStringLiteral("load_ns")).toInteger();
        const qint64 analyze = o.value(QStringLiteral("analyze_ns")).toInteger();
        const qint64 report = o.value(QStringLiteral("report_ns")).toInteger();
        const qint64 kernels = std::max<qint64>(1, o.value(QStringLiteral("kernels")).toInteger());
        const qint64 peak = o.value(QStringLiteral("peak_rss")).toInteger() - o.value(QStringLiteral("rss_before")).toInteger();
        out << "| " << QFileInfo(file).fileName() << " | " << formatCount(kernels) << " | "
            << formatCount(o.value(QStringLiteral("api")).toInteger()) << " | "
            << formatCount(o.value(QStringLiteral("nvtx")).toInteger()) << " | " << formatDuration(floor) << " | "
            << formatDuration(load) << " (" << ratio(load, floor) << ") | " << formatDuration(analyze) << " ("
            << ratio(analyze, floor) << ") | " << formatDuration(report) << " (" << ratio(report, floor) << ") | "
            << formatDuration(load + analyze + report) << " (" << ratio(load + analyze + report, floor) << ") | "
            << o.value(QStringLiteral("model_bytes")).toInteger() / kernels << " | " << peak / kernels << " |\n";
        out.flush();
    }
    return Ok;
}

} // namespace sl::cli
