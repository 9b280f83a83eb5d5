// SPDX-License-Identifier: MIT
#include "core/io/staleparts.h"

#include "core/util/filetime.h"

#include <QDateTime>
#include <QDirIterator>
#include <QFile>

#include <algorithm>
#include <sys/stat.h>

namespace sl {

qint64 StaleParts::currentNs() { return QDateTime::currentMSecsSinceEpoch() * 1'000'000; }

bool StaleParts::removeIfStale(const QString& path, qint64 modifiedNs, qint64 nowNs)
{
    return isStale(modifiedNs, nowNs) && QFile::remove(path);
}

int StaleParts::removeIn(const QString& dir, const QStringList& partPrefixes, qint64 nowNs)
{
    int removed = 0;
    // Times from stat(2), not QFileInfo, which turns each into local time (core/util/filetime.h).
    QDirIterator it(dir, QDir::Files | QDir::Hidden);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString name = it.fileName();
        if (std::none_of(
                partPrefixes.begin(), partPrefixes.end(), [&](const QString& p) { return name.startsWith(p); }))
            continue;
        struct stat st
        {
        };
        if (::stat(QFile::encodeName(path).constData(), &st) == 0 && removeIfStale(path, fileTimeNs(st.st_mtim), nowNs))
            ++removed;
    }
    return removed;
}

} // namespace sl
