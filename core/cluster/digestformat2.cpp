// SPDX-License-Identifier: MIT
#include "core/cluster/digestformat2.h"

#include "core/cluster/digeststore.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace sl {

namespace {

qint64 scalar(QSqlDatabase db, const QString& sql)
{
    QSqlQuery q(db);
    return q.exec(sql) && q.next() ? q.value(0).toLongLong() : -1;
}

bool readCollectives(QSqlQuery& q, RankDigest* d, QString* error)
{
    if (!q.exec(QStringLiteral("SELECT op, stream_index, ordinal, stream, device, bytes, start_ns, end_ns, launch_ns, "
                               "comm_id, comm_ordinal FROM collective_times")))
        return false;
    while (q.next()) {
        const qint64 comm = q.isNull(9) ? 0 : q.value(9).toLongLong();
        if (comm < 0 || comm > qint64(d->communicators.size())) {
            *error = DigestStore::tr("a collective names communicator %1, which the digest does not have").arg(comm);
            return false;
        }
        d->collectives.push_back({ q.value(0).toString(), q.value(1).toInt(), q.value(2).toLongLong(),
            q.value(3).toLongLong(), q.value(4).toInt(), q.isNull(5) ? -1 : q.value(5).toLongLong(),
            q.value(6).toLongLong(), q.value(7).toLongLong(), q.isNull(8) ? -1 : q.value(8).toLongLong(), int(comm) - 1,
            comm > 0 && !q.isNull(10) ? q.value(10).toLongLong() : -1 });
    }
    return true;
}

bool readCommunicators(QSqlQuery& q, RankDigest* d, QString* error)
{
    bool ok = q.exec(QStringLiteral("SELECT id, hash, nranks, rank FROM communicators ORDER BY id"));
    while (ok && q.next()) {
        bool hex = false;
        const quint64 hash = q.value(1).toString().toULongLong(&hex, 16);
        // Ids are 1, 2, ... in order: the collectives refer to them by position.
        if (!hex || q.value(0).toLongLong() != qint64(d->communicators.size()) + 1) {
            *error = DigestStore::tr("communicator %1 is damaged").arg(q.value(0).toLongLong());
            return false;
        }
        d->communicators.push_back(
            { hash, q.isNull(2) ? -1 : q.value(2).toInt(), q.isNull(3) ? -1 : q.value(3).toInt() });
    }
    return ok;
}

} // namespace

bool DigestFormat2::read(QSqlDatabase db, RankDigest* d, QString* error)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    bool ok = q.exec(QStringLiteral("SELECT device FROM devices ORDER BY device"));
    while (ok && q.next())
        d->devices.push_back(q.value(0).toInt());
    ok = ok && q.exec(QStringLiteral("SELECT pid FROM processes ORDER BY pid"));
    while (ok && q.next())
        d->pids.push_back(q.value(0).toLongLong());
    ok = ok && readCommunicators(q, d, error) && readCollectives(q, d, error);
    if (!ok && !error->isEmpty())
        return false;
    ok = ok && q.exec(QStringLiteral("SELECT name, start_ns, end_ns FROM step_times"));
    while (ok && q.next())
        d->steps.push_back({ q.value(0).toString(), q.value(1).toLongLong(), q.value(2).toLongLong() });
    // The views join: a row whose kind, stream or name is missing would vanish from them.
    if (ok
        && (scalar(db, QStringLiteral("SELECT count(*) FROM collectives")) != qint64(d->collectives.size())
            || scalar(db, QStringLiteral("SELECT count(*) FROM steps")) != qint64(d->steps.size()))) {
        *error = DigestStore::tr("a collective or step refers to a kind, stream or name the digest does not have");
        return false;
    }
    ok = ok
        && q.exec(QStringLiteral("SELECT device, bin, compute_ns, comm_ns, idle_ns FROM bins ORDER BY device, bin"));
    while (ok && q.next())
        d->bins.push_back({ q.value(0).toInt(), q.value(1).toInt(), q.value(2).toLongLong(), q.value(3).toLongLong(),
            q.value(4).toLongLong() });
    if (!ok)
        *error = q.lastError().text();
    return ok;
}

QStringList DigestFormat2::dumpQueries()
{
    return {
        QStringLiteral("SELECT key, value FROM digest_info ORDER BY key"),
        QStringLiteral("SELECT device FROM devices ORDER BY device"),
        QStringLiteral("SELECT pid FROM processes ORDER BY pid"),
        QStringLiteral("SELECT * FROM communicators ORDER BY id"),
        QStringLiteral("SELECT * FROM streams ORDER BY id"),
        QStringLiteral("SELECT * FROM kinds ORDER BY id"),
        QStringLiteral("SELECT * FROM collectives ORDER BY id"),
        QStringLiteral("SELECT * FROM step_names ORDER BY id"),
        QStringLiteral("SELECT * FROM steps ORDER BY id"),
        QStringLiteral("SELECT * FROM bins ORDER BY device, bin"),
    };
}

} // namespace sl
