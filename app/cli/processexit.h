// SPDX-License-Identifier: MIT
#pragma once

#include <memory>

namespace sl::cli {

/// How sightline-cli ends once a command has returned (issue 20). Its outputs are complete by
/// then: reports are written atomically before a command returns, and a trace being cached is
/// waited for here. What is left is giving memory back, which the kernel does at once when the
/// process ends; destroying a loaded trace and its analysis, joining the thread pool and running
/// Qt's and the C++ runtime's exit work first took 6–10 ms of a 101 k-kernel `analyze`.
/// A sanitized build ends the ordinary way, so that LeakSanitizer still sees every leak.
class ProcessExit
{
public:
    /// Keeps `object` alive until the process ends (a sanitized build: until the caller lets go).
    static void keep(std::shared_ptr<const void> object);
    /// Waits for cache writes, flushes stdout and stderr, and ends the process with `code`
    /// (a sanitized build returns `code` for main to return).
    static int finish(int code);
};

} // namespace sl::cli
