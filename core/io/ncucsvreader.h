// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/ncureport.h"

#include <QCoreApplication>

#include <functional>

namespace sl {

/// Reads Nsight Compute results: the CSV of `ncu --csv --page raw` (one row per profiled launch,
/// a column per metric, a second row of units), of `--page details` (one row per metric:
/// "Section Name", "Metric Name", "Metric Unit", "Metric Value"), or a `.ncu-rep` through
/// `ncu --import FILE --csv --page raw` when ncu is installed. Values are converted to base
/// units with the units the file states (nsecond/usecond/msecond/second, byte/Kbyte/Mbyte/
/// Gbyte, %, …); thousands separators are removed.
class NcuCsvReader
{
    Q_DECLARE_TR_FUNCTIONS(NcuCsvReader)
public:
    /// A file, or a folder: every *.csv and *.ncu-rep below it in path order (ncu run once per
    /// kernel writes one file each, all with ID 0), merged into one report whose launches are
    /// numbered in that order. Files of a folder that are not ncu results are listed in `skipped`.
    /// A .ncu-rep is converted by `ncu`, stopped after `timeoutMs` (0: no limit) or when
    /// `cancelled` returns true (polled every 100 ms); in a folder, once ncu timed out on one
    /// report the others are not tried (listed in `skipped`), so a hung ncu costs one time limit.
    /// `converting` (may be empty) is told before each conversion what ncu is about to do, translated:
    /// "Converting k.ncu-rep with ncu (at most 120 s)…".
    static NcuReport read(const QString& path, const QString& ncuExecutable = {}, qint64 timeoutMs = kDefaultTimeoutMs,
        const std::function<bool()>& cancelled = {}, const std::function<void(const QString&)>& converting = {});
    static NcuReport parse(const QByteArray& bytes, const QString& fileName);
    /// A report of a few thousand launches converts in seconds.
    static constexpr qint64 kDefaultTimeoutMs = 120 * 1000;

private:
    struct Conversion
    {
        QString ncuExecutable;
        qint64 timeoutMs = kDefaultTimeoutMs;
        std::function<bool()> cancelled;
        std::function<void(const QString&)> converting;
        bool timedOut = false; ///< ncu hit the limit once: the folder's other reports are not tried
    };
    /// Reasons a folder's files were skipped, for one message: the first kReasonsListed of them
    /// (each names its file; the second says it was not tried after a timeout), then how many more.
    static QString listed(const QStringList& reasons);
    static constexpr int kReasonsListed = 3;
    static NcuReport readFile(const QString& path, Conversion& conversion);
    static NcuReport readFolder(const QString& path, Conversion& conversion);
    static NcuReport convert(const QString& path, const QString& fileName, Conversion& conversion);
    /// "(256, 1, 1)" → {256, 1, 1}; false when it is not a triple of non-negative integers.
    static bool parseDim3(const QString& text, quint32 out[3]);
    /// Value in base units (ns, bytes, bytes/s, …) of `value` given in `unit`.
    static double toBaseUnit(double value, const QString& unit);
    class LaunchTable; ///< the launches of one CSV as parse() reads them (ncucsvreader.cpp)
};

} // namespace sl
