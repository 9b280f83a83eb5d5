// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>

namespace sl {

class Schema;
class SqliteConnection;
struct Trace;

/// Reads CUDA_GPU_MEMORY_USAGE_EVENTS into Trace::memoryUsage (docs/analysis.md "GPU memory").
/// The table exists in every export since 2021 but has rows only with `--cuda-memory-usage=true`.
/// Every id is checked: a row with a device outside 0…65534, an operation other than 0/1, a
/// negative or non-integer byte count or a time beyond ±2^53 ns is left out and counted in one
/// load warning that names the table. A read failure is a warning, never a refused trace.
class MemoryUsageReader
{
    Q_DECLARE_TR_FUNCTIONS(MemoryUsageReader)
public:
    static constexpr const char* kTable = "CUDA_GPU_MEMORY_USAGE_EVENTS";
    static void read(const SqliteConnection& db, const Schema& schema, Trace& trace);
};

} // namespace sl
