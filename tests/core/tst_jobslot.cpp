// SPDX-License-Identifier: MIT
// JobSlot, the one background-job pattern of the views (issue 21.3): a newer job cancels the one
// it supersedes (its flag is seen by the running work), only the newest result is applied, on
// the owner's thread, and nothing is applied after cancel() or once the owner is gone.
#include "core/util/jobslot.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <chrono>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

using namespace sl;

namespace {

/// Work that runs until its flag is set (at most 10 s) and says whether it was cancelled.
int spinUntilCancelled(const std::atomic<bool>& cancel)
{
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!cancel.load() && std::chrono::steady_clock::now() < until)
        QThread::usleep(200);
    return cancel.load() ? -1 : -2;
}

} // namespace

class TestJobSlot : public QObject
{
    Q_OBJECT
private slots:
    void newerJobCancelsAndWins()
    {
        QObject owner;
        JobSlot slot(&owner);
        QList<int> applied;
        std::atomic<int> firstSaw { 0 };
        slot.run(
            [&firstSaw](const std::atomic<bool>& cancel) {
                const int r = spinUntilCancelled(cancel);
                firstSaw = r;
                return r;
            },
            [&](int r) { applied << r; });
        QVERIFY(slot.isBusy());
        QThread::msleep(20); // the first job is running
        slot.run([](const std::atomic<bool>&) { return 42; }, [&](int r) { applied << r; });
        QTRY_COMPARE(applied, QList<int> { 42 });
        QTRY_COMPARE(firstSaw.load(), -1); // the superseded work saw its cancel flag
        QVERIFY(!slot.isBusy());
        QTest::qWait(50); // nothing else arrives
        QCOMPARE(applied, QList<int> { 42 });
    }

    void cancelledJobIsNotApplied()
    {
        QObject owner;
        JobSlot slot(&owner);
        bool applied = false;
        slot.run([](const std::atomic<bool>&) { return 1; }, [&](int) { applied = true; });
        slot.cancel();
        QVERIFY(!slot.isBusy());
        QTest::qWait(100);
        QVERIFY(!applied);
    }

    void watchedFutureIsCancelledWhenSuperseded()
    {
        QObject owner;
        JobSlot slot(&owner);
        QFuture<int> first = QtConcurrent::run([](QPromise<int>& promise) {
            const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
            while (!promise.isCanceled() && std::chrono::steady_clock::now() < until)
                QThread::usleep(200);
            promise.addResult(7);
        });
        QList<int> applied;
        slot.watch(first, [&](int r) { applied << r; });
        slot.run([](const std::atomic<bool>&) { return 8; }, [&](int r) { applied << r; });
        QVERIFY(first.isCanceled());
        QTRY_COMPARE(applied, QList<int> { 8 });
        first.waitForFinished();
    }

    void backgroundJobsStayOffQtsPoolAndCacheWritesRunBelow()
    {
        // Jobs run on Sightline's pool, so QtGui's paint tasks always find the global pool free.
        QThreadPool* seen = nullptr;
        QObject owner;
        JobSlot slot(&owner);
        slot.run(
            [&seen](const std::atomic<bool>&) {
                seen = workerPool()->contains(QThread::currentThread()) ? workerPool() : nullptr;
                return !QThreadPool::globalInstance()->contains(QThread::currentThread());
            },
            [](bool) {});
        QVERIFY(workerPool()->waitForDone(10000));
        QCOMPARE(seen, workerPool());
#ifdef Q_OS_LINUX
        // A cache write's thread is 10 nice levels below the caller (capped at 19); the caller
        // keeps its own.
        const int mine = ::getpriority(PRIO_PROCESS, id_t(::syscall(SYS_gettid)));
        int writer = -100;
        startCacheWrite([&writer] { writer = ::getpriority(PRIO_PROCESS, id_t(::syscall(SYS_gettid))); });
        waitForCacheWrites();
        QCOMPARE(writer, std::min(19, mine + 10));
        QCOMPARE(::getpriority(PRIO_PROCESS, id_t(::syscall(SYS_gettid))), mine);
#endif
    }

    void ownerGoneDropsTheResult()
    {
        bool applied = false;
        std::atomic<bool> release { false };
        {
            QObject owner;
            JobSlot slot(&owner);
            slot.run(
                [&release](const std::atomic<bool>&) {
                    while (!release.load())
                        QThread::usleep(200);
                    return 1;
                },
                [&](int) { applied = true; });
        } // slot and owner destroyed while the work runs
        release = true;
        workerPool()->waitForDone();
        QTest::qWait(50);
        QVERIFY(!applied);
    }
};

QTEST_GUILESS_MAIN(TestJobSlot)
#include "tst_jobslot.moc"
