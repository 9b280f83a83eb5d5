// SPDX-License-Identifier: MIT
#include "widgets/tablesetup.h"

#include "widgets/tablecopy.h"

#include <QHeaderView>
#include <QTableView>

namespace sl {

void TableSetup::apply(QTableView* view)
{
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view->setWordWrap(false);
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    TableCopy::install(view);
}

} // namespace sl
