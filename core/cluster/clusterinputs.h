// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QStringList>

#include <functional>

namespace sl {

/// The inputs of a cluster analysis, shared by `sightline-cli digest`/`cluster` and the Cluster
/// view: digests as they are, exports digested first (in parallel, reusing an up-to-date digest).
class ClusterInputs
{
    Q_DECLARE_TR_FUNCTIONS(ClusterInputs)
public:
    /// Called from worker threads, serialised: digests done so far of `total`.
    using Progress = std::function<void(int done, int total)>;

    /// The digest of export `path` inside `dir`: "report.3.sqlite" → "report.3.sldigest".
    static QString digestPathFor(const QString& path, const QString& dir);

    /// Digests `exports` into `dir` on `jobs` threads; with `reuse`, a digest newer than its
    /// export and recording its size is kept. Returns the digest paths in input order (empty
    /// where it failed, with a translated message in `errors`). Stops early when `cancelled`.
    static QStringList digestAll(const QStringList& exports, const QString& dir, int jobs, bool reuse,
        QStringList* errors, const Progress& progress = {}, const std::function<bool()>& cancelled = {});

    /// The digests named by `inputs` (digests, exports or folders of them): a folder contributes
    /// its *.sldigest files and the *.sqlite exports without a digest beside them; exports are
    /// digested into `cacheDir`. False with `errors` on unreadable inputs or failed digests.
    static bool collect(const QStringList& inputs, const QString& cacheDir, int jobs, QStringList* digests,
        QStringList* errors, const Progress& progress = {}, const std::function<bool()>& cancelled = {});
};

} // namespace sl
