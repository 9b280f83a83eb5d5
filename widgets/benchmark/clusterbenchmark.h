// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QString>

namespace sl {

/// `sightline --benchmark-cluster DIR` (offscreen): opens DIR — one run's rank digests or exports,
/// e.g. `sightline-cli synth --per-rank --ranks 64` then `sightline-cli digest` — in the Cluster
/// view at a laptop's size (1366×768), waits for its analysis, then renders each of its views
/// (rank × time heatmap, per-rank table, skew histogram, and the whole window) `repaints` times
/// after a first render, and prints the first, median and worst render of each (wall and the GUI
/// thread's CPU time) against the 16 ms frame target as a Markdown table on stdout.
class ClusterBenchmark
{
    Q_DECLARE_TR_FUNCTIONS(ClusterBenchmark)
public:
    /// Runs in the application's event loop until done; returns the exit code (0 when measured).
    static int run(const QString& folder, int repaints = 200);
};

} // namespace sl
