// SPDX-License-Identifier: MIT
#include "core/models/processtreemodel.h"

#include "core/util/format.h"

namespace sl {

ProcessTreeModel::ProcessTreeModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

void ProcessTreeModel::setAnalysis(AnalysisPtr analysis)
{
    beginResetModel();
    m_analysis = std::move(analysis);
    endResetModel();
}

QModelIndex ProcessTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, quintptr(0));
    return createIndex(row, column, quintptr(parent.row()) + 1);
}

QModelIndex ProcessTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int ProcessTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!m_analysis)
        return 0;
    if (!parent.isValid())
        return int(m_analysis->processes.size());
    if (parent.internalId() != 0 || parent.column() != 0)
        return 0;
    return int(m_analysis->processes[parent.row()].threads.size());
}

int ProcessTreeModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant ProcessTreeModel::data(const QModelIndex& index, int role) const
{
    if (role != Qt::DisplayRole && role != SortRole && role != Qt::TextAlignmentRole)
        return {};
    if (!index.isValid() || !m_analysis)
        return {};
    if (role == Qt::TextAlignmentRole)
        return index.column() == Name ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    const bool sort = role == SortRole;
    const auto duration = [sort](qint64 ns) { return sort ? QVariant(ns) : QVariant(formatDuration(ns)); };
    const auto count = [sort](qint64 n) { return sort ? QVariant(n) : QVariant(formatCount(n)); };
    if (index.internalId() == 0) {
        const ProcessStats& p = m_analysis->processes[index.row()];
        switch (Column(index.column())) {
        case Name:
            return p.name.isEmpty() ? tr("PID %1").arg(p.pid) : tr("%1 (PID %2)").arg(p.name).arg(p.pid);
        case KernelTime:
            return duration(p.kernelNs);
        case ApiTime:
            return duration(p.apiNs);
        case BlockingSyncTime:
            return duration(p.blockingSyncNs);
        case NvtxRanges:
            return count(p.nvtxRanges);
        case ColumnCount:
            break;
        }
        return {};
    }
    const ProcessStats& p = m_analysis->processes[int(index.internalId() - 1)];
    const ProcessStats::Thread& t = p.threads[index.row()];
    switch (Column(index.column())) {
    case Name:
        return t.name.isEmpty() ? tr("TID %1").arg(t.tid) : tr("%1 (TID %2)").arg(t.name).arg(t.tid);
    case ApiTime:
        return duration(t.apiNs);
    case NvtxRanges:
        return count(t.nvtxRanges);
    case KernelTime:
    case BlockingSyncTime:
    case ColumnCount:
        break;
    }
    return {};
}

QVariant ProcessTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Name:
        return tr("Process / thread");
    case KernelTime:
        return tr("Kernel time");
    case ApiTime:
        return tr("API time");
    case BlockingSyncTime:
        return tr("Blocking sync");
    case NvtxRanges:
        return tr("NVTX ranges");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace sl
