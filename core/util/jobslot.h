// SPDX-License-Identifier: MIT
#pragma once

#include "core/util/futurewatch.h"
#include "core/util/workerpool.h"

#include <QFuture>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <functional>
#include <memory>
#include <type_traits>

namespace sl {

/// The one pattern for a background job whose result an object shows (hotspot's JobTracker is
/// the model): the latest job wins. Starting a job cancels the one it supersedes — its flag is
/// set, so its loops stop at their next poll (Cancellation), and its future is cancelled — and
/// a result is applied only if no newer job started since, on the owner's thread, never after
/// the owner is gone (FutureWatch). One JobSlot per kind of result, a member of its owner.
class JobSlot
{
public:
    explicit JobSlot(QObject* owner)
        : m_owner(owner)
    {
    }
    ~JobSlot() { cancel(); }
    JobSlot(const JobSlot&) = delete;
    JobSlot& operator=(const JobSlot&) = delete;

    /// Runs `work(cancelFlag)` on the thread pool, then `apply(result)` on the owner's thread
    /// unless superseded or cancelled. `work` must not capture the owner.
    template <typename Work, typename Apply> void run(Work work, Apply apply)
    {
        using T = std::invoke_result_t<Work&, const std::atomic<bool>&>;
        auto flag = std::make_shared<std::atomic<bool>>(false);
        QFuture<T> f
            = QtConcurrent::run(workerPool(), [work = std::move(work), flag]() mutable { return work(*flag); });
        track(std::move(f), std::move(flag), std::move(apply));
    }
    /// The same for a job that already is a future (its promise is polled for cancel).
    template <typename T, typename Apply> void watch(QFuture<T> future, Apply apply)
    {
        track(std::move(future), nullptr, std::move(apply));
    }
    /// Cancels the running job (if any); its result will not be applied.
    void cancel()
    {
        ++m_generation;
        if (m_flag)
            m_flag->store(true, std::memory_order_relaxed);
        if (m_cancelFuture)
            m_cancelFuture();
        m_flag.reset();
        m_cancelFuture = {};
        m_busy = false;
    }
    /// A job was started and neither applied nor cancelled yet.
    bool isBusy() const { return m_busy; }

private:
    template <typename T, typename Apply>
    void track(QFuture<T> future, std::shared_ptr<std::atomic<bool>> flag, Apply apply)
    {
        cancel();
        const quint64 generation = m_generation;
        m_flag = std::move(flag);
        m_cancelFuture = [future]() mutable { future.cancel(); };
        m_busy = true;
        FutureWatch::onResult(m_owner, future, [this, generation, apply = std::move(apply)](T result) mutable {
            if (generation != m_generation)
                return; // a newer job supersedes this one
            m_flag.reset();
            m_cancelFuture = {};
            m_busy = false;
            apply(std::move(result));
        });
    }

    QObject* m_owner;
    quint64 m_generation = 0;
    bool m_busy = false;
    std::shared_ptr<std::atomic<bool>> m_flag;
    std::function<void()> m_cancelFuture;
};

} // namespace sl
