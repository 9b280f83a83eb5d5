// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/models/evidencerequest.h"

#include <QAbstractTableModel>

namespace sl {

/// The loops found from the kernels where the window has no step (AnalysisResult::iterations,
/// docs/analysis.md "Iterations without NVTX"): one row per GPU — anchor kernel, iteration count,
/// p50/p90/slowest length, kernels per iteration and the share of iterations launching that many,
/// and the covered span's compute, communication-only, copies-only and idle shares, and the idle
/// time waiting for the host (host-wait gaps: launch-bound). A handful of
/// rows: meant to sit behind a ScopeProxyModel (rows answer its DeviceRole) with sortRole =
/// SortRole (raw numbers).
/// Times in ns.
class IterationTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        Gpu,
        Anchor,
        Iterations,
        P50,
        P90,
        Slowest,
        KernelsPerIteration,
        Regularity,
        Compute,
        CommOnly,
        CopiesOnly,
        Idle,
        HostWait, ///< the part of Idle in host-wait gaps: the GPU waiting for launches
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole };

    explicit IterationTableModel(QObject* parent = nullptr);

    void setAnalysis(AnalysisPtr analysis);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The kernels of row `row`'s slowest iteration (its GPU's in-window launches that start in
    /// [slowestStartNs, slowestEndNs)), with that range and GPU for the timeline.
    EvidenceRequest slowestEvidence(int row) const;

private:
    QVariant display(const IterationStats& s, int column) const;
    QVariant sortValue(const IterationStats& s, int column) const;

    AnalysisPtr m_analysis;
};

} // namespace sl
