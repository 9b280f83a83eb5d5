// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QAbstractItemModel>

namespace sl {

/// Process → threads tree over AnalysisResult::processes. internalId: 0 for a process,
/// process row + 1 for its threads.
class ProcessTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column { Name, KernelTime, ApiTime, BlockingSyncTime, NvtxRanges, ColumnCount };
    enum Role { SortRole = Qt::UserRole };

    explicit ProcessTreeModel(QObject* parent = nullptr);

    void setAnalysis(AnalysisPtr analysis);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    AnalysisPtr m_analysis;
};

} // namespace sl
