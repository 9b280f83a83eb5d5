// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>

namespace sl {

struct Trace;

/// How a loaded trace is named in the trace selector: file name, its distinct GPU names and the
/// nsys version, e.g. "run.sqlite — NVIDIA H100 — nsys 2024.5.1".
class TraceLabel
{
    Q_DECLARE_TR_FUNCTIONS(TraceLabel)
public:
    static QString of(const Trace& trace);
};

} // namespace sl
