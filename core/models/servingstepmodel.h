// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QAbstractTableModel>

namespace sl {

/// The serving steps of an analysis (AnalysisResult::serving.steps), one row per step of every
/// rank, read straight from the columnar vectors: class, composition, start, duration, GPU busy,
/// GPU idle, host share, kernels. Meant to sit behind a QSortFilterProxyModel with sortRole =
/// SortRole (raw numbers), e.g. a ScopeProxyModel (it answers its PidRole and DeviceRole). Times in ns.
class ServingStepModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Pid, Gpu, Class, Composition, Start, Duration, GpuBusy, GpuIdle, HostShare, Kernels, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole,
        StepRole, ///< index into serving.steps
    };

    explicit ServingStepModel(QObject* parent = nullptr);

    void setAnalysis(AnalysisPtr analysis);
    const AnalysisPtr& analysis() const { return m_analysis; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    AnalysisPtr m_analysis;
};

} // namespace sl
