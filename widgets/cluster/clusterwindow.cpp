// SPDX-License-Identifier: MIT
#include "widgets/cluster/clusterwindow.h"

#include "core/cluster/clusteranalyzer.h"
#include "core/cluster/clusterinputs.h"
#include "core/cluster/digeststore.h"
#include "core/util/format.h"
#include "core/util/workerpool.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QThread>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <optional>

namespace sl {

namespace {

constexpr int kStepColumn = 7; ///< "Step p50" in the rank table

/// One heatmap row from a digest: its bins summed over its GPUs.
ClusterHeatmap::Row heatRow(const RankDigest& d)
{
    ClusterHeatmap::Row row;
    row.startNs = d.firstNs;
    row.binNs = std::max<qint64>(1, d.binNs);
    for (const DigestBin& b : d.bins) {
        const size_t i = size_t(b.bin);
        if (i >= row.compute.size()) {
            row.compute.resize(i + 1);
            row.comm.resize(i + 1);
            row.idle.resize(i + 1);
        }
        row.compute[i] += b.computeNs;
        row.comm[i] += b.commNs;
        row.idle[i] += b.idleNs;
    }
    return row;
}

/// Every digest of `paths` into `out`; false with `errors` when one cannot be read.
bool readDigests(const QStringList& paths, std::vector<RankDigest>* out, QStringList* errors)
{
    out->resize(size_t(paths.size()));
    for (qsizetype i = 0; i < paths.size(); ++i) {
        QString error;
        if (!DigestStore::read(paths[i], &(*out)[size_t(i)], &error))
            errors->append(error);
    }
    return errors->isEmpty();
}

} // namespace

void ClusterWindow::load(
    QPromise<ClusterLoad>& promise, const QStringList& inputs, const QString& cacheDir, qint64 cacheCapBytes)
{
    ClusterLoad out;
    QStringList digests, sources, errors;
    const auto cancelled = [&promise] { return promise.isCanceled(); };
    // With the trace cache off, the digests of this load live in a folder of its own, removed
    // after they are read; never beside the exports.
    std::optional<QTemporaryDir> scratch;
    if (cacheDir.isEmpty() && !scratch.emplace().isValid()) {
        out.error = tr("Cannot create a temporary folder for the digests: %1").arg(scratch->errorString());
        promise.addResult(std::move(out));
        return;
    }
    const ClusterInputs::Target target { scratch ? scratch->path() : QString(), cacheDir,
        std::max(1, QThread::idealThreadCount()), cacheCapBytes };
    const bool ok = ClusterInputs::collect(
        inputs, target, &digests, &sources, &errors,
        [&promise](int done, int total) {
            promise.setProgressRange(0, total);
            promise.setProgressValue(done);
        },
        cancelled);
    if (cancelled())
        return;
    std::vector<RankDigest> loaded;
    if (!ok || !readDigests(digests, &loaded, &errors)) {
        out.error = errors.join(QLatin1Char('\n'));
        promise.addResult(std::move(out));
        return;
    }
    // Each rank's export: the one it was digested from, else one of the name its digest records
    // beside the digest. Keyed by the rank's label, which tells ranks of one name apart (node
    // folders of digests, the ranks of one export).
    ClusterInputs::labelRanks(loaded);
    QHash<QString, ClusterHeatmap::Row> heat; // by label
    for (size_t i = 0; i < loaded.size(); ++i) {
        const QString& d = digests[qsizetype(i)];
        heat.insert(loaded[i].name(), heatRow(loaded[i]));
        out.exports.insert(loaded[i].name(),
            sources[qsizetype(i)] != d ? sources[qsizetype(i)] : QFileInfo(d).dir().filePath(loaded[i].file));
    }
    if (ClusterAnalyzer::analyze(std::move(loaded), &out.result, &out.error)) {
        out.ok = true;
        for (const ClusterRank& r : out.result.ranks) {
            ClusterHeatmap::Row row = heat.value(r.file);
            row.rank = r.rank;
            row.startNs += r.shiftNs;
            out.heat.push_back(std::move(row));
        }
    }
    promise.addResult(std::move(out));
}

ClusterWindow::ClusterWindow(const QString& input, const QString& cacheDir, qint64 cacheCapBytes, QWidget* parent)
    : QWidget(parent, Qt::Window)
{
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowTitle(tr("Cluster run: %1").arg(QFileInfo(input).fileName()));
    m_summary = new QLabel(tr("Reading the rank exports of %1…").arg(QFileInfo(input).fileName()), this);
    m_summary->setWordWrap(true);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 0);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_heatmap = new ClusterHeatmap(this);
    m_table = new QTableWidget(0, 9, this);
    m_table->setHorizontalHeaderLabels({ tr("Rank"), tr("Host"), tr("Rank from"), tr("Last arrivals"), tr("Wait"),
        tr("Wait intra-node"), tr("Wait inter-node"), tr("Step p50"), tr("File") });
    m_table->horizontalHeaderItem(5)->setToolTip(tr("Waiting in collectives whose ranks all run on this rank's host"));
    m_table->horizontalHeaderItem(6)->setToolTip(tr("Waiting in collectives whose ranks run on several hosts"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_findings = new QTreeWidget(this);
    m_findings->setHeaderLabels({ tr("Finding / evidence (double-click to open the rank's export there)") });
    m_findings->setWordWrap(true);
    m_skews = new SkewHistogram(this);
    auto* busy = new QHBoxLayout;
    busy->addWidget(m_progress, 1);
    busy->addWidget(m_cancel);
    auto* bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(m_table);
    bottom->addWidget(m_findings);
    bottom->addWidget(m_skews);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);
    bottom->setStretchFactor(2, 1);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_heatmap);
    split->addWidget(bottom);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addLayout(busy);
    layout->addWidget(split, 1);
    resize(1000, 640);

    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_watcher.cancel();
        m_summary->setText(tr("Cancelled."));
        m_progress->hide();
        m_cancel->hide();
    });
    connect(&m_watcher, &QFutureWatcherBase::progressRangeChanged, m_progress, &QProgressBar::setRange);
    connect(&m_watcher, &QFutureWatcherBase::progressValueChanged, m_progress, &QProgressBar::setValue);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, [this] {
        const bool done = !m_watcher.isCanceled() && m_watcher.future().resultCount() > 0;
        if (done)
            present(m_watcher.result());
        emit presented(done && m_watcher.result().ok);
    });
    connect(m_heatmap, &ClusterHeatmap::rankClicked, this, &ClusterWindow::openRank);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
        if (row >= 0 && size_t(row) < m_result.ranks.size())
            openRank(m_result.ranks[size_t(row)].rank);
    });
    connect(m_findings, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
        const QVariantList at = item->data(0, Qt::UserRole).toList(); // rank, file, start, end
        if (at.size() != 4)
            return;
        const QString path = exportOf(at[0].toInt(), at[1].toString());
        if (!path.isEmpty())
            emit evidenceRequested(path, at[2].toLongLong(), at[3].toLongLong());
    });
    m_watcher.setFuture(
        QtConcurrent::run(workerPool(), &ClusterWindow::load, QStringList { input }, cacheDir, cacheCapBytes));
}

