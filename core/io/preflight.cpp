// SPDX-License-Identifier: MIT
#include "core/io/preflight.h"

#include "core/util/nativepath.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sl {

namespace {
// The context lupdate files these calls under (they sit in Preflight's check steps, a class
// without Q_OBJECT): with any other context the translation would never be found at run time.
QString tr(const char* s) { return QCoreApplication::translate("sl::Preflight", s); }

quint32 bigEndian32(const uchar* p)
{
    return (quint32(p[0]) << 24) | (quint32(p[1]) << 16) | (quint32(p[2]) << 8) | quint32(p[3]);
}

QString systemError(int err) { return QString::fromLocal8Bit(std::strerror(err)); }

/// `e`, with `m` in `message` (when wanted).
LoadError fail(QString* message, LoadError e, const QString& m)
{
    if (message)
        *message = m;
    return e;
}

/// Closes a descriptor on every return path.
struct Fd
{
    int fd = -1;
    ~Fd()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

// SQLite's locking protocol (os_unix.c): POSIX record locks on bytes of the database file from
// PENDING_BYTE (1 GiB): PENDING, RESERVED, then 510 SHARED bytes; in WAL mode the writer lock is
// byte 120 of the -shm file. A writer (RESERVED, PENDING or EXCLUSIVE) holds a *write* lock on
// one of them; readers hold read locks only. F_GETLK asks whether a read lock would conflict,
// i.e. whether some other process writes, without taking any lock ourselves.
constexpr off_t kPendingByte = 0x40000000;
constexpr off_t kLockRange = 2 + 510;
constexpr off_t kWalWriteLockByte = 120;

/// The pid of another process holding a write lock on [start, start+len) of `fd`, 0 when the
/// lock has no pid (an OFD lock), -1 when nobody does.
pid_t writerPid(int fd, off_t start, off_t len)
{
    struct flock fl
    {
    };
    fl.l_type = F_RDLCK;
    fl.l_whence = SEEK_SET;
    fl.l_start = start;
    fl.l_len = len;
    if (::fcntl(fd, F_GETLK, &fl) != 0 || fl.l_type == F_UNLCK)
        return -1;
    return fl.l_pid > 0 ? fl.l_pid : 0;
}

/// The size of `native` when it exists as a regular file, else -1 (stat only: never opened).
qint64 sideFileSize(const QByteArray& native)
{
    struct stat st
    {
    };
    if (::stat(native.constData(), &st) != 0 || !S_ISREG(st.st_mode))
        return -1;
    return qint64(st.st_size);
}
} // namespace

LoadError Preflight::check(const QString& path, QString* message, qint64* fileSize)
{
    const QString name = NativePath::displayName(path);
    const QByteArray native = NativePath::encode(path);
    if (native.isEmpty())
        return fail(message, LoadError::MissingFile, tr("No trace file was given."));
    if (const LoadError e = checkPath(path, native, message); e != LoadError::None)
        return e;
    // O_NONBLOCK: if the path was swapped for a FIFO since the stat, open still returns at once.
    Fd f { ::open(native.constData(), O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK) };
    if (f.fd < 0) {
        const int err = errno;
        if (err == EACCES || err == EPERM)
            return fail(message, LoadError::Unreadable,
                tr("%1 cannot be read: permission denied. Ask for read access, or copy the trace.").arg(name));
        return fail(message, LoadError::Unreadable, tr("%1 cannot be read: %2").arg(path, systemError(err)));
    }
    struct stat st
    {
    };
    if (::fstat(f.fd, &st) != 0 || !S_ISREG(st.st_mode))
        return fail(message, LoadError::NotRegularFile,
            tr("%1 is not a regular file (it is a pipe, socket or device). Sightline reads exported "
               "files only: save the export to a file first.")
                .arg(name));
    const qint64 size = qint64(st.st_size);
    if (fileSize)
        *fileSize = size;
    if (size == 0)
        return fail(message, LoadError::EmptyFile,
            tr("%1 is empty (0 bytes): the export did not finish or the copy failed.").arg(name));
    if (const LoadError e = checkHeader(f.fd, size, path, message); e != LoadError::None)
        return e;
    return checkSideFiles(f.fd, native, path, message);
}

LoadError Preflight::checkPath(const QString& path, const QByteArray& native, QString* message)
{
    const QString name = NativePath::displayName(path);
    // stat, not open: opening a FIFO for reading blocks until a writer appears (forever).
    struct stat st
    {
    };
    if (::stat(native.constData(), &st) != 0) {
        const int err = errno;
        if (err == ENOENT || err == ENOTDIR)
            return fail(message, LoadError::MissingFile, tr("%1: the file does not exist.").arg(path));
        if (err == EACCES)
            return fail(message, LoadError::FolderUnreadable,
                tr("%1 cannot be reached: a folder on its path cannot be read (permission denied). "
                   "Ask for access to the folder, or copy the trace somewhere readable.")
                    .arg(path));
        if (err == ENAMETOOLONG)
            return fail(message, LoadError::PathTooLong,
                tr("%1: the path is longer than the system accepts. Move the trace to a shorter path.").arg(name));
        return fail(message, LoadError::Unreadable, tr("%1 cannot be read: %2").arg(path, systemError(err)));
    }
    if (S_ISDIR(st.st_mode))
        return fail(message, LoadError::IsDirectory,
            tr("%1 is a directory. Open the trace.sqlite file inside it, exported with "
               "'nsys export --type sqlite'.")
                .arg(path));
    const QFileInfo fi(path);
    const QString suffix = fi.suffix().toLower();
    if (suffix == QLatin1String("nsys-rep") || suffix == QLatin1String("qdrep")) {
        return fail(message, LoadError::NsysReport,
            tr("%1 is an Nsight Systems report, not its SQLite export. Export it first with:\n"
               "  nsys export --type sqlite --output %2.sqlite %1")
                .arg(name, fi.completeBaseName()));
    }
    if (!S_ISREG(st.st_mode))
        return fail(message, LoadError::NotRegularFile,
            tr("%1 is not a regular file (it is a pipe, socket or device). Sightline reads exported "
               "files only: save the export to a file first.")
                .arg(name));
    return LoadError::None;
}

LoadError Preflight::checkHeader(int fd, qint64 size, const QString& path, QString* message)
{
    const QString name = NativePath::displayName(path);
    uchar h[100];
    const ssize_t got = ::pread(fd, h, sizeof h, 0);
    if (got < 0)
        return fail(message, LoadError::Unreadable, tr("%1 cannot be read: %2").arg(path, systemError(errno)));
    if (got < 16 || std::memcmp(h, "SQLite format 3\0", 16) != 0) {
        return fail(message, LoadError::NotSqlite,
            tr("%1 is not an SQLite database (it does not start with the SQLite header). "
               "Sightline opens the output of 'nsys export --type sqlite'.")
                .arg(name));
    }
    if (got < 100)
        return fail(
            message, LoadError::Truncated, tr("%1 is truncated: its 100-byte SQLite header is incomplete.").arg(name));
    // The header records the page size (offset 16, 1 means 65536) and the page count (offset 28,
    // valid when offset 92 equals the change counter at 24): a copy cut short is smaller.
    quint32 pageSize = (quint32(h[16]) << 8) | h[17];
    if (pageSize == 1)
        pageSize = 65536;
    const quint32 pageCount = bigEndian32(h + 28);
    if (pageCount > 0 && bigEndian32(h + 92) == bigEndian32(h + 24)) {
        const qint64 expected = qint64(pageSize) * pageCount;
        if (size < expected)
            return fail(message, LoadError::Truncated,
                tr("%1 is truncated: the database header says %2 bytes but the file has %3. "
                   "Copy the export again.")
                    .arg(name)
                    .arg(expected)
                    .arg(size));
    }
    return LoadError::None;
}

LoadError Preflight::checkSideFiles(int fd, const QByteArray& native, const QString& path, QString* message)
{
    const QString name = NativePath::displayName(path);
    // A writer first: its journal or log is in flux, and it explains a -journal or -wal better
    // than "hot journal" would.
    const QByteArray shm = native + "-shm";
    pid_t writer = writerPid(fd, kPendingByte, kLockRange);
    if (writer < 0 && sideFileSize(shm) > kWalWriteLockByte) {
        Fd s { ::open(shm.constData(), O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK) };
        if (s.fd >= 0)
            writer = writerPid(s.fd, kWalWriteLockByte, 1);
    }
    if (writer >= 0) {
        const QString who = writer > 0 ? tr(" (process %1)").arg(writer) : QString();
        return fail(message, LoadError::Locked,
            tr("%1 is locked: another program%2 is writing to it. Wait until it has finished "
               "(an export still running?), then open it again.")
                .arg(name, who));
    }
    const QByteArray wal = native + "-wal";
    if (const qint64 walSize = sideFileSize(wal); walSize > 0)
        return fail(message, LoadError::WalPending,
            tr("%1 has a write-ahead log beside it (%2, %3 bytes) whose changes are not in the file yet: "
               "the program that wrote it is still running or did not close it. Reading without the "
               "log would show an old state and merging it would write beside the file, which Sightline "
               "never does. Wait until the export has finished, or merge the log with "
               "\"sqlite3 %4 'PRAGMA wal_checkpoint(TRUNCATE)'\" (that writes to the export), or export it again.")
                .arg(name, NativePath::displayName(NativePath::decode(wal)))
                .arg(walSize)
                .arg(name));
    const QByteArray journal = native + "-journal";
    if (sideFileSize(journal) >= 8) {
        // A journal is hot when it starts with the journal magic (a zeroed header, as left by
        // journal_mode=PERSIST, means committed) and no writer holds it (checked above).
        static const uchar kJournalMagic[8] = { 0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7 };
        Fd j { ::open(journal.constData(), O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK) };
        uchar magic[8];
        if (j.fd >= 0 && ::pread(j.fd, magic, sizeof magic, 0) == 8 && std::memcmp(magic, kJournalMagic, 8) == 0)
            return fail(message, LoadError::HotJournal,
                tr("%1 has a hot journal beside it (%2): a program stopped in the middle of writing to "
                   "it, so the file may hold half a change. SQLite would roll it back by writing to the "
                   "export, which Sightline never does. Open a copy of both files once with sqlite3 (it "
                   "rolls the change back), or export it again.")
                    .arg(name, NativePath::displayName(NativePath::decode(journal))));
    }
    return LoadError::None;
}

} // namespace sl
