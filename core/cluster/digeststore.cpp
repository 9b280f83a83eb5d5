// SPDX-License-Identifier: MIT
#include "core/cluster/digeststore.h"

#include <QAtomicInteger>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QVariant>

#include <map>
#include <tuple>

namespace sl {

namespace {

// Compact on purpose (the digest must stay under 2 % of its export): a collective row holds a
// kind (op, size, communicator, stream: a handful per export), its start as the gap
// since the previous collective's and its duration and launch lead (2-3 byte varints instead of
// 6), and nothing derivable (the ordinals, absolute times: the views compute them with window
// functions); a step's name is a shared prefix and its number. Keyed tables are WITHOUT ROWID
// (no second index). Readers query the views `collective_times` and `step_times`. The schema's
// text is stored in the file too (a 20-step run's digest is mostly fixed cost: 512-byte pages,
// one at least per table, and 7 of schema), so the DDL carries no REFERENCES clauses: SQLite
// does not enforce them here, and the reader checks the joins itself.
const char* const s_ddl[] = {
    "CREATE TABLE digest_info (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID",
    "CREATE TABLE devices (device INTEGER PRIMARY KEY)",
    "CREATE TABLE processes (pid INTEGER PRIMARY KEY)",
    "CREATE TABLE communicators (id INTEGER PRIMARY KEY, hash TEXT NOT NULL, nranks INTEGER, rank INTEGER)",
    "CREATE TABLE streams (id INTEGER PRIMARY KEY, stream INTEGER NOT NULL, device INTEGER NOT NULL)",
    "CREATE TABLE kinds (id INTEGER PRIMARY KEY, op TEXT NOT NULL, bytes INTEGER, comm_id INTEGER, stream_id "
    "INTEGER NOT NULL)",
    "CREATE TABLE collectives (id INTEGER PRIMARY KEY, kind_id INTEGER NOT NULL, start_gap_ns INTEGER NOT NULL, "
    "duration_ns INTEGER NOT NULL, launch_lead_ns INTEGER)",
    "CREATE VIEW collective_times AS SELECT *, start_ns + duration_ns AS end_ns, start_ns - launch_lead_ns AS "
    "launch_ns FROM (SELECT c.id, op, k.stream_id - 1 AS stream_index, row_number() OVER (PARTITION BY k.stream_id, "
    "op ORDER BY c.id) - 1 AS ordinal, stream, device, bytes, sum(start_gap_ns) OVER (ORDER BY c.id) AS start_ns, "
    "duration_ns, launch_lead_ns, hash AS communicator, comm_id, iif(comm_id IS NULL, NULL, row_number() OVER "
    "(PARTITION BY comm_id, op IN ('SendRecv', 'Send', 'Recv') ORDER BY c.id) - 1) AS comm_ordinal FROM collectives c "
    "JOIN kinds k ON k.id = kind_id JOIN streams s ON s.id = k.stream_id LEFT JOIN communicators m ON m.id = "
    "comm_id) ORDER BY id",
    "CREATE TABLE step_names (id INTEGER PRIMARY KEY, prefix TEXT NOT NULL)",
    "CREATE TABLE steps (id INTEGER PRIMARY KEY, name_id INTEGER NOT NULL, number INTEGER, start_gap_ns INTEGER "
    "NOT NULL, duration_ns INTEGER NOT NULL)",
    "CREATE VIEW step_times AS SELECT *, start_ns + duration_ns AS end_ns FROM (SELECT s.id, n.prefix || "
    "coalesce(s.number, '') AS name, sum(s.start_gap_ns) OVER (ORDER BY s.id) AS start_ns, s.duration_ns FROM "
    "steps s JOIN step_names n ON n.id = s.name_id) ORDER BY id",
    "CREATE TABLE bins (device INTEGER NOT NULL, bin INTEGER NOT NULL, compute_ns INTEGER NOT NULL, comm_ns INTEGER "
    "NOT NULL, idle_ns INTEGER NOT NULL, PRIMARY KEY (device, bin)) WITHOUT ROWID",
};

/// A QSQLITE connection of its own name, removed when this goes out of scope.
class Connection
{
public:
    Connection(const QString& path, bool readOnly)
    {
        static QAtomicInteger<quint64> counter;
        m_name = QStringLiteral("sightline-digest-%1").arg(counter.fetchAndAddRelaxed(1));
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        if (readOnly)
            db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        m_open = db.open();
        if (!m_open)
            m_error = db.lastError().text();
    }
    ~Connection()
    {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    QSqlDatabase db() const { return QSqlDatabase::database(m_name, false); }
    bool isOpen() const { return m_open; }
    QString error() const { return m_error; }

private:
    QString m_name, m_error;
    bool m_open = false;
};

QList<std::pair<QString, QString>> infoRows(const RankDigest& d)
{
    const auto n = [](qint64 v) { return QString::number(v); };
    return {
        { QStringLiteral("format"), QStringLiteral("sightline.digest") },
        { QStringLiteral("version"), n(DigestStore::formatVersion) },
        { QStringLiteral("file"), d.file },
        { QStringLiteral("file_size"), n(d.fileSize) },
        { QStringLiteral("sha256"), d.sha256 },
        { QStringLiteral("nsys_version"), d.nsysVersion },
        { QStringLiteral("schema_version"), d.schemaVersion },
        { QStringLiteral("hostname"), d.hostname },
        { QStringLiteral("rank"), d.rank >= 0 ? n(d.rank) : QString() },
        { QStringLiteral("rank_source"), d.rankSource },
        { QStringLiteral("utc_epoch_ns"), n(d.utcEpochNs) },
        { QStringLiteral("system_clock_ns"), d.systemClockNs >= 0 ? n(d.systemClockNs) : QString() },
        { QStringLiteral("kernels"), n(d.kernels) },
        { QStringLiteral("compute_ns"), n(d.computeNs) },
        { QStringLiteral("comm_ns"), n(d.commNs) },
        { QStringLiteral("exposed_comm_ns"), n(d.exposedCommNs) },
        { QStringLiteral("first_ns"), n(d.firstNs) },
        { QStringLiteral("last_ns"), n(d.lastNs) },
        { QStringLiteral("bin_ns"), n(d.binNs) },
    };
}

/// A communicator hash as 16 hex digits: SQLite's integers are signed, NCCL's hashes are not.
QString commHashText(quint64 hash) { return QStringLiteral("%1").arg(hash, 16, 16, QLatin1Char('0')); }

bool exec(QSqlQuery& q, QString* error)
{
    if (q.exec())
        return true;
    *error = q.lastError().text();
    return false;
}

bool insertAll(QSqlQuery& q, const QString& sql, const std::vector<QVariantList>& rows, QString* error)
{
    q.prepare(sql);
    for (const QVariantList& row : rows) {
        for (const QVariant& v : row)
            q.addBindValue(v);
        if (!exec(q, error))
            return false;
    }
    return true;
}

QVariant orNull(qint64 v, bool known) { return known ? QVariant(v) : QVariant(); }

/// The collective tables' rows: streams by index, kinds (op, size, communicator, stream) in order
/// of first use, collectives with their start as the gap since the previous one's.
void collectiveRows(const RankDigest& d, std::vector<QVariantList>* streams, std::vector<QVariantList>* kinds,
    std::vector<QVariantList>* rows)
{
    std::map<std::tuple<QString, qint64, int, int>, qint64> kindIds;
    qint64 previous = 0;
    for (const DigestCollective& c : d.collectives) {
        while (qint64(streams->size()) <= qint64(c.streamIndex))
            streams->push_back({ qint64(streams->size()) + 1, QVariant(), QVariant() });
        (*streams)[size_t(c.streamIndex)] = { qint64(c.streamIndex) + 1, c.stream, c.device };
        const auto key = std::make_tuple(c.op, c.bytes, c.comm, c.streamIndex);
        auto it = kindIds.find(key);
        if (it == kindIds.end()) {
            it = kindIds.emplace(key, qint64(kinds->size()) + 1).first;
            kinds->push_back({ it->second, c.op, orNull(c.bytes, c.bytes >= 0), orNull(c.comm + 1, c.comm >= 0),
                qint64(c.streamIndex) + 1 });
        }
        rows->push_back(
            { it->second, c.startNs - previous, c.endNs - c.startNs, orNull(c.startNs - c.launchNs, c.launchNs >= 0) });
        previous = c.startNs;
    }
}

/// Steps as (name prefix, trailing number): "ProfilerStep#12" → ("ProfilerStep#", 12).
void stepRows(const RankDigest& d, std::vector<QVariantList>* names, std::vector<QVariantList>* rows)
{
    static const QRegularExpression trailing(QStringLiteral("^(.*?)([1-9][0-9]{0,17}|0)$"));
    QHash<QString, qint64> nameIds;
    qint64 previous = 0;
    for (const DigestStep& s : d.steps) {
        const QRegularExpressionMatch m = trailing.match(s.name);
        const QString prefix = m.hasMatch() ? m.captured(1) : s.name;
        auto it = nameIds.constFind(prefix);
        if (it == nameIds.constEnd()) {
            it = nameIds.insert(prefix, qint64(names->size()) + 1);
            names->push_back({ *it, prefix });
        }
        rows->push_back({ *it, m.hasMatch() ? QVariant(m.captured(2).toLongLong()) : QVariant(), s.startNs - previous,
            s.endNs - s.startNs });
        previous = s.startNs;
    }
}

bool insertRows(QSqlDatabase db, const RankDigest& d, QString* error)
{
    QSqlQuery q(db);
    std::vector<QVariantList> info, devices, processes, communicators, streams, kinds, collectives, names, steps, bins;
    for (const auto& [key, value] : infoRows(d))
        info.push_back({ key, value.isNull() ? QVariant() : QVariant(value) });
    for (int device : d.devices)
        devices.push_back({ device });
    for (qint64 pid : d.pids)
        processes.push_back({ pid });
    for (size_t i = 0; i < d.communicators.size(); ++i) {
        const DigestCommunicator& m = d.communicators[i];
        communicators.push_back(
            { qint64(i) + 1, commHashText(m.hash), orNull(m.nranks, m.nranks >= 0), orNull(m.rank, m.rank >= 0) });
    }
    collectiveRows(d, &streams, &kinds, &collectives);
    stepRows(d, &names, &steps);
    for (const DigestBin& b : d.bins)
        bins.push_back({ b.device, b.bin, b.computeNs, b.commNs, b.idleNs });
    return insertAll(q, QStringLiteral("INSERT INTO digest_info VALUES (?, ?)"), info, error)
        && insertAll(q, QStringLiteral("INSERT INTO devices VALUES (?)"), devices, error)
        && insertAll(q, QStringLiteral("INSERT INTO processes VALUES (?)"), processes, error)
        && insertAll(q, QStringLiteral("INSERT INTO communicators VALUES (?, ?, ?, ?)"), communicators, error)
        && insertAll(q, QStringLiteral("INSERT INTO streams VALUES (?, ?, ?)"), streams, error)
        && insertAll(q, QStringLiteral("INSERT INTO kinds VALUES (?, ?, ?, ?, ?)"), kinds, error)
        && insertAll(q, QStringLiteral("INSERT INTO collectives VALUES (NULL, ?, ?, ?, ?)"), collectives, error)
        && insertAll(q, QStringLiteral("INSERT INTO step_names VALUES (?, ?)"), names, error)
        && insertAll(q, QStringLiteral("INSERT INTO steps VALUES (NULL, ?, ?, ?, ?)"), steps, error)
        && insertAll(q, QStringLiteral("INSERT INTO bins VALUES (?, ?, ?, ?, ?)"), bins, error);
}

} // namespace

bool DigestStore::write(const RankDigest& d, const QString& path, QString* error)
{
    const QString part = path + QStringLiteral(".part");
    QFile::remove(part);
    QString sqlError;
    bool ok = false;
    {
        Connection c(part, false);
        if (c.isOpen()) {
            QSqlDatabase db = c.db();
            QSqlQuery q(db);
            // 512-byte pages (SQLite's smallest): a digest has a dozen tables, most of a few rows, and each
            // takes at least one page.
            ok = q.exec(QStringLiteral("PRAGMA page_size=512")) && q.exec(QStringLiteral("PRAGMA journal_mode=OFF"))
                && db.transaction();
            for (const char* ddl : s_ddl)
                ok = ok && q.exec(QLatin1String(ddl));
            if (!ok)
                sqlError = q.lastError().text();
            ok = ok && insertRows(db, d, &sqlError) && db.commit();
            if (!ok && sqlError.isEmpty())
                sqlError = db.lastError().text();
        } else {
            sqlError = c.error();
        }
    }
    if (ok) {
        QFile::remove(path);
        ok = QFile::rename(part, path);
        if (!ok)
            sqlError = tr("cannot rename %1").arg(QFileInfo(part).fileName());
    }
    if (!ok) {
        QFile::remove(part);
        *error = tr("Cannot write the digest %1: %2").arg(path, sqlError);
    }
    return ok;
}

namespace {

bool readInfo(QSqlDatabase db, RankDigest* d, QString* error)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("SELECT key, value FROM digest_info"))) {
        *error = q.lastError().text();
        return false;
    }
    QHash<QString, QString> info;
    while (q.next())
        info.insert(q.value(0).toString(), q.value(1).toString());
    if (info.value(QStringLiteral("format")) != QLatin1String("sightline.digest")) {
        *error = DigestStore::tr("not a sightline.digest");
        return false;
    }
    const QString version = info.value(QStringLiteral("version"));
    if (version != QString::number(DigestStore::formatVersion)) {
        // Version 1 had no communicators: its pairing would silently differ. Digests are cheap to remake.
        *error = DigestStore::tr("digest format version %1, this Sightline reads version %2: digest the export "
                                 "again (sightline-cli digest)")
                     .arg(version.isEmpty() ? DigestStore::tr("(none)") : version.left(16))
                     .arg(DigestStore::formatVersion);
        return false;
    }
    const auto n = [&](const char* key) { return info.value(QLatin1String(key)).toLongLong(); };
    d->file = info.value(QStringLiteral("file"));
    d->fileSize = n("file_size");
    d->sha256 = info.value(QStringLiteral("sha256"));
    d->nsysVersion = info.value(QStringLiteral("nsys_version"));
    d->schemaVersion = info.value(QStringLiteral("schema_version"));
    d->hostname = info.value(QStringLiteral("hostname"));
    bool rankOk = false;
    d->rank = info.value(QStringLiteral("rank")).toInt(&rankOk);
    if (!rankOk || d->rank < 0)
        d->rank = -1;
    d->rankSource = info.value(QStringLiteral("rank_source"));
    d->utcEpochNs = n("utc_epoch_ns");
    bool clockOk = false;
    d->systemClockNs = info.value(QStringLiteral("system_clock_ns")).toLongLong(&clockOk);
    if (!clockOk)
        d->systemClockNs = -1;
    d->kernels = n("kernels");
    d->computeNs = n("compute_ns");
    d->commNs = n("comm_ns");
    d->exposedCommNs = n("exposed_comm_ns");
    d->firstNs = n("first_ns");
    d->lastNs = n("last_ns");
    d->binNs = n("bin_ns");
    return true;
}

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

