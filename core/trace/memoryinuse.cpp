// SPDX-License-Identifier: MIT
#include "core/trace/memoryinuse.h"

#include "core/trace/memoryusagetable.h"

#include <algorithm>

namespace sl {

std::map<int, MemoryInUse> MemoryInUse::byDevice(const MemoryUsageTable& m)
{
    std::map<int, MemoryInUse> out;
    for (qsizetype i = 0; i < m.size(); ++i) {
        MemoryInUse& d = out[m.device[size_t(i)]];
        d.t.push_back(m.start[size_t(i)]);
        d.bytes.push_back((d.bytes.empty() ? 0 : d.bytes.back()) + m.delta(i));
    }
    for (auto& [device, d] : out) {
        const qint64 lowest = std::min<qint64>(0, *std::min_element(d.bytes.begin(), d.bytes.end()));
        d.baselineBytes = -lowest;
        for (qint64& v : d.bytes)
            v -= lowest;
    }
    return out;
}

} // namespace sl
