// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

#include <algorithm>
#include <functional>
#include <vector>

namespace sl {

/// One multi-node training or serving run as `srun nsys profile -o report.%q{SLURM_PROCID}` records
/// it: one export per rank, each with one process (one GPU, a compute stream and NCCL's stream).
///
/// The timeline model, in true time t (ns; every parameter below is exact, so tests derive the
/// expected cross-rank figures by hand):
/// - Step k (0-based) starts at S_k; S_0 = firstStep() = max(firstStepNs, ranks·150 µs + 1 ms), after
///   every rank's capture start. Its collectives c = 0..C-1 run in turn.
///   Collective c's compute phase starts at P_{k,c} (P_{k,0} = S_k + prologueNs) on every rank.
/// - Rank r's compute before it lasts computeNs + jitterNs·((r + k + c) mod 4), plus
///   stragglerExtraNs on the straggler: its NCCL kernel starts (arrives) at
///   a_r = P_{k,c} + that compute (computeKernels kernels, back to back, cover the compute).
/// - The collective completes at L + transferNs, L = max_r a_r; rank r's NCCL kernel ends at
///   L + transferNs + endJitterNs·((r + c) mod 3) (ranks leave a ring a little apart).
/// - P_{k,c+1} = L + transferNs + 2·endJitterNs + gapNs; the step ends at E_k = that value after
///   the last collective, and S_{k+1} = E_k + stepGapNs. "ProfilerStep#k" spans [S_k, E_k] on
///   every rank.
/// - Clocks: rank r starts its capture at t = r·150 µs; its export's times are ns since then (as
///   nsys writes them). Host h = r / ranksPerHost. Its system clock reads t + bootNs(h),
///   bootNs(h) = 3 600 s + h·777.123456789 s (systemClockNs = that at the capture start); its UTC
///   clock reads t + epoch + hostClockErrorNs[h] (0 where the list is short), and rank r reads its
///   utcEpochNs (localRank)·3 µs late (localRank = r mod ranksPerHost): per-rank UTC anchors
///   disagree by a few µs on one host, the shared system clock does not.
/// - With hostCommunicators, collectives c with c mod 4 = 1 or 2 (AllGather, ReduceScatter: tensor
///   parallelism within a node) run on the host's own communicator (on CUDA stream 17; the world's
///   are on 13): for them L = max over the host's ranks only, so the hosts' phases drift apart and
///   P_{k,c}, L, E_k and S_k above are per host h (all hosts start step 0 at S_0; a world collective
///   has L = max over every rank of P_{k,c}(h(r)) + its compute).
struct SynthClusterOptions
{
    int ranks = 8; ///< 2..1024
    int ranksPerHost = 4; ///< GPUs per node, 1..8
    int straggler = -1; ///< rank with extra compute before each collective, -1 = none
    qint64 stragglerExtraNs = 300'000;
    std::vector<qint64> hostClockErrorNs; ///< per host: its UTC clock's error (ns)
    int steps = 20;
    int collectivesPerStep = 4;
    qint64 computeNs = 800'000;
    int computeKernels = 12; ///< kernels the compute before a collective is split into, back to back
    qint64 jitterNs = 2'000;
    qint64 transferNs = 120'000;
    qint64 endJitterNs = 1'000;
    qint64 firstStepNs = 50'000'000;
    qint64 prologueNs = 20'000;
    qint64 gapNs = 10'000;
    qint64 stepGapNs = 50'000;
    /// NCCL's NVTX ranges with their payloads, as `nsys export --include-blobs=true` writes them:
    /// ncclCommInitRankConfig (world communicator, nranks, rank, device) once before step 0, and
    /// around each NCCL kernel's launch call (from 9 µs before its kernel to 1 µs before) the API
    /// call with the communicator and its message size (bytesOf(c)).
    bool ncclPayloads = true;
    /// SLURM_PROCID, RANK, ... in the process environment (META_DATA_CAPTURE); without them only
    /// the NCCL init payload tells the rank.
    bool rankEnvironment = true;
    /// A communicator per host beside the world one (see the model above); with ncclPayloads each
    /// rank also inits it (ncclCommInitRankConfig: the host's ranks, its local rank), 250 to 100 µs
    /// before step 0.
    bool hostCommunicators = false;
    /// The PyTorch profiler's `ProfilerStep#N` NVTX range around each step; without them (a
    /// server that marks no steps) the digest finds the steps from the kernels.
    bool stepRanges = true;
    /// One process per host drives its GPUs, a thread per GPU (tid pid + local rank; nccl-tests
    /// `-t`, a process per node as JAX runs): one export per host, `report.H.sqlite`, holding the
    /// host's ranks as one process (pid 4000 + its first rank) whose kernels run on GPUs 0..n-1.
    /// The capture starts with the host's first rank (its clock as in the model above). Each GPU's
    /// thread inits its rank with its CUDA device and launches that GPU's kernels; CUPTI's
    /// correlation ids are the process' (the GPUs' launches interleaved: rank r's n-th launch, n
    /// from 1, is (n − 1)·ranksPerHost + localRank + 1); the main thread (GPU 0's) marks the steps,
    /// which the model makes the same on all of a host's ranks. Its environment names the
    /// host's task (SLURM_PROCID = host), not a GPU's rank.
    bool processPerHost = false;
    bool onHostCommunicator(int c) const { return hostCommunicators && (c % 4 == 1 || c % 4 == 2); }
    /// NCCL's commHash of host h's communicator.
    static quint64 hostCommunicator(int host) { return 0x6a09e667f3bcc908 + quint64(host); }

    static constexpr qint64 utcEpochNs = 1'767'258'000'000'000'000; ///< 2026-01-01T09:00:00Z
    static constexpr qint64 captureStaggerNs = 150'000;
    qint64 firstStep() const { return std::max(firstStepNs, qint64(ranks) * captureStaggerNs + 1'000'000); }
    static constexpr qint64 utcReadDelayNs = 3'000;
    static qint64 bootNs(int host) { return 3'600'000'000'000 + qint64(host) * 777'123'456'789; }
    static constexpr qint64 bytesPerCollective = 16 * 1024 * 1024; ///< bf16 activations of one layer
    /// Message size of collective c: AllReduce 16 MiB, AllGather and ReduceScatter 4 MiB per rank.
    qint64 bytesOf(int c) const { return c % 4 == 0 || c % 4 == 3 ? bytesPerCollective : 4 * 1024 * 1024; }
    /// NCCL's commHash of the world communicator (above 2^63: hashes are unsigned 64-bit).
    static constexpr quint64 worldCommunicator = 0xd1b54a32d192ed03;
};

struct SynthClusterResult
{
    bool ok = false;
    QString error; ///< translated, names the file
    QStringList files; ///< written exports, in rank (host) order
    qint64 kernelsPerRank = 0;
};

/// Writes `options.ranks` exports `dir/report.R.sqlite` (with processPerHost one per host,
/// `dir/report.H.sqlite`; nsys 2026.2 schema), each atomically (`.part`, then renamed).
/// `progress(done, total)` (exports) returns false to cancel.
SynthClusterResult writeSynthCluster(const QString& dir, const SynthClusterOptions& options,
    const std::function<bool(int done, int total)>& progress = {});

/// Names of the collective of index c in a step: NCCL's kernel names (demangled, short).
struct SynthCollectiveName
{
    const char* op; ///< "AllReduce", "AllGather", "ReduceScatter"
    const char* demangled;
    const char* shortName;
};
SynthCollectiveName synthCollectiveName(int c);

} // namespace sl
