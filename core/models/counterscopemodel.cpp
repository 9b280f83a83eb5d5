// SPDX-License-Identifier: MIT
#include "core/models/counterscopemodel.h"

#include "core/models/scopeproxymodel.h"
#include "core/util/format.h"

namespace sl {

namespace {
/// A percentage the classification read (−1 when not sampled): raw to sort by, else "12.3" or "–".
QVariant percent(double pct, bool sort)
{
    if (sort)
        return pct;
    return pct >= 0 ? QString::number(pct, 'f', 1) : QStringLiteral("–");
}
} // namespace

CounterScopeModel::CounterScopeModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CounterScopeModel::setAnalysis(AnalysisPtr analysis)
{
    beginResetModel();
    m_analysis = std::move(analysis);
    endResetModel();
}

int CounterScopeModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_analysis ? 0 : int(m_analysis->counters.scopes.size());
}

int CounterScopeModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant CounterScopeModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const CounterScope& s = m_analysis->counters.scopes[index.row()];
    switch (role) {
    case ScopeProxyModel::DeviceRole:
        return qint64(s.deviceId);
    case SortRole:
        return cell(s, index.column(), true);
    case Qt::DisplayRole:
        return cell(s, index.column(), false);
    case Qt::ToolTipRole:
        return index.column() == Counters ? cell(s, index.column(), false) : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() == Gpu || (index.column() >= KernelTime && index.column() <= Compute)
            ? int(Qt::AlignRight | Qt::AlignVCenter)
            : int(Qt::AlignLeft | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant CounterScopeModel::cell(const CounterScope& s, int column, bool sort) const
{
    switch (column) {
    case Gpu:
        return s.deviceId;
    case Kind:
        return sort ? QVariant(int(s.kind)) : QVariant(scopeKindLabel(s.kind));
    case Stretch:
        return scopeLabel(s);
    case Class:
        return sort ? QVariant(int(s.bound)) : QVariant(boundClassLabel(s.bound));
    case KernelTime:
        return sort ? QVariant(s.kernelBusyNs) : QVariant(formatDuration(s.kernelBusyNs));
    case Span:
        return sort ? QVariant(s.spanNs) : QVariant(formatDuration(s.spanNs));
    case Dram:
        return percent(s.dramPct, sort);
    case Compute:
        return percent(s.computePct, sort);
    case Counters: {
        QStringList figures;
        for (const CounterFigure& f : s.figures)
            figures << QStringLiteral("%1 %2/%3").arg(f.name).arg(f.whole.mean, 0, 'f', 1).arg(f.whole.p90, 0, 'f', 1);
        return figures.join(QStringLiteral("; "));
    }
    }
    return {};
}

QVariant CounterScopeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Gpu:
        return tr("GPU");
    case Kind:
        return tr("Kind");
    case Stretch:
        return tr("Stretch");
    case Class:
        return tr("Class");
    case KernelTime:
        return tr("Kernel time");
    case Span:
        return tr("Span");
    case Dram:
        return tr("DRAM %");
    case Compute:
        return tr("Compute %");
    case Counters:
        return tr("Counters (mean / p90 over the stretch)");
    }
    return {};
}

} // namespace sl
