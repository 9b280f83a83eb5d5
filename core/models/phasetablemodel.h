// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/models/scopefilter.h"

#include <QAbstractTableModel>

namespace sl {

/// Per-phase totals of an analysis (AnalysisResult::phases, "unattributed" last): steps, wall
/// time, kernel time and count, kernel time per step, and the p50 / p90 step duration (nearest
/// rank). A process scope shows that process' figures (phasesByPid). A handful of rows: meant to
/// sit behind a QSortFilterProxyModel with sortRole = SortRole. Times in ns.
class PhaseTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Phase, Steps, WallTime, KernelTime, Kernels, KernelPerStep, StepP50, StepP90, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole,
        PhaseIndexRole, ///< index into the analysis' phases (its colour key), -1 for unattributed
    };

    explicit PhaseTableModel(QObject* parent = nullptr);

    void setAnalysis(AnalysisPtr analysis);
    void setScope(const ScopeFilter& scope);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        PhaseStats stats; ///< without stepNs (only its percentiles are kept)
        int phaseIndex = -1;
        qint64 p50Ns = 0, p90Ns = 0;
    };
    void rebuild();

    AnalysisPtr m_analysis;
    ScopeFilter m_scope;
    QVector<Row> m_rows;
};

} // namespace sl
