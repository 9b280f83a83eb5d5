// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/counterseries.h"

#include <QCoreApplication>

#include <optional>

namespace sl {

/// Reads the CSV of an NVML sampler thread (`nvidia-smi --query-gpu=… --format=csv -lms N`, or a
/// pynvml loop) into counter series on the trace's timeline.
///
/// Columns are recognised by their common spellings (docs/analysis.md lists them), with or
/// without a bracketed unit; values may carry units ("45 %", "250.1 W", "1129 MiB"). Timestamps:
/// epoch numbers (seconds, ms, µs or ns, told apart by magnitude), ISO 8601 (a '.' or ',' before
/// up to 9 fraction digits, a zone or none), or nvidia-smi's "YYYY/MM/DD HH:MM:SS.mmm"; a time
/// without a zone is the profiled machine's local time, turned into UTC with that machine's
/// offset, which the export records (TARGET_INFO_SESSION_START_TIME localTime − utcTime).
/// Alignment: trace ns = epoch ns − the capture's absolute start (utcEpochNs).
///
/// Layouts (docs/analysis.md, "NVML samples"): a header row then samples, comma-, semicolon- or
/// tab-separated, in UTF-8 or UTF-16; blocks of `nvidia-smi --format=csv` output (header repeated)
/// each after a line holding only a date (`date --iso-8601=ns`), whose time every row of the block
/// takes; and files without a header row (`--format=csv,noheader`) when their columns are given.
/// The file is read as a stream: memory grows with the samples kept, not with the file.
class NvmlCsvReader
{
    Q_DECLARE_TR_FUNCTIONS(NvmlCsvReader)
public:
    struct Result
    {
        CounterSet counters; ///< source Nvml, sorted by device then name
        QStringList columnsFound; ///< "power.draw [W] → Power [W]", …
        qint64 rowsRead = 0, rowsSkipped = 0;
        qint64 valuesSkipped = 0; ///< fields that hold no number ("[N/A]", "[Not Supported]")
        qint64 dateLines = 0; ///< lines holding only a date, timing the rows after them
        QStringList notes; ///< translated: encoding, delimiter, what was skipped and why
        QString error; ///< translated, names the file; empty on success
    };
    /// `sessionStartUtcNs`: the capture's absolute start; `localOffsetSeconds`: the profiled
    /// machine's local time minus UTC (for zone-less timestamps); `columns`: the columns of a
    /// file without a header row, in order (nvidia-smi --query-gpu names: "timestamp", "index",
    /// "power.draw", …); a file with a header row uses its own.
    static Result read(
        const QString& path, qint64 sessionStartUtcNs, int localOffsetSeconds, const QStringList& columns = {});
    static Result parse(const QByteArray& bytes, const QString& fileName, qint64 sessionStartUtcNs,
        int localOffsetSeconds, const QStringList& columns = {});
    static Result parse(QIODevice& device, const QString& fileName, qint64 sessionStartUtcNs, int localOffsetSeconds,
        const QStringList& columns = {});
    /// Whether the file starts with a header row (false: `--format=csv,noheader`, whose columns
    /// must be given); nullopt when it cannot be read or holds no row.
    static std::optional<bool> hasHeaderRow(const QString& path, int localOffsetSeconds = 0);
    /// Epoch ns of one timestamp field, or nullopt. Exposed for tests.
    static std::optional<qint64> epochNs(const QString& field, int localOffsetSeconds);
};

} // namespace sl
