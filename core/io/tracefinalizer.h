// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

#include <vector>

namespace sl {

struct LoadContext;
struct Trace;

/// Turns freshly read tables into the Trace the analyses expect:
///  - drops eventClass-67 API rows that are backtrace copies of a call also recorded as
///    runtime/driver (same process and correlationId), so calls are not counted twice, and
///    leaves out (logging in trace.dataQuality) any other call reusing a correlation id;
///  - sorts every table by start (exports are nearly always in order already: checked first);
///  - resolves each GPU operation's launching API call on correlationId *and* process
///    (correlationIds restart in every process);
///  - builds the per-device kernel index and the capture extent.
class TraceFinalizer
{
public:
    /// False when `ctx` was cancelled (checked between the steps, each well under 0.1 s at 5 M
    /// rows); the trace is then half-built and must be dropped.
    static bool finalize(Trace& trace, std::vector<quint8>& apiEventClass, const LoadContext& ctx);
};

} // namespace sl
