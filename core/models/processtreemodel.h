// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/models/scopefilter.h"

#include <QAbstractItemModel>

#include <vector>

namespace sl {

/// Process → threads and process → GPUs → streams, over AnalysisResult::processes, with kernel,
/// API and blocking-sync time and NVTX range counts. A few hundred nodes at most, so the tree is
/// flattened once per analysis into a node table (internalId = node index + 1).
class ProcessTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column { Name, Kernels, KernelTime, ApiTime, BlockingSyncTime, NvtxRanges, ProfilerOverhead, ColumnCount };
    enum Role { SortRole = Qt::UserRole };
    enum class NodeKind { Process, Thread, Device, Stream };

    explicit ProcessTreeModel(QObject* parent = nullptr);

    void setAnalysis(AnalysisPtr analysis);
    const AnalysisPtr& analysis() const { return m_analysis; }

    NodeKind kind(const QModelIndex& index) const;
    /// What selecting `index` focuses on: its process, and its thread, device or stream.
    ScopeFilter scopeOf(const QModelIndex& index) const;
    /// The node whose scope equals `scope`, invalid when there is none.
    QModelIndex indexOf(const ScopeFilter& scope) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Node
    {
        NodeKind kind = NodeKind::Process;
        int parent = -1; ///< node index, -1 for processes
        int row = 0; ///< row under the parent
        int process = 0; ///< index into AnalysisResult::processes
        int item = 0; ///< thread or device index within the process
        int stream = 0; ///< stream index within the device
        std::vector<int> children;
    };
    const Node* node(const QModelIndex& index) const;
    QVariant cell(const Node& n, int column, bool sort) const;

    AnalysisPtr m_analysis;
    std::vector<Node> m_nodes;
    std::vector<int> m_roots;
};

} // namespace sl
