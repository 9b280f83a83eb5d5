// SPDX-License-Identifier: MIT
#include "widgets/itemactivation.h"

#include <QAbstractItemView>
#include <QEvent>

namespace sl {

ItemActivation::ItemActivation(QAbstractItemView* view, Handler handler, Trigger trigger)
    : QObject(view)
    , m_handler(std::move(handler))
{
    // Mouse events reach the viewport, keys the view: whichever came last says where an
    // `activated` comes from.
    view->viewport()->installEventFilter(this);
    view->installEventFilter(this);
    if (trigger == Trigger::ClickOrKey)
        QObject::connect(view, &QAbstractItemView::clicked, this, [this](const QModelIndex& index) {
            if (index.isValid())
                m_handler(index);
        });
    QObject::connect(view, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
        if (index.isValid() && !m_mouse)
            m_handler(index);
    });
}

void ItemActivation::connect(QAbstractItemView* view, Handler handler, Trigger trigger)
{
    new ItemActivation(view, std::move(handler), trigger); // owned by the view
}

bool ItemActivation::eventFilter(QObject*, QEvent* event)
{
    switch (event->type()) {
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonRelease:
    case QEvent::MouseButtonDblClick:
        m_mouse = true;
        break;
    case QEvent::KeyPress:
    case QEvent::ShortcutOverride:
        m_mouse = false;
        break;
    default:
        break;
    }
    return false;
}

} // namespace sl
