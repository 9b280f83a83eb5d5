// SPDX-License-Identifier: MIT
#include "core/cluster/digeststeps.h"

#include "core/io/rowscan.h"
#include "core/trace/tablenames.h"

#include <algorithm>

namespace sl {

bool DigestSteps::isStepName(const QString& n)
{
    return n.startsWith(QLatin1String("ProfilerStep#")) || n == QLatin1String("prefill")
        || n == QLatin1String("decode_step") || n.startsWith(QLatin1String("execute_context_"))
        || n.startsWith(QLatin1String("[Executor] _forward_step")) || n == QLatin1String("scheduler.run_batch");
}

bool DigestSteps::read(const SqliteConnection& db, const Schema& schema, LoadContext& ctx, QString* error)
{
    const QString table = tables::kNvtxEvents;
    if (!schema.hasTable(table))
        return true;
    // 59 = push/pop range, 60 = start/end range (ENUM_NSYS_EVENT_TYPE). Read as stored, not
    // ORDER BY start: that sent every range through SQLite's sorter, while only the few step
    // ranges need an order. take() sorts them, stably, so ties keep the stored order.
    const QString tid
        = schema.hasColumn(table, QStringLiteral("globalTid")) ? QStringLiteral("n.globalTid") : QStringLiteral("0");
    const QString sql = QStringLiteral("SELECT n.start, n.end, COALESCE(n.text, s.value), %3 FROM %1 n LEFT JOIN %2 "
                                       "s ON s.id = n.textId WHERE n.eventType IN (59, 60) AND n.end IS NOT NULL")
                            .arg(table, tables::kStringIds, tid);
    return scanRows(db, ctx, sql, error, [&](const SqliteStatement& st) {
        const QString name = st.text(2);
        if (!isStepName(name))
            return;
        // The pid of a globalTid: <HW:8><VM:8><pid:24><tid:24>.
        const qint64 pid = (st.int64(3) >> 24) & 0xFFFFFF;
        m_steps.emplace_back(pid, DigestStep { name, st.int64(0), st.int64(1) });
        m_pids.insert(pid);
    });
}

std::vector<DigestStep> DigestSteps::take(qint64 pid)
{
    const auto taken = std::stable_partition(m_steps.begin(), m_steps.end(),
        [&](const std::pair<qint64, DigestStep>& s) { return pid >= 0 && s.first != pid; });
    std::vector<DigestStep> out;
    for (auto it = taken; it != m_steps.end(); ++it)
        out.push_back(std::move(it->second));
    m_steps.erase(taken, m_steps.end());
    std::stable_sort(
        out.begin(), out.end(), [](const DigestStep& a, const DigestStep& b) { return a.startNs < b.startNs; });
    return out;
}

} // namespace sl
