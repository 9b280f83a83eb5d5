// SPDX-License-Identifier: MIT
#include "widgets/severitydelegate.h"

#include "core/analysis/finding.h"
#include "core/models/findingsmodel.h"

namespace sl {

void SeverityDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const QVariant severity = index.data(FindingsModel::SeverityRole);
    if (!severity.isValid())
        return;
    QColor colour;
    switch (Finding::Severity(severity.toInt())) {
    case Finding::Severity::High:
        colour = QColor(0xd9, 0x48, 0x3b);
        break;
    case Finding::Severity::Medium:
        colour = QColor(0xe8, 0xa2, 0x02);
        break;
    case Finding::Severity::Low:
        colour = QColor(0x4a, 0x86, 0xc8);
        break;
    case Finding::Severity::Info:
        colour = QColor(0x9e, 0x9e, 0x9e);
        break;
    }
    option->backgroundBrush = colour;
    option->palette.setColor(QPalette::Text, Qt::white);
    option->palette.setColor(QPalette::HighlightedText, Qt::white);
    option->font.setBold(true);
    option->displayAlignment = Qt::AlignCenter;
}

} // namespace sl
