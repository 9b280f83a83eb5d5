// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QString>

class QTableView;

namespace sl {

/// "Copy as TSV" for any table view: a header line, then one line per selected row, over the
/// visible selected columns, tabs inside cells replaced by spaces (so the result pastes into a
/// spreadsheet column by column). Built from the selection's ranges: a selection of millions of
/// rows costs no QModelIndex per cell.
class TableCopy
{
    Q_DECLARE_TR_FUNCTIONS(TableCopy)
public:
    /// Adds a Copy action (Ctrl+C and the context menu) to `view`.
    static void install(QTableView* view);
    static QString selectionAsTsv(const QTableView* view);
};

} // namespace sl
