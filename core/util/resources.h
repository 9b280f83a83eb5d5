// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

namespace sl {

/// Reads a resource compiled into sightline_core (core.qrc). A static library's resources must
/// be registered explicitly before first use; this does it once.
QByteArray readCoreResource(const QString& path);

} // namespace sl
