// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QAbstractTableModel>

#include <vector>

namespace sl {

/// The rows that prove a finding, from whichever export table they come from (kernels, API calls,
/// copies, memsets, graph launches), plus its time ranges (idle gaps, warm-up) and, for evidence
/// of an absence (no GPU records at all), the query that shows it. The evidence's
/// row lists are not copied: a row of the model is found through the prefix sums of their sizes,
/// so a finding with millions of evidence kernels costs a few bytes per evidence item.
class EvidenceRowsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Source, Start, Duration, Name, Process, Thread, Device, Stream, Rowid, ColumnCount };
    enum Role { SortRole = Qt::UserRole, StartRole, EndRole };
    enum class Table { Kernel, Api, Memcpy, Memset, Graph, Nvtx, Unknown };

    explicit EvidenceRowsModel(QObject* parent = nullptr);

    /// Shows the evidence of `findingIndex` in `analysis` (-1 or out of range: nothing).
    void setFinding(AnalysisPtr analysis, int findingIndex);
    /// Shows any evidence list of `analysis`'s trace (e.g. a comparison's links into one trace).
    void setEvidence(AnalysisPtr analysis, const QVector<Evidence>& evidence);
    void clear();
    const QVector<Evidence>& evidence() const { return m_evidence; }
    static Table tableOf(const QString& exportTable);

    /// Kind of export table and row index within the Trace table for a model row; Unknown for a time range.
    std::pair<Table, qint64> source(int row) const;
    /// Start and end (ns) of everything the evidence covers; {-1, -1} when empty.
    std::pair<qint64, qint64> span() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    enum class SegmentKind { Rows, TimeRange, Query };
    struct Segment
    {
        int evidence = 0; ///< index in Finding::evidence
        Table table = Table::Unknown;
        qint64 first = 0; ///< model row of the segment's first row
        qint64 count = 0; ///< rows (1 for a time range or a query)
        SegmentKind kind = SegmentKind::Rows;
    };
    const Segment* segmentOf(int row) const;
    QVariant cell(const Segment& s, qint64 i, int column, int role) const;
    QVariant rangeCell(const Evidence& e, int column, int role) const;
    QVariant queryCell(const Evidence& e, int column, int role) const;
    std::pair<qint64, qint64> interval(const Segment& s, qint64 row) const; ///< start, end (ns)
    const GpuOpColumns* columns(Table table) const; ///< null for API calls

    AnalysisPtr m_analysis;
    QVector<Evidence> m_evidence; ///< implicitly shared with the finding's list when from a finding
    std::vector<Segment> m_segments;
    qint64 m_rows = 0;
};

} // namespace sl
