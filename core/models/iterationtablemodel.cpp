// SPDX-License-Identifier: MIT
#include "core/models/iterationtablemodel.h"

#include "core/analysis/findings/evidencebuilder.h"
#include "core/models/scopeproxymodel.h"
#include "core/trace/tablenames.h"
#include "core/util/format.h"

namespace sl {

namespace {

/// A share of the iterations' covered span (last anchor start − first, ns).
double shareOfSpan(const IterationStats& s, qint64 ns)
{
    return double(ns) / double(std::max<qint64>(1, s.lastNs - s.firstNs));
}

} // namespace

IterationTableModel::IterationTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void IterationTableModel::setAnalysis(AnalysisPtr analysis)
{
    beginResetModel();
    m_analysis = std::move(analysis);
    endResetModel();
}

int IterationTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_analysis ? 0 : int(m_analysis->iterations.size());
}

int IterationTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant IterationTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const IterationStats& s = m_analysis->iterations[size_t(index.row())];
    if (role == Qt::DisplayRole)
        return display(s, index.column());
    if (role == SortRole)
        return sortValue(s, index.column());
    if (role == ScopeProxyModel::DeviceRole)
        return qint64(s.deviceId);
    if (role == Qt::TextAlignmentRole && index.column() != Anchor)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Anchor)
        return m_analysis->trace->strings.at(s.anchorName); // the full (demangled) name
    return {};
}

QVariant IterationTableModel::display(const IterationStats& s, int column) const
{
    const Trace& t = *m_analysis->trace;
    switch (column) {
    case Gpu:
        return s.deviceId;
    case Anchor:
        return t.strings.at(t.kernels.shortNameOfName(s.anchorName));
    case Iterations:
        return formatCount(s.iterations);
    case P50:
        return formatDuration(s.p50Ns);
    case P90:
        return formatDuration(s.p90Ns);
    case Slowest:
        return tr("%1 (#%2)").arg(formatDuration(s.maxNs)).arg(s.slowest);
    case KernelsPerIteration:
        return formatCount(s.kernelsP50);
    case Regularity:
        return formatPercent(s.regularity);
    default:
        return formatPercent(sortValue(s, column).toDouble());
    }
}

QVariant IterationTableModel::sortValue(const IterationStats& s, int column) const
{
    switch (column) {
    case Gpu:
        return s.deviceId;
    case Anchor:
        return display(s, column);
    case Iterations:
        return s.iterations;
    case P50:
        return s.p50Ns;
    case P90:
        return s.p90Ns;
    case Slowest:
        return s.maxNs;
    case KernelsPerIteration:
        return s.kernelsP50;
    case Regularity:
        return s.regularity;
    case Compute:
        return shareOfSpan(s, s.computeNs);
    case CommOnly:
        return shareOfSpan(s, s.commOnlyNs);
    case CopiesOnly:
        return shareOfSpan(s, s.copyOnlyNs);
    case HostWait:
        return shareOfSpan(s, s.idleByCauseNs[IdleGap::HostWait]);
    default:
        return shareOfSpan(s, s.idleNs);
    }
}

QVariant IterationTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == HostWait)
        return tr("Idle time in gaps the host caused: the call launching the work after the gap started after the "
                  "gap began (the GPU waited for the CPU to enqueue)");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Gpu:
        return tr("GPU");
    case Anchor:
        return tr("Anchor kernel");
    case Iterations:
        return tr("Iterations");
    case P50:
        return tr("p50");
    case P90:
        return tr("p90");
    case Slowest:
        return tr("Slowest");
    case KernelsPerIteration:
        return tr("Kernels / iteration");
    case Regularity:
        return tr("Iterations with that many");
    case Compute:
        return tr("Compute");
    case CommOnly:
        return tr("Communication only");
    case CopiesOnly:
        return tr("Copies only");
    case Idle:
        return tr("Idle");
    case HostWait:
        return tr("Waiting for the host");
    default:
        return {};
    }
}

EvidenceRequest IterationTableModel::slowestEvidence(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    const IterationStats& s = m_analysis->iterations[size_t(row)];
    const Trace& t = *m_analysis->trace;
    std::vector<quint32> kernels;
    if (const auto it = t.kernelsByDevice.find(quint16(s.deviceId)); it != t.kernelsByDevice.end())
        for (const quint32 k : it->second)
            if (m_analysis->kernelInWindow[k] && t.kernels.start[k] >= s.slowestStartNs
                && t.kernels.start[k] < s.slowestEndNs)
                kernels.push_back(k);
    // The SQL selects the same rows however many there are (only 1000 rowids are listed).
    const AnalysisWindow& w = m_analysis->window;
    const QString predicate = QStringLiteral("deviceId = %1 AND start >= %2 AND start < %3 AND start BETWEEN %4 AND %5")
                                  .arg(s.deviceId)
                                  .arg(s.slowestStartNs)
                                  .arg(s.slowestEndNs)
                                  .arg(w.startNs)
                                  .arg(w.endNs);
    EvidenceRequest r;
    r.evidence = { EvidenceBuilder::rows(tables::kKernel, t.kernels.rowid, std::move(kernels), predicate) };
    r.title = tr("Slowest iteration of GPU %1 (#%2)").arg(s.deviceId).arg(s.slowest);
    r.detail = tr("%1, from one launch of %2 to the next; the median iteration takes %3.")
                   .arg(formatDuration(s.maxNs), display(s, Anchor).toString(), formatDuration(s.p50Ns));
    r.evidence.front().startNs = s.slowestStartNs;
    r.evidence.front().endNs = s.slowestEndNs;
    r.evidence.front().deviceId = s.deviceId;
    return r;
}

} // namespace sl
