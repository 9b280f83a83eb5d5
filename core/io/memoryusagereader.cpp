// SPDX-License-Identifier: MIT
#include "core/io/memoryusagereader.h"

#include "core/io/schema.h"
#include "core/io/sqliteconnection.h"
#include "core/trace/memoryinuse.h"
#include "core/trace/trace.h"

#include <sqlite3.h>

namespace sl {

namespace {
constexpr qint64 kHardLimitNs = qint64(1) << 53; // as the load's time rules (tracevalidator.cpp)

/// Whether the row's values are plausible (columns: start, deviceId, globalPid, bytes, op, kind).
bool plausible(const SqliteStatement& st)
{
    for (int c = 0; c < 6; ++c)
        if (st.type(c) != SQLITE_INTEGER)
            return false;
    const qint64 start = st.int64(0), device = st.int64(1), bytes = st.int64(3), op = st.int64(4);
    return start >= -kHardLimitNs && start <= kHardLimitNs && device >= 0 && device < 0xFFFF && bytes >= 0
        && (op == MemoryUsageTable::Allocation || op == MemoryUsageTable::Deallocation) && st.int64(5) >= 0
        && st.int64(5) < 256;
}
/// The memory in use of each GPU as a counter lane ("GPU Memory In Use [MiB]"). A counter
/// sample holds for the period that ends at its timestamp (CounterSeries), so the step function
/// "in use from event i on" becomes a sample at each event holding the value before it, and a
/// last one at the capture's end holding the final value.
void appendLanes(Trace& trace)
{
    const qint64 captureEnd = trace.info.captureDurationNs;
    for (const auto& [device, use] : MemoryInUse::byDevice(trace.memoryUsage)) {
        CounterSeries s;
        s.source = CounterSeries::Source::MemoryEvents;
        s.deviceId = device;
        s.name = QStringLiteral("GPU Memory In Use [MiB]");
        s.unit = QStringLiteral("MiB");
        auto sample = [&](qint64 t, qint64 bytes) {
            const float mib = float(double(bytes) / (1024.0 * 1024.0));
            if (!s.t.empty() && s.t.back() == t)
                s.v.back() = mib; // several events at one ns: the state after the last of them
            else
                s.t.push_back(t), s.v.push_back(mib);
        };
        sample(use.t.front(), use.baselineBytes);
        for (size_t i = 1; i < use.t.size(); ++i)
            sample(use.t[i], use.bytes[i - 1]);
        sample(std::max(use.t.back() + 1, captureEnd), use.bytes.back());
        s.finish();
        trace.counters.series.append(std::move(s));
    }
}
} // namespace

void MemoryUsageReader::read(const SqliteConnection& db, const Schema& schema, Trace& trace)
{
    const QString table = QLatin1String(kTable);
    for (const char* column : { "start", "deviceId", "globalPid", "bytes", "memoryOperationType", "memKind" })
        if (!schema.hasColumn(table, QLatin1String(column)))
            return; // absent (or a layout we do not know): no memory figures, nothing to warn about
    SqliteStatement st(db,
        QStringLiteral("SELECT start, deviceId, globalPid, bytes, memoryOperationType, memKind, rowid FROM %1 "
                       "ORDER BY start, rowid")
            .arg(table));
    MemoryUsageTable& m = trace.memoryUsage;
    qint64 skipped = 0;
    while (st.next()) {
        if (!plausible(st)) {
            ++skipped;
            continue;
        }
        m.start.push_back(st.int64(0));
        m.device.push_back(quint16(st.int64(1)));
        m.pid.push_back(quint32((quint64(st.int64(2)) >> 24) & 0xFFFFFF)); // <HW:8><VM:8><pid:24><tid:24>
        m.bytes.push_back(st.int64(3));
        m.operation.push_back(quint8(st.int64(4)));
        m.memKind.push_back(quint8(st.int64(5)));
        m.rowid.push_back(st.int64(6));
    }
    appendLanes(trace);
    if (!st.errorText().isEmpty())
        trace.loadWarnings << tr("%1: the GPU memory events could not be read (%2); memory figures are left out.")
                                  .arg(table, st.errorText());
    if (skipped > 0)
        trace.loadWarnings << tr("%1: %n row(s) with an implausible device, operation, size or time left out of the "
                                 "memory figures.",
            nullptr, int(std::min<qint64>(skipped, INT_MAX)))
                                  .arg(table);
}

} // namespace sl