bool readTables(QSqlDatabase db, RankDigest* d, QString* error)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    bool ok = q.exec(QStringLiteral("SELECT device FROM devices ORDER BY device"));
    while (ok && q.next())
        d->devices.push_back(q.value(0).toInt());
    ok = ok && q.exec(QStringLiteral("SELECT pid FROM processes ORDER BY pid"));
    while (ok && q.next())
        d->pids.push_back(q.value(0).toLongLong());
    ok = ok && q.exec(QStringLiteral("SELECT id, hash, nranks, rank FROM communicators ORDER BY id"));
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
    ok = ok && readCollectives(q, d, error);
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

} // namespace

bool DigestStore::read(const QString& path, RankDigest* digest, QString* error)
{
    RankDigest d;
    QString sqlError;
    bool ok = false;
    {
        Connection c(path, true);
        ok = c.isOpen() && readInfo(c.db(), &d, &sqlError) && readTables(c.db(), &d, &sqlError);
        if (!c.isOpen())
            sqlError = c.error();
    }
    if (!ok) {
        *error = tr("Cannot read the digest %1: %2").arg(QFileInfo(path).fileName(), sqlError);
        return false;
    }
    *digest = std::move(d);
    return true;
}

bool DigestStore::isDigest(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly) || f.read(16) != QByteArray("SQLite format 3\0", 16))
        return false;
    f.close();
    Connection c(path, true);
    if (!c.isOpen())
        return false;
    return c.db().tables().contains(QStringLiteral("digest_info"));
}

