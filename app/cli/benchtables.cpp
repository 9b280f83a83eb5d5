// SPDX-License-Identifier: MIT
#include "app/cli/benchtables.h"

#include "core/util/format.h"

#include <QJsonArray>
#include <QTextStream>

#include <algorithm>
#include <cmath>

namespace sl::cli {

namespace {

// The rest of the memory bound (BenchTables::restBound), per row of the other tables: the model
// holds an API call in 41 B (+7 B of slack for the loader's correlation index and event classes),
// an NVTX range in 45 B (+11 B: the attribution's per-range depth, thread grouping and step
// flags) and a copy in about 53 B.
constexpr qint64 kRestPerApiRow = 48;
constexpr qint64 kRestPerNvtxRange = 56;
constexpr qint64 kRestPerCopy = 64;
// A sampled counter value (GPU metrics, NVML) as CounterSeries stores it: its timestamp (8 B, ns),
// its value (4 B, float) and its prefix sum for the timeline's column means (8 B, double).
constexpr qint64 kRestPerCounterSample = 20;
// Interned strings: the model holds them once; the loader's text index keeps a UTF-8 key per
// distinct inline NVTX text while reading.
constexpr qint64 kStringFactor = 2;
// Independent of the trace: thread stacks touched, SQLite's page caches of the two reader
// connections, the hash buffer, Qt's and the allocator's bookkeeping.
constexpr qint64 kFixedBytes = qint64(16) << 20;

qint64 value(const QJsonObject& o, const char* key) { return o.value(QLatin1String(key)).toInteger(); }

QString ratio(qint64 v, qint64 floor)
{
    return floor > 0 ? QStringLiteral("%1×").arg(double(v) / double(floor), 0, 'f', 2) : QStringLiteral("–");
}

QString timed(qint64 ns, qint64 floor) { return formatDuration(ns) + QStringLiteral(" (") + ratio(ns, floor) + u')'; }

QString mib(qint64 bytes)
{
    const double m = double(bytes) / double(1 << 20);
    return QString::number(m, 'f', std::abs(m) < 10 ? 1 : 0);
}

/// CPU time over wall time of a phase: 2.00 means both cores busy for the whole phase.
QString cores(const QJsonObject& o, const QString& phase)
{
    const qint64 wall = o.value(phase + QStringLiteral("_ns")).toInteger();
    const qint64 cpu = o.value(phase + QStringLiteral("_cpu_ns")).toInteger();
    return wall > 0 ? QString::number(double(cpu) / double(wall), 'f', 2) : QStringLiteral("–");
}

/// The floor of a measurement: the sqlite3 shell's aggregate of every column the load reads;
/// the C-API scan when no shell ran (the table says which).
qint64 floorOf(const QJsonObject& m)
{
    const qint64 shell = value(m, "shell_floor_ns");
    return shell > 0 ? shell : value(m, "floor_ns");
}

QString timedOrDash(qint64 ns, qint64 floor) { return ns > 0 ? timed(ns, floor) : QStringLiteral("–"); }

void printTimes(QTextStream& out, const QList<BenchRow>& rows)
{
    out << "\n"
        << BenchTables::tr("Time, each figure with its ratio to the floor of the same run: the sqlite3 shell computing "
                           "total() of every column the load reads, table by table (* where no sqlite3 shell ran: "
                           "the C-API scan instead). C-API scan = the same columns stepped through the C API. "
                           "Whole process = sightline-cli analyze --no-cache, start to exit, in a fresh process; "
                           "first open = the same with the trace cache, which it writes; reopen = once more, "
                           "served by the cache; each the median of 5 runs up to 1 M kernels, of 1 above. "
                           "cores = CPU time / wall time.")
        << "\n\n"
        << BenchTables::tr(
               "| trace | kernels | API rows | NVTX ranges | floor | C-API scan | load | analyze | NVTX "
               "attribution alone | report | load+analyze+report | analyze, whole process | first open | reopen | "
               "cores: C-API scan / load / analyze |")
        << "\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (const BenchRow& r : rows) {
        const QJsonObject& m = r.measure;
        const qint64 floor = floorOf(m);
        const qint64 total = value(m, "load_ns") + value(m, "analyze_ns") + value(m, "report_ns");
        const qint64 process = value(m, "process_ns");
        out << "| " << r.name << " | " << formatCount(value(m, "kernels")) << " | " << formatCount(value(m, "api"))
            << " | " << formatCount(value(m, "nvtx")) << " | " << formatDuration(floor)
            << (value(m, "shell_floor_ns") > 0 ? "" : "*") << " | " << timed(value(m, "floor_ns"), floor) << " | "
            << timed(value(m, "load_ns"), floor) << " | " << timed(value(m, "analyze_ns"), floor) << " | "
            << timed(value(m, "nvtx_ns"), floor) << " | " << timed(value(m, "report_ns"), floor) << " | "
            << timed(total, floor) << " | " << (process > 0 ? timed(process, floor) : QStringLiteral("–")) << " | "
            << timedOrDash(value(m, "process_first_ns"), floor) << " | "
            << timedOrDash(value(m, "process_reopen_ns"), floor) << " | " << cores(m, QStringLiteral("floor")) << " / "
            << cores(m, QStringLiteral("load")) << " / " << cores(m, QStringLiteral("analyze")) << " |\n";
    }
}

} // namespace

