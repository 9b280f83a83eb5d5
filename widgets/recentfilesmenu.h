// SPDX-License-Identifier: MIT
#pragma once

#include <QMenu>

namespace sl {

/// File › Open Recent: rebuilt from Settings::recentFiles() each time it opens (so another
/// window's or a test's change shows), with Clear at the bottom. The window connects
/// fileChosen to its open path; Settings keeps the list.
class RecentFilesMenu : public QMenu
{
    Q_OBJECT
public:
    explicit RecentFilesMenu(QWidget* parent = nullptr);

    /// Refills the menu from the settings (also called before every show).
    void rebuild();

signals:
    void fileChosen(const QString& path);
};

} // namespace sl
