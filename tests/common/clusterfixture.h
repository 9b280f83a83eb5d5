// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/rankdigest.h"
#include "core/synth/synthcluster.h"

#include <QString>

namespace sl::test {

class TraceFixture;

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

/// One export of two ranks (a single-node run profiled as one), times in ns from twoRankBase:
/// - pid 41017 on GPU 1, stream 13: gemm [0, 2000], AllReduce [2500, 4000] (launched at 2400),
///   gemm [4200, 5000], AllReduce [6000, 6400]; steps ProfilerStep#1 [-100, 5100], #2 [5100, 6500];
/// - pid 41018 on GPU 0, stream 7: gemm [0, 1500], AllReduce [2000, 4000] (launched at 1900),
///   AllReduce [5500, 6400]; step ProfilerStep#1 [-100, 5100];
/// - pid 41020 on GPU 2: one gemm [1000, 1600] and a step [0, 2000], no NCCL kernel.
void writeTwoRankExport(TraceFixture& fx);
constexpr qint64 twoRankBase = 1'500'000'000;

} // namespace sl::test
