// SPDX-License-Identifier: MIT
#include "widgets/deltadelegate.h"

namespace sl {

DeltaDelegate::DeltaDelegate(int directionRole, QObject* parent)
    : QStyledItemDelegate(parent)
    , m_role(directionRole)
{
}

QColor DeltaDelegate::better() { return QColor(0x1a, 0x7f, 0x37); }

QColor DeltaDelegate::worse() { return QColor(0xcf, 0x22, 0x2e); }

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
