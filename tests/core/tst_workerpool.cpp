// SPDX-License-Identifier: MIT
// parallelFor: every index once, and the calling pool thread takes part (a nested
// QtConcurrent::blockingMap on a pool thread left it waiting, so on two cores the map ran on one).
#include "core/util/workerpool.h"

#include <QSemaphore>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <QtTest>

#include <atomic>
#include <stdexcept>
#include <vector>

using namespace sl;

class TestWorkerPool : public QObject
{
    Q_OBJECT
private slots:
    void everyIndexOnce();
    void nestedCallRunsItemsSideBySide();
    void completesWhenThePoolIsFull();
    void anItemThrows();
};

void TestWorkerPool::everyIndexOnce()
{
    for (size_t n : { size_t(0), size_t(1), size_t(2), size_t(7), size_t(1000) }) {
        std::vector<std::atomic<int>> calls(n);
        parallelFor(n, [&](size_t i) { calls[i].fetch_add(1); });
        for (size_t i = 0; i < n; ++i)
            QCOMPARE(calls[i].load(), 1);
    }
}

void TestWorkerPool::nestedCallRunsItemsSideBySide()
{
    if (workerPool()->maxThreadCount() < 2)
        QSKIP("The worker pool has one thread on this machine.");
    // Two items that each wait for the other to have started: they finish only when two threads
    // run them at once, the calling pool thread being one of them (the pool's other threads are
    // idle). Each waits at most 10 s, so a regression fails instead of hanging.
    const bool met = QtConcurrent::run(workerPool(), [] {
        QSemaphore started;
        std::atomic<bool> bothRan { true };
        parallelFor(2, [&](size_t) {
            started.release();
            if (!started.tryAcquire(2, 10000))
                bothRan = false;
            else
                started.release(2);
        });
        return bothRan.load();
    }).result();
    QVERIFY(met);
}

void TestWorkerPool::completesWhenThePoolIsFull()
{
    // Every other pool thread blocked until the call returns: the caller does every item alone,
    // and waiting for its queued helpers must not wait for a thread that never comes.
    const int others = workerPool()->maxThreadCount() - 1;
    QSemaphore release, blocked;
    for (int i = 0; i < others; ++i)
        (void)QtConcurrent::run(workerPool(), [&] {
            blocked.release();
            release.acquire();
        });
    if (!blocked.tryAcquire(others, 10000)) {
        release.release(others); // the blockers hold this frame's semaphores: let them end first
        workerPool()->waitForDone();
        QFAIL("The pool's other threads did not start.");
    }
    std::atomic<int> sum { 0 };
    const auto done = QtConcurrent::run(workerPool(), [&] {
        parallelFor(100, [&](size_t i) { sum.fetch_add(int(i)); });
        release.release(others);
    });
    const bool finished = QTest::qWaitFor([&] { return done.isFinished(); }, 10000);
    if (!finished)
        release.release(others); // let a stuck call end, so the test fails instead of hanging
    workerPool()->waitForDone();
    QVERIFY(finished);
    QCOMPARE(sum.load(), 4950); // 0 + 1 + … + 99
}

void TestWorkerPool::anItemThrows()
{
    // Item 3 throws while others run (each takes 20 ms, on every pool thread and the caller):
    // the exception comes out of parallelFor only after every item that started has returned,
    // and no item starts after it (the helpers use parallelFor's frame).
    for (int round = 0; round < 3; ++round) {
        std::atomic<int> running { 0 }, started { 0 }, finished { 0 };
        bool caught = false;
        try {
            parallelFor(64, [&](size_t i) {
                ++running;
                ++started;
                QThread::msleep(20);
                --running;
                ++finished;
                if (i == 3)
                    throw std::runtime_error("item 3");
            });
        } catch (const std::runtime_error& e) {
            caught = QByteArray(e.what()) == "item 3";
        }
        QVERIFY(caught);
        QCOMPARE(running.load(), 0);
        QCOMPARE(finished.load(), started.load());
        // At most the items taken before item 3 failed, one per thread at a time: far below 64.
        QVERIFY2(started.load() < 64, qPrintable(QString::number(started.load())));
        QTest::qWait(50); // nothing starts afterwards
        QCOMPARE(started.load(), finished.load());
    }
}

QTEST_GUILESS_MAIN(TestWorkerPool)
#include "tst_workerpool.moc"
