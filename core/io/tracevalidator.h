// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/dataquality.h"

#include <QtGlobal>

#include <algorithm>
#include <optional>
#include <vector>

namespace sl {

class StringIdResolver;
struct Trace;

/// The load-time checks that need every table read (docs/analysis.md "Data quality"): run
/// after the readers, before TraceFinalizer. Resolves the kernels' name ids (read raw on the
/// GPU reader's thread), fixes the capture the time rules are checked against, and leaves out
/// the rows that end before they start, lie far outside the capture or last longer than it,
/// logging each in a DataQuality.
///
/// The kernels' checks and the other tables' touch disjoint columns, so the loader runs them
/// on two threads (with the join of the kernel table's back chunks before the kernels' part):
/// one after the other they held a core idle for ~70 ms at 5 M kernels in the desktop
/// explorer, which loads without a hash beside them.
class TraceValidator
{
public:
    /// No capture lasts 2^53 ns (104 days): a time beyond ±2^53 is never plausible, whatever the
    /// capture, so it cannot stretch the capture estimated from the events themselves.
    static constexpr qint64 kHardLimitNs = qint64(1) << 53;
    /// The capture [first, last] (ns) the time rules are checked against.
    struct Capture
    {
        qint64 first = 0, last = 0;
        /// Length used by the rules (at least 1 ns so an empty capture still has a scale).
        qint64 length() const { return std::max<qint64>(1, last - first); }
    };

    /// Whether the export states the capture's length (`captureDurationNs`, ANALYSIS_DETAILS.
    /// duration, <= 0 when the export has none): then capture() reads no table.
    static bool captureStated(qint64 captureDurationNs);
    /// The capture, recorded in `quality` (captureSource, captureStartNs, captureEndNs): [0,
    /// duration] when stated, else the span of every plausible row of every table (the
    /// kernel table complete, back chunks joined) and of `osRuntime`, the plausible OS runtime
    /// calls (not loaded: OsRuntimeCalls).
    static Capture capture(const Trace& trace, qint64 captureDurationNs, DataQuality& quality,
        std::optional<Capture> osRuntime = std::nullopt);
    /// The time rule a row with these times (ns) breaks against `c`, if any: end_before_start,
    /// outside_capture (or beyond ±2^53 ns), longer_than_capture.
    static std::optional<DataQuality::Rule> timeRule(qint64 start, qint64 end, const Capture& c);
    /// The kernels: their name ids resolved (into `trace.strings`), then the time rules.
    /// Touches only trace.kernels and trace.strings.
    static void checkKernels(Trace& trace, StringIdResolver& ids, const Capture& c, DataQuality& quality);
    /// The time rules of the copies, memsets, graph launches, runtime calls (with
    /// `apiEventClass`, row for row) and NVTX ranges. Touches none of checkKernels' columns.
    static void checkOthers(Trace& trace, std::vector<quint8>& apiEventClass, const Capture& c, DataQuality& quality);
};

} // namespace sl
