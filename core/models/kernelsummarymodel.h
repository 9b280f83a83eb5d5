// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QAbstractTableModel>

namespace sl {

/// One row per kernel name: the analysis' summary (AnalysisResult::kernels) or the same summary
/// over a scope (KernelAnalysis::summarize). Small (thousands of rows): meant to sit behind a
/// QSortFilterProxyModel with sortRole = SortRole.
class KernelSummaryModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    /// Ctas … Tail: waves and tails of the name over the whole window (AnalysisResult::design,
    /// docs/analysis.md "Waves and tails"), also in a scoped summary.
    enum Column {
        Name,
        Category,
        Count,
        Total,
        Mean,
        P50,
        P90,
        Share,
        Devices,
        Occupancy,
        Math,
        Ctas,
        CtasPerSm,
        Waves,
        WaveEfficiency,
        Tail,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole, NameIdRole };

    explicit KernelSummaryModel(QObject* parent = nullptr);

    /// The analysis' own summary (the whole window).
    void setAnalysis(AnalysisPtr analysis);
    /// `rows` summarise part of `analysis` (a scope); shares are of that part's kernel time.
    void setSummaries(AnalysisPtr analysis, QVector<KernelSummary> rows);
    const AnalysisPtr& analysis() const { return m_analysis; }
    const KernelSummary* summary(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant wavesData(const KernelSummary& k, Column column, bool sort) const;
    AnalysisPtr m_analysis;
    QVector<KernelSummary> m_rows;
};

} // namespace sl
