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
    m_nodes.clear();
    m_roots.clear();
    if (m_analysis) {
        const auto add = [this](Node n, std::vector<int>& siblings) {
            n.row = int(siblings.size());
            siblings.push_back(int(m_nodes.size()));
            m_nodes.push_back(std::move(n));
            return int(m_nodes.size()) - 1;
        };
        const auto& procs = m_analysis->processes;
        for (int p = 0; p < procs.size(); ++p) {
            const int pn = add({ NodeKind::Process, -1, 0, p, 0, 0, {} }, m_roots);
            // Children are added through a copy of the list: m_nodes may reallocate meanwhile.
            std::vector<int> children;
            for (int t = 0; t < procs[p].threads.size(); ++t)
                add({ NodeKind::Thread, pn, 0, p, t, 0, {} }, children);
            for (int d = 0; d < procs[p].deviceKernels.size(); ++d) {
                const int dn = add({ NodeKind::Device, pn, 0, p, d, 0, {} }, children);
                std::vector<int> streams;
                for (int s = 0; s < procs[p].deviceKernels[d].streams.size(); ++s)
                    add({ NodeKind::Stream, dn, 0, p, d, s, {} }, streams);
                m_nodes[size_t(dn)].children = std::move(streams);
            }
            m_nodes[size_t(pn)].children = std::move(children);
        }
    }
    endResetModel();
}

const ProcessTreeModel::Node* ProcessTreeModel::node(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this || index.internalId() == 0 || index.internalId() > m_nodes.size())
        return nullptr;
    return &m_nodes[size_t(index.internalId() - 1)];
}

ProcessTreeModel::NodeKind ProcessTreeModel::kind(const QModelIndex& index) const
{
    const Node* n = node(index);
    return n ? n->kind : NodeKind::Process;
}

ScopeFilter ProcessTreeModel::scopeOf(const QModelIndex& index) const
{
    ScopeFilter s;
    const Node* n = node(index);
    if (!n)
        return s;
    const ProcessStats& p = m_analysis->processes[n->process];
    s.pid = p.pid;
    switch (n->kind) {
    case NodeKind::Process:
        break;
    case NodeKind::Thread:
        s.tid = p.threads[n->item].tid;
        break;
    case NodeKind::Stream:
        s.stream = p.deviceKernels[n->item].streams[n->stream].stream;
        [[fallthrough]];
    case NodeKind::Device:
        s.device = p.deviceKernels[n->item].deviceId;
        break;
    }
    return s;
}

QModelIndex ProcessTreeModel::indexOf(const ScopeFilter& scope) const
{
    for (size_t i = 0; i < m_nodes.size(); ++i)
        if (const QModelIndex idx = createIndex(m_nodes[i].row, 0, quintptr(i + 1)); scopeOf(idx) == scope)
            return idx;
    return {};
}

QModelIndex ProcessTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    const std::vector<int>* siblings = &m_roots;
    if (parent.isValid()) {
        const Node* p = node(parent);
        if (!p || parent.column() != 0)
            return {};
        siblings = &p->children;
    }
    if (row >= int(siblings->size()))
        return {};
    return createIndex(row, column, quintptr((*siblings)[size_t(row)] + 1));
}

QModelIndex ProcessTreeModel::parent(const QModelIndex& child) const
{
    const Node* n = node(child);
    if (!n || n->parent < 0)
        return {};
    return createIndex(m_nodes[size_t(n->parent)].row, 0, quintptr(n->parent + 1));
}

int ProcessTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_roots.size());
    const Node* n = node(parent);
    return n && parent.column() == 0 ? int(n->children.size()) : 0;
}

int ProcessTreeModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant ProcessTreeModel::data(const QModelIndex& index, int role) const
{
    if (role != Qt::DisplayRole && role != SortRole && role != Qt::TextAlignmentRole && role != Qt::ToolTipRole)
        return {};
    const Node* n = node(index);
    if (!n)
        return {};
    if (role == Qt::TextAlignmentRole)
        return index.column() == Name ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == Qt::ToolTipRole)
        return index.column() == Name ? tr("Select to show only %1 in the other views.").arg(scopeOf(index).label())
                                      : QVariant();
    return cell(*n, index.column(), role == SortRole);
}

QVariant ProcessTreeModel::cell(const Node& n, int column, bool sort) const
{
    const auto duration = [sort](qint64 ns) { return sort ? QVariant(ns) : QVariant(formatDuration(ns)); };
    const auto count = [sort](qint64 c) { return sort ? QVariant(c) : QVariant(formatCount(c)); };
    const ProcessStats& p = m_analysis->processes[n.process];
    switch (n.kind) {
    case NodeKind::Process:
        switch (Column(column)) {
        case Name:
            return p.name.isEmpty() ? tr("PID %1").arg(p.pid) : tr("%1 (PID %2)").arg(p.name).arg(p.pid);
        case Kernels:
            return count(p.kernelCount);
        case KernelTime:
            return duration(p.kernelNs);
        case ApiTime:
            return duration(p.apiNs);
        case BlockingSyncTime:
            return duration(p.blockingSyncNs);
        case NvtxRanges:
            return count(p.nvtxRanges);
        case ProfilerOverhead:
            return duration(p.profilerOverheadNs);
        case ColumnCount:
            break;
        }
        break;
    case NodeKind::Thread: {
        const ProcessStats::Thread& t = p.threads[n.item];
        switch (Column(column)) {
        case Name:
            return t.name.isEmpty() ? tr("TID %1").arg(t.tid) : tr("%1 (TID %2)").arg(t.name).arg(t.tid);
        case ApiTime:
            return duration(t.apiNs);
        case NvtxRanges:
            return count(t.nvtxRanges);
        default:
            break;
        }
        break;
    }
    case NodeKind::Device: {
        const ProcessStats::Device& d = p.deviceKernels[n.item];
        switch (Column(column)) {
        case Name: {
            const GpuInfo* g = m_analysis->trace->gpu(d.deviceId);
            return g && !g->name.isEmpty() ? tr("GPU %1 (%2)").arg(d.deviceId).arg(g->name)
                                           : tr("GPU %1").arg(d.deviceId);
        }
        case Kernels:
            return count(d.kernelCount);
        case KernelTime:
            return duration(d.kernelNs);
        default:
            break;
        }
        break;
    }
    case NodeKind::Stream: {
        const ProcessStats::Stream& s = p.deviceKernels[n.item].streams[n.stream];
        switch (Column(column)) {
        case Name:
            return tr("Stream %1").arg(s.stream);
        case Kernels:
            return count(s.kernelCount);
        case KernelTime:
            return duration(s.kernelNs);
        default:
            break;
        }
        break;
    }
    }
    return {};
}

QVariant ProcessTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == ProfilerOverhead)
        return tr("Time covered by the profiler's own work in this process (PROFILER_OVERHEAD: CUPTI buffer "
                  "flushes, instrumentation, initialization): what ran there is perturbed");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Name:
        return tr("Process / thread / GPU / stream");
    case Kernels:
        return tr("Kernels");
    case KernelTime:
        return tr("Kernel time");
    case ApiTime:
        return tr("API time");
    case BlockingSyncTime:
        return tr("Blocking sync");
    case NvtxRanges:
        return tr("NVTX ranges");
    case ProfilerOverhead:
        return tr("Profiler overhead");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace sl
