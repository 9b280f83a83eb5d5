// SPDX-License-Identifier: MIT
#include "core/io/hostreader.h"

#include "core/io/rowscan.h"
#include "core/io/schema.h"
#include "core/trace/apiclassifier.h"

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
    size_t operator()(std::string_view v) const { return std::hash<std::string_view>{}(v); }
};
} // namespace

bool HostReader::readStrings(Trace& trace, QString* error)
{
    if (!m_schema.hasTable(QStringLiteral("StringIds")))
        return true;
    const qint64 maxId = m_db.scalar(QStringLiteral("SELECT MAX(id) FROM StringIds"), -1);
    QVector<QString> strings;
    // Ids are dense in every export we have seen; guard against a pathological sparse table.
    strings.resize(qsizetype(qBound<qint64>(-1, maxId, qint64(64) * 1024 * 1024 - 1) + 1)); // no overflow at 2^63-1
    const bool ok = scanRows(m_db, m_ctx, QStringLiteral("SELECT id, value FROM StringIds"), error, [&](sqlite3_stmt* s) {
        const qint64 id = sqlite3_column_int64(s, 0);
        if (id < 0 || id >= strings.size())
            return;
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(s, 1));
        if (p)
            strings[id] = QString::fromUtf8(p, sqlite3_column_bytes(s, 1));
    });
    trace.strings.setNsysStrings(std::move(strings));
    return ok;
}

bool HostReader::readApi(Trace& trace, std::vector<quint8>& eventClass, QString* error)
{
    const QString t = QStringLiteral("CUPTI_ACTIVITY_KIND_RUNTIME");
    if (!m_schema.hasTable(t))
        return true;
    const QString sql = QStringLiteral("SELECT rowid, start, \"end\", %1, %2, nameId, %3 FROM %4")
                            .arg(m_schema.columnOr(t, QStringLiteral("globalTid"), QStringLiteral("0")),
                                 m_schema.columnOr(t, QStringLiteral("correlationId"), QStringLiteral("0")),
                                 m_schema.columnOr(t, QStringLiteral("eventClass"), QStringLiteral("0")), t);
    auto& a = trace.api;
    const qint64 n = m_db.scalar(QStringLiteral("SELECT MAX(rowid) FROM %1").arg(t), 0);
    a.reserve(n);
    eventClass.reserve(size_t(qMax<qint64>(0, n)));
    // Classify each distinct name once; names are StringIds ids (small and dense).
    std::vector<qint16> kindOf(trace.strings.size(), -1);
    const bool ok = scanRows(m_db, m_ctx, sql, error, [&](sqlite3_stmt* s) {
        const qint64 gtid = sqlite3_column_int64(s, 3);
        const auto name = quint32(sqlite3_column_int64(s, 5));
        a.rowid.push_back(sqlite3_column_int64(s, 0));
        a.start.push_back(sqlite3_column_int64(s, 1));
        a.end.push_back(sqlite3_column_int64(s, 2));
        a.pid.push_back(quint32((gtid >> 24) & 0xFFFFFF));
        a.tid.push_back(quint32(gtid & 0xFFFFFF));
        a.correlationId.push_back(quint32(sqlite3_column_int64(s, 4)));
        a.name.push_back(name);
        if (name >= kindOf.size()) // an id beyond the string table (damaged): no name, never a resize
            a.kind.push_back(quint8(ApiClassifier::classify(QString())));
        else if (kindOf[name] < 0)
            kindOf[name] = qint16(ApiClassifier::classify(trace.strings.at(name)));
        if (name < kindOf.size())
            a.kind.push_back(quint8(kindOf[name]));
        eventClass.push_back(quint8(sqlite3_column_int64(s, 6)));
    });
    if (ok) // after a cancel the half-read table is dropped: copying it would only delay the cancel
        a.shrink();
    return ok;
}

bool HostReader::readNvtx(Trace& trace, QString* error)
{
    const QString t = QStringLiteral("NVTX_EVENTS");
    if (!m_schema.hasTable(t))
        return true;
    const QString sql =
        QStringLiteral("SELECT rowid, start, \"end\", eventType, %1, %2, %3, %4, %5 FROM %6 WHERE eventType IN (59, 60, 75)")
            .arg(m_schema.columnOr(t, QStringLiteral("globalTid"), QStringLiteral("0")),
                 m_schema.columnOr(t, QStringLiteral("endGlobalTid"), QStringLiteral("NULL")),
                 m_schema.columnOr(t, QStringLiteral("text"), QStringLiteral("NULL")),
                 m_schema.columnOr(t, QStringLiteral("textId"), QStringLiteral("NULL")),
                 m_schema.columnOr(t, QStringLiteral("domainId"), QStringLiteral("0")), t);
    auto& r = trace.nvtx;
    r.reserve(m_db.scalar(QStringLiteral("SELECT MAX(rowid) FROM %1").arg(t), 0));
    std::unordered_map<std::string, quint32, ViewHash, std::equal_to<>> textIndex;
    const bool ok = scanRows(m_db, m_ctx, sql, error, [&](sqlite3_stmt* s) {
        const int type = int(sqlite3_column_int64(s, 3));
        const qint64 gtid = sqlite3_column_int64(s, 4);
        const auto pid = quint32((gtid >> 24) & 0xFFFFFF);
        const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(s, 6));
        const int textLen = sqlite3_column_bytes(s, 6);
        if (type == 75) {
            if (text)
                trace.nvtxDomains.insert((quint64(pid) << 32) | quint32(sqlite3_column_int64(s, 8)),
                                         QString::fromUtf8(text, textLen));
            return;
        }
        if (sqlite3_column_type(s, 2) == SQLITE_NULL)
            return; // a range never closed within the capture
        quint32 name;
        if (text) {
            const std::string_view view(text, size_t(textLen));
            auto it = textIndex.find(view);
            if (it == textIndex.end())
                it = textIndex.emplace(std::string(view), trace.strings.intern(QString::fromUtf8(text, textLen))).first;
            name = it->second;
        } else {
            // Registered string (StringIds id); a range with neither has no name.
            name = sqlite3_column_type(s, 7) == SQLITE_NULL ? trace.strings.intern(QString())
                                                            : quint32(sqlite3_column_int64(s, 7));
        }
        r.rowid.push_back(sqlite3_column_int64(s, 0));
        r.start.push_back(sqlite3_column_int64(s, 1));
        r.end.push_back(sqlite3_column_int64(s, 2));
        r.eventType.push_back(quint8(type));
        r.pid.push_back(pid);
        r.tid.push_back(quint32(gtid & 0xFFFFFF));
        r.endTid.push_back(sqlite3_column_type(s, 5) == SQLITE_NULL ? quint32(gtid & 0xFFFFFF)
                                                                    : quint32(sqlite3_column_int64(s, 5) & 0xFFFFFF));
        r.name.push_back(name);
        r.domain.push_back(quint32(sqlite3_column_int64(s, 8)));
    });
    if (ok)
        r.shrink();
    return ok;
}

} // namespace sl
