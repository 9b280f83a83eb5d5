// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <functional>

class QThreadPool;

namespace sl {

/// The thread pool of Sightline's background work: loading, analysis, summaries, searches,
/// sorts, reports. Not Qt's global pool: QtGui (6.4) splits a large raster fill into tasks on
/// the global pool and waits for them on the GUI thread, so a global pool filled with our
/// second-long jobs held every paint of a scroll bar until one of them ended — 160 ms event-loop
/// stalls with 25 ms of GUI-thread CPU while a 1 M-kernel trace loaded (perf sched). A parallel
/// loop the GUI thread itself waits for (a paint's preparation) stays on the global pool.
/// idealThreadCount() threads; call from any thread.
QThreadPool* workerPool();

/// Calls f(0) … f(n − 1), each once, spread over the worker pool *and the calling thread*, and
/// returns when all have returned. For coarse items (lanes, columns, metrics) from any thread,
/// a pool thread included: QtConcurrent::blockingMap called on a pool thread leaves that thread
/// waiting while the map runs on the others, so on a 2-core machine a worker's nested map ran on
/// one core (the timeline's lane summaries, the trace cache's column copies). Here the caller
/// takes items too, and a helper the pool has no thread for is run (finding nothing left) when
/// waited for, so it can neither starve nor deadlock. When an item throws, no further item is
/// started, every item already running is waited for, and the first exception is rethrown.
void parallelFor(size_t n, const std::function<void(size_t)>& f);

/// Runs `write` on the one thread that writes the caches' files (trace and result caches: one
/// write at a time, the disk is the limit) at a lower CPU priority (Linux: nice +10 for that
/// thread only). The GUI writes them once it is idle, which is when the user starts sorting
/// and filtering: two writers at full priority beside the sort's worker made a 5 M-kernel sort
/// 0.8–1.0 s instead of 0.5 s. Alone (the CLI waiting for its writes at exit) it still gets
/// every idle core.
void startCacheWrite(std::function<void()> write);
/// Blocks until every cache write started so far is on disk.
void waitForCacheWrites();

/// Lowers the CPU priority of every worker-pool thread (Linux: nice +5 for those threads only;
/// elsewhere nothing), for the GUI: on two cores a load's or a sort's threads at the GUI thread's
/// priority held it off a core for 50–70 ms at a time (event-loop stalls with under 20 ms of its
/// own CPU time). The workers still get every core the GUI thread leaves idle. Call once, from
/// the GUI thread, before the first job.
void lowerWorkerPoolPriority();

} // namespace sl
