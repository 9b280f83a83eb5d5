// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QString>

class QJsonObject;

namespace sl::cli {

/// The child side of `sightline-cli bench`: each call measures one trace in a fresh process, so
/// that peak memory and CPU time belong to that measurement alone, and prints one line of JSON
/// on stdout for the parent (BenchCommand) to tabulate. Times in ns, memory in bytes.
class BenchProbe
{
    Q_DECLARE_TR_FUNCTIONS(BenchProbe)
public:
    /// Floor, load, analysis, NVTX attribution alone and report writing, with wall and CPU time
    /// and the peak resident memory of each phase over the resident size before loading.
    static int measure(const QString& path, bool hashFile);
    /// Starts an asynchronous load as the GUI does, cancels it once `permille` of the rows are
    /// read, and measures how long the cancel takes and how much memory stays resident; then the
    /// same for an asynchronous analysis (cancelAnalysis).
    static int cancel(const QString& path, int permille);
    /// Loads, analyses and drops the same trace `count` times; resident memory after each.
    static int cycles(const QString& path, int count);

private:
    /// Loads the trace, times one analysis, then cancels an asynchronous one after `permille`
    /// of that time: analysis_ns, analysis_cancel_at_ns, analysis_cancel_ns (until the future
    /// has finished) and analysis_cancelled (no result) into `o`. False when the load fails.
    static bool cancelAnalysis(const QString& path, int permille, QJsonObject& o);
};

} // namespace sl::cli
