// SPDX-License-Identifier: MIT
#include "core/report/outputset.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

namespace sl {

namespace {
/// write(2) until done; false with errno set on any failure (EFBIG, ENOSPC, EDQUOT, EIO…).
bool writeFully(int fd, const QByteArray& data)
{
    const char* p = data.constData();
    qsizetype left = data.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, size_t(left));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        if (n == 0) {
            errno = EIO;
            return false;
        }
        p += n;
        left -= n;
    }
    return true;
}

/// fsync and close every descriptor (each set to -1), on up to four threads: on a file system
/// without a journal (or a disk that flushes per request) each fsync waits for its own flush, and
/// four in flight took 23 files of 20 KB (a report writes 22) from 3.2-4.2 ms to 1.5-2.2 ms. Plain threads, not the
/// worker pool: an fsync waits on the disk, not the CPU, and on a pool busy with an analysis
/// parallelFor would run them one after another on the caller.
/// Returns each file's errno (0 when fsync and close succeeded).
std::vector<int> syncAndClose(std::vector<int>& fds)
{
    std::vector<int> errors(fds.size(), 0);
    std::atomic<size_t> next { 0 };
    const auto work = [&] {
        for (size_t i; (i = next.fetch_add(1)) < fds.size();) {
            const int fd = std::exchange(fds[i], -1);
            int e = ::fsync(fd) != 0 ? errno : 0;
            if (::close(fd) != 0 && e == 0)
                e = errno; // NFS and some FUSE file systems report a failed write only here
            errors[i] = e;
        }
    };
    std::vector<std::thread> helpers;
    helpers.reserve(3); // so that no started thread is lost to a reallocation that throws
    try {
        for (size_t t = 1; t < std::min<size_t>(4, fds.size()); ++t)
            helpers.emplace_back(work);
    } catch (...) {
        // No thread to spare (system_error) or no memory: this one does the rest.
    }
    work();
    for (std::thread& h : helpers)
        h.join();
    return errors;
}

QString errnoText(int e) { return QString::fromLocal8Bit(std::strerror(e)); }

