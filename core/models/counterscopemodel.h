// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QAbstractTableModel>

namespace sl {

/// The sampled hardware counters per GPU and stretch (AnalysisResult::counters.scopes: the
/// window, each phase, each serving step class), one row each: bound class, kernel time, span,
/// the classification's DRAM and compute means, and every counter's mean/p90. Meant to sit behind
/// a sorting proxy with sortRole = SortRole (raw numbers; "not sampled" sorts as −1); rows answer
/// ScopeProxyModel::DeviceRole. Times in ns, percentages 0–100.
class CounterScopeModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Gpu, Kind, Stretch, Class, KernelTime, Span, Dram, Compute, Counters, ColumnCount };
    enum Role { SortRole = Qt::UserRole };

    explicit CounterScopeModel(QObject* parent = nullptr);

    void setAnalysis(AnalysisPtr analysis);
    const AnalysisPtr& analysis() const { return m_analysis; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant cell(const CounterScope& s, int column, bool sort) const;
    AnalysisPtr m_analysis;
};

} // namespace sl
