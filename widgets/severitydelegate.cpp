// SPDX-License-Identifier: MIT
#include "widgets/severitydelegate.h"

#include "core/analysis/findings/finding.h"
#include "core/models/findingsmodel.h"
#include "widgets/categorypalette.h"

namespace sl {

void SeverityDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const QVariant severity = index.data(FindingsModel::SeverityRole);
    if (!severity.isValid())
        return;
    option->backgroundBrush = CategoryPalette::severity(Finding::Severity(severity.toInt()));
    option->palette.setColor(QPalette::Text, Qt::white);
    option->palette.setColor(QPalette::HighlightedText, Qt::white);
    option->font.setBold(true);
    option->displayAlignment = Qt::AlignCenter;
}

} // namespace sl
