// SPDX-License-Identifier: MIT
#pragma once

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

} // namespace sl
