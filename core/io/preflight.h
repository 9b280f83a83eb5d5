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
};

} // namespace sl
