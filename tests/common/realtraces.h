// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

namespace sl::test {

/// The real exports named by SIGHTLINE_REAL_TRACES (a folder), sorted; empty when unset.
/// Tests that need them QSKIP with realTracesSkipReason() when this is empty.
QStringList realTraces();
QString realTracesSkipReason();

} // namespace sl::test
