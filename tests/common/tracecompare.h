// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/dataquality.h"
#include "core/trace/gpuopcolumns.h"
#include "core/trace/kerneltable.h"
#include "core/trace/launchconfigtable.h"

namespace sl::test {

/// Column by column: the seven columns every GPU operation table shares.
bool sameOps(const GpuOpColumns& a, const GpuOpColumns& b);
/// The end of every row (ns), read through the table's endOf().
template <class Table> std::vector<qint64> endsOf(const Table& t)
{
    std::vector<qint64> v(size_t(t.size()));
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = t.endOf(i);
    return v;
}

/// Every kernel column, configuration indices included.
bool sameKernels(const KernelTable& a, const KernelTable& b);
/// The same configurations under the same indices.
bool sameConfigs(const LaunchConfigTable& a, const LaunchConfigTable& b);
/// The same data-quality entries in the same order: rule, table, count, SQL and listed rowids.
bool sameQuality(const DataQuality& a, const DataQuality& b);

} // namespace sl::test
