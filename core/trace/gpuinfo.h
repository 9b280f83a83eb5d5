// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace sl {

/// One row of TARGET_INFO_GPU: the GPU's identity and the limits the occupancy calculator needs.
/// Zero means "not recorded".
struct GpuInfo
{
    int deviceId = -1; ///< TARGET_INFO_GPU.id == CUDA deviceId of activity rows
    QString name;
    QString chipName;
    int smCount = 0;
    int computeMajor = 0;
    int computeMinor = 0;
    qint64 totalMemory = 0; ///< bytes
    qint64 clockRate = 0; ///< Hz
    qint64 memoryBandwidth = 0; ///< bytes/s
    int threadsPerWarp = 0;
    int maxThreadsPerBlock = 0;
    int maxWarpsPerSm = 0;
    int maxBlocksPerSm = 0;
    int maxRegistersPerSm = 0;
    int maxRegistersPerBlock = 0;
    int maxShmemPerSm = 0; ///< bytes
    int maxShmemPerBlock = 0; ///< bytes
    int maxShmemPerBlockOptin = 0; ///< bytes
};

} // namespace sl
