// SPDX-License-Identifier: MIT
#include "core/models/phasetablemodel.h"

#include "core/analysis/passes/statistics.h"
#include "core/util/format.h"

namespace sl {

PhaseTableModel::PhaseTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void PhaseTableModel::setAnalysis(AnalysisPtr analysis)
{
    m_analysis = std::move(analysis);
    rebuild();
}

void PhaseTableModel::setScope(const ScopeFilter& scope)
{
    if (scope.pid == m_scope.pid) {
        m_scope = scope;
        return; // only the process changes the figures
    }
    m_scope = scope;
    rebuild();
}

void PhaseTableModel::rebuild()
{
    beginResetModel();
    m_rows.clear();
    if (m_analysis) {
        const QVector<PhaseStats>* phases = &m_analysis->phases;
        static const QVector<PhaseStats> none;
        if (m_scope.pid != ScopeFilter::kAny) {
            const auto it = m_analysis->phasesByPid.constFind(quint32(m_scope.pid));
            phases = it == m_analysis->phasesByPid.constEnd() ? &none : &it.value();
        }
        for (qsizetype i = 0; i < phases->size(); ++i) {
            const PhaseStats& s = (*phases)[i];
            Row row;
            row.stats = s;
            row.stats.stepNs.clear();
            // The last slot (AnalysisResult::unattributedPhase) has no phase colour.
            row.phaseIndex = i + 1 < phases->size() ? int(i) : -1;
            // nth_element on a copy: O(steps), no full sort on the GUI thread.
            std::vector<qint64> steps = s.stepNs;
            row.p50Ns = nearestRankUnsorted(steps, 50);
            row.p90Ns = nearestRankUnsorted(steps, 90);
            m_rows.append(std::move(row));
        }
    }
    endResetModel();
}

int PhaseTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int PhaseTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant PhaseTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row& r = m_rows[index.row()];
    const PhaseStats& s = r.stats;
    if (role == PhaseIndexRole)
        return r.phaseIndex;
    if (role == Qt::TextAlignmentRole)
        return index.column() == Phase ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == Qt::ToolTipRole && index.column() == Phase && r.phaseIndex < 0)
        return tr("Kernels whose launch lies in no range of a phase.");
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool sort = role == SortRole;
    const bool hasSteps = s.steps > 0;
    auto duration = [sort](qint64 ns) { return sort ? QVariant(ns) : QVariant(formatDuration(ns)); };
    auto stepFigure = [&](qint64 ns) { return hasSteps ? duration(ns) : (sort ? QVariant(qint64(-1)) : QVariant()); };
    switch (Column(index.column())) {
    case Phase:
        return s.phase;
    case Steps:
        return sort ? QVariant(s.steps) : QVariant(formatCount(s.steps));
    case WallTime:
        return stepFigure(s.wallNs);
    case KernelTime:
        return duration(s.kernelNs);
    case Kernels:
        return sort ? QVariant(s.kernelCount) : QVariant(formatCount(s.kernelCount));
    case KernelPerStep:
        return stepFigure(s.kernelNsPerStep());
    case StepP50:
        return stepFigure(r.p50Ns);
    case StepP90:
        return stepFigure(r.p90Ns);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant PhaseTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return QAbstractTableModel::headerData(section, orientation, role);
    const bool tip = role == Qt::ToolTipRole;
    switch (Column(section)) {
    case Phase:
        return tip ? tr("Phase of the phase map") : tr("Phase");
    case Steps:
        return tip ? tr("Ranges of the phase not nested in another range of the same phase") : tr("Steps");
    case WallTime:
        return tip ? tr("Sum of the steps' durations") : tr("Wall time");
    case KernelTime:
        return tip ? tr("Kernels launched inside the phase's ranges") : tr("Kernel time");
    case Kernels:
        return tip ? tr("Number of those kernels") : tr("Kernels");
    case KernelPerStep:
        return tip ? tr("Kernel time divided by steps") : tr("Kernel time / step");
    case StepP50:
        return tip ? tr("Median step duration (nearest rank)") : tr("Step p50");
    case StepP90:
        return tip ? tr("90th percentile of the step duration (nearest rank)") : tr("Step p90");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace sl
