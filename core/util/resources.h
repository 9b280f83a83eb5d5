// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

#include <functional>

namespace sl {

/// Reads a resource compiled into sightline_core (core.qrc). A static library's resources must
/// be registered explicitly before first use; this does it once.
QByteArray readCoreResource(const QString& path);

/// Reads a user's rule file (phase map, taxonomy, math paths, GPU peaks) and hands its bytes to
/// `extend`. `cannotRead` is the translated message for an unreadable file (%1 the path, %2 the
/// reason); a parse error gets the file's name in front. The one way every rule table is extended.
bool extendFromUserFile(const QString& path, const QString& cannotRead,
    const std::function<bool(const QByteArray&, QString*)>& extend, QString* error);

} // namespace sl
