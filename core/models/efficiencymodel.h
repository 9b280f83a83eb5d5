// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/analysis/passes/efficiencyanalysis.h"

#include <QAbstractTableModel>

#include <utility>

namespace sl {

/// The figures of the Efficiency dock (AnalysisResult::efficiency), one row each, read from the
/// result's lists: math paths, busy time per GPU, communication overlap per GPU (and phase),
/// collectives, FLOPs per phase and per operator, in that order (the Section column's). Meant to
/// sit behind a sorting proxy with sortRole = SortRole (raw numbers: ns, counts, shares as 0–1,
/// TFLOP/s); rows of one GPU answer ScopeProxyModel::DeviceRole. Times in ns.
class EfficiencyModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Section, Figure, Count, Time, Share, Detail, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole,
        KindRole, ///< int(EfficiencyAnalysis::Figure) of the row
        IndexRole, ///< index into the row's EfficiencyStats list (EfficiencyAnalysis::evidenceOf)
    };

    explicit EfficiencyModel(QObject* parent = nullptr);

    void setAnalysis(AnalysisPtr analysis);
    const AnalysisPtr& analysis() const { return m_analysis; }
    /// Which figure row `row` stands for.
    std::pair<EfficiencyAnalysis::Figure, int> figure(int row) const { return m_rows.at(row); }
    /// The translated name of a figure kind's section ("Math path", "Busy time", …).
    static QString sectionName(EfficiencyAnalysis::Figure kind);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    /// The row's value in `column`: raw (sort) or as shown.
    QVariant cell(EfficiencyAnalysis::Figure kind, int i, int column, bool sort) const;
    QVariant mathCell(int i, int column, bool sort) const;
    QVariant busyCell(int i, int column, bool sort) const;
    QVariant overlapCell(int i, int column, bool sort) const;
    QVariant collectiveCell(int i, int column, bool sort) const;
    QVariant flopCell(const FlopFigure& f, const QString& name, int column, bool sort) const;
    qint64 deviceOf(EfficiencyAnalysis::Figure kind, int i) const;

    AnalysisPtr m_analysis;
    QVector<std::pair<EfficiencyAnalysis::Figure, int>> m_rows;
};

} // namespace sl
