// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/gpuinfo.h"
#include "core/trace/launchconfigtable.h"

#include <optional>

namespace sl {

/// Theoretical occupancy from a launch configuration and the GPU's limits, with the CUDA
/// occupancy calculator's rules: warps per block rounded up; registers allocated per warp in
/// units of 256 with a warp allocation granularity of 4; shared memory per block rounded up to
/// 128 B (256 B before compute capability 8.0) plus 1 KB reserved per block from 8.0 on.
class Occupancy
{
public:
    enum class Limiter { Warps, Blocks, Registers, SharedMemory };
    struct Result
    {
        double occupancy = 0; ///< active warps / max warps per SM, [0, 1]
        int activeBlocksPerSm = 0;
        Limiter limiter = Limiter::Warps;
    };
    /// nullopt when the GPU's limits are unknown or the configuration cannot launch.
    static std::optional<Result> theoretical(const LaunchConfig& c, const GpuInfo& gpu);
};

} // namespace sl
