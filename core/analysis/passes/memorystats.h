// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QVector>

#include <optional>
#include <vector>

namespace sl {

/// GPU memory in use on one device (docs/analysis.md "GPU memory"), from the allocation and
/// free events of the whole capture. Bytes; times in ns.
struct MemoryDeviceStats
{
    int deviceId = -1;
    qint64 events = 0; ///< allocations and frees on the device (whole capture)
    /// The lane: memory in use after each event (B), from the capture's first event; a free of
    /// memory allocated before the capture would go below zero, so the series is raised by
    /// `baselineBytes` to keep its lowest point at 0.
    std::vector<qint64> t, inUse;
    qint64 baselineBytes = 0;
    qint64 peakBytes = 0; ///< the most in use during the window
    qint64 peakNs = 0; ///< when the window's peak was first reached
    qint64 totalBytes = 0; ///< the GPU's memory (TARGET_INFO_GPU), 0 unknown
    std::optional<qint64> headroomBytes; ///< totalBytes − peakBytes when the total is known

    /// Memory in use at `ns` (the last event at or before it; baseline before the first).
    qint64 inUseAt(qint64 ns) const;
    /// The most in use during [fromNs, toNs].
    qint64 peakBetween(qint64 fromNs, qint64 toNs) const;
};

struct MemoryProcessStats
{
    quint32 pid = 0;
    int deviceId = -1;
    qint64 peakBytes = 0; ///< the most this process held on the device during the window
};

struct MemoryPhaseStats
{
    QString phase;
    qint64 steps = 0; ///< window steps of the phase
    qint64 peakBytes = 0; ///< the most in use on a GPU of the step's process during any of them
};

/// Everything the memory analysis produced (AnalysisResult::memory).
struct MemoryStats
{
    QVector<MemoryDeviceStats> devices; ///< device id ascending
    QVector<MemoryProcessStats> processes; ///< pid, then device ascending
    QVector<MemoryPhaseStats> phases; ///< phases with window steps, phase-map order
    /// Allocation churn: CUDA allocation and free API calls in the window (cudaMalloc*, cudaFree*,
    /// cuMemAlloc*, cuMemFree*, cudaMallocAsync/FreeAsync, pinned host cudaMallocHost/FreeHost).
    qint64 allocCalls = 0, freeCalls = 0, callHostNs = 0;
    /// The ones made on a step's thread while the step was open: on the step's critical path.
    std::vector<quint32> inStepCalls; ///< ApiTable indices, start order
    qint64 inStepHostNs = 0;
    qint64 stepWallNs = 0; ///< Σ window step durations the share is taken of

    bool present() const { return !devices.isEmpty() || allocCalls + freeCalls > 0; }
};

} // namespace sl
