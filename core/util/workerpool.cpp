// SPDX-License-Identifier: MIT
#include "core/util/workerpool.h"

#include <QFuture>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <QtGlobal>

#include <algorithm>
#include <atomic>
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

void lowerThisThreadsPriority()
{
#ifdef Q_OS_LINUX
    // Linux keeps a nice value per thread: PRIO_PROCESS with a thread id sets this thread's only.
    thread_local const bool lowered
        = ::setpriority(PRIO_PROCESS, id_t(::syscall(SYS_gettid)), std::min(19, ::getpriority(PRIO_PROCESS, 0) + 10))
        == 0;
    Q_UNUSED(lowered);
#endif
}
} // namespace

void parallelFor(size_t n, const std::function<void(size_t)>& f)
{
    std::atomic<size_t> next { 0 };
    const auto work = [&] {
        for (size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;)
            f(i);
    };
    std::vector<QFuture<void>> helpers;
    for (size_t h = 1; h < n && h < size_t(std::max(1, workerPool()->maxThreadCount())); ++h)
        helpers.push_back(QtConcurrent::run(workerPool(), work));
    work();
    // A helper still queued is taken off the queue and run here (it finds no item left).
    for (QFuture<void>& h : helpers)
        h.waitForFinished();
}

void startCacheWrite(std::function<void()> write)
{
    cacheWriterPool().start([write = std::move(write)] {
        lowerThisThreadsPriority();
        write();
    });
}

void waitForCacheWrites() { cacheWriterPool().waitForDone(); }

QThreadPool* workerPool()
{
    // Destroyed at exit like Qt's global pool: its destructor waits for a job still winding down
    // (a cancelled load) rather than let it run into destroyed statics.
    static Pool pool;
    return &pool;
}

} // namespace sl