ClusterWindow::~ClusterWindow()
{
    // The job stops at its next cancel check; its result is dropped with the watcher.
    m_watcher.cancel();
    m_watcher.waitForFinished();
}

QString ClusterWindow::summaryText() const { return m_summary->text(); }

void ClusterWindow::present(const ClusterLoad& load)
{
    m_progress->hide();
    m_cancel->hide();
    if (!load.ok) {
        m_summary->setText(load.error);
        return;
    }
    m_result = load.result;
    m_exports = load.exports;
    const ClusterResult& r = m_result;
    QString text = r.hasStraggler
        ? tr("Straggler: rank %1 arrives last at %2 of %3 matched collectives; a step would be %4 shorter if its "
             "compute before each collective took the others' median.")
              .arg(r.stragglerRank)
              .arg(formatPercent(r.stragglerShare))
              .arg(r.matched)
              .arg(r.whatifStepSavingNs >= 0 ? formatDuration(r.whatifStepSavingNs) : tr("(no steps)"))
        : tr("No straggler among %1 ranks (%2 matched collectives).").arg(r.ranks.size()).arg(r.matched);
    text += QLatin1Char(' ')
        + tr("Skew p50 %1, p90 %2; %3 hosts.")
              .arg(formatDuration(r.skewP50Ns), formatDuration(r.skewP90Ns))
              .arg(r.hosts.size());
    for (const QString& w : r.warnings)
        text += QLatin1Char('\n') + w;
    m_summary->setText(text);
    m_heatmap->setRows(load.heat);
    std::vector<qint64> skews;
    for (const ClusterCollective& c : r.collectives)
        skews.push_back(c.skewNs);
    m_skews->setSkews(std::move(skews));
    m_table->setRowCount(int(r.ranks.size()));
    for (size_t i = 0; i < r.ranks.size(); ++i) {
        const ClusterRank& x = r.ranks[i];
        const QStringList cells { QString::number(x.rank), x.host, x.rankSource, formatPercent(x.lastArrivalShare),
            formatDuration(x.waitNs), formatDuration(x.waitIntraNodeNs), formatDuration(x.waitInterNodeNs),
            x.stepP50Ns >= 0 ? formatDuration(x.stepP50Ns) : QStringLiteral("–"), x.file };
        for (int c = 0; c < cells.size(); ++c)
            m_table->setItem(int(i), c, new QTableWidgetItem(cells[c]));
        if (x.stepSource == QLatin1String("kernels")) // the export names no step: say how they were found
            m_table->item(int(i), kStepColumn)
                ->setToolTip(tr("%1 iterations found from the kernels: the export has no step ranges.").arg(x.steps));
    }
    m_table->resizeColumnsToContents();
    showFindings();
}

void ClusterWindow::showFindings()
{
    m_findings->clear();
    for (const ClusterFinding& f : m_result.findings) {
        auto* top = new QTreeWidgetItem(m_findings, { f.title });
        for (const ClusterEvidence& e : f.evidence) {
            auto* item = new QTreeWidgetItem(top,
                { tr("Rank %1 (%2), %3 into its capture: %4")
                        .arg(e.rank)
                        .arg(e.file, formatDuration(e.startNs), e.label) });
            item->setData(0, Qt::UserRole, QVariantList { e.rank, e.file, e.startNs, e.endNs });
            item->setToolTip(0, item->text(0));
        }
        top->setExpanded(true);
    }
}

QString ClusterWindow::exportOf(int rank, const QString& file)
{
    // The export a rank was digested from, else one of its name beside its digest.
    const QString path = m_exports.value(file);
    if (QFileInfo(path).isFile())
        return path;
    m_summary->setText(tr("The export of rank %1 (%2) is not in %3: only its digest is.")
                           .arg(rank)
                           .arg(file, QFileInfo(QFileInfo(path).path()).fileName()));
    return {};
}

void ClusterWindow::openRank(int rank)
{
    for (const ClusterRank& x : m_result.ranks) {
        if (x.rank != rank)
            continue;
        const QString path = exportOf(rank, x.file);
        if (!path.isEmpty())
            emit exportRequested(path);
        return;
    }
}

} // namespace sl
