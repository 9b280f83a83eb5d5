// SPDX-License-Identifier: MIT
#include "widgets/deltadelegate.h"

#include "widgets/categorypalette.h"

namespace sl {

DeltaDelegate::DeltaDelegate(int directionRole, QObject* parent)
    : QStyledItemDelegate(parent)
    , m_role(directionRole)
{
}

QColor DeltaDelegate::better() { return CategoryPalette::better(); }

QColor DeltaDelegate::worse() { return CategoryPalette::worse(); }

void DeltaDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const int direction = index.data(m_role).toInt();
    if (direction == 0)
        return;
    const QColor c = direction > 0 ? better() : worse();
    option->palette.setColor(QPalette::Text, c);
    option->palette.setColor(QPalette::HighlightedText, c.lighter(170));
}

} // namespace sl
