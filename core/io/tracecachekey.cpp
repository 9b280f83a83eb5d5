// SPDX-License-Identifier: MIT
#include "core/io/tracecachekey.h"

#include "core/util/filehash.h"
#include "core/util/filetime.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDataStream>
#include <QFile>
#include <QFileInfo>
#include <QLocale>

#include <sys/stat.h>

namespace sl {

namespace {

constexpr qint64 kEdgeBytes = 1 << 20;

/// The executable's size and modification time: a rebuilt Sightline never serves a model
/// cached by another build, even when the version number did not change.
/// Computed once (a thread-safe static): keys are made on worker threads, and Qt's
/// applicationFilePath() fills an unsynchronised cache on its first call (two threads racing on it
/// leak a string); the mains call it before any thread starts, this keeps it to one call here.
QString buildIdentity()
{
    if (!QCoreApplication::instance())
        return QStringLiteral(SIGHTLINE_VERSION);
    static const QString id = [] {
        const QFileInfo exe(QCoreApplication::applicationFilePath());
        return QStringLiteral(SIGHTLINE_VERSION "/%1/%2").arg(exe.size()).arg(exe.lastModified().toMSecsSinceEpoch());
    }();
    return id;
}

} // namespace

std::optional<TraceCacheKey> TraceCacheKey::of(const QString& path)
{
    struct stat st;
    if (::stat(QFile::encodeName(path).constData(), &st) != 0 || !S_ISREG(st.st_mode))
        return std::nullopt;
    TraceCacheKey k;
    k.size = qint64(st.st_size);
    k.modifiedNs = fileTimeNs(st.st_mtim);
    k.changedNs = fileTimeNs(st.st_ctim);
    k.device = quint64(st.st_dev);
    k.inode = quint64(st.st_ino);
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    // The same SHA-256 as before (cache files stay valid), by FileHash's faster implementation.
    const QByteArray head = f.read(kEdgeBytes);
    QByteArray tail;
    if (k.size > kEdgeBytes && f.seek(std::max(kEdgeBytes, k.size - kEdgeBytes)))
        tail = f.read(kEdgeBytes);
    k.edges = FileHash::sha256Of({ head, tail });
    if (k.edges.isEmpty())
        return std::nullopt;
    k.build = buildIdentity();
    k.language = QLocale().name();
    return k;
}

QByteArray TraceCacheKey::digest() const
{
    QByteArray bytes;
    QDataStream s(&bytes, QIODevice::WriteOnly);
    s << size << modifiedNs << changedNs << device << inode << edges << build << language;
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256);
}

} // namespace sl
