// SPDX-License-Identifier: MIT
#include "core/util/workerpool.h"

#include <QFuture>
#include <QSemaphore>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <QtGlobal>

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <vector>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace sl {

namespace {
struct Pool : QThreadPool
{
    Pool()
    {
        setObjectName(QStringLiteral("sightline-workers"));
        setMaxThreadCount(QThread::idealThreadCount());
    }
};
QThreadPool& cacheWriterPool()
{
    static QThreadPool* const pool = [] {
        auto* p = new QThreadPool;
        p->setObjectName(QStringLiteral("sightline-cache-writer"));
        p->setMaxThreadCount(1);
        return p;
    }();
    return *pool;
}

/// Raises this thread's nice value by `delta` (once per thread).
void lowerThisThreadsPriority(int delta)
{
#ifdef Q_OS_LINUX
    // Linux keeps a nice value per thread: PRIO_PROCESS with a thread id sets this thread's only.
    thread_local const bool lowered
        = ::setpriority(PRIO_PROCESS, id_t(::syscall(SYS_gettid)), std::min(19, ::getpriority(PRIO_PROCESS, 0) + delta))
        == 0;
    Q_UNUSED(lowered);
#else
    Q_UNUSED(delta);
#endif
}
} // namespace

void parallelFor(size_t n, const std::function<void(size_t)>& f)
{
    std::atomic<size_t> next { 0 };
    std::mutex failedMutex;
    std::exception_ptr failed; // the first item's exception; then no item is taken any more
    // The helpers use this frame: nothing may leave it while one runs, so work() never throws and
    // every helper started is waited for (bad_alloc in a lane summary at 5 M kernels is real).
    const auto work = [&]() noexcept {
        try {
            for (size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;)
                f(i);
        } catch (...) {
            const std::lock_guard lock(failedMutex);
            if (!failed)
                failed = std::current_exception();
            next.store(n, std::memory_order_relaxed);
        }
    };
    const size_t threads = std::min(n, size_t(std::max(1, workerPool()->maxThreadCount())));
    std::vector<QFuture<void>> helpers;
    helpers.reserve(threads);
    try {
        for (size_t h = 1; h < threads; ++h)
            helpers.push_back(QtConcurrent::run(workerPool(), work));
    } catch (...) {
        // No memory for another helper: the ones started and this thread do the items.
    }
    work();
    // A helper still queued is taken off the queue and run here (it finds no item left).
    for (QFuture<void>& h : helpers)
        h.waitForFinished();
    if (failed)
        std::rethrow_exception(failed);
}

void startCacheWrite(std::function<void()> write)
{
    cacheWriterPool().start([write = std::move(write)] {
        lowerThisThreadsPriority(10);
        write();
    });
}

void waitForCacheWrites() { cacheWriterPool().waitForDone(); }

void lowerWorkerPoolPriority()
{
    QThreadPool* pool = workerPool();
    pool->setExpiryTimeout(-1); // a thread started later would have the process's nice value
    const int threads = pool->maxThreadCount();
    // Every task waits until all have started: each runs on a thread of its own, so every thread
    // is lowered. Shared state, and a bounded wait: a thread the pool cannot start now (a process
    // limit) only delays its task, which finds the gate open.
    struct Gate
    {
        QSemaphore started, open;
    };
    const auto gate = std::make_shared<Gate>();
    for (int t = 0; t < threads; ++t)
        pool->start([gate] {
            lowerThisThreadsPriority(5);
            gate->started.release();
            gate->open.acquire();
        });
    gate->started.tryAcquire(threads, 2000);
    gate->open.release(threads);
}

QThreadPool* workerPool()
{
    // Destroyed at exit like Qt's global pool: its destructor waits for a job still winding down
    // (a cancelled load) rather than let it run into destroyed statics.
    static Pool pool;
    return &pool;
}

} // namespace sl
