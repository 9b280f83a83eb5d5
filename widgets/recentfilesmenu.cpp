// SPDX-License-Identifier: MIT
#include "widgets/recentfilesmenu.h"

#include "widgets/settings.h"

#include <QFileInfo>

namespace sl {

RecentFilesMenu::RecentFilesMenu(QWidget* parent)
    : QMenu(tr("Open &Recent"), parent)
{
    connect(this, &QMenu::aboutToShow, this, &RecentFilesMenu::rebuild);
    rebuild();
}

void RecentFilesMenu::rebuild()
{
    clear();
    const QStringList recent = Settings::instance()->recentFiles();
    for (const QString& path : recent) {
        QAction* a = addAction(QFileInfo(path).fileName());
        a->setToolTip(path);
        connect(a, &QAction::triggered, this, [this, path] { emit fileChosen(path); });
    }
    if (recent.isEmpty()) {
        addAction(tr("(none)"))->setEnabled(false);
        return;
    }
    addSeparator();
    connect(addAction(tr("Clear")), &QAction::triggered, Settings::instance(), &Settings::clearRecentFiles);
}

} // namespace sl
