// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/tracesearch.h"

#include <QAbstractTableModel>

namespace sl {

/// The hits of a TraceSearch, one row per matching name: kind, name, count and total time in
/// the window. Sorting goes through SortRole (numbers, not text).
class SearchResultModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Kind, Name, Count, Total, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit SearchResultModel(QObject* parent = nullptr);

    /// `trace` resolves names; it must outlive the result (kept by shared pointer).
    void setResult(TracePtr trace, SearchResult result);
    void clear();
    const SearchResult& result() const { return m_result; }
    const SearchHit* hit(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    TracePtr m_trace;
    SearchResult m_result;
};

} // namespace sl
