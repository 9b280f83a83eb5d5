// SPDX-License-Identifier: MIT
#pragma once

#include <QStyledItemDelegate>

namespace sl {

/// Paints a finding's severity cell on a colour that reads at a glance (high red, medium amber,
/// low blue, info grey). The model stays colour-free (core has no QtGui); the colour is chosen
/// here from FindingsModel::SeverityRole.
class SeverityDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;
};

} // namespace sl
