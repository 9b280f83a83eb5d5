// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QFuture>
#include <QStringList>

namespace sl {

/// Counts the rows of an export's tables off the calling thread, with its own read-only
/// connection (SqliteConnection, opened and closed on the worker), for the trace information
/// dialog. COUNT(*) scans a whole table: about 75 ms per 5 M rows, seconds on big exports.
class TableCounter
{
    Q_DECLARE_TR_FUNCTIONS(TableCounter)
public:
    struct Count
    {
        int index = -1; ///< position in the `tables` list given to count()
        qint64 rows = -1; ///< exact row count; -1 when it could not be counted (then `error` says why)
        QString error; ///< translated, names the file or table
    };

    /// One result per table, in order, each as soon as it is counted. Progress: 0..tables.size()
    /// tables counted. Cancelling the future interrupts the running COUNT(*) within a few
    /// milliseconds (sqlite3_interrupt) and the worker closes its connection.
    static QFuture<Count> count(const QString& path, const QStringList& tables);
};

} // namespace sl
