// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/loadoutcome.h"

namespace sl {

/// Cheap checks on the file before any SQL: exists, is a file, readable, not empty, not a
/// .nsys-rep, starts with the SQLite header, not shorter than its header says. Returns
/// LoadError::None when the file may be opened.
class Preflight
{
public:
    static LoadError check(const QString& path, QString* message);
};

} // namespace sl
