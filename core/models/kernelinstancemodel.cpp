// SPDX-License-Identifier: MIT
#include "core/models/kernelinstancemodel.h"

#include "core/util/format.h"

#include <algorithm>
#include <limits>

namespace sl {

namespace {

constexpr qint64 kNoDelay = std::numeric_limits<qint64>::min();

/// The same rows (base and filters) of the same analysis: only the order can differ.
bool sameRows(const KernelInstanceQuery& a, const KernelInstanceQuery& b)
{
    return a.analysis == b.analysis && a.base == b.base && a.nameId == b.nameId && a.rows == b.rows
        && a.nameFilter == b.nameFilter && a.device == b.device && a.stream == b.stream && a.scope == b.scope;
}

QString dim3(quint32 x, quint32 y, quint32 z) { return QStringLiteral("%1×%2×%3").arg(x).arg(y).arg(z); }

} // namespace

KernelInstanceModel::KernelInstanceModel(QObject* parent)
    : QAbstractTableModel(parent)
    , m_view(std::make_shared<const std::vector<quint32>>())
{
}

KernelInstanceModel::~KernelInstanceModel() { cancelRunning(); }

void KernelInstanceModel::setAnalysis(AnalysisPtr analysis, qint64 nameId)
{
    if (analysis != m_query.analysis) {
        m_sortedBase.reset();
        m_query.occupancy = analysis ? std::make_shared<const OccupancyTable>(*analysis->trace) : nullptr;
    }
    m_query.analysis = std::move(analysis);
    setKernelName(nameId);
}

void KernelInstanceModel::setKernelName(qint64 nameId)
{
    m_query.rows.reset();
    m_query.base = nameId == kAllNames ? KernelInstanceQuery::Base::All
        : nameId == kNoNames           ? KernelInstanceQuery::Base::None
                                       : KernelInstanceQuery::Base::Name;
    m_query.nameId = nameId >= 0 ? quint32(nameId) : 0;
    update();
}

void KernelInstanceModel::setRows(std::vector<quint32> kernelIndices)
{
    const auto n = m_query.analysis ? quint32(m_query.analysis->trace->kernels.size()) : 0u;
    kernelIndices.erase(std::remove_if(kernelIndices.begin(), kernelIndices.end(), [n](quint32 i) { return i >= n; }),
        kernelIndices.end());
    std::sort(kernelIndices.begin(), kernelIndices.end()); // kernels are start-sorted: index order = start order
    kernelIndices.erase(std::unique(kernelIndices.begin(), kernelIndices.end()), kernelIndices.end());
    m_query.base = KernelInstanceQuery::Base::Rows;
    m_query.rows = std::make_shared<const std::vector<quint32>>(std::move(kernelIndices));
    update();
}

void KernelInstanceModel::setNameFilter(const QString& text)
{
    if (text == m_query.nameFilter)
        return;
    m_query.nameFilter = text;
    update();
}

void KernelInstanceModel::setDeviceFilter(qint64 deviceId)
{
    if (deviceId == m_query.device)
        return;
    m_query.device = deviceId;
    update();
}

void KernelInstanceModel::setStreamFilter(qint64 streamId)
{
    if (streamId == m_query.stream)
        return;
    m_query.stream = streamId;
    update();
}

void KernelInstanceModel::setScope(const ScopeFilter& scope)
{
    if (scope == m_query.scope)
        return;
    m_query.scope = scope;
    update();
}

void KernelInstanceModel::sort(int column, Qt::SortOrder order)
{
    // QTableView::sortByColumn asks twice (through the header's indicator, then directly): the
    // view already is, or is being computed, in this order. Column −1 restores start order, as
    // for QSortFilterProxyModel.
    if (column < -1 || column >= ColumnCount || (column == m_query.sortColumn && order == m_query.sortOrder))
        return;
    m_query.sortColumn = column;
    m_query.sortOrder = order;
    update();
}

void KernelInstanceModel::cancelRunning() { m_job.cancel(); }

void KernelInstanceModel::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    m_busy = busy;
    emit busyChanged(busy);
}

