// SPDX-License-Identifier: MIT
#include "core/models/kernelinstancemodel.h"

#include "core/util/format.h"

#include <algorithm>
#include <limits>

namespace sl {

namespace {
constexpr qint64 kNoDelay = std::numeric_limits<qint64>::min();
}

KernelInstanceModel::KernelInstanceModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void KernelInstanceModel::setAnalysis(AnalysisPtr analysis, qint64 nameId)
{
    m_analysis = std::move(analysis);
    setKernelName(nameId);
}

void KernelInstanceModel::setKernelName(qint64 nameId)
{
    std::vector<quint32> view;
    if (m_analysis && nameId != kNoNames) {
        const KernelTable& k = m_analysis->trace->kernels;
        const auto n = quint32(k.size());
        if (nameId == kAllNames) {
            view.resize(n);
            for (quint32 i = 0; i < n; ++i)
                view[i] = i;
        } else {
            for (quint32 i = 0; i < n; ++i)
                if (k.name[i] == quint32(nameId))
                    view.push_back(i);
        }
    }
    resetView(std::move(view));
}

void KernelInstanceModel::setRows(std::vector<quint32> kernelIndices)
{
    const auto n = m_analysis ? quint32(m_analysis->trace->kernels.size()) : 0u;
    kernelIndices.erase(std::remove_if(kernelIndices.begin(), kernelIndices.end(), [n](quint32 i) { return i >= n; }),
        kernelIndices.end());
    std::sort(kernelIndices.begin(), kernelIndices.end()); // kernels are start-sorted: index order = start order
    kernelIndices.erase(std::unique(kernelIndices.begin(), kernelIndices.end()), kernelIndices.end());
    resetView(std::move(kernelIndices));
}

void KernelInstanceModel::resetView(std::vector<quint32> view)
{
    sortView(view);
    beginResetModel();
    m_view = std::move(view);
    endResetModel();
}

int KernelInstanceModel::rowOfKernel(quint32 kernelIndex) const
{
    const auto it = std::find(m_view.begin(), m_view.end(), kernelIndex);
    return it == m_view.end() ? -1 : int(it - m_view.begin());
}

int KernelInstanceModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_view.size()); }

int KernelInstanceModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

qint64 KernelInstanceModel::launchDelay(quint32 k) const
{
    const Trace& t = *m_analysis->trace;
    const qint32 api = t.kernels.api[k];
    if (api < 0)
        return kNoDelay;
    return t.kernels.start[k] - t.api.end[size_t(api)];
}

static QString dim3(quint32 x, quint32 y, quint32 z) { return QStringLiteral("%1×%2×%3").arg(x).arg(y).arg(z); }

QVariant KernelInstanceModel::data(const QModelIndex& index, int role) const
{
    if (role != Qt::DisplayRole && role != SortRole && role != KernelIndexRole && role != Qt::TextAlignmentRole)
        return {};
    if (!index.isValid() || !m_analysis || index.row() >= int(m_view.size()))
        return {};
    const quint32 k = m_view[size_t(index.row())];
    if (role == KernelIndexRole)
        return k;
    if (role == Qt::TextAlignmentRole)
        return index.column() == ApiCall ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    const Trace& t = *m_analysis->trace;
    const KernelTable& kt = t.kernels;
    const LaunchConfig& c = t.configs.at(kt.config[k]);
    const bool sort = role == SortRole;
    switch (Column(index.column())) {
    case Start: {
        const qint64 rel = kt.start[k] - t.firstNs;
        return sort ? QVariant(kt.start[k]) : QVariant(formatDuration(rel));
    }
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
    case ApiCall: {
        const qint32 api = kt.api[k];
        return api < 0 ? QVariant() : QVariant(t.strings.at(t.api.name[size_t(api)]));
    }
    case LaunchDelay: {
        const qint64 d = launchDelay(k);
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
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
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
    case ApiCall:
        return tr("API call");
    case LaunchDelay:
        return tr("Launch delay");
    case ColumnCount:
        break;
    }
    return {};
}

void KernelInstanceModel::sortView(std::vector<quint32>& view) const
{
    if (!m_analysis || m_sortColumn < 0)
        return;
    const Trace& t = *m_analysis->trace;
    const KernelTable& kt = t.kernels;
    auto by = [&](auto key) {
        if (m_sortOrder == Qt::AscendingOrder)
            std::stable_sort(view.begin(), view.end(), [&](quint32 a, quint32 b) { return key(a) < key(b); });
        else
            std::stable_sort(view.begin(), view.end(), [&](quint32 a, quint32 b) { return key(b) < key(a); });
    };
    const auto cfg = [&](quint32 k) -> const LaunchConfig& { return t.configs.at(kt.config[k]); };
    switch (Column(m_sortColumn)) {
    case Start:
        by([&](quint32 k) { return kt.start[k]; });
        break;
    case Duration:
        by([&](quint32 k) { return kt.end[k] - kt.start[k]; });
        break;
    case Device:
        by([&](quint32 k) { return kt.device[k]; });
        break;
    case Stream:
        by([&](quint32 k) { return kt.stream[k]; });
        break;
    case Grid:
        by([&](quint32 k) {
            const auto& c = cfg(k);
            return quint64(c.gridX) * c.gridY * c.gridZ;
        });
        break;
    case Block:
        by([&](quint32 k) { return cfg(k).threadsPerBlock(); });
        break;
    case Registers:
        by([&](quint32 k) { return cfg(k).registersPerThread; });
        break;
    case SharedMemory:
        by([&](quint32 k) {
            const auto& c = cfg(k);
            return qint64(c.staticSharedMemory) + c.dynamicSharedMemory;
        });
        break;
    case ApiCall:
        by([&](quint32 k) { return kt.api[k] < 0 ? QString() : t.strings.at(t.api.name[size_t(kt.api[k])]); });
        break;
    case LaunchDelay:
        by([&](quint32 k) { return launchDelay(k); });
        break;
    case ColumnCount:
        break;
    }
}

void KernelInstanceModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    m_sortColumn = column;
    m_sortOrder = order;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList persistent = persistentIndexList();
    std::vector<quint32> kernelsOfPersistent;
    kernelsOfPersistent.reserve(size_t(persistent.size()));
    for (const QModelIndex& i : persistent)
        kernelsOfPersistent.push_back(m_view[size_t(i.row())]);
    sortView(m_view);
    if (!persistent.isEmpty()) {
        std::vector<qint32> rowOf(m_analysis ? size_t(m_analysis->trace->kernels.size()) : 0, -1);
        for (size_t r = 0; r < m_view.size(); ++r)
            rowOf[m_view[r]] = qint32(r);
        QModelIndexList updated;
        updated.reserve(persistent.size());
        for (qsizetype p = 0; p < persistent.size(); ++p)
            updated << index(rowOf[kernelsOfPersistent[size_t(p)]], persistent[p].column());
        changePersistentIndexList(persistent, updated);
    }
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace sl
