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

    /// A column of a table the loader reads, by name.
    struct Column
    {
        QString table;
        QString column;
    };
    /// Columns the loader cannot read a present table without (start, end, ids, names, launch
    /// geometry): a newer nsys that renamed one, or an edited export. Empty when all are there.
    QList<Column> missingRequired() const;
    /// Columns every known nsys version (2021.2-2026.2) writes but the loader can do without
    /// (it reads 0 or NULL instead and says what is lost): correlationId, globalPid, ...
    QList<Column> missingOptional() const;

private:
    QStringList m_tables;
    QHash<QString, QSet<QString>> m_columns;
};

} // namespace sl
