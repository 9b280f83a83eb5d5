// SPDX-License-Identifier: MIT
#include "core/cluster/digeststore.h"

#include <QAtomicInteger>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QVariant>

namespace sl {

namespace {

// Compact on purpose (the digest must stay under 2 % of its export): ops by id, durations and
// launch leads instead of second timestamps (2-3 byte varints instead of 6), keyed tables
// WITHOUT ROWID (no second index), and the view `collective_times` for readers.
const char* const s_ddl[] = {
    "CREATE TABLE digest_info (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID",
    "CREATE TABLE devices (device INTEGER PRIMARY KEY)",
    "CREATE TABLE processes (pid INTEGER PRIMARY KEY)",
    "CREATE TABLE ops (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
    "CREATE TABLE communicators (id INTEGER PRIMARY KEY, hash TEXT NOT NULL, nranks INTEGER, rank INTEGER)",
    "CREATE TABLE collectives (id INTEGER PRIMARY KEY, op_id INTEGER NOT NULL REFERENCES ops(id), "
    "stream_index INTEGER NOT NULL, ordinal INTEGER NOT NULL, stream INTEGER NOT NULL, device INTEGER NOT NULL, "
    "bytes INTEGER, start_ns INTEGER NOT NULL, duration_ns INTEGER NOT NULL, launch_lead_ns INTEGER, "
    "comm_id INTEGER REFERENCES communicators(id), comm_ordinal INTEGER)",
    "CREATE VIEW collective_times AS SELECT c.id, o.name AS op, c.stream_index, c.ordinal, c.stream, c.device, "
    "c.bytes, c.start_ns, c.start_ns + c.duration_ns AS end_ns, c.start_ns - c.launch_lead_ns AS launch_ns, "
    "m.hash AS communicator, c.comm_ordinal FROM collectives c JOIN ops o ON o.id = c.op_id LEFT JOIN "
    "communicators m ON m.id = c.comm_id",
    "CREATE TABLE steps (id INTEGER PRIMARY KEY, name TEXT NOT NULL, start_ns INTEGER NOT NULL, duration_ns INTEGER "
    "NOT NULL)",
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

bool insertRows(QSqlDatabase db, const RankDigest& d, QString* error)
{
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO digest_info VALUES (?, ?)"));
    for (const auto& [key, value] : infoRows(d)) {
        q.addBindValue(key);
        q.addBindValue(value.isNull() ? QVariant() : QVariant(value));
        if (!exec(q, error))
            return false;
    }
    q.prepare(QStringLiteral("INSERT INTO devices VALUES (?)"));
    for (int device : d.devices) {
        q.addBindValue(device);
        if (!exec(q, error))
            return false;
    }
    q.prepare(QStringLiteral("INSERT INTO processes VALUES (?)"));
    for (qint64 pid : d.pids) {
        q.addBindValue(pid);
        if (!exec(q, error))
            return false;
    }
    QStringList ops;
    q.prepare(QStringLiteral("INSERT INTO ops VALUES (?, ?)"));
    for (const DigestCollective& c : d.collectives) {
        if (ops.contains(c.op))
            continue;
        ops << c.op;
        q.addBindValue(ops.size());
        q.addBindValue(c.op);
        if (!exec(q, error))
            return false;
    }
    q.prepare(QStringLiteral("INSERT INTO communicators VALUES (?, ?, ?, ?)"));
    for (size_t i = 0; i < d.communicators.size(); ++i) {
        const DigestCommunicator& m = d.communicators[i];
        for (const QVariant& v : { QVariant(qint64(i) + 1), QVariant(commHashText(m.hash)),
                 m.nranks >= 0 ? QVariant(m.nranks) : QVariant(), m.rank >= 0 ? QVariant(m.rank) : QVariant() })
            q.addBindValue(v);
        if (!exec(q, error))
            return false;
    }
    q.prepare(QStringLiteral("INSERT INTO collectives VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (const DigestCollective& c : d.collectives) {
        for (const QVariant& v :
            { QVariant(ops.indexOf(c.op) + 1), QVariant(c.streamIndex), QVariant(c.ordinal), QVariant(c.stream),
                QVariant(c.device), c.bytes >= 0 ? QVariant(c.bytes) : QVariant(), QVariant(c.startNs),
                QVariant(c.endNs - c.startNs), c.launchNs >= 0 ? QVariant(c.startNs - c.launchNs) : QVariant(),
                c.comm >= 0 ? QVariant(c.comm + 1) : QVariant(), c.comm >= 0 ? QVariant(c.commOrdinal) : QVariant() })
            q.addBindValue(v);
        if (!exec(q, error))
            return false;
    }
    q.prepare(QStringLiteral("INSERT INTO steps VALUES (NULL, ?, ?, ?)"));
    for (const DigestStep& s : d.steps) {
        q.addBindValue(s.name);
        q.addBindValue(s.startNs);
        q.addBindValue(s.endNs - s.startNs);
        if (!exec(q, error))
            return false;
    }
    q.prepare(QStringLiteral("INSERT INTO bins VALUES (?, ?, ?, ?, ?)"));
    for (const DigestBin& b : d.bins) {
        for (const QVariant& v :
            { QVariant(b.device), QVariant(b.bin), QVariant(b.computeNs), QVariant(b.commNs), QVariant(b.idleNs) })
            q.addBindValue(v);
        if (!exec(q, error))
            return false;
    }
    return true;
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
            // 1 KiB pages: a digest has ten small tables, and each takes at least one page.
            ok = q.exec(QStringLiteral("PRAGMA page_size=1024")) && q.exec(QStringLiteral("PRAGMA journal_mode=OFF"))
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
    ok = ok
        && q.exec(QStringLiteral("SELECT o.name, c.stream_index, c.ordinal, c.stream, c.device, c.bytes, c.start_ns, "
                                 "c.start_ns + c.duration_ns, c.start_ns - c.launch_lead_ns, c.comm_id, c.comm_ordinal "
                                 "FROM collectives c JOIN ops o ON o.id = c.op_id ORDER BY c.id"));
    while (ok && q.next()) {
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
    ok = ok && q.exec(QStringLiteral("SELECT name, start_ns, start_ns + duration_ns FROM steps ORDER BY id"));
    while (ok && q.next())
        d->steps.push_back({ q.value(0).toString(), q.value(1).toLongLong(), q.value(2).toLongLong() });
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
        "SELECT * FROM ops ORDER BY id",
        "SELECT * FROM communicators ORDER BY id",
        "SELECT * FROM collectives ORDER BY id",
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
