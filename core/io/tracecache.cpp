// SPDX-License-Identifier: MIT
#include "core/io/tracecache.h"

#include "core/io/staleparts.h"
#include "core/io/tracecachelayout.h"
#include "core/util/filetime.h"
#include "core/util/logging.h"
#include "core/util/resourceusage.h"
#include "core/util/workerpool.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace sl {

namespace {

constexpr char kMagic[8] = { 'S', 'L', 'T', 'R', 'A', 'C', 'E', '\0' };
constexpr qint64 kHeaderBytes = 64; ///< magic 8, version 4, header size 4, key digest 32, payload 8, reserved 8

/// A file of the cache folder with its modification time (ns since the epoch) and size.
struct CacheFile
{
    QString path;
    qint64 mtimeNs = 0;
    qint64 bytes = 0;
};

bool statFile(const QString& path, CacheFile* f)
{
    struct stat st
    {
    };
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return false;
    *f = { path, fileTimeNs(st.st_mtim), qint64(st.st_size) };
    return true;
}

QByteArray header(const QByteArray& digest, quint64 payload)
{
    QByteArray h(kHeaderBytes, '\0');
    const quint32 version = TraceCache::kFormatVersion, size = kHeaderBytes;
    std::memcpy(h.data(), kMagic, 8);
    std::memcpy(h.data() + 8, &version, 4);
    std::memcpy(h.data() + 12, &size, 4);
    std::memcpy(h.data() + 16, digest.constData(), 32);
    std::memcpy(h.data() + 48, &payload, 8);
    return h;
}

/// A read-only mapping of a whole file. Not pre-faulted (MAP_POPULATE would make the whole file
/// resident in this process at once, on top of the columns being filled): pages come in as the
/// columns are copied (the kernel maps 64 KiB around each fault) and each column's pages are
/// dropped again once copied (CacheReader), so the mapping adds about one column to the peak.
struct Mapping
{
    const uchar* data = nullptr;
    qint64 size = 0;
    explicit Mapping(const QString& path)
    {
        const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return;
        struct stat st;
        if (::fstat(fd, &st) == 0 && st.st_size >= kHeaderBytes) {
            void* p = ::mmap(nullptr, size_t(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
            if (p != MAP_FAILED) {
                data = static_cast<const uchar*>(p), size = qint64(st.st_size);
                ::madvise(p, size_t(st.st_size), MADV_WILLNEED); // read ahead into the page cache
            }
        }
        ::close(fd);
    }
    ~Mapping()
    {
        if (data)
            ::munmap(const_cast<uchar*>(data), size_t(size));
    }
    Mapping(const Mapping&) = delete;
    Mapping& operator=(const Mapping&) = delete;
};

} // namespace

TraceCache::TraceCache(QString dir, qint64 capBytes)
    : m_dir(std::move(dir))
    , m_cap(capBytes)
{
}

QString TraceCache::defaultDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/traces");
}

QString TraceCache::fileFor(const TraceCacheKey& key) const
{
    return m_dir + QLatin1Char('/') + QString::fromLatin1(key.digest().toHex()) + QLatin1String(kSuffix);
}

std::shared_ptr<Trace> TraceCache::read(const TraceCacheKey& key, QString* why) const
{
    const QString path = fileFor(key);
    QString reason;
    auto miss = [&](const QString& r, bool remove) {
        if (why)
            *why = r;
        if (remove) {
            qCWarning(lcIo) << "trace cache: removing" << QFileInfo(path).fileName() << "-" << r;
            QFile::remove(path);
        }
        return std::shared_ptr<Trace>();
    };
    if (!QFileInfo::exists(path))
        return miss(QStringLiteral("not cached"), false);
    const Mapping map(path);
    if (!map.data)
        return miss(QStringLiteral("cannot be mapped or shorter than its header"), true);
    quint32 version = 0;
    quint64 payload = 0;
    std::memcpy(&version, map.data + 8, 4);
    std::memcpy(&payload, map.data + 48, 8);
    if (std::memcmp(map.data, kMagic, 8) != 0 || version != kFormatVersion)
        return miss(QStringLiteral("not a trace cache of format %1").arg(kFormatVersion), true);
    if (std::memcmp(map.data + 16, key.digest().constData(), 32) != 0)
        return miss(QStringLiteral("written for another export"), true);
    if (payload != quint64(map.size - kHeaderBytes))
        return miss(QStringLiteral("truncated or extended"), true);
    std::shared_ptr<Trace> trace(new Trace, [](Trace* t) {
        delete t;
        ResourceUsage::releaseFreedMemory();
    });
    if (!TraceCacheLayout::read(map.data + kHeaderBytes, payload, *trace, &reason))
        return miss(reason, true);
    markUsed(path);
    return trace;
}

void TraceCache::markUsed(const QString& path)
{
    QFile touch(path);
    if (touch.open(QIODevice::ReadOnly))
        touch.setFileTime(QDateTime::currentDateTimeUtc(), QFileDevice::FileModificationTime);
}

bool TraceCache::write(const Trace& trace, const TraceCacheKey& key, QString* error) const
{
    auto fail = [&](const QString& e) {
        if (error)
            *error = e;
        qCWarning(lcIo) << "trace cache:" << e;
        return false;
    };
    if (trace.memoryBytes() > m_cap)
        return fail(tr("%1 is larger than the trace cache's limit; it is not cached.").arg(trace.info.fileName));
    if (!QDir().mkpath(m_dir))
        return fail(tr("The trace cache folder %1 cannot be created.").arg(QDir::toNativeSeparators(m_dir)));
    QSaveFile f(fileFor(key));
    if (!f.open(QIODevice::WriteOnly))
        return fail(tr("The trace cache file %1 cannot be written: %2").arg(f.fileName(), f.errorString()));
    bool ok = f.write(header(key.digest(), 0)) == kHeaderBytes && TraceCacheLayout::write(f, trace);
    const quint64 payload = quint64(f.pos() - kHeaderBytes);
    ok = ok && f.seek(48) && f.write(reinterpret_cast<const char*>(&payload), 8) == 8;
    if (!ok || !f.commit()) {
        f.cancelWriting();
        return fail(tr("The trace cache file %1 cannot be written: %2").arg(f.fileName(), f.errorString()));
    }
    evict();
    return true;
}

void TraceCache::evict() const
{
    // File times from stat(2), not QFileInfo: Qt 6.4 turns every file time into local time, and
    // glibc with TZ unset stats /etc/localtime on each conversion. The sort by time (QDir::Time)
    // converted in every comparison: 278 k stats, 0.5 s of each cache write at 8,700 files.
    const qint64 nowNs = StaleParts::currentNs();
    std::vector<CacheFile> files;
    const QLatin1String suffixes[]
        = { QLatin1String(kSuffix), QLatin1String(kResultSuffix), QLatin1String(kDigestSuffix) };
    QStringList patterns;
    for (const QLatin1String& s : suffixes)
        patterns << QLatin1Char('*') + s << QLatin1Char('*') + s + QStringLiteral(".*");
    QDirIterator it(m_dir, patterns, QDir::Files | QDir::CaseSensitive); // the names endsWith() tells apart
    while (it.hasNext()) {
        CacheFile f;
        if (!statFile(it.next(), &f))
            continue;
        if (std::any_of(std::begin(suffixes), std::end(suffixes), [&](QLatin1String s) { return f.path.endsWith(s); }))
            files.push_back(std::move(f));
        else // QSaveFile's part of a cache file: a write that never finished, once stale
            StaleParts::removeIfStale(f.path, f.mtimeNs, nowNs);
    }
    std::sort(files.begin(), files.end(), [](const CacheFile& a, const CacheFile& b) {
        return a.mtimeNs != b.mtimeNs ? a.mtimeNs > b.mtimeNs : a.path < b.path;
    });
    qint64 total = 0;
    for (const CacheFile& f : files) { // newest first
        total += f.bytes;
        if (total > m_cap)
            QFile::remove(f.path);
    }
}

void TraceCache::writeLater(TracePtr trace, const TraceCacheKey& key, const QString& dir, qint64 capBytes)
{
    startCacheWrite([trace = std::move(trace), key, dir, capBytes] { TraceCache(dir, capBytes).write(*trace, key); });
}

void TraceCache::waitForWrites() { waitForCacheWrites(); }

} // namespace sl
