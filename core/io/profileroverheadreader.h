// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>

namespace sl {

class Schema;
class SqliteConnection;
struct Trace;

/// Reads PROFILER_OVERHEAD into Trace::profilerOverhead: the idle gaps the profiler itself
/// caused (docs/analysis.md "Idle gaps"). A small table (tens to hundreds of rows, every export
/// since 2021). Every row is checked: one with a NULL or non-integer time or thread, an end
/// before its start or a time beyond ±2^53 ns is left out and counted in one load warning that
/// names the table. A read failure is a warning, never a refused trace.
class ProfilerOverheadReader
{
    Q_DECLARE_TR_FUNCTIONS(ProfilerOverheadReader)
public:
    static constexpr const char* kTable = "PROFILER_OVERHEAD";
    static void read(const SqliteConnection& db, const Schema& schema, Trace& trace);
};

} // namespace sl
