// SPDX-License-Identifier: MIT
#pragma once

#include "core/timeline/timelinedata.h"

#include <QFuture>
#include <QMutex>

#include <deque>

namespace sl {

/// Shares TimelineData between the Timeline and NVTX docks and across re-analyses of the same
/// trace (changing the window re-runs the analysis, not the summaries). Keyed by the trace and
/// the hash of its colour keys; holds the data weakly plus the kKeepRecent most recent builds
/// strongly, so switching between two traces does not rebuild either.
///
/// Builds run on the global thread pool, one at a time: a request for other data cancels a
/// pending build (the last request wins; the machine has two cores). Call from any thread.
class TimelineCache
{
public:
    static constexpr int kKeepRecent = 2;

    /// The process-wide cache the docks share.
    static TimelineCache& shared();

    /// A finished future when the data is cached; else the pending build for the same trace and
    /// keys, or a new one. Progress is reported 0–1000. Computing the keys' hash reads the
    /// analysis' per-name and per-range keys: O(names + ranges), about 1 ms per million ranges.
    QFuture<TimelineDataPtr> request(const AnalysisPtr& analysis);
    /// The data already built for `analysis` (its trace and colour keys), or null; builds nothing.
    TimelineDataPtr find(const AnalysisResult& analysis) const;
    /// Holds `data` as if built for `analysis` (restored from the result cache on a reopen): the
    /// views' request() then finds it.
    void adopt(const TimelineDataPtr& data, const AnalysisResult& analysis);
    /// Starts building the data of `trace` for `keys` ahead of a request (an analysis still
    /// running: Analyzer::ViewInputsReady) unless it is cached or another build is pending — a
    /// prefetch never cancels a build somebody waits for. The request with the finished
    /// analysis then joins this build.
    void prefetch(const TracePtr& trace, TimelineData::Keys keys);
    /// Cancels the pending build, if any.
    void cancel();
    /// Drops what the cache holds of `trace` (a closed trace): its data keeps the trace alive.
    void forget(const Trace* trace);
    /// Forgets everything (tests).
    void clear();
    /// Builds started so far (tests check that a re-analysis reuses the data).
    int buildCount() const;

private:
    struct Entry
    {
        const Trace* trace = nullptr;
        size_t hash = 0;
        std::weak_ptr<const TimelineData> data;
    };
    struct Pending
    {
        const Trace* trace = nullptr;
        size_t hash = 0;
        QFuture<TimelineDataPtr> future;
        std::shared_ptr<std::atomic<bool>> cancel;
    };
    void store(const TimelineDataPtr& data, size_t hash);
    /// The cached data of (trace, hash), or null; m_mutex held.
    TimelineDataPtr cachedLocked(const Trace* trace, size_t hash);
    /// Starts a build, cancelling the pending one; m_mutex held.
    QFuture<TimelineDataPtr> startLocked(const TracePtr& trace, TimelineData::Keys keys, size_t hash);

    mutable QMutex m_mutex;
    std::vector<Entry> m_entries;
    std::deque<TimelineDataPtr> m_recent;
    Pending m_pending;
    int m_builds = 0;
};

} // namespace sl
