// SPDX-License-Identifier: MIT
#pragma once

#include <QModelIndex>
#include <QObject>

#include <functional>

class QAbstractItemView;

namespace sl {

/// One call per user activation of an item: a click, or Enter/Return on the current item. Qt's
/// own signals give two for one gesture (a double-click emits clicked, then activated; a style
/// that activates on a single click emits both on release), so the docks that open evidence on
/// a click listen to this instead of to both.
class ItemActivation : public QObject
{
    Q_OBJECT
public:
    using Handler = std::function<void(const QModelIndex&)>;
    /// What activates: a click or Enter; or Enter only, for a view that already acts on the
    /// current row changing (a click makes a row current).
    enum class Trigger { ClickOrKey, KeyOnly };
    /// Calls `handler` with the activated index of `view` (the view's model, e.g. a proxy's index);
    /// the connection lives as long as the view.
    static void connect(QAbstractItemView* view, Handler handler, Trigger trigger = Trigger::ClickOrKey);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    ItemActivation(QAbstractItemView* view, Handler handler, Trigger trigger);

    Handler m_handler;
    /// The last input to the view was the mouse: its `activated` repeats (or follows) a click.
    bool m_mouse = false;
};

} // namespace sl
