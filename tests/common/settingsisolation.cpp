// SPDX-License-Identifier: MIT
#include "tests/common/settingsisolation.h"

#include <QCoreApplication>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>

namespace sl::test {

bool isolateSettings(const QTemporaryDir& dir, const QString& application)
{
    if (!dir.isValid()) {
        qWarning("settings folder not created: %s", qPrintable(dir.errorString()));
        return false;
    }
    QCoreApplication::setOrganizationName(QStringLiteral("SightlineTest"));
    QCoreApplication::setApplicationName(application);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
    // The trace cache (QStandardPaths::CacheLocation) goes there too, not into the user's.
    qputenv("XDG_CACHE_HOME", QFile::encodeName(dir.filePath(QStringLiteral("cache"))));
    return true;
}

} // namespace sl::test
