// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/util/cancellation.h"

#include <limits>
#include <unordered_map>
#include <vector>

namespace sl {

/// Blocking synchronisation calls of one process, start-sorted, with the running maximum of
/// their ends: "does any blocking call overlap (a, b)?" is the count of calls starting before b.
struct SyncIntervals
{
    std::vector<qint64> start, maxEnd;
    /// `before`: the count of calls starting before an earlier query's b, updated to this b's.
    /// A device's gaps come in start order, so b only grows and the count moves forward a few
    /// calls (a binary search per gap, a cache miss per probe, was a third of the device pass);
    /// a b behind the count (or a count past the end: unknown) searches again.
    bool overlaps(qint64 a, qint64 b, size_t& before) const;
};
using SyncByPid = std::unordered_map<quint32, SyncIntervals>;

/// Per process, the union of the profiler's overhead (PROFILER_OVERHEAD).
using OverheadByPid = std::unordered_map<quint32, ProfilerOverheadTable::Union>;

/// What the gap causes are decided from: each process' blocking calls and profiler overhead.
struct CauseInputs
{
    SyncByPid sync;
    OverheadByPid overhead;
    /// Built in one pass over the API calls and one over the profiler's overhead (empty when
    /// cancelled).
    static CauseInputs of(const Trace& t, const Cancellation& cancel);
};

/// The cause class of an idle gap (spec §3 "Idle gaps"): profiler-overhead when the profiler's
/// own work in the process of the operation ending the gap (PROFILER_OVERHEAD: CUPTI buffer
/// flushes, which hold up its launching thread) covers at least half of the gap; else host-wait
/// when the call that launched that operation started after the gap began, sync-wait when a
/// blocking call of its process overlaps the gap, else other. The device pass classes every
/// device gap with it, the iteration pass the gaps of each loop's span.
class GapCauses
{
public:
    GapCauses(const Trace& t, const CauseInputs& inputs)
        : m_t(t)
        , m_syncByPid(inputs.sync)
        , m_overheadByPid(inputs.overhead)
    {
    }
    /// The cause of `g` (its nextApi: the call that launched the operation ending it, −1 none);
    /// `pid`: that operation's process.
    IdleGap::Cause of(const IdleGap& g, quint32 pid);

private:
    /// ns of [a, b) the selected process' profiler overhead covers.
    qint64 overheadIn(qint64 a, qint64 b) const;
    // Gaps of one device nearly always belong to one process: remember its sync calls and
    // profiler overhead (a hash lookup per gap would cost more than the rest of the cause).
    void select(quint32 pid);

    const Trace& m_t;
    const SyncByPid& m_syncByPid;
    const OverheadByPid& m_overheadByPid;
    quint32 m_pid = ~0u;
    const SyncIntervals* m_sync = nullptr;
    const ProfilerOverheadTable::Union* m_overhead = nullptr; ///< the selected process' union
    static constexpr size_t kUnknown = std::numeric_limits<size_t>::max(); ///< search again
    size_t m_before = kUnknown; ///< m_sync's calls starting before the last gap's end
};

} // namespace sl
