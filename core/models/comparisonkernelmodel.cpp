// SPDX-License-Identifier: MIT
#include "core/models/comparisonkernelmodel.h"

#include "core/compare/comparisonformat.h"

namespace sl {

namespace {
QString shortNameOf(const AnalysisResult& r, quint32 name)
{
    for (const auto& k : r.kernels)
        if (k.name == name)
            return r.trace->strings.at(k.shortName);
    return r.trace->strings.at(name);
}
} // namespace

ComparisonKernelModel::ComparisonKernelModel(QObject* parent)
    : ComparisonTableModel(FixedColumns, 1, parent)
{
}

int ComparisonKernelModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_comparison ? 0 : int(m_comparison->kernels.size());
}

const KernelMatch* ComparisonKernelModel::group(int row) const
{
    if (!m_comparison || row < 0 || row >= m_comparison->kernels.size())
        return nullptr;
    return &m_comparison->kernels[row];
}

std::optional<double> ComparisonKernelModel::time(const KernelMatch& g, int trace) const
{
    if (m_comparison->unit == WorkUnit::Total)
        return double(g.sides[trace].totalNs);
    return g.sides[trace].perUnitNs;
}

QString ComparisonKernelModel::displayName(const KernelMatch& g) const
{
    QStringList names;
    for (int i = 0; i < m_comparison->traceCount(); ++i)
        if (!g.sides[i].names.isEmpty()) {
            const QString n = shortNameOf(*m_comparison->analyses[i], g.sides[i].names.front());
            if (!names.contains(n))
                names << n;
        }
    return names.join(QStringLiteral(" ↔ "));
}

QString ComparisonKernelModel::namesTooltip(const KernelMatch& g) const
{
    QStringList lines;
    for (int i = 0; i < m_comparison->traceCount(); ++i) {
        const auto& s = g.sides[i];
        const QString first
            = s.names.isEmpty() ? tr("(none)") : m_comparison->analyses[i]->trace->strings.at(s.names.front());
        lines << tr("%1: %2%3")
                     .arg(m_comparison->labels[i], first,
                         s.names.size() > 1 ? tr(" and %1 more").arg(s.names.size() - 1) : QString());
    }
    return lines.join(QLatin1Char('\n'));
}

QVariant ComparisonKernelModel::data(const QModelIndex& index, int role) const
{
    if (role != Qt::DisplayRole && role != SortRole && role != DirectionRole && role != TraceRole
        && role != Qt::ToolTipRole && role != Qt::TextAlignmentRole)
        return {};
    const KernelMatch* g = index.isValid() ? group(index.row()) : nullptr;
    if (!g)
        return {};
    const int column = index.column();
    const int trace = columnTrace(column);
    if (role == TraceRole)
        return trace;
    if (role == Qt::TextAlignmentRole)
        return trace < 0 ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    const int b = m_comparison->baseline;
    std::optional<double> delta;
    if (isDeltaColumn(column) && time(*g, trace) && time(*g, b))
        delta = *time(*g, trace) - *time(*g, b);
    if (role == DirectionRole)
        return delta && *delta != 0 ? (*delta < 0 ? 1 : -1) : 0;
    if (role == Qt::ToolTipRole)
        return column == Kernel ? namesTooltip(*g) : QString();
    switch (column) {
    case Kernel:
        return displayName(*g);
    case Category:
        return g->category;
    case MatchedBy:
        return KernelMatch::methodName(g->method);
    default:
        break;
    }
    const auto value = isDeltaColumn(column) ? delta : time(*g, trace);
    if (role == SortRole)
        return value ? QVariant(*value) : QVariant();
    return isDeltaColumn(column) ? ComparisonFormat::delta(ComparisonFigure::Kind::DurationNs, value)
                                 : ComparisonFormat::value(ComparisonFigure::Kind::DurationNs, value);
}

QVariant ComparisonKernelModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Kernel:
        return tr("Kernel");
    case Category:
        return tr("Category");
    case MatchedBy:
        return tr("Matched by");
    default:
        break;
    }
    const int trace = columnTrace(section);
    if (trace < 0)
        return {};
    const QString per = m_comparison->unit == WorkUnit::Total
        ? QString()
        : tr(" per %1").arg(ComparisonOptions::unitNoun(m_comparison->unit));
    return isDeltaColumn(section) ? tr("Δ %1").arg(m_comparison->labels[trace]) : m_comparison->labels[trace] + per;
}

} // namespace sl
