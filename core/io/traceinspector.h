// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/loadoutcome.h"

#include <QCoreApplication>

namespace sl {

/// What `sightline-cli info` and the GUI's trace information dialog show, without the bulk
/// load: versions, capture settings, GPUs, processes, and every table with its exact row count.
/// Read-only, like the loader; runs on the calling thread (COUNT(*) scans each table).
class TraceInspector
{
    Q_DECLARE_TR_FUNCTIONS(TraceInspector)
public:
    /// The returned trace has info, strings, gpus and process/thread names; its tables are empty.
    static LoadOutcome inspect(const QString& path);
};

} // namespace sl
