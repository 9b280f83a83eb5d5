// SPDX-License-Identifier: MIT
#pragma once

class QTableView;

namespace sl {

/// How every data table of the explorer is set up: whole rows selected, several at once; fixed
/// row heights and no ResizeToContents (with millions of rows either would measure rows); no
/// row numbers; interactive column widths; Copy as TSV (TableCopy).
class TableSetup
{
public:
    static void apply(QTableView* view);
};

} // namespace sl
