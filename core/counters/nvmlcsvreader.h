// SPDX-License-Identifier: MIT
#pragma once

#include "core/counters/counterseries.h"

#include <QCoreApplication>

#include <optional>

namespace sl {

/// Reads the CSV of an NVML sampler thread (`nvidia-smi --query-gpu=… --format=csv -lms N`, or a
/// pynvml loop) into counter series on the trace's timeline.
///
/// Columns are recognised by their common spellings (docs/analysis.md lists them), with or
/// without a bracketed unit; values may carry units ("45 %", "250.1 W"). Timestamps: epoch
/// numbers (seconds, ms, µs or ns, told apart by magnitude), ISO 8601 with a zone, or
/// nvidia-smi's "YYYY/MM/DD HH:MM:SS.mmm", which is the profiled machine's local time: it is
/// turned into UTC with that machine's offset, which the export records
/// (TARGET_INFO_SESSION_START_TIME localTime − utcTime). Alignment: trace ns = epoch ns −
/// the capture's absolute start (utcEpochNs).
class NvmlCsvReader
{
    Q_DECLARE_TR_FUNCTIONS(NvmlCsvReader)
public:
    struct Result
    {
        CounterSet counters; ///< source Nvml, sorted by device then name
        QStringList columnsFound; ///< "power.draw [W] → Power [W]", …
        qint64 rowsRead = 0, rowsSkipped = 0;
        QString error; ///< translated, names the file; empty on success
    };
    /// `sessionStartUtcNs`: the capture's absolute start; `localOffsetSeconds`: the profiled
    /// machine's local time minus UTC (for zone-less timestamps).
    static Result read(const QString& path, qint64 sessionStartUtcNs, int localOffsetSeconds);
    static Result parse(
        const QByteArray& bytes, const QString& fileName, qint64 sessionStartUtcNs, int localOffsetSeconds);
    /// Epoch ns of one timestamp field, or nullopt. Exposed for tests.
    static std::optional<qint64> epochNs(const QString& field, int localOffsetSeconds);
};

} // namespace sl
