// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/clusterresult.h"
#include "core/io/tracecache.h"
#include "widgets/cluster/clusterheatmap.h"

#include <QFutureWatcher>
#include <QHash>
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QTreeWidget;

namespace sl {

/// What the Cluster view's background job hands back: the analysis and each rank's bins.
struct ClusterLoad
{
    bool ok = false;
    QString error; ///< translated
    ClusterResult result;
    std::vector<ClusterHeatmap::Row> heat; ///< by rank
    /// The export each rank's label (ClusterRank::file) stands for: the one digested, else one of
    /// the name its digest records beside the digest (which may not exist).
    QHash<QString, QString> exports;
};

/// The Cluster view: a folder of one run's rank exports or digests, or one export of several ranks
/// (a single-node run profiled as one), digested in the background
/// (into the trace cache, never beside the exports; progress and cancel), then a rank × time
/// heatmap, the per-rank table (rank, host, last-arrival share, wait, step p50) and the skew
/// distribution, and the findings with their evidence. A click on a rank asks the main window to
/// open that rank's export; a double click on a piece of evidence, to open it at that window.
class ClusterWindow : public QWidget
{
    Q_OBJECT
public:
    /// `input`: a folder of exports or digests, or one export. `cacheDir`: the trace cache folder
    /// its digests are kept in (TraceSession::cacheDir()) and `cacheCapBytes` its size limit; an
    /// empty folder: the cache is off, and they are made for this window only.
    ClusterWindow(const QString& input, const QString& cacheDir, qint64 cacheCapBytes = TraceCache::kDefaultCapBytes,
        QWidget* parent = nullptr);
    ~ClusterWindow() override;

    /// The background job (any thread): collect, digest, analyse. `promise` carries progress
    /// (digests done) and cancel.
    static void load(
        QPromise<ClusterLoad>& promise, const QStringList& inputs, const QString& cacheDir, qint64 cacheCapBytes);

    /// The summary line: the straggler and skews once presented, else the progress or the error.
    QString summaryText() const;

signals:
    /// The background job finished and its result (or its error, `ok` false) is shown.
    void presented(bool ok);
    /// The user asked for rank `rank`'s export at `path`.
    void exportRequested(const QString& path);
    /// The user asked for `path` scrolled to [startNs, endNs] (that export's own clock).
    void evidenceRequested(const QString& path, qint64 startNs, qint64 endNs);

private:
    void present(const ClusterLoad& load);
    void openRank(int rank);
    void showFindings();
    /// The export of `rank` (labelled `file`), or empty (with a message) when only its digest is there.
    QString exportOf(int rank, const QString& file);

    QFutureWatcher<ClusterLoad> m_watcher;
    QLabel* m_summary = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    ClusterHeatmap* m_heatmap = nullptr;
    QTableWidget* m_table = nullptr;
    QTreeWidget* m_findings = nullptr;
    SkewHistogram* m_skews = nullptr;
    ClusterResult m_result;
    QHash<QString, QString> m_exports; ///< ClusterLoad::exports
};

} // namespace sl
