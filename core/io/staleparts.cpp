// SPDX-License-Identifier: MIT
#include "core/io/staleparts.h"

#include "core/util/filetime.h"

#include <QDateTime>
#include <QDirIterator>
#include <QFile>

#include <sys/stat.h>

namespace sl {

qint64 StaleParts::currentNs() { return QDateTime::currentMSecsSinceEpoch() * 1'000'000; }

bool StaleParts::removeIfStale(const QString& path, qint64 modifiedNs, qint64 nowNs)
{
    return isStale(modifiedNs, nowNs) && QFile::remove(path);
}

int StaleParts::removeIn(const QString& dir, const QStringList& partPatterns, qint64 nowNs)
{
    int removed = 0;
    // Times from stat(2), not QFileInfo, which turns each into local time (core/util/filetime.h).
    QDirIterator it(dir, partPatterns, QDir::Files | QDir::Hidden | QDir::CaseSensitive);
    while (it.hasNext()) {
        const QString path = it.next();
        struct stat st
        {
        };
        if (::stat(QFile::encodeName(path).constData(), &st) == 0 && removeIfStale(path, fileTimeNs(st.st_mtim), nowNs))
            ++removed;
    }
    return removed;
}

} // namespace sl
