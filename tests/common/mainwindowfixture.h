// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace sl {
class MainWindow;
}

namespace sl::test {

class TraceFixture;

/// The MainWindow suites' fixture (tst_mainwindowtraces, tst_mainwindowevidence, tst_mainwindowsettings).
inline const QString kLaunch = QStringLiteral("cudaLaunchKernel_v7000");

/// Three kernel names; "big" dominates (rowids 2, 4, 5).
void fillFixture(TraceFixture& fx);
/// Waits (up to 30 s) until the window has no load or analysis running.
bool waitIdle(MainWindow& w);

} // namespace sl::test
