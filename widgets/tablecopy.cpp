// SPDX-License-Identifier: MIT
#include "widgets/tablecopy.h"

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
    QModelIndexList indexes = view->selectionModel()->selectedIndexes();
    if (indexes.isEmpty())
        return {};
    std::sort(indexes.begin(), indexes.end(), [](const QModelIndex& a, const QModelIndex& b) {
        return a.row() != b.row() ? a.row() < b.row() : a.column() < b.column();
    });
    const auto clean = [](QString s) { return s.replace(QLatin1Char('\t'), QLatin1Char(' ')); };
    const QAbstractItemModel* model = view->model();
    QStringList header;
    for (int c = 0; c < model->columnCount(); ++c)
        if (!view->isColumnHidden(c))
            header << clean(model->headerData(c, Qt::Horizontal).toString());
    QStringList lines { header.join(QLatin1Char('\t')) };
    int row = -1;
    QStringList cells;
    for (const QModelIndex& i : std::as_const(indexes)) {
        if (view->isColumnHidden(i.column()))
            continue;
        if (i.row() != row) {
            if (row >= 0)
                lines << cells.join(QLatin1Char('\t'));
            cells.clear();
            row = i.row();
        }
        cells << clean(i.data(Qt::DisplayRole).toString());
    }
    lines << cells.join(QLatin1Char('\t'));
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace sl
