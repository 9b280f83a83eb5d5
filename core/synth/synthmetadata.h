// SPDX-License-Identifier: MIT
#pragma once

#include "core/synth/synthkernelcatalog.h"
#include "core/synth/synthsimulator.h"

#include <QString>

struct sqlite3;

namespace sl {

/// The small, descriptive tables of a synthetic export: StringIds, processes and threads, GPUs,
/// session start, META_DATA_EXPORT/CAPTURE and ANALYSIS_DETAILS. Nothing here depends on the
/// clock or the machine: host, user and export times are left out, the session start is fixed.
class SynthMetadata
{
public:
    /// Every string the trace references: API names, kernel names, thread names, "layer N".
    static SynthStringIds strings(const SynthPlan& plan);

    /// Each writer creates its tables and fills them; false with `error` set on SQLite errors.
    static bool writeStrings(sqlite3* db, const SynthStringIds& strings, QString* error);
    static bool writeSystem(sqlite3* db, const SynthPlan& plan, const SynthStringIds& strings, QString* error);
    /// Needs the trace's time span (ns) for RUN_DURATION_MS and ANALYSIS_DETAILS.
    static bool writeMetadata(sqlite3* db, const SynthPlan& plan, qint64 lastNs, QString* error);
};

} // namespace sl
