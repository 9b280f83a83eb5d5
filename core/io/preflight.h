// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/loadoutcome.h"

namespace sl {

/// Checks on the file before any SQL, without ever creating, locking or blocking on anything:
/// it exists and its folders can be searched, it is a regular file (a FIFO or device is refused
/// before it is opened), readable, not empty, not a .nsys-rep, starts with the SQLite header,
/// not shorter than its header says; and it can be read `immutable` (see
/// SqliteConnection): no other program holds a write lock on it, no hot `-journal` and no
/// `-wal` with content lies beside it. Returns LoadError::None when the file may be opened;
/// otherwise `message` says what is wrong (translated, names the file).
class Preflight
{
public:
    static LoadError check(const QString& path, QString* message, qint64* fileSize = nullptr);

private:
    // The steps of check(), members so that their tr() calls keep check()'s translation context.
    /// By stat only (never opened): the path exists, is no folder, no report, a regular file.
    static LoadError checkPath(const QString& path, const QByteArray& native, QString* message);
    /// The descriptor `fd` of `size` bytes starts with a complete SQLite header and is not
    /// shorter than it says.
    static LoadError checkHeader(int fd, qint64 size, const QString& path, QString* message);
    /// An immutable read sees the export as it is: no writer, no -wal with content, no hot -journal.
    static LoadError checkSideFiles(int fd, const QByteArray& native, const QString& path, QString* message);
};

} // namespace sl
