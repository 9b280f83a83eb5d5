// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/rankdigest.h"
#include "core/synth/synthcluster.h"

#include <QString>

namespace sl::test {

/// The cluster suites' fixtures (tst_clusterdigest, tst_clusteranalyzer, tst_clustercli, tst_clusterhostcomms).
/// The 8-rank, 2-host run of the issue: rank 5 is slow, host 1's UTC clock is 2.8 ms ahead.
SynthClusterOptions issueRun();
/// A short run for tests that need a few real rank exports, not the issue's figures: `ranks`
/// ranks, two per host, `straggler` slow, `steps` steps of compute split into two kernels.
SynthClusterOptions smallRun(int ranks, int straggler, int steps);
/// One SQL value over a file, through a QtSql connection of its own (-1 when the file or the SQL
/// fails).
qint64 sqlScalar(const QString& path, const QString& sql);
/// A hand-made digest: `rank` (-1: none found) on host "node-a", one clock (UTC anchor and system
/// clock), one AllReduce on stream 13 without payload, reached at `arrival` and ended at 1 ms (ns).
RankDigest handDigest(const QString& file, int rank, qint64 arrival);

} // namespace sl::test
