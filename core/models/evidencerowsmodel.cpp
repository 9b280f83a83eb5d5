// SPDX-License-Identifier: MIT
#include "core/models/evidencerowsmodel.h"

#include "core/trace/tablenames.h"
#include "core/util/format.h"

#include <algorithm>
#include <climits>

namespace sl {

EvidenceRowsModel::EvidenceRowsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

EvidenceRowsModel::Table EvidenceRowsModel::tableOf(const QString& exportTable)
{
    if (exportTable == tables::kKernel)
        return Table::Kernel;
    if (exportTable == tables::kRuntime)
        return Table::Api;
    if (exportTable == tables::kMemcpy)
        return Table::Memcpy;
    if (exportTable == tables::kMemset)
        return Table::Memset;
    if (exportTable == tables::kGraphTrace)
        return Table::Graph;
    if (exportTable == tables::kNvtxEvents)
        return Table::Nvtx;
    return Table::Unknown;
}

void EvidenceRowsModel::clear() { setEvidence(nullptr, {}); }

void EvidenceRowsModel::setFinding(AnalysisPtr analysis, int findingIndex)
{
    const bool valid = analysis && findingIndex >= 0 && findingIndex < analysis->findings.size();
    const QVector<Evidence> evidence = valid ? analysis->findings[findingIndex].evidence : QVector<Evidence> {};
    setEvidence(valid ? std::move(analysis) : nullptr, evidence);
}

void EvidenceRowsModel::setEvidence(AnalysisPtr analysis, const QVector<Evidence>& evidence)
{
    beginResetModel();
    m_analysis = std::move(analysis);
    m_evidence = m_analysis ? evidence : QVector<Evidence> {};
    m_segments.clear();
    m_rows = 0;
    {
        for (int e = 0; e < m_evidence.size(); ++e) {
            const Evidence& ev = m_evidence[e];
            // A time range (gap, warm-up) is one row of its own; listed rows follow it.
            const bool range = ev.startNs >= 0 && ev.endNs >= 0;
            if (range) {
                m_segments.push_back({ e, Table::Unknown, m_rows, 1, SegmentKind::TimeRange });
                m_rows += 1;
            }
            const Table table = tableOf(ev.table);
            if (table != Table::Unknown && !ev.rows.empty()) {
                m_segments.push_back({ e, table, m_rows, qint64(ev.rows.size()), SegmentKind::Rows });
                m_rows += qint64(ev.rows.size());
            } else if (!range && !ev.sql.isEmpty()) {
                m_segments.push_back({ e, Table::Unknown, m_rows, 1, SegmentKind::Query });
                m_rows += 1;
            }
        }
    }
    endResetModel();
}

const EvidenceRowsModel::Segment* EvidenceRowsModel::segmentOf(int row) const
{
    const auto it = std::upper_bound(
        m_segments.begin(), m_segments.end(), qint64(row), [](qint64 r, const Segment& s) { return r < s.first; });
    if (it == m_segments.begin())
        return nullptr;
    const Segment& s = *(it - 1);
    return row < s.first + s.count ? &s : nullptr;
}

std::pair<EvidenceRowsModel::Table, qint64> EvidenceRowsModel::source(int row) const
{
    const Segment* s = segmentOf(row);
    if (!s || s->kind != SegmentKind::Rows)
        return { Table::Unknown, -1 };
    const Evidence& e = m_evidence[s->evidence];
    return { s->table, qint64(e.rows[size_t(row - s->first)]) };
}

std::pair<qint64, qint64> EvidenceRowsModel::span() const
{
    qint64 lo = LLONG_MAX, hi = LLONG_MIN;
    for (const Segment& s : m_segments) {
        if (s.kind == SegmentKind::Query)
            continue;
        if (s.kind == SegmentKind::TimeRange) {
            const Evidence& e = m_evidence[s.evidence];
            lo = std::min(lo, e.startNs);
            hi = std::max(hi, e.endNs);
            continue;
        }
        for (qint64 r = s.first; r < s.first + s.count; ++r) {
            const auto [start, end] = interval(s, r);
            lo = std::min(lo, start);
            hi = std::max(hi, end);
        }
    }
    return lo == LLONG_MAX ? std::pair<qint64, qint64> { -1, -1 } : std::pair<qint64, qint64> { lo, hi };
}

std::pair<qint64, qint64> EvidenceRowsModel::interval(const Segment& s, qint64 row) const
{
    const Trace& t = *m_analysis->trace;
    const auto i = size_t(m_evidence[s.evidence].rows[size_t(row - s.first)]);
    if (const GpuOpColumns* op = columns(s.table))
        return { op->start[i], op->endOf(i) };
    if (s.table == Table::Nvtx)
        return { t.nvtx.start[i], t.nvtx.end[i] };
    return { t.api.start[i], t.api.endOf(i) };
}

const GpuOpColumns* EvidenceRowsModel::columns(Table table) const
{
    const Trace& t = *m_analysis->trace;
    switch (table) {
    case Table::Kernel:
        return &t.kernels;
    case Table::Memcpy:
        return &t.memcpy;
    case Table::Memset:
        return &t.memset;
    case Table::Graph:
        return &t.graphs;
    case Table::Api:
    case Table::Nvtx:
    case Table::Unknown:
        break;
    }
    return nullptr;
}

int EvidenceRowsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(std::min<qint64>(m_rows, INT_MAX));
}

int EvidenceRowsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant EvidenceRowsModel::data(const QModelIndex& index, int role) const
{
    if (role != Qt::DisplayRole && role != SortRole && role != StartRole && role != EndRole
        && role != Qt::TextAlignmentRole && role != Qt::ToolTipRole)
        return {};
    const Segment* s = index.isValid() ? segmentOf(index.row()) : nullptr;
    if (!s)
        return {};
    if (role == Qt::TextAlignmentRole)
        return index.column() == Name || index.column() == Source ? QVariant()
                                                                  : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    const Evidence& e = m_evidence[s->evidence];
    if (s->kind == SegmentKind::TimeRange)
        return rangeCell(e, index.column(), role);
    if (s->kind == SegmentKind::Query)
        return queryCell(e, index.column(), role);
    return cell(*s, qint64(e.rows[size_t(index.row() - s->first)]), index.column(), role);
}

QVariant EvidenceRowsModel::rangeCell(const Evidence& e, int column, int role) const
{
    if (role == StartRole)
        return e.startNs;
    if (role == EndRole)
        return e.endNs;
    const bool sort = role == SortRole;
    switch (Column(column)) {
    case Source:
        return tr("Time range");
    case Start:
        return sort ? QVariant(e.startNs) : QVariant(formatDuration(e.startNs - m_analysis->trace->firstNs));
    case Duration:
        return sort ? QVariant(e.endNs - e.startNs) : QVariant(formatDuration(e.endNs - e.startNs));
    case Name:
        return role == Qt::ToolTipRole ? QVariant(e.sql) : QVariant(tr("GPU work on the device in this range"));
    case Device:
        return e.deviceId >= 0 ? QVariant(e.deviceId) : QVariant();
    default:
        return {};
    }
}

QVariant EvidenceRowsModel::queryCell(const Evidence& e, int column, int role) const
{
    if (role == StartRole || role == EndRole)
        return qint64(-1);
    switch (Column(column)) {
    case Source:
        return tr("Query on %1").arg(e.table);
    case Name:
        return e.sql;
    default:
        return {};
    }
}

QVariant EvidenceRowsModel::cell(const Segment& s, qint64 i, int column, int role) const
{
    const Trace& t = *m_analysis->trace;
    const auto at = size_t(i);
    const GpuOpColumns* op = columns(s.table);
    const bool nvtx = s.table == Table::Nvtx; // NVTX ranges: a search result (TraceSearch)
    const qint64 start = op ? op->start[at] : nvtx ? t.nvtx.start[at] : t.api.start[at];
    const qint64 end = op ? op->endOf(at) : nvtx ? t.nvtx.end[at] : t.api.endOf(at);
    if (role == StartRole)
        return start;
    if (role == EndRole)
        return end;
    const bool sort = role == SortRole;
    switch (Column(column)) {
    case Source:
        switch (s.table) {
        case Table::Kernel:
            return tr("Kernel");
        case Table::Api:
            return tr("API call");
        case Table::Memcpy:
            return tr("Memory copy");
        case Table::Memset:
            return tr("Memset");
        case Table::Graph:
            return tr("Graph launch");
        case Table::Nvtx:
            return tr("NVTX range");
        case Table::Unknown:
            break;
        }
        return {};
    case Start:
        return sort ? QVariant(start) : QVariant(formatDuration(start - t.firstNs));
    case Duration:
        return sort ? QVariant(end - start) : QVariant(formatDuration(end - start));
    case Name:
        switch (s.table) {
        case Table::Kernel:
            return t.strings.at(role == Qt::ToolTipRole ? t.kernels.name[at] : t.kernels.shortNameOf(at));
        case Table::Api:
            return t.strings.at(t.api.name[at]);
        case Table::Memcpy:
            return tr("%1, %2").arg(Trace::memcpyKindLabel(t.memcpy.copyKind[at]), formatBytes(t.memcpy.bytes[at]));
        case Table::Memset:
            return formatBytes(t.memset.bytes[at]);
        case Table::Graph:
            return tr("graph %1").arg(t.graphs.graphId[at]);
        case Table::Nvtx:
            return t.strings.at(t.nvtx.name[at]);
        case Table::Unknown:
            break;
        }
        return {};
    case Process:
        return op ? op->pid[at] : nvtx ? t.nvtx.pid[at] : t.api.pid[at];
    case Thread: {
        if (op) {
            const qint32 a = op->api[at];
            return a >= 0 ? QVariant(t.api.tid[size_t(a)]) : QVariant();
        }
        return nvtx ? t.nvtx.tid[at] : t.api.tid[at];
    }
    case Device:
        return op ? QVariant(op->device[at]) : QVariant();
    case Stream:
        return op ? QVariant(op->stream[at]) : QVariant();
    case Rowid:
        return op ? op->rowid[at] : nvtx ? t.nvtx.rowid[at] : t.api.rowid[at];
    case ColumnCount:
        break;
    }
    return {};
}

QVariant EvidenceRowsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Source:
        return tr("Source");
    case Start:
        return tr("Start");
    case Duration:
        return tr("Duration");
    case Name:
        return tr("Name");
    case Process:
        return tr("PID");
    case Thread:
        return tr("TID");
    case Device:
        return tr("GPU");
    case Stream:
        return tr("Stream");
    case Rowid:
        return tr("rowid");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace sl