qint64 BenchTables::restBound(const QJsonObject& m)
{
    return kRestPerApiRow * value(m, "api") + kRestPerNvtxRange * value(m, "nvtx") + kRestPerCopy * value(m, "ops")
        + kRestPerCounterSample * value(m, "counter_samples") + kStringFactor * value(m, "string_bytes") + kFixedBytes;
}

namespace {

/// Peak memory per phase against the model's bound.
void printMemory(QTextStream& out, const QList<BenchRow>& rows)
{
    out << "\n"
        << BenchTables::tr(
               "Memory: peak resident growth over the size before loading (MiB), per phase; the bound is %1 B per "
               "kernel row plus %2 B per API row, %3 B per NVTX range, %4 B per copy/memset/graph launch, %5 B per "
               "counter sample, %6× the interned strings and %7 MiB.")
               .arg(BenchTables::kBytesPerKernel)
               .arg(kRestPerApiRow)
               .arg(kRestPerNvtxRange)
               .arg(kRestPerCopy)
               .arg(kRestPerCounterSample)
               .arg(kStringFactor)
               .arg(kFixedBytes >> 20)
        << "\n\n"
        << BenchTables::tr("| trace | model | model B/kernel | peak: load | analyze | report | peak B/kernel | bound | "
                           "peak / bound "
                           "|")
        << "\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (const BenchRow& r : rows) {
        const QJsonObject& m = r.measure;
        const qint64 kernels = std::max<qint64>(1, value(m, "kernels"));
        const qint64 peak = std::max({ value(m, "load_peak"), value(m, "analyze_peak"), value(m, "report_peak") });
        const qint64 bound = BenchTables::kBytesPerKernel * value(m, "kernels") + BenchTables::restBound(m);
        out << "| " << r.name << " | " << mib(value(m, "model_bytes")) << " | " << value(m, "model_bytes") / kernels
            << " | " << mib(value(m, "load_peak")) << " | " << mib(value(m, "analyze_peak")) << " | "
            << mib(value(m, "report_peak")) << " | " << peak / kernels << " | " << mib(bound) << " | "
            << QString::number(double(peak) / double(bound), 'f', 2) << " |\n";
    }
}

/// The counter samples the model holds, when any trace has some.
void printCounters(QTextStream& out, const QList<BenchRow>& rows)
{
    bool anyCounters = false;
    for (const BenchRow& r : rows)
        anyCounters = anyCounters || value(r.measure, "counter_samples") > 0;
    if (anyCounters) {
        out << "\n"
            << BenchTables::tr(
                   "Sampled counters (GPU metrics) held by the model: series, samples, bytes (MiB) and bytes per "
                   "sample.")
            << "\n\n"
            << BenchTables::tr("| trace | series | samples | counters | B/sample |") << "\n|---|---:|---:|---:|---:|\n";
        for (const BenchRow& r : rows) {
            const QJsonObject& m = r.measure;
            const qint64 samples = value(m, "counter_samples");
            out << "| " << r.name << " | " << formatCount(value(m, "counter_series")) << " | " << formatCount(samples)
                << " | " << mib(value(m, "counter_bytes")) << " | "
                << (samples > 0 ? QString::number(double(value(m, "counter_bytes")) / double(samples), 'f', 1)
                                : QStringLiteral("–"))
                << " |\n";
        }
    }
}

