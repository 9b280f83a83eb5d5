// SPDX-License-Identifier: MIT
#include "core/io/hostreader.h"

#include "core/io/rowcheck.h"
#include "core/io/rowscan.h"
#include "core/io/schema.h"
#include "core/trace/apiclassifier.h"
#include "core/trace/tablenames.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_map>

namespace sl {

namespace {
/// Transparent hash so NVTX text can be looked up as a string_view straight from SQLite's
/// buffer: no QString is built for the millions of repeated range names.
struct ViewHash
{
    using is_transparent = void;
    size_t operator()(std::string_view v) const { return std::hash<std::string_view> {}(v); }
};
/// The ranges (IntegerCells) of the runtime API columns: rowid, start, end, globalTid,
/// correlationId, nameId (a StringIds id, resolved by StringIdResolver), eventClass.
constexpr std::array<IntRange, 7> kApiRanges { kAnyInt, kAnyInt, kAnyInt, kAnyInt, kU32, kAnyInt, IntRange { 0, 255 } };
/// NVTX: rowid, start, end, eventType, globalTid, endGlobalTid, textId, domainId (then the text).
constexpr std::array<IntRange, 8> kNvtxRanges { kAnyInt, kAnyInt, kAnyInt, kAnyInt, kAnyInt, kAnyInt, kAnyInt,
    kAnyInt };
} // namespace

bool HostReader::readStrings(Trace& trace, QString* error)
{
    if (!m_schema.hasTable(tables::kStringIds))
        return true;
    // Ids are dense in every export we have seen. The vector is sized from the row count, never
    // from an id: ids beyond denseLimit (a damaged or hand-made table) are kept in a map.
    const qint64 rows = m_db.scalar(QStringLiteral("SELECT count(*) FROM %1").arg(tables::kStringIds), 0);
    const qint64 maxId = m_db.scalar(QStringLiteral("SELECT MAX(id) FROM %1").arg(tables::kStringIds), -1);
    const qint64 dense = maxId < 0 ? 0 : std::min(maxId, StringIdResolver::denseLimit(rows) - 1) + 1;
    QVector<QString> strings;
    strings.resize(qsizetype(dense));
    std::vector<bool> present(size_t(dense), false);
    const bool ok = scanRows(m_db, m_ctx, QStringLiteral("SELECT id, value FROM %1").arg(tables::kStringIds), error,
        [&](const SqliteStatement& s) {
            if (s.type(0) != SQLITE_INTEGER)
                return; // a damaged id names nothing; rows that use it get a placeholder
            const qint64 id = s.int64(0);
            const QString value = s.isNull(1) ? QString() : s.text(1);
            if (id >= 0 && id < dense) {
                strings[id] = value;
                present[size_t(id)] = true;
            } else {
                m_ids.addSparse(id, value);
            }
        });
    trace.strings.setNsysStrings(std::move(strings));
    m_ids.setPresent(std::move(present));
    return ok;
}

bool HostReader::readApi(Trace& trace, std::vector<quint8>& eventClass, QString* error)
{
    const QString t = tables::kRuntime;
    if (!m_schema.hasTable(t))
        return true;
    const QString columns = QStringLiteral("rowid, start, \"end\", %1, %2, nameId, %3")
                                .arg(m_schema.columnOr(t, QStringLiteral("globalTid"), QStringLiteral("0")),
                                    m_schema.columnOr(t, QStringLiteral("correlationId"), QStringLiteral("0")),
                                    m_schema.columnOr(t, QStringLiteral("eventClass"), QStringLiteral("0")));
    auto& a = trace.api;
    const qint64 n = reservedRows(m_db, t);
    a.reserve(n);
    eventClass.reserve(size_t(n));
    // Classify each distinct name once, by its StringTable index: resolved indices are below
    // strings.size(), which grows by one per placeholder at most, so this stays small.
    std::vector<qint16> kindOf;
    const bool ok = scanTable(m_db, m_ctx, columns, t, error, [&](const auto& s) {
        const IntegerCells row(s, kApiRanges);
        const qint64 rowid = row[0];
        if (const auto bad = checkIntegers(row, columnMask({ 1, 2, 5 }), columnMask({ 3, 4, 6 }))) {
            m_quality.add(*bad, t, rowid);
            return;
        }
        const qint64 corr = row[4];
        const qint64 cls = row[6];
        if (!fitsU32(corr) || cls < 0 || cls > 255) {
            m_quality.add(DataQuality::Rule::InvalidId, t, rowid);
            return;
        }
        const qint64 gtid = row[3];
        const quint32 name = m_ids.resolve(row[5], trace.strings, m_quality, t, rowid);
        a.rowid.push_back(rowid);
        a.start.push_back(row[1]);
        a.dur.push_back(row[1], row[2]);
        a.pid.push_back(quint32((gtid >> 24) & 0xFFFFFF));
        a.tid.push_back(quint32(gtid & 0xFFFFFF));
        a.correlationId.push_back(quint32(corr));
        a.name.push_back(name);
        if (name >= kindOf.size())
            kindOf.resize(size_t(name) + 1, -1);
        if (kindOf[name] < 0)
            kindOf[name] = qint16(ApiClassifier::classify(trace.strings.at(name)));
        a.kind.push_back(quint8(kindOf[name]));
        eventClass.push_back(quint8(cls));
    });
    if (ok) // after a cancel the half-read table is dropped: copying it would only delay the cancel
        a.shrink();
    return ok;
}

bool HostReader::readNvtx(Trace& trace, QString* error)
{
    const QString t = tables::kNvtxEvents;
    if (!m_schema.hasTable(t))
        return true;
    // The text last: IntegerCells reads the integer columns 0..7 (reading text as an integer would parse it).
    const QString columns = QStringLiteral("rowid, start, \"end\", eventType, %1, %2, %3, %4, %5")
                                .arg(m_schema.columnOr(t, QStringLiteral("globalTid"), QStringLiteral("0")),
                                    m_schema.columnOr(t, QStringLiteral("endGlobalTid"), QStringLiteral("NULL")),
                                    m_schema.columnOr(t, QStringLiteral("textId"), QStringLiteral("NULL")),
                                    m_schema.columnOr(t, QStringLiteral("domainId"), QStringLiteral("0")),
                                    m_schema.columnOr(t, QStringLiteral("text"), QStringLiteral("NULL")));
    const QString from = QStringLiteral("%1 WHERE eventType IN (59, 60, 75)").arg(t);
    auto& r = trace.nvtx;
    r.reserve(reservedRows(m_db, t));
    std::unordered_map<std::string, quint32, ViewHash, std::equal_to<>> textIndex;
    const bool ok = scanTable(m_db, m_ctx, columns, from, error, [&](const auto& s) {
        const IntegerCells row(s, kNvtxRanges);
        const int type = int(row[3]);
        const qint64 rowid = row[0];
        if (type != 75) {
            // Ranges: a start is required; an end may be missing (never closed), nothing else.
            if (const auto bad = checkIntegers(row, columnMask({ 1 }), columnMask({ 2, 4, 5, 6, 7 }))) {
                m_quality.add(*bad, t, rowid);
                return;
            }
            if (row.isNull(2)) {
                m_quality.add(DataQuality::Rule::UnendedRange, t, rowid);
                return;
            }
        }
        const qint64 gtid = row[4];
        const auto pid = quint32((gtid >> 24) & 0xFFFFFF);
        const QByteArray textBytes = s.utf8(8); // a view of SQLite's buffer on the C-API path
        const char* text = textBytes.isNull() ? nullptr : textBytes.constData();
        const int textLen = int(textBytes.size());
        if (type == 75) {
            if (text)
                trace.nvtxDomains.insert((quint64(pid) << 32) | quint32(row[7]), QString::fromUtf8(text, textLen));
            return;
        }
        quint32 name;
        if (text) {
            const std::string_view view(text, size_t(textLen));
            auto it = textIndex.find(view);
            if (it == textIndex.end())
                it = textIndex.emplace(std::string(view), trace.strings.intern(QString::fromUtf8(text, textLen))).first;
            name = it->second;
        } else {
            // Registered string (StringIds id); a range with neither has no name.
            name = row.isNull(6) ? trace.strings.intern(QString())
                                 : m_ids.resolve(row[6], trace.strings, m_quality, t, rowid);
        }
        r.name.push_back(name);
        r.rowid.push_back(rowid);
        r.start.push_back(row[1]);
        r.end.push_back(row[2]);
        r.eventType.push_back(quint8(type));
        r.pid.push_back(pid);
        r.tid.push_back(quint32(gtid & 0xFFFFFF));
        r.endTid.push_back(row.isNull(5) ? quint32(gtid & 0xFFFFFF) : quint32(row[5] & 0xFFFFFF));
        r.domain.push_back(quint32(row[7]));
    });
    if (ok)
        r.shrink();
    return ok;
}

} // namespace sl
