// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QAbstractTableModel>

#include <vector>

namespace sl {

/// Kernel launches of one name (or all, or an explicit row list such as a finding's evidence).
/// Can be millions of rows: no proxy; the model owns a view permutation of KernelTable indices
/// and sorts it in place with typed comparators.
class KernelInstanceModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        Start,
        Duration,
        Device,
        Stream,
        Grid,
        Block,
        Registers,
        SharedMemory,
        ApiCall,
        LaunchDelay,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole, KernelIndexRole };
    static constexpr qint64 kAllNames = -1;
    static constexpr qint64 kNoNames = -2; ///< empty view

    explicit KernelInstanceModel(QObject* parent = nullptr);

    /// Shows every kernel of the analysed trace (kAllNames), none (kNoNames) or those named `nameId`.
    void setAnalysis(AnalysisPtr analysis, qint64 nameId = kAllNames);
    void setKernelName(qint64 nameId);
    /// Shows exactly these kernel indices (e.g. Evidence::rows), in start order.
    void setRows(std::vector<quint32> kernelIndices);
    const AnalysisPtr& analysis() const { return m_analysis; }

    /// View row of a kernel index, -1 when not shown.
    int rowOfKernel(quint32 kernelIndex) const;
    /// Kernel index of a view row.
    quint32 kernelIndex(int row) const { return m_view[size_t(row)]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    void resetView(std::vector<quint32> view);
    void sortView(std::vector<quint32>& view) const;
    qint64 launchDelay(quint32 k) const; ///< kernel.start − api.end, INT64_MIN when unmatched

    AnalysisPtr m_analysis;
    std::vector<quint32> m_view;
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
};

} // namespace sl
