// SPDX-License-Identifier: MIT
#pragma once

#include "core/synth/synthoptions.h"

#include <QString>

#include <functional>

namespace sl {

/// Writes a synthetic Nsight Systems 2026.2 SQLite export (schema 3.25.0) of an LLM inference
/// server to `path`: one API-server process (pid 1000) and `options.ranks` tensor-parallel
/// worker processes (pid 1001..), each running warm-up, prefill and decode steps of a
/// transformer with NVTX ranges ("layer N" for every layer of every eagerly launched step),
/// memcpys, blocking syncs and idle pauses. The timeline model is described in
/// core/synth/synthsimulator.h. Deterministic: the same options give a byte-identical file.
///
/// The file is written to `path + ".part"` and renamed over `path` only when complete, so a
/// reader never sees a half-written export. Blocking; run it off the GUI thread for big traces
/// (about 1.2-1.5 M rows/s, 10 M kernels in ~15 s). `progress(permille)` (0..1000, called from
/// the calling thread) returns false to cancel: the partial file is removed, `path` is left
/// untouched and ok is false.
SynthResult writeSynthTrace(
    const QString& path, const SynthOptions& options, const std::function<bool(int permille)>& progress = {});

} // namespace sl
