// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/rankdigest.h"
#include "core/io/loadoutcome.h"
#include "core/io/schema.h"
#include "core/io/sqliteconnection.h"

#include <QSet>

#include <utility>
#include <vector>

namespace sl {

/// The step ranges of one export (the serving step names Sightline reads, `ProfilerStep#N` for
/// training) with the process that opened each. A digest reads them before its kernels: a GPU of
/// a process with steps keeps no kernel sequence for iteration detection.
class DigestSteps
{
public:
    /// Whether an NVTX range named `name` is a step.
    static bool isStepName(const QString& name);

    /// Reads NVTX_EVENTS' push/pop and start/end ranges with a step name; false (with `error`)
    /// when the scan fails. An export without NVTX_EVENTS has none.
    bool read(const SqliteConnection& db, const Schema& schema, LoadContext& ctx, QString* error);

    bool empty() const { return m_pids.isEmpty(); }
    /// Whether process `pid` opened a step range.
    bool hasProcess(qint64 pid) const { return m_pids.contains(pid); }
    /// Moves out the steps process `pid` opened (every process' when `pid` < 0), in start order;
    /// ties keep the stored order.
    std::vector<DigestStep> take(qint64 pid);

private:
    std::vector<std::pair<qint64, DigestStep>> m_steps; ///< (pid, step range), as stored
    QSet<qint64> m_pids; ///< processes that opened a step range
};

} // namespace sl