/// Makes the entries renamed into `folder` durable. A failure loses nothing already written: the
/// files are complete, in the old place or the new, whatever the crash.
void syncFolder(const QString& folder)
{
    const int fd = ::open(QFile::encodeName(folder).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

bool isLink(const QString& path)
{
    struct stat st
    {
    };
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISLNK(st.st_mode);
}
} // namespace

OutputSet::OutputSet(QString dir)
    : m_dir(std::move(dir))
{
}

void OutputSet::add(const QString& relativePath, QByteArray data) { m_files.append({ relativePath, std::move(data) }); }

bool OutputSet::prepareFolders(QString* error) const
{
    if (m_dir.isEmpty()) {
        *error = tr("No output folder was given.");
        return false;
    }
    const QFileInfo root(m_dir);
    if (root.exists() && !root.isDir()) {
        *error = tr("%1 exists and is not a folder.").arg(QDir::toNativeSeparators(m_dir));
        return false;
    }
    if (!QDir().mkpath(m_dir)) {
        *error = tr("Cannot create the folder %1.").arg(QDir::toNativeSeparators(m_dir));
        return false;
    }
    QSet<QString> subs;
    for (const auto& f : m_files) {
        const qsizetype slash = f.first.indexOf(QLatin1Char('/'));
        if (slash > 0)
            subs.insert(f.first.left(slash));
    }
    for (const QString& sub : std::as_const(subs)) {
        const QString path = QDir(m_dir).filePath(sub);
        // The output folder itself is the user's choice; a link inside it could point anywhere.
        if (isLink(path)) {
            *error = tr("%1 is a symbolic link: Sightline does not write through links out of the output folder.")
                         .arg(QDir::toNativeSeparators(path));
            return false;
        }
        if (QFileInfo::exists(path) && !QFileInfo(path).isDir()) {
            *error = tr("%1 exists and is not a folder.").arg(QDir::toNativeSeparators(path));
            return false;
        }
    }
    for (const auto& f : m_files) {
        const QString target = QDir(m_dir).filePath(f.first);
        if (!isLink(target) && QFileInfo(target).isDir()) {
            *error = tr("Cannot write %1: a folder of that name is in the way.").arg(QDir::toNativeSeparators(target));
            return false;
        }
    }
    return true;
}

void OutputSet::removeStaleStaging() const
{
    const QDir dir(m_dir);
    const auto entries
        = dir.entryList({ stagingPrefix() + QLatin1Char('*') }, QDir::Dirs | QDir::Hidden | QDir::NoSymLinks);
    for (const QString& name : entries) {
        // ".sightline-staging-<pid>-XXXXXX": only a folder whose process is gone is stale.
        const QStringList parts = name.mid(stagingPrefix().size()).split(QLatin1Char('-'));
        bool ok = false;
        const qint64 pid = parts.value(0).toLongLong(&ok);
        if (!ok || pid <= 0 || pid == qint64(::getpid()))
            continue;
        if (::kill(pid_t(pid), 0) == 0 || errno != ESRCH)
            continue;
        QDir(dir.filePath(name)).removeRecursively();
    }
}

bool OutputSet::stageFiles(const QString& staging, QStringList* staged, QString* error) const
{
    // Every file is written first and fsync'ed only afterwards: the first fsync commits the one
    // journal transaction that holds all of them (ext4, xfs), so the others find their data on disk
    // already. An fsync right after each write cost one journal commit per file (22 for a report,
    // 15-200 ms on a busy disk). The descriptors stay open until their fsync and close have been
    // checked (at most one per file of the set, a few dozen).
    std::vector<int> fds;
    struct CloseAll
    {
        std::vector<int>* fds;
        ~CloseAll()
        {
            for (const int fd : *fds)
                if (fd >= 0)
                    ::close(fd);
        }
    } closeAll { &fds };
    const auto fail = [&](qsizetype i, int e) {
        *error = tr("Cannot write %1: %2. Nothing was changed in %3.")
                     .arg(QDir::toNativeSeparators(QDir(m_dir).filePath(m_files[i].first)), errnoText(e),
                         QDir::toNativeSeparators(m_dir));
        return false;
    };
    for (int i = 0; i < m_files.size(); ++i) {
        const QString path = QDir(staging).filePath(QString::number(i));
        const int fd
            = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
        if (fd < 0)
            return fail(i, errno);
        fds.push_back(fd);
        if (!writeFully(fd, m_files[i].second))
            return fail(i, errno);
#if defined(__linux__) && defined(SYNC_FILE_RANGE_WRITE)
        // This file's writeback starts now, while the next ones are written: the fsyncs below
        // then wait for writes already under way (a report's 22 files: 4.9 ms of fsync became
        // 3.2 ms). Advice only: a failure changes nothing, the fsync still decides.
        ::sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
#endif
        *staged << path;
    }
    const std::vector<int> errors = syncAndClose(fds);
    for (size_t i = 0; i < errors.size(); ++i)
        if (errors[i] != 0)
            return fail(qsizetype(i), errors[i]);
    return true;
}

bool OutputSet::commit(QString* error)
{
    if (!prepareFolders(error))
        return false;
    removeStaleStaging();

    // mkdtemp: a fresh folder only this user can enter, so no file in it can be a planted link.
    QByteArray stagingTemplate = QFile::encodeName(
        QDir(m_dir).filePath(stagingPrefix() + QString::number(qint64(::getpid())) + QStringLiteral("-XXXXXX")));
    if (!::mkdtemp(stagingTemplate.data())) {
        *error = tr("Cannot write to the folder %1: %2").arg(QDir::toNativeSeparators(m_dir), errnoText(errno));
        return false;
    }
    const QString staging = QFile::decodeName(stagingTemplate);
    struct Cleanup
    {
        QString path;
        ~Cleanup() { QDir(path).removeRecursively(); }
    } cleanup { staging };

    QStringList staged;
    if (!stageFiles(staging, &staged, error))
        return false;
    // Sub-folders only now: a failed export leaves no empty tables/ behind.
    for (const auto& f : std::as_const(m_files)) {
        const QString folder = QFileInfo(QDir(m_dir).filePath(f.first)).absolutePath();
        if (!QDir().mkpath(folder)) {
            *error = tr("Cannot create the folder %1.").arg(QDir::toNativeSeparators(folder));
            return false;
        }
    }
    // Every byte is on disk: now the renames, which need no space. The first file added (the
    // report's main file) is renamed last, and only after the folders that received the others
    // (and the output folder, which holds the entries of new sub-folders) were fsync'ed, so its
    // presence means the set is complete, after a crash too. A folder's fsync that fails is not
    // an error (the files are complete, in their old place or their new one): the order is then
    // the file system's.
    QSet<QString> folders { QFileInfo(m_dir).absoluteFilePath() };
    for (qsizetype i = m_files.size() - 1; i >= 0; --i) {
        if (i == 0)
            for (const QString& folder : std::as_const(folders))
                syncFolder(folder);
        const QString target = QDir(m_dir).filePath(m_files[i].first);
        if (std::rename(QFile::encodeName(staged[i]).constData(), QFile::encodeName(target).constData()) != 0) {
            *error = tr("Cannot replace %1: %2").arg(QDir::toNativeSeparators(target), errnoText(errno));
            return false;
        }
        folders.insert(QFileInfo(target).absolutePath());
    }
    syncFolder(m_dir);
    return true;
}

} // namespace sl
