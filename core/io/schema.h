// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

namespace sl {

class SqliteConnection;

/// Which tables and columns an export has. nsys creates tables lazily and inserts columns
/// mid-table between versions, so every read asks this first and selects by name.
class Schema
{
public:
    static Schema probe(const SqliteConnection& db);

    const QStringList& tables() const { return m_tables; }
    bool hasTable(const QString& t) const { return m_columns.contains(t); }
    bool hasColumn(const QString& t, const QString& c) const { return m_columns.value(t).contains(c); }
    /// `c` when present, else the SQL literal `fallback` (e.g. "NULL", "0"), for SELECT lists.
    QString columnOr(const QString& t, const QString& c, const QString& fallback) const
    {
        return hasColumn(t, c) ? c : fallback;
    }
    /// The first of the names that exists (nsys spelled some tables two ways).
    QString firstTable(const QStringList& candidates) const;
    /// True when the export looks like an nsys export at all.
    bool looksLikeNsys() const;

private:
    QStringList m_tables;
    QHash<QString, QSet<QString>> m_columns;
};

} // namespace sl
