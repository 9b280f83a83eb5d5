// SPDX-License-Identifier: MIT
#include "core/analysis/importsreader.h"

#include "core/analysis/analysisoptions.h"
#include "core/analysis/design/cublaslogreader.h"
#include "core/io/ncucsvreader.h"
#include "core/io/nvmlcsvreader.h"
#include "core/trace/traceinfo.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace sl {

namespace {

/// Removes the samples whose value is no finite float from every series of `set` (an NVML value
/// of 1e39 reads as inf) and the series left empty; the others are finished again. Returns the
/// samples removed.
qint64 dropNonFinite(CounterSet& set)
{
    qint64 dropped = 0;
    for (CounterSeries& s : set.series) {
        size_t kept = 0;
        for (size_t i = 0; i < s.v.size(); ++i) {
            if (!std::isfinite(s.v[i]))
                continue;
            s.t[kept] = s.t[i];
            s.v[kept++] = s.v[i];
        }
        if (kept == s.v.size())
            continue;
        dropped += qint64(s.v.size() - kept);
        s.t.resize(kept);
        s.v.resize(kept);
        s.finish();
    }
    set.series.removeIf([](const CounterSeries& s) { return s.t.empty(); });
    return dropped;
}

/// Removes the entries of `values` that are no finite number; returns how many.
qint64 dropNonFinite(QHash<QString, double>& values)
{
    return values.removeIf([](const auto& it) { return !std::isfinite(it.value()); });
}

/// Clears the Nsight Compute figures that are no finite number (a value that overflows when
/// scaled to its base unit: 1e300 "second" is inf ns), so none reaches a table or a rule.
/// Returns the values cleared.
qint64 dropNonFinite(NcuReport& report)
{
    qint64 dropped = 0;
    for (NcuLaunch& l : report.launches) {
        for (std::optional<double>* v :
            { &l.durationNs, &l.smThroughputPct, &l.dramThroughputPct, &l.achievedOccupancyPct,
                &l.theoreticalOccupancyPct, &l.l1HitPct, &l.l2HitPct, &l.tensorActivePct, &l.flops, &l.flops16,
                &l.flops32, &l.flops64, &l.flopsTensor, &l.dramBytes, &l.l2PeakBytesPerSecond }) {
            if (*v && !std::isfinite(**v)) {
                v->reset();
                ++dropped;
            }
        }
        dropped += dropNonFinite(l.tensorOpsByType) + dropNonFinite(l.stalls);
    }
    return dropped;
}

} // namespace

bool ImportsReader::hasImports(const AnalysisOptions& options)
{
    return !options.nvmlCsv.isEmpty() || !options.ncuFile.isEmpty() || !options.cublasLog.isEmpty();
}

bool ImportsReader::matches(const Imports& imports, const AnalysisOptions& options)
{
    return imports.nvmlCsv == options.nvmlCsv && imports.nvmlColumns == options.nvmlColumns
        && imports.ncuFile == options.ncuFile && imports.cublasLog == options.cublasLog;
}

void ImportsReader::readNvml(Imports& out, const TraceInfo& info)
{
    s_fileReads.fetch_add(1, std::memory_order_relaxed);
    NvmlCsvReader::Result read
        = NvmlCsvReader::read(out.nvmlCsv, info.sessionStartUtcNs, info.localOffsetSeconds, out.nvmlColumns);
    if (!read.error.isEmpty()) {
        out.nvmlError = read.error;
        return;
    }
    out.nvml = std::move(read.counters);
    out.nvmlNotes << tr("NVML samples: %1 rows read, %2 skipped; columns: %3.")
                         .arg(read.rowsRead)
                         .arg(read.rowsSkipped)
                         .arg(read.columnsFound.join(QStringLiteral("; ")));
    out.nvmlNotes << read.notes;
    if (const qint64 dropped = dropNonFinite(out.nvml); dropped > 0)
        out.nvmlNotes << tr("NVML samples: %1 values are no finite number (inf, nan or beyond ±3.4e38) and were "
                            "skipped.")
                             .arg(dropped);
}

void ImportsReader::readNcu(Imports& out, const AnalysisOptions& options, const Cancellation& cancel,
    const std::function<void(const QString&)>& converting)
{
    s_fileReads.fetch_add(1, std::memory_order_relaxed);
    NcuReport report = NcuCsvReader::read(
        out.ncuFile, options.ncuExecutable, options.ncuTimeoutMs, [&cancel] { return cancel.isCancelled(); },
        converting);
    if (!report.error.isEmpty()) {
        out.ncuError = report.error;
        return;
    }
    out.ncuDropped = dropNonFinite(report);
    out.ncu = std::move(report);
}

ImportsPtr ImportsReader::read(const AnalysisOptions& options, const TraceInfo& info, const Cancellation& cancel,
    const std::function<void(int, const QString&)>& progress, const std::function<void(const QString&)>& waiting)
{
    auto out = std::make_shared<Imports>();
    out->nvmlCsv = options.nvmlCsv;
    out->nvmlColumns = options.nvmlColumns;
    out->ncuFile = options.ncuFile;
    out->cublasLog = options.cublasLog;
    const auto step = [&](int permille, const QString& path) {
        if (progress)
            progress(permille, tr("Reading %1…").arg(QFileInfo(path).fileName()));
    };
    if (!out->nvmlCsv.isEmpty() && !cancel.isCancelled()) {
        step(0, out->nvmlCsv);
        readNvml(*out, info);
    }
    if (!out->ncuFile.isEmpty() && !cancel.isCancelled()) {
        step(333, out->ncuFile);
        // A value above the last one for each conversion: a QFuture's progress text changes only
        // with its value.
        int conversions = 0;
        readNcu(*out, options, cancel, [&](const QString& stage) {
            if (progress)
                progress(std::min(334 + conversions++, 666), stage);
            if (waiting)
                waiting(stage);
        });
    }
    if (!out->cublasLog.isEmpty() && !cancel.isCancelled()) {
        step(667, out->cublasLog);
        s_fileReads.fetch_add(1, std::memory_order_relaxed);
        CublasLog log = CublasLogReader::read(out->cublasLog);
        if (log.ok)
            out->cublas = std::move(log);
        else
            out->cublasError = log.error;
    }
    if (cancel.isCancelled())
        return nullptr;
    if (progress)
        progress(1000, tr("Imports read"));
    return out;
}

} // namespace sl