void KernelInstanceModel::update()
{
    cancelRunning();
    const bool cacheUsable = m_sortedBase && m_query.base == KernelInstanceQuery::Base::All
        && m_cacheColumn == m_query.sortColumn && m_cacheOrder == m_query.sortOrder;
    const KernelInstanceQuery::Rows cache = cacheUsable ? m_sortedBase : nullptr;
    // Explicit rows in start order are one linear pass whatever their count: computed at once
    // (finding → evidence).
    const bool linearRows = m_query.base == KernelInstanceQuery::Base::Rows && m_query.naturalOrder();
    if (linearRows || m_query.baseSize() <= m_asyncThreshold || (cache && !m_query.filtered())) {
        setBusy(false);
        apply(m_query, m_query.run(cache, nullptr));
        return;
    }
    setBusy(true);
    // The worker gets copies (the analysis is shared and immutable); the result comes back on
    // the model's thread, dropped if the model is gone or a newer request came (JobSlot). It is
    // queued even when the worker finished at once: a request is always answered from the event
    // loop, after the caller's other requests of the same turn.
    m_job.run([query = m_query, cache](const std::atomic<bool>& cancel) { return query.run(cache, &cancel); },
        [this, query = m_query](KernelInstanceQuery::Result result) {
            setBusy(false); // first, so that viewUpdated() handlers see the final state
            apply(query, std::move(result));
        });
}

void KernelInstanceModel::apply(const KernelInstanceQuery& query, KernelInstanceQuery::Result result)
{
    if (!result.view)
        return; // cancelled
    if (result.sortedBase && query.analysis == m_query.analysis) {
        m_sortedBase = result.sortedBase;
        m_cacheColumn = query.sortColumn;
        m_cacheOrder = query.sortOrder;
    }
    if (sameRows(query, m_shownQuery) && result.view->size() == m_view->size()) {
        // Same rows, new order: move persistent indexes (the selection) with their kernels.
        emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
        const QModelIndexList persistent = persistentIndexList();
        std::vector<quint32> kernelsOfPersistent;
        kernelsOfPersistent.reserve(size_t(persistent.size()));
        for (const QModelIndex& i : persistent)
            kernelsOfPersistent.push_back((*m_view)[size_t(i.row())]);
        m_view = std::move(result.view);
        m_shownQuery = query;
        if (!persistent.isEmpty()) {
            const std::unordered_map<quint32, qint32> rowOf
                = newRows(kernelsOfPersistent, query.analysis->trace->kernels.size());
            QModelIndexList updated;
            updated.reserve(persistent.size());
            for (qsizetype p = 0; p < persistent.size(); ++p)
                updated << index(rowOf.at(kernelsOfPersistent[size_t(p)]), persistent[p].column());
            changePersistentIndexList(persistent, updated);
        }
        emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
    } else {
        beginResetModel();
        m_view = std::move(result.view);
        m_shownQuery = query;
        endResetModel();
    }
    emit viewUpdated();
}

std::unordered_map<quint32, qint32> KernelInstanceModel::newRows(
    const std::vector<quint32>& kernels, size_t kernelCount) const
{
    // One bit per kernel (5 M kernels: 625 KB) marks the few wanted, then one pass over the view:
    // an inverse of the whole permutation was 20 MB of fresh memory on the GUI thread per sort.
    std::vector<quint64> wanted((kernelCount + 63) / 64);
    for (const quint32 k : kernels)
        wanted[k >> 6] |= quint64(1) << (k & 63);
    std::unordered_map<quint32, qint32> rowOf;
    rowOf.reserve(kernels.size());
    for (size_t r = 0; r < m_view->size(); ++r)
        if (const quint32 k = (*m_view)[r]; (wanted[k >> 6] >> (k & 63)) & 1)
            rowOf.emplace(k, qint32(r));
    return rowOf;
}

