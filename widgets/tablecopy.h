// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QString>

class QTableView;

namespace sl {

/// "Copy as TSV" for any table view: the selected cells of the visible columns, a header line
/// first, one line per selected row, tabs inside cells replaced by spaces (so the result pastes
/// into a spreadsheet column by column).
class TableCopy
{
    Q_DECLARE_TR_FUNCTIONS(TableCopy)
public:
    /// Adds a Copy action (Ctrl+C and the context menu) to `view`.
    static void install(QTableView* view);
    static QString selectionAsTsv(const QTableView* view);
};

} // namespace sl
