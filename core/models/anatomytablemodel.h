// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/models/chartdata.h"

#include <QAbstractTableModel>

namespace sl {

/// The model anatomy of an analysis (AnalysisResult::design.anatomy, docs/analysis.md "Model
/// anatomy"): one row per phase and operator class with kernels — kernel count and time, share
/// of the phase's kernel time, FLOPs, TFLOP/s, MFU and bound class. A few dozen rows at most:
/// meant to sit behind a QSortFilterProxyModel with sortRole = SortRole (raw numbers; −1 for an
/// undefined figure). Also gives the stacked bar chart of the Model anatomy dock its numbers
/// (chartData): the view only draws them. Times in ns.
class AnatomyTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Phase, Class, Kernels, KernelTime, PhaseShare, Flops, Tflops, Mfu, Bound, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole,
        ClassRole, ///< index into AnatomyRules::classes()
        PhaseSlotRole, ///< index into AnalysisResult::phases (the unattributed slot included)
    };

    explicit AnatomyTableModel(QObject* parent = nullptr);

    void setAnalysis(AnalysisPtr analysis);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// One bar per phase with kernels (phase order, unattributed last), stacked by operator class
    /// (class order; only classes with kernels), each segment the class' kernel time in the phase.
    const ChartData& chartData() const { return m_chart; }
    /// The class (index into AnatomyRules::classes()) of each series of chartData().
    const QVector<int>& chartClasses() const { return m_chartClasses; }
    /// The row of a chart segment (category, series), −1 when that class has no kernels in that phase.
    int rowOfSegment(int category, int series) const;
    /// A row in words: phase, class, time and share, kernels, FLOPs, TFLOP/s, MFU and bound class
    /// (the chart's tooltip). Translated.
    QString summary(int row) const;

    /// "25.77 GFLOP": FLOPs in the unit that keeps them between 1 and 1000 (k to P).
    static QString formatFlops(double flops);

private:
    void rebuild();
    QString boundText(const AnatomyCell& c) const;

    AnalysisPtr m_analysis;
    QVector<AnatomyCell> m_cells;
    QHash<int, qint64> m_phaseNs; ///< Σ kernel ns of every class per phase slot
    ChartData m_chart;
    QVector<int> m_chartClasses;
    QVector<int> m_chartPhases; ///< phase slot of each chart category
};

} // namespace sl