QString DigestStore::contentDump(const QString& path, QString* error)
{
    static const char* const queries[] = {
        "SELECT key, value FROM digest_info ORDER BY key",
        "SELECT device FROM devices ORDER BY device",
        "SELECT pid FROM processes ORDER BY pid",
        "SELECT * FROM communicators ORDER BY id",
        "SELECT * FROM streams ORDER BY id",
        "SELECT * FROM kinds ORDER BY id",
        "SELECT * FROM collectives ORDER BY id",
        "SELECT * FROM step_names ORDER BY id",
        "SELECT * FROM steps ORDER BY id",
        "SELECT * FROM bins ORDER BY device, bin",
    };
    Connection c(path, true);
    if (!c.isOpen()) {
        *error = c.error();
        return {};
    }
    QString dump;
    QSqlQuery q(c.db());
    for (const char* sql : queries) {
        if (!q.exec(QLatin1String(sql))) {
            *error = q.lastError().text();
            return {};
        }
        dump += QLatin1String(sql) + QLatin1Char('\n');
        while (q.next()) {
            QStringList fields;
            for (int i = 0; i < q.record().count(); ++i)
                fields << (q.isNull(i) ? QStringLiteral("NULL") : q.value(i).toString());
            dump += fields.join(QLatin1Char('|')) + QLatin1Char('\n');
        }
    }
    return dump;
}

} // namespace sl