/// The load-cancel and analysis-cancel cells of one row ("–" where not measured).
void printCancelCells(QTextStream& out, const BenchRow& r)
{
    const qint64 floor = floorOf(r.measure);
    if (r.cancel.isEmpty())
        out << "– | – | – | ";
    else if (!r.cancel.value(QStringLiteral("cancelled")).toBool())
        out << BenchTables::tr("finished first") << " | – | – | ";
    else
        out << formatPercent(double(value(r.cancel, "progress_at_cancel")) / 1000.0, 0) << " | "
            << timed(value(r.cancel, "cancel_ns"), floor) << " | " << mib(value(r.cancel, "rss_after_cancel"))
            << " MiB | ";
    if (r.cancel.isEmpty())
        out << "– | – | ";
    else if (!r.cancel.value(QStringLiteral("analysis_cancelled")).toBool())
        out << BenchTables::tr("finished first") << " | – | ";
    else
        out << formatDuration(value(r.cancel, "analysis_cancel_at_ns")) << " / "
            << formatDuration(value(r.cancel, "analysis_ns")) << " | "
            << formatDuration(value(r.cancel, "analysis_cancel_ns")) << " | ";
}

/// Cancel latency and the memory left after reopening, per trace.
void printCancel(QTextStream& out, const QList<BenchRow>& rows)
{
    out << "\n"
        << BenchTables::tr(
               "Cancel and reopen: a load cancelled at the given progress (latency with its ratio to the floor, "
               "resident growth left after the cancel); an analysis cancelled after the same share of its run time "
               "(when, of the whole analysis, and the latency until its future finished); then the trace loaded, "
               "analysed and closed repeatedly "
               "(resident growth after each close, MiB).")
        << "\n\n"
        << BenchTables::tr(
               "| trace | cancelled at | cancel latency | left after cancel | analysis cancelled at | analysis cancel "
               "latency | after each close | last − first |")
        << "\n|---|---:|---:|---:|---:|---:|---|---:|\n";
    for (const BenchRow& r : rows) {
        out << "| " << r.name << " | ";
        printCancelCells(out, r);
        const QJsonArray after = r.cycles.value(QStringLiteral("rss_after_close")).toArray();
        QStringList list;
        for (const auto& v : after)
            list << mib(v.toInteger());
        out << (list.isEmpty() ? QStringLiteral("–") : list.join(QStringLiteral(", "))) << " | "
            << (after.size() > 1 ? mib(after.last().toInteger() - after.first().toInteger()) + QStringLiteral(" MiB")
                                 : QStringLiteral("–"))
            << " |\n";
    }
}

/// The cluster digest of each trace against its analysis, both whole processes of the same run.
void printDigest(QTextStream& out, const QList<BenchRow>& rows)
{
    out << "\n"
        << BenchTables::tr("Cluster digest: sightline-cli digest, start to exit in a fresh process, against analyze "
                           "--no-cache of the same trace (target: at most 1.2x); medians of runs as in the time table.")
        << "\n\n"
        << BenchTables::tr("| trace | analyze, whole process | digest, whole process | digest / analyze |")
        << "\n|---|---:|---:|---:|\n";
    for (const BenchRow& r : rows) {
        const qint64 analyze = value(r.measure, "process_ns"), digest = value(r.measure, "digest_process_ns");
        out << "| " << r.name << " | " << (analyze > 0 ? formatDuration(analyze) : QStringLiteral("–")) << " | "
            << (digest > 0 ? formatDuration(digest) : QStringLiteral("–")) << " | "
            << (analyze > 0 && digest > 0 ? ratio(digest, analyze) : QStringLiteral("–")) << " |\n";
    }
}

} // namespace

void BenchTables::print(QTextStream& out, const QList<BenchRow>& rows)
{
    printTimes(out, rows);
    printDigest(out, rows);
    printMemory(out, rows);
    printCounters(out, rows);
    printCancel(out, rows);
    out.flush();
}

} // namespace sl::cli
