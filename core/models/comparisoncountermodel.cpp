// SPDX-License-Identifier: MIT
#include "core/models/comparisoncountermodel.h"

#include "core/compare/comparisonformat.h"
#include "core/util/format.h"
#include "core/util/privacy.h"

namespace sl {

ComparisonCounterModel::ComparisonCounterModel(QObject* parent)
    : ComparisonTableModel(FixedColumns, 1, parent)
{
}

int ComparisonCounterModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_comparison)
        return 0;
    return int(m_comparison->counters.scopes.size() + 2 * m_comparison->counters.counters.size());
}

ComparisonCounterModel::RowKind ComparisonCounterModel::rowKind(int row) const
{
    const int scopes = m_comparison ? int(m_comparison->counters.scopes.size()) : 0;
    if (row < scopes)
        return RowKind::Bound;
    return (row - scopes) % 2 == 0 ? RowKind::Mean : RowKind::P90;
}

const CounterScopeComparison* ComparisonCounterModel::scopeRow(int row) const
{
    if (!m_comparison || row < 0 || row >= m_comparison->counters.scopes.size())
        return nullptr;
    return &m_comparison->counters.scopes[row];
}

const CounterComparison* ComparisonCounterModel::counter(int row) const
{
    if (!m_comparison || row < 0)
        return nullptr;
    const int k = (row - int(m_comparison->counters.scopes.size())) / 2;
    if (row < m_comparison->counters.scopes.size() || k >= m_comparison->counters.counters.size())
        return nullptr;
    return &m_comparison->counters.counters[k];
}

QVariant ComparisonCounterModel::boundData(const CounterScopeComparison& s, int column, int role) const
{
    const int trace = columnTrace(column);
    if (role == DirectionRole)
        return 0; // a change of class is neither better nor worse by itself
    if (column == Counter)
        return tr("Bound class");
    if (column == Statistic)
        return role == Qt::ToolTipRole ? QVariant(tr("By the rule in docs/analysis.md, over kernel time"))
                                       : QVariant(tr("class"));
    if (trace < 0)
        return {};
    if (!isDeltaColumn(column)) {
        if (!s.present[trace])
            return role == SortRole ? QVariant() : QVariant(QStringLiteral("–"));
        if (role == Qt::ToolTipRole)
            return tr("%1 of kernel time in a %2 stretch")
                .arg(formatDuration(s.kernelBusyNs[trace]), formatDuration(s.spanNs[trace]));
        return role == SortRole ? QVariant(boundClassKey(s.bound[trace])) : QVariant(boundClassLabel(s.bound[trace]));
    }
    if (role == Qt::ToolTipRole)
        return s.changed[trace] ? QVariant(tr("Double-click to show the scope's rows in both traces")) : QVariant();
    return s.changed[trace] ? QVariant(tr("changed")) : QVariant(QString());
}

QVariant ComparisonCounterModel::counterData(const CounterComparison& k, bool p90, int column, int role) const
{
    const int trace = columnTrace(column), b = m_comparison->baseline;
    const auto& values = p90 ? k.busyP90 : k.busyMean;
    if (column == Counter) {
        const int only = k.onlyIn();
        QString text = k.nvml ? tr("%1 (NVML)").arg(k.name) : k.name;
        if (only >= 0)
            text = tr("%1 — only in %2").arg(text, m_comparison->labels[only]);
        return text;
    }
    if (column == Statistic)
        return p90 ? tr("p90, kernel time") : tr("mean, kernel time");
    if (trace < 0)
        return role == DirectionRole ? QVariant(0) : QVariant();
    if (!isDeltaColumn(column)) {
        if (role == DirectionRole)
            return 0;
        if (role == SortRole)
            return values[trace] ? QVariant(*values[trace]) : QVariant();
        if (role == Qt::ToolTipRole)
            return !k.present[trace] ? QVariant(tr("not sampled in this trace")) : QVariant();
        return ComparisonFormat::counterValue(k.unit, values[trace]);
    }
    const auto d = ComparisonCounters::delta(k.percent(), values[b], values[trace]);
    if (role == DirectionRole)
        return ComparisonCounters::direction(k.better, d);
    if (role == SortRole)
        return d ? QVariant(*d) : QVariant();
    if (role == Qt::ToolTipRole)
        return k.percent() ? tr("percentage points") : tr("relative to the baseline");
    return ComparisonFormat::counterDelta(k.percent(), d);
}

QVariant ComparisonCounterModel::data(const QModelIndex& index, int role) const
{
    if (!m_comparison || !index.isValid()
        || (role != Qt::DisplayRole && role != SortRole && role != DirectionRole && role != TraceRole
            && role != Qt::ToolTipRole && role != Qt::TextAlignmentRole))
        return {};
    const int row = index.row(), column = index.column();
    if (role == TraceRole)
        return columnTrace(column);
    if (role == Qt::TextAlignmentRole)
        return column < FixedColumns ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    const CounterScopeComparison* s = scopeRow(row);
    const CounterComparison* k = s ? nullptr : counter(row);
    if (!s && !k)
        return {};
    if (column == Scope)
        return role == DirectionRole ? QVariant(0)
                                     : QVariant(scrubPaths(s ? ComparisonCounters::scopeText(s->kind, s->scope)
                                                             : ComparisonCounters::scopeText(k->kind, k->scope)));
    if (column == Gpu)
        return role == DirectionRole ? QVariant(0) : QVariant(m_comparison->counters.gpuLabel(s ? s->gpu : k->gpu));
    return s ? boundData(*s, column, role) : counterData(*k, rowKind(row) == RowKind::P90, column, role);
}

QVariant ComparisonCounterModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Scope:
        return tr("Scope");
    case Gpu:
        return tr("GPU");
    case Counter:
        return tr("Counter");
    case Statistic:
        return tr("Statistic");
    default:
        break;
    }
    const int trace = columnTrace(section);
    if (trace < 0)
        return {};
    if (isDeltaColumn(section))
        return tr("Δ %1").arg(m_comparison->labels[trace]);
    return trace == m_comparison->baseline ? tr("%1 (baseline)").arg(m_comparison->labels[trace])
                                           : m_comparison->labels[trace];
}

} // namespace sl
