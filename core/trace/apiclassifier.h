// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/apitable.h"

#include <QString>

namespace sl {

/// Classifies CUDA runtime/driver API names (spec §3 "Synchronisation" and "Memory transfers").
/// Pure functions; called once per distinct name, never per row.
class ApiClassifier
{
public:
    /// Name without its `_vNNNN` version suffix (cudaLaunchKernel_v7000 → cudaLaunchKernel):
    /// the grouping key of the sync table, as `nsys stats cuda_api_sum` prints it.
    static QString baseName(const QString& name);
    static ApiTable::Kind classify(const QString& name);
    static bool isBlocking(ApiTable::Kind k)
    {
        return k == ApiTable::BlockingSync || k == ApiTable::MemcpySync || k == ApiTable::MemsetSync;
    }
    /// Sync-related calls reported in report.json sync.calls[].
    static bool isSyncRelated(ApiTable::Kind k) { return isBlocking(k) || k == ApiTable::NonBlockingSync; }
    static bool isAsyncCall(ApiTable::Kind k) { return k == ApiTable::MemcpyAsync || k == ApiTable::MemsetAsync; }
};

} // namespace sl
