// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QAbstractTableModel>

namespace sl {

/// The Nsight Compute kernels lined up with the trace (AnalysisResult::counters.ncu->kernels),
/// one row per kernel name: launches, trace time, achieved and theoretical occupancy (ncu's, else
/// Sightline's from the launch configuration), SM/DRAM throughput, L1/L2 hit rates, tensor
/// activity, arithmetic intensity and GFLOP/s. Meant to sit behind a sorting proxy with sortRole
/// = SortRole (raw numbers; a figure ncu did not report sorts as −1); rows answer
/// ScopeProxyModel::DeviceRole and KernelRole. Times in ns, percentages 0–100.
class NcuKernelModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        Kernel,
        Launches,
        TraceTime,
        AchievedOccupancy,
        TheoreticalOccupancy,
        Sm,
        Dram,
        L1Hit,
        L2Hit,
        Tensor,
        Intensity,
        Gflops,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole,
        KernelRole, ///< index into counters.ncu->kernels
    };

    explicit NcuKernelModel(QObject* parent = nullptr);

    void setAnalysis(AnalysisPtr analysis);
    const AnalysisPtr& analysis() const { return m_analysis; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant cell(const NcuKernelFigures& k, int column, bool sort) const;
    AnalysisPtr m_analysis;
};

} // namespace sl
