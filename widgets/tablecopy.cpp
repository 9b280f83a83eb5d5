// SPDX-License-Identifier: MIT
#include "widgets/tablecopy.h"

#include "core/models/rowwindowmodel.h"
#include "widgets/windowedtable.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QItemSelectionModel>
#include <QTableView>

#include <algorithm>

namespace sl {

void TableCopy::install(QTableView* view)
{
    auto* copy = new QAction(tr("Copy as TSV"), view);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    QObject::connect(copy, &QAction::triggered, view, [view] {
        const QString text = selectionAsTsv(view);
        if (!text.isEmpty())
            QApplication::clipboard()->setText(text);
    });
    view->addAction(copy);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
}

QString TableCopy::selectionAsTsv(const QTableView* view)
{
    const QItemSelection selection = view->selectionModel()->selection();
    const QAbstractItemModel* model = view->model();
    std::vector<int> rows;
    std::vector<bool> column(size_t(model->columnCount()), false);
    if (const auto* table = qobject_cast<const WindowedTable*>(view->parentWidget()); table && table->view() == view) {
        // A window of a longer list: the selection over every row, whole rows, of the source.
        model = table->rowWindow()->sourceModel();
        for (const auto& [a, b] : table->selectedSourceRows())
            for (int r = a; r <= b; ++r)
                rows.push_back(r);
        column.assign(column.size(), true);
    } else {
        for (const QItemSelectionRange& range : selection) {
            for (int r = range.top(); r <= range.bottom(); ++r)
                rows.push_back(r);
            for (int c = range.left(); c <= range.right(); ++c)
                column[size_t(c)] = true;
        }
    }
    if (rows.empty())
        return {};
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    std::vector<int> columns;
    for (int c = 0; c < int(column.size()); ++c)
        if (column[size_t(c)] && !view->isColumnHidden(c))
            columns.push_back(c);
    const auto clean = [](QString s) { return s.replace(QLatin1Char('\t'), QLatin1Char(' ')); };
    QString text;
    for (int c : columns)
        text += (c == columns.front() ? QString() : QStringLiteral("\t"))
            + clean(model->headerData(c, Qt::Horizontal).toString());
    text += QLatin1Char('\n');
    for (int r : rows) {
        for (int c : columns) {
            if (c != columns.front())
                text += QLatin1Char('\t');
            text += clean(model->index(r, c).data(Qt::DisplayRole).toString());
        }
        text += QLatin1Char('\n');
    }
    return text;
}

} // namespace sl
