// SPDX-License-Identifier: MIT
#include "core/io/profileroverheadreader.h"

#include "core/io/schema.h"
#include "core/io/sqliteconnection.h"
#include "core/io/tracevalidator.h"
#include "core/trace/trace.h"

#include <climits>
#include <sqlite3.h>

namespace sl {

namespace {
/// Whether the row's values are plausible (columns: start, end, globalTid).
bool plausible(const SqliteStatement& st)
{
    for (int c = 0; c < 3; ++c)
        if (st.type(c) != SQLITE_INTEGER)
            return false;
    const qint64 start = st.int64(0), end = st.int64(1);
    return start >= -TraceValidator::kHardLimitNs && end <= TraceValidator::kHardLimitNs && end >= start;
}
} // namespace

void ProfilerOverheadReader::read(const SqliteConnection& db, const Schema& schema, Trace& trace)
{
    const QString table = QLatin1String(kTable);
    for (const char* column : { "start", "end", "globalTid" })
        if (!schema.hasColumn(table, QLatin1String(column)))
            return; // absent: no gap is put down to the profiler, nothing to warn about
    SqliteStatement st(
        db, QStringLiteral("SELECT start, end, globalTid, rowid FROM %1 ORDER BY start, rowid").arg(table));
    ProfilerOverheadTable& o = trace.profilerOverhead;
    qint64 skipped = 0;
    while (st.next()) {
        if (!plausible(st)) {
            ++skipped;
            continue;
        }
        o.start.push_back(st.int64(0));
        o.end.push_back(st.int64(1));
        o.pid.push_back(quint32((quint64(st.int64(2)) >> 24) & 0xFFFFFF)); // <HW:8><VM:8><pid:24><tid:24>
        o.rowid.push_back(st.int64(3));
    }
    if (!st.errorText().isEmpty())
        trace.loadWarnings << tr("%1: the profiler's overhead could not be read (%2); no idle gap is put down to "
                                 "the profiler.")
                                  .arg(table, st.errorText());
    if (skipped > 0)
        trace.loadWarnings << tr("%1: %n row(s) without a thread, or with an implausible time, left out of the "
                                 "idle gaps' causes.",
            nullptr, int(std::min<qint64>(skipped, INT_MAX)))
                                  .arg(table);
}

} // namespace sl
