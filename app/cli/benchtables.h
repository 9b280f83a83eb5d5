// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>

class QTextStream;

namespace sl::cli {

/// What the bench probes measured for one trace (BenchProbe's JSON lines).
struct BenchRow
{
    QString name; ///< file name of the trace
    QJsonObject measure; ///< BenchProbe::measure
    QJsonObject cancel; ///< BenchProbe::cancel, empty when skipped
    QJsonObject cycles; ///< BenchProbe::cycles, empty when skipped
};

/// Prints the benchmark as Markdown tables: times with their ratio to the floor measured in the
/// same run, CPU use, peak memory against the memory bound, cancel latency and memory after
/// reopening.
class BenchTables
{
    Q_DECLARE_TR_FUNCTIONS(BenchTables)
public:
    static void print(QTextStream& out, const QList<BenchRow>& rows);

    /// The memory target: peak resident growth during load, analysis and report of at most
    /// kBytesPerKernel per kernel row plus this bound for the rest (bytes), from the row counts
    /// of the other tables, the interned strings' bytes and the counter samples.
    static constexpr qint64 kBytesPerKernel = 100;
    static qint64 restBound(const QJsonObject& measure);
};

} // namespace sl::cli
