// SPDX-License-Identifier: MIT
#include "core/models/comparisonfiguremodel.h"

#include "core/compare/comparisondesignfigures.h"
#include "core/compare/comparisonformat.h"

namespace sl {

ComparisonFigureModel::ComparisonFigureModel(QObject* parent)
    : ComparisonTableModel(FixedColumns, 2, parent)
{
}

int ComparisonFigureModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_comparison ? 0 : int(m_comparison->figures.size());
}

const ComparisonFigure* ComparisonFigureModel::figure(int row) const
{
    if (!m_comparison || row < 0 || row >= m_comparison->figures.size())
        return nullptr;
    return &m_comparison->figures[row];
}

ComparisonFigureModel::ColumnKind ComparisonFigureModel::columnKind(int column) const
{
    if (column == Scope)
        return ColumnKind::Scope;
    if (column == Figure)
        return ColumnKind::Figure;
    const int slot = m_columns.deltaSlot(column);
    return slot < 0 ? ColumnKind::Value : slot == 0 ? ColumnKind::Delta : ColumnKind::Ratio;
}

QString ComparisonFigureModel::scopeText(const ComparisonFigure& f) const
{
    switch (f.section) {
    case ComparisonFigure::Section::Trace:
        return tr("Whole trace");
    case ComparisonFigure::Section::Phase:
        return tr("Phase %1").arg(f.scope);
    case ComparisonFigure::Section::Category:
        return tr("Category %1").arg(f.scope);
    case ComparisonFigure::Section::Anatomy:
        return tr("Anatomy %1").arg(ComparisonDesignFigures::anatomyScopeLabel(f.scope));
    }
    return {};
}

QVariant ComparisonFigureModel::data(const QModelIndex& index, int role) const
{
    if (role != Qt::DisplayRole && role != SortRole && role != DirectionRole && role != TraceRole
        && role != Qt::ToolTipRole && role != Qt::TextAlignmentRole)
        return {};
    const ComparisonFigure* f = index.isValid() ? figure(index.row()) : nullptr;
    if (!f)
        return {};
    const int column = index.column();
    const ColumnKind kind = columnKind(column);
    const int trace = columnTrace(column);
    if (role == TraceRole)
        return trace;
    if (role == Qt::TextAlignmentRole)
        return kind == ColumnKind::Scope || kind == ColumnKind::Figure
            ? QVariant()
            : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == DirectionRole)
        return kind == ColumnKind::Delta || kind == ColumnKind::Ratio ? m_comparison->direction(*f, trace) : 0;
    if (role == Qt::ToolTipRole)
        return kind == ColumnKind::Figure ? QVariant(f->key) : QVariant();
    auto number = [&](const std::optional<double>& v) { return v ? QVariant(*v) : QVariant(); };
    switch (kind) {
    case ColumnKind::Scope:
        return scopeText(*f);
    case ColumnKind::Figure:
        return f->label;
    case ColumnKind::Value:
        return role == SortRole ? number(f->values[trace])
                                : QVariant(ComparisonFormat::value(f->kind, f->values[trace]));
    case ColumnKind::Delta: {
        const auto d = m_comparison->delta(*f, trace);
        return role == SortRole ? number(d) : QVariant(ComparisonFormat::delta(f->kind, d));
    }
    case ColumnKind::Ratio: {
        const auto r = m_comparison->ratio(*f, trace);
        return role == SortRole ? number(r) : QVariant(ComparisonFormat::ratio(r));
    }
    }
    return {};
}

QVariant ComparisonFigureModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    const int trace = columnTrace(section);
    switch (columnKind(section)) {
    case ColumnKind::Scope:
        return tr("Scope");
    case ColumnKind::Figure:
        return tr("Figure");
    case ColumnKind::Value:
        if (trace < 0)
            return {};
        return trace == m_comparison->baseline ? tr("%1 (baseline)").arg(m_comparison->labels[trace])
                                               : m_comparison->labels[trace];
    case ColumnKind::Delta:
        return trace < 0 ? QVariant() : QVariant(tr("Δ %1").arg(m_comparison->labels[trace]));
    case ColumnKind::Ratio:
        return trace < 0 ? QVariant() : QVariant(tr("%1 / baseline").arg(m_comparison->labels[trace]));
    }
    return {};
}

} // namespace sl
