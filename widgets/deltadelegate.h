// SPDX-License-Identifier: MIT
#pragma once

#include <QStyledItemDelegate>

namespace sl {

/// Colours a cell's text by the direction the model reports in `directionRole`: +1 (better than
/// the baseline) green, −1 (worse) red, 0 unchanged. Models stay free of QColor (core has no
/// QtGui); the colour is decided here.
class DeltaDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    DeltaDelegate(int directionRole, QObject* parent = nullptr);

    static QColor better();
    static QColor worse();

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;

private:
    int m_role;
};

} // namespace sl
