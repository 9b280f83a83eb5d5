// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

#include <map>
#include <vector>

namespace sl {

struct MemoryUsageTable;

/// GPU memory in use on one device after each of its allocation and free events (B), in start
/// order (docs/analysis.md "GPU memory"). Memory allocated before the capture is invisible
/// until freed, which would take the running sum below zero: the series is raised by
/// `baselineBytes` so that its lowest point is 0.
struct MemoryInUse
{
    std::vector<qint64> t; ///< ns
    std::vector<qint64> bytes;
    qint64 baselineBytes = 0;

    /// One series per device id, from the table (start-ordered, as MemoryUsageReader reads it).
    static std::map<int, MemoryInUse> byDevice(const MemoryUsageTable& m);
};

} // namespace sl
