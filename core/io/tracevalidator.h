// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

#include <vector>

namespace sl {

class StringIdResolver;
struct DataQuality;
struct Trace;

/// The load-time checks that need every table read (docs/analysis.md "Data quality"): runs
/// after the readers, before TraceFinalizer, on one thread. Resolves the kernels' name ids
/// (read raw on the GPU reader's thread), fixes the capture the time rules are checked
/// against, and leaves out the rows that end before they start, lie far outside the capture
/// or last longer than it, logging each in `quality`.
class TraceValidator
{
public:
    /// `captureDurationNs` is ANALYSIS_DETAILS.duration (<= 0 when the export has none).
    static void run(Trace& trace, StringIdResolver& ids, std::vector<quint8>& apiEventClass, DataQuality& quality,
        qint64 captureDurationNs);
};

} // namespace sl