int KernelInstanceModel::rowOfKernel(quint32 kernelIndex) const
{
    const auto it = std::find(m_view->begin(), m_view->end(), kernelIndex);
    return it == m_view->end() ? -1 : int(it - m_view->begin());
}

int KernelInstanceModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_view->size());
}

int KernelInstanceModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant KernelInstanceModel::data(const QModelIndex& index, int role) const
{
    if (role != Qt::DisplayRole && role != SortRole && role != KernelIndexRole && role != Qt::TextAlignmentRole)
        return {};
    if (!index.isValid() || !m_shownQuery.analysis || size_t(index.row()) >= m_view->size())
        return {};
    const quint32 k = (*m_view)[size_t(index.row())];
    if (role == KernelIndexRole)
        return k;
    if (role == Qt::TextAlignmentRole)
        return index.column() == ApiCall ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    return cell(k, index.column(), role == SortRole);
}

QVariant KernelInstanceModel::cell(quint32 k, int column, bool sort) const
{
    const Trace& t = *m_shownQuery.analysis->trace;
    const KernelTable& kt = t.kernels;
    const LaunchConfig& c = t.configs.at(kt.config[k]);
    switch (Column(column)) {
    case Start:
        return sort ? QVariant(kt.start[k]) : QVariant(formatDuration(kt.start[k] - t.firstNs));
    case Duration:
        return sort ? QVariant(kt.duration(qsizetype(k))) : QVariant(formatDuration(kt.duration(qsizetype(k))));
    case Device:
        return int(kt.device[k]);
    case Stream:
        return kt.stream[k];
    case Grid:
        return sort ? QVariant(quint64(c.gridX) * c.gridY * c.gridZ) : QVariant(dim3(c.gridX, c.gridY, c.gridZ));
    case Block:
        return sort ? QVariant(c.threadsPerBlock()) : QVariant(dim3(c.blockX, c.blockY, c.blockZ));
    case Registers:
        return c.registersPerThread;
    case SharedMemory: {
        const qint64 bytes = qint64(c.staticSharedMemory) + c.dynamicSharedMemory;
        return sort ? QVariant(bytes) : QVariant(formatBytes(bytes));
    }
    case Occupancy: {
        const auto occ = m_shownQuery.occupancy ? m_shownQuery.occupancy->at(kt.device[k], kt.config[k]) : std::nullopt;
        if (sort)
            return occ ? *occ : -1.0;
        return occ ? QVariant(formatPercent(*occ, 0)) : QVariant();
    }
    case ApiCall: {
        const qint32 api = kt.api[k];
        return api < 0 ? QVariant() : QVariant(t.strings.at(t.api.name[size_t(api)]));
    }
    case LaunchDelay: {
        const qint32 api = kt.api[k];
        const qint64 d = api < 0 ? kNoDelay : kt.start[k] - t.api.endOf(size_t(api));
        if (sort)
            return d;
        if (d == kNoDelay)
            return {};
        return d < 0 ? QVariant(QStringLiteral("−") + formatDuration(-d)) : QVariant(formatDuration(d));
    }
    case ColumnCount:
        break;
    }
    return {};
}

QVariant KernelInstanceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        if (section == Occupancy)
            return tr("Theoretical occupancy of the launch configuration on its GPU (active warps / maximum warps "
                      "per SM)");
        if (section == LaunchDelay)
            return tr("Kernel start minus the end of its launching API call");
        return {};
    }
    switch (Column(section)) {
    case Start:
        return tr("Start");
    case Duration:
        return tr("Duration");
    case Device:
        return tr("Device");
    case Stream:
        return tr("Stream");
    case Grid:
        return tr("Grid");
    case Block:
        return tr("Block");
    case Registers:
        return tr("Registers");
    case SharedMemory:
        return tr("Shared memory");
    case Occupancy:
        return tr("Occupancy");
    case ApiCall:
        return tr("API call");
    case LaunchDelay:
        return tr("Launch delay");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace sl
