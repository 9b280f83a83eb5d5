// SPDX-License-Identifier: MIT
#include "tests/common/tracecompare.h"

namespace sl::test {

bool sameOps(const GpuOpColumns& a, const GpuOpColumns& b)
{
    return a.rowid == b.rowid && a.start == b.start && a.dur == b.dur && a.device == b.device && a.stream == b.stream
        && a.correlationId == b.correlationId && a.pid == b.pid && a.api == b.api;
}

bool sameKernels(const KernelTable& a, const KernelTable& b)
{
    return sameOps(a, b) && a.name == b.name && a.shortName == b.shortName && a.config == b.config
        && a.flags == b.flags;
}

bool sameConfigs(const LaunchConfigTable& a, const LaunchConfigTable& b) { return a.all() == b.all(); }

bool sameQuality(const DataQuality& a, const DataQuality& b)
{
    if (a.entries.size() != b.entries.size())
        return false;
    for (size_t i = 0; i < a.entries.size(); ++i) {
        const auto &x = a.entries[i], &y = b.entries[i];
        if (!(x.rule == y.rule && x.table == y.table && x.count == y.count && x.sql == y.sql && x.rowids == y.rowids))
            return false;
    }
    return true;
}

} // namespace sl::test
