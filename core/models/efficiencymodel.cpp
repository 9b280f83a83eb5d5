// SPDX-License-Identifier: MIT
#include "core/models/efficiencymodel.h"

#include "core/models/scopeproxymodel.h"
#include "core/report/efficiencyreport.h"
#include "core/util/format.h"

namespace sl {

namespace {
using F = EfficiencyAnalysis::Figure;

double share(qint64 part, qint64 whole) { return double(part) / double(std::max<qint64>(1, whole)); }

/// A number cell: the raw value to sort by, else its text.
QVariant num(bool sort, const QVariant& raw, const QString& text) { return sort ? raw : QVariant(text); }
} // namespace

EfficiencyModel::EfficiencyModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void EfficiencyModel::setAnalysis(AnalysisPtr analysis)
{
    beginResetModel();
    m_analysis = std::move(analysis);
    m_rows.clear();
    if (m_analysis) {
        const EfficiencyStats& e = m_analysis->efficiency;
        const auto add = [this](F kind, qsizetype n) {
            for (int i = 0; i < int(n); ++i)
                m_rows.append({ kind, i });
        };
        add(F::MathPath, e.math.size());
        add(F::Busy, e.busy.size());
        add(F::Overlap, e.overlap.size());
        add(F::Collective, e.collectives.size());
        add(F::FlopPhase, e.flopsByPhase.size());
        add(F::FlopOp, e.flopsByOp.size());
    }
    endResetModel();
}

QString EfficiencyModel::sectionName(F kind)
{
    switch (kind) {
    case F::MathPath:
        return tr("Math path");
    case F::Busy:
        return tr("Busy time");
    case F::Overlap:
        return tr("Communication overlap");
    case F::Collective:
        return tr("Collectives");
    case F::FlopPhase:
        return tr("FLOPs per phase");
    case F::FlopOp:
        return tr("FLOPs per operator");
    }
    return {};
}

int EfficiencyModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int EfficiencyModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant EfficiencyModel::data(const QModelIndex& index, int role) const
{
    if (!m_analysis || !index.isValid() || index.row() >= m_rows.size())
        return {};
    const auto [kind, i] = m_rows[index.row()];
    switch (role) {
    case KindRole:
        return int(kind);
    case IndexRole:
        return i;
    case ScopeProxyModel::DeviceRole:
        return deviceOf(kind, i);
    case SortRole:
        return cell(kind, i, index.column(), true);
    case Qt::DisplayRole:
        return cell(kind, i, index.column(), false);
    case Qt::ToolTipRole:
        return index.column() == Detail || index.column() == Figure ? cell(kind, i, index.column(), false) : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() >= Count && index.column() <= Share ? int(Qt::AlignRight | Qt::AlignVCenter)
                                                                  : int(Qt::AlignLeft | Qt::AlignVCenter);
    default:
        return {};
    }
}

qint64 EfficiencyModel::deviceOf(F kind, int i) const
{
    const EfficiencyStats& e = m_analysis->efficiency;
    if (kind == F::Busy)
        return e.busy[i].deviceId;
    if (kind == F::Overlap)
        return e.overlap[i].deviceId;
    return -1; // math paths, collectives and FLOPs are the window's, over every GPU
}

QVariant EfficiencyModel::cell(F kind, int i, int column, bool sort) const
{
    if (column == Section)
        return sort ? QVariant(int(m_rows.indexOf(std::pair { kind, 0 }))) : QVariant(sectionName(kind));
    const EfficiencyStats& e = m_analysis->efficiency;
    switch (kind) {
    case F::MathPath:
        return mathCell(i, column, sort);
    case F::Busy:
        return busyCell(i, column, sort);
    case F::Overlap:
        return overlapCell(i, column, sort);
    case F::Collective:
        return collectiveCell(i, column, sort);
    case F::FlopPhase:
        return flopCell(e.flopsByPhase[i], tr("phase %1").arg(e.flopsByPhase[i].name), column, sort);
    case F::FlopOp:
        return flopCell(e.flopsByOp[i], e.flopsByOp[i].name, column, sort);
    }
    return {};
}

QVariant EfficiencyModel::mathCell(int i, int column, bool sort) const
{
    const MathPathShare& m = m_analysis->efficiency.math[i];
    switch (column) {
    case Figure:
        return m.path.label();
    case Count:
        return num(sort, m.count, formatCount(m.count));
    case Time:
        return num(sort, m.ns, formatDuration(m.ns));
    case Share:
        return num(sort, share(m.ns, m_analysis->kernelNs), formatPercent(share(m.ns, m_analysis->kernelNs)));
    case Detail:
        return m.gemmNs > 0 ? tr("GEMM %1").arg(formatDuration(m.gemmNs)) : QString();
    }
    return {};
}

QVariant EfficiencyModel::busyCell(int i, int column, bool sort) const
{
    const BusySplit& b = m_analysis->efficiency.busy[i];
    switch (column) {
    case Figure:
        return num(sort, b.deviceId, tr("GPU %1").arg(b.deviceId));
    case Count:
        return num(sort, 0, QString());
    case Time:
        return num(sort, b.busyNs, formatDuration(b.busyNs));
    case Share:
        return num(sort, share(b.busyNs, b.spanNs), formatPercent(share(b.busyNs, b.spanNs)));
    case Detail:
        return tr("compute %1, copies %2, copies only %3")
            .arg(formatPercent(share(b.computeBusyNs, b.spanNs)), formatPercent(share(b.copyBusyNs, b.spanNs)),
                formatDuration(b.copyOnlyNs));
    }
    return {};
}

QVariant EfficiencyModel::overlapCell(int i, int column, bool sort) const
{
    const CommOverlap& o = m_analysis->efficiency.overlap[i];
    switch (column) {
    case Figure:
        return tr("GPU %1, %2").arg(o.deviceId).arg(EfficiencyReport::phaseName(*m_analysis, o.phase));
    case Count:
        return num(sort, o.kernels, formatCount(o.kernels));
    case Time:
        return num(sort, o.commNs, formatDuration(o.commNs));
    case Share:
        return num(
            sort, share(o.exposedNs(), o.commNs), tr("%1 exposed").arg(formatPercent(share(o.exposedNs(), o.commNs))));
    case Detail:
        return tr("overlapped %1, exposed %2").arg(formatDuration(o.overlappedNs), formatDuration(o.exposedNs()));
    }
    return {};
}

QVariant EfficiencyModel::collectiveCell(int i, int column, bool sort) const
{
    const CollectiveStats& c = m_analysis->efficiency.collectives[i];
    switch (column) {
    case Figure:
        return c.collective;
    case Count:
        return num(sort, c.count, formatCount(c.count));
    case Time:
        return num(sort, c.totalNs, formatDuration(c.totalNs));
    case Share:
        return num(sort, 0.0, QString());
    case Detail:
        return tr("p50 %1, p90 %2").arg(formatDuration(c.p50Ns), formatDuration(c.p90Ns));
    }
    return {};
}

QVariant EfficiencyModel::flopCell(const FlopFigure& f, const QString& name, int column, bool sort) const
{
    switch (column) {
    case Figure:
        return name;
    case Count:
        return num(sort, f.ranges, formatCount(f.ranges));
    case Time:
        return num(sort, f.kernelNs, formatDuration(f.kernelNs));
    case Share:
        return num(sort, f.tflops(), tr("%1 TFLOP/s").arg(f.tflops(), 0, 'f', 2));
    case Detail:
        return num(sort, f.mfu().value_or(-1.0), tr("MFU %1").arg(EfficiencyReport::mfuText(*m_analysis, f)));
    }
    return {};
}

QVariant EfficiencyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Section:
        return tr("Section");
    case Figure:
        return tr("Figure");
    case Count:
        return tr("Count");
    case Time:
        return tr("Time");
    case Share:
        return tr("Share");
    case Detail:
        return tr("Detail");
    }
    return {};
}

} // namespace sl
