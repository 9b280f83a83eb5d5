// SPDX-License-Identifier: MIT
#include "core/analysis/passes/occupancytable.h"

#include "core/analysis/passes/occupancy.h"

namespace sl {

OccupancyTable::OccupancyTable(const Trace& trace)
    : m_configs(size_t(trace.configs.size()))
{
    for (const auto& [device, kernels] : trace.kernelsByDevice) {
        if (device >= m_slotOfDevice.size())
            m_slotOfDevice.resize(size_t(device) + 1, -1);
        m_slotOfDevice[device] = qint32(m_values.size() / std::max<size_t>(1, m_configs));
        const GpuInfo* gpu = trace.gpu(device);
        for (size_t c = 0; c < m_configs; ++c) {
            const auto occ = gpu ? Occupancy::theoretical(trace.configs.at(quint32(c)), *gpu) : std::nullopt;
            m_values.push_back(occ ? float(occ->occupancy) : -1.0f);
        }
    }
}

} // namespace sl
