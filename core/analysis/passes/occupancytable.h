// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/trace.h"

#include <optional>
#include <vector>

namespace sl {

/// Theoretical occupancy (core/analysis/passes/occupancy.h) of every launch configuration of a trace on
/// every device that ran kernels: devices × configurations entries (a few thousand), computed
/// once, so that a per-kernel lookup is O(1) for tables and sorting of millions of kernels.
/// Immutable after construction; read from any thread.
class OccupancyTable
{
public:
    OccupancyTable() = default;
    explicit OccupancyTable(const Trace& trace);

    /// Occupancy in [0, 1] of `config` on `device`; nullopt when the GPU's limits are not in the
    /// export or the configuration cannot launch.
    std::optional<double> at(quint16 device, quint32 config) const
    {
        const float v = raw(device, config);
        return v < 0 ? std::nullopt : std::optional<double>(v);
    }
    /// The same as a float, −1 when unknown (sort keys).
    float raw(quint16 device, quint32 config) const
    {
        if (device >= m_slotOfDevice.size() || m_slotOfDevice[device] < 0 || config >= m_configs)
            return -1.0f;
        return m_values[size_t(m_slotOfDevice[device]) * m_configs + config];
    }

private:
    std::vector<qint32> m_slotOfDevice; ///< deviceId → row of m_values, −1 for devices without kernels
    std::vector<float> m_values; ///< per (device slot, configuration), −1 unknown
    size_t m_configs = 0;
};

} // namespace sl
