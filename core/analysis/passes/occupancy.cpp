// SPDX-License-Identifier: MIT
#include "core/analysis/passes/occupancy.h"

#include <algorithm>

namespace sl {

namespace {
qint64 ceilTo(qint64 v, qint64 unit) { return (v + unit - 1) / unit * unit; }
qint64 floorTo(qint64 v, qint64 unit) { return v / unit * unit; }
} // namespace

std::optional<Occupancy::Result> Occupancy::theoretical(const LaunchConfig& c, const GpuInfo& gpu)
{
    const qint64 warpSize = gpu.threadsPerWarp > 0 ? gpu.threadsPerWarp : 32;
    const qint64 threads = qint64(c.threadsPerBlock());
    if (gpu.maxWarpsPerSm <= 0 || gpu.maxBlocksPerSm <= 0 || threads <= 0)
        return std::nullopt;
    if (gpu.maxThreadsPerBlock > 0 && threads > gpu.maxThreadsPerBlock)
        return std::nullopt;
    const qint64 warpsPerBlock = (threads + warpSize - 1) / warpSize;

    Result r;
    qint64 blocks = gpu.maxBlocksPerSm;
    r.limiter = Limiter::Blocks;
    const qint64 byWarps = gpu.maxWarpsPerSm / warpsPerBlock;
    if (byWarps < blocks) {
        blocks = byWarps;
        r.limiter = Limiter::Warps;
    }

    if (c.registersPerThread > 0 && gpu.maxRegistersPerSm > 0) {
        const qint64 regsPerWarp = ceilTo(qint64(c.registersPerThread) * warpSize, 256);
        if (gpu.maxRegistersPerBlock > 0 && regsPerWarp * warpsPerBlock > gpu.maxRegistersPerBlock)
            return std::nullopt;
        const qint64 warpsByRegs = floorTo(gpu.maxRegistersPerSm / regsPerWarp, 4);
        const qint64 byRegs = warpsByRegs / warpsPerBlock;
        if (byRegs < blocks) {
            blocks = byRegs;
            r.limiter = Limiter::Registers;
        }
    }

    const qint64 smem = qint64(c.staticSharedMemory) + c.dynamicSharedMemory;
    if (smem > 0 && gpu.maxShmemPerSm > 0) {
        const bool ampereOrLater = gpu.computeMajor >= 8;
        const qint64 perBlock = ceilTo(smem + (ampereOrLater ? 1024 : 0), ampereOrLater ? 128 : 256);
        const qint64 optin = std::max(gpu.maxShmemPerBlockOptin, gpu.maxShmemPerBlock);
        if (optin > 0 && smem > optin)
            return std::nullopt;
        const qint64 bySmem = gpu.maxShmemPerSm / perBlock;
        if (bySmem < blocks) {
            blocks = bySmem;
            r.limiter = Limiter::SharedMemory;
        }
    }
    r.activeBlocksPerSm = int(std::max<qint64>(0, blocks));
    r.occupancy = double(r.activeBlocksPerSm * warpsPerBlock) / double(gpu.maxWarpsPerSm);
    return r;
}

} // namespace sl
