// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

class QTemporaryDir;

namespace sl::test {

/// Keeps a suite's settings out of the user's: QSettings' user scope (native and INI formats)
/// points into `dir`, under organisation "SightlineTest" and application `application`
/// (the suite's name). Call first in initTestCase(); false, with a warning, when `dir` could not
/// be created (the suite must not run against the real settings then).
[[nodiscard]] bool isolateSettings(const QTemporaryDir& dir, const QString& application);

} // namespace sl::test
