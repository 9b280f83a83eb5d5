// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/rankdigest.h"
#include "core/io/tracecache.h"

#include <QCoreApplication>
#include <QStringList>

#include <functional>
#include <vector>

namespace sl {

/// The inputs of a cluster analysis, shared by `sightline-cli digest`/`cluster` and the Cluster
/// view: digests as they are, exports digested first (in parallel, reusing a cached digest only
/// while the export's identity is unchanged).
class ClusterInputs
{
    Q_DECLARE_TR_FUNCTIONS(ClusterInputs)
public:
    /// Called from worker threads, serialised: digests done so far of `total`.
    using Progress = std::function<void(int done, int total)>;

    /// Where digests of exports go.
    struct Target
    {
        /// Folder of the digests made (under digestNames()); empty: they stay in the cache only.
        QString outDir;
        /// The trace cache folder (TraceCache): a digest is taken from it while its export's
        /// TraceCacheKey (size, times, inode, first and last MiB, build) and file name are
        /// unchanged, and a new one is stored in it. Empty: every export is digested afresh.
        QString cacheDir;
        int jobs = 1;
        /// The cache's size limit (Preferences), kept when digests are added.
        qint64 cacheCapBytes = TraceCache::kDefaultCapBytes;
        /// The digests' file names, one per export; empty: digestNames() of the exports (one
        /// array task of a list names its export as the whole list would: `digest --index`).
        QStringList names = {};
        /// `outDir` is the caller's own (cluster --out R keeps R/digests): a digest there of
        /// another export is replaced, not refused (a rerun of another allocation).
        bool ownFolder = false;
    };

    /// The digests' file names for `exports`, unique among them: "report.3.sqlite" →
    /// "report.3.sldigest"; an export whose name another one shares (one folder per node, each
    /// with a "report.sqlite") takes its folder's name in front ("node1-report.sldigest"), and
    /// if that is shared too, its position in the list behind.
    static QStringList digestNames(const QStringList& exports);

    /// Digests `exports` on `target.jobs` threads. Returns the digest paths in input order: one
    /// per export, or one per rank of an export that holds several (ExportDigester::digestRanks:
    /// "NAME.pPID.sldigest" or "NAME.pPID.dGPU.sldigest" beside "NAME.sldigest"), and one empty path where it failed,
    /// with a translated message in `errors`. `from` gets, per path, its export. Stops early when `cancelled`.
    static QStringList digestAll(const QStringList& exports, const Target& target, QStringList* errors,
        const Progress& progress = {}, const std::function<bool()>& cancelled = {}, QStringList* from = nullptr);

    /// The digests named by `inputs` (digests, exports or folders of them): a folder contributes
    /// its *.sldigest files and the *.sqlite exports without a digest (or rank digests) beside them; exports are
    /// digested to `target`. `sources` gets, per digest, the input it stands for (the export, or
    /// the digest itself). False with `errors` on unreadable inputs or failed digests.
    static bool collect(const QStringList& inputs, const Target& target, QStringList* digests, QStringList* sources,
        QStringList* errors, const Progress& progress = {}, const std::function<bool()>& cancelled = {});

    /// Gives the digests labels (RankDigest::label) unique in the report: a name several ranks share
    /// ("report.sqlite" from one folder per node) gets its rank, "report.sqlite (rank 2)", or, where
    /// two of them give the same rank or none, the pid where they are the ranks of one export
    /// ("report.sqlite (pid 144)", for one GPU of a process "report.sqlite (pid 144, GPU 1)"),
    /// else a number in rank order, "report.sqlite (2)".
    /// Not after its folder: folders are often named after their host, and reports name no host.
    static void labelRanks(std::vector<RankDigest>& digests);
};

} // namespace sl
