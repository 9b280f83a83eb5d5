// SPDX-License-Identifier: MIT
#include "core/timeline/timelinecache.h"

#include "core/util/logging.h"
#include "core/util/workerpool.h"

#include <QElapsedTimer>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

namespace sl {

namespace {
QFuture<TimelineDataPtr> readyFuture(TimelineDataPtr data)
{
    QPromise<TimelineDataPtr> promise;
    QFuture<TimelineDataPtr> future = promise.future();
    promise.start();
    promise.addResult(std::move(data));
    promise.finish();
    return future;
}
} // namespace

TimelineCache& TimelineCache::shared()
{
    static TimelineCache cache;
    return cache;
}

QFuture<TimelineDataPtr> TimelineCache::request(const AnalysisPtr& analysis)
{
    if (!analysis || !analysis->trace)
        return readyFuture(nullptr);
    TimelineData::Keys keys = TimelineData::Keys::fromAnalysis(*analysis);
    const size_t hash = keys.hash();
    const Trace* trace = analysis->trace.get();

    QMutexLocker lock(&m_mutex);
    if (TimelineDataPtr data = cachedLocked(trace, hash))
        return readyFuture(std::move(data));
    if (m_pending.trace == trace && m_pending.hash == hash && !m_pending.future.isCanceled()
        && !m_pending.future.isFinished())
        return m_pending.future;
    return startLocked(analysis->trace, std::move(keys), hash);
}

void TimelineCache::prefetch(const TracePtr& trace, TimelineData::Keys keys)
{
    if (!trace)
        return;
    const size_t hash = keys.hash();
    QMutexLocker lock(&m_mutex);
    if (cachedLocked(trace.get(), hash) || (m_pending.future.isStarted() && !m_pending.future.isFinished()))
        return;
    startLocked(trace, std::move(keys), hash);
}

TimelineDataPtr TimelineCache::cachedLocked(const Trace* trace, size_t hash)
{
    std::erase_if(m_entries, [](const Entry& e) { return e.data.expired(); });
    for (const Entry& e : m_entries)
        if (e.trace == trace && e.hash == hash)
            if (TimelineDataPtr data = e.data.lock())
                return data;
    return nullptr;
}

QFuture<TimelineDataPtr> TimelineCache::startLocked(const TracePtr& trace, TimelineData::Keys keys, size_t hash)
{
    if (m_pending.cancel && !m_pending.future.isFinished()) {
        m_pending.cancel->store(true);
        m_pending.future.cancel();
    }
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    ++m_builds;
    m_pending = { trace.get(), hash, {}, cancel };
    m_pending.future = QtConcurrent::run(
        workerPool(),
        [this, hash, cancel](QPromise<TimelineDataPtr>& promise, const TracePtr& t, TimelineData::Keys k) {
            promise.setProgressRange(0, 1000);
            QElapsedTimer clock;
            clock.start();
            TimelineDataPtr data = TimelineData::build(t, std::move(k), cancel.get(), [&](int permille) {
                if (promise.isCanceled())
                    cancel->store(true);
                promise.setProgressValue(permille);
            });
            if (!data || cancel->load())
                return;
            qCDebug(lcAnalysis) << "timeline lanes built in" << clock.nsecsElapsed() / 1000 << "us";
            store(data, hash);
            promise.addResult(std::move(data));
        },
        trace, std::move(keys));
    return m_pending.future;
}

TimelineDataPtr TimelineCache::find(const AnalysisResult& analysis) const
{
    const size_t hash = TimelineData::Keys::fromAnalysis(analysis).hash();
    QMutexLocker lock(&m_mutex);
    for (const Entry& e : m_entries)
        if (e.trace == analysis.trace.get() && e.hash == hash)
            if (TimelineDataPtr data = e.data.lock())
                return data;
    return nullptr;
}

void TimelineCache::adopt(const TimelineDataPtr& data, const AnalysisResult& analysis)
{
    if (data && data->trace() == analysis.trace)
        store(data, TimelineData::Keys::fromAnalysis(analysis).hash());
}

void TimelineCache::store(const TimelineDataPtr& data, size_t hash)
{
    QMutexLocker lock(&m_mutex);
    m_entries.push_back({ data->trace().get(), hash, data });
    m_recent.push_back(data);
    while (m_recent.size() > size_t(kKeepRecent))
        m_recent.pop_front();
}

void TimelineCache::cancel()
{
    QMutexLocker lock(&m_mutex);
    if (m_pending.cancel)
        m_pending.cancel->store(true);
    m_pending.future.cancel();
}

void TimelineCache::forget(const Trace* trace)
{
    QMutexLocker lock(&m_mutex);
    std::erase_if(m_recent, [trace](const TimelineDataPtr& d) { return d->trace().get() == trace; });
    std::erase_if(m_entries, [trace](const Entry& e) { return e.trace == trace; });
    if (m_pending.trace == trace) {
        if (m_pending.cancel)
            m_pending.cancel->store(true);
        m_pending.future.cancel();
    }
}

void TimelineCache::clear()
{
    cancel();
    QMutexLocker lock(&m_mutex);
    m_entries.clear();
    m_recent.clear();
    m_pending = {};
}

int TimelineCache::buildCount() const
{
    QMutexLocker lock(&m_mutex);
    return m_builds;
}

} // namespace sl
