// SPDX-License-Identifier: MIT
#include "core/cluster/digeststore.h"

#include "core/cluster/digestformat.h"
#include "core/cluster/digestformat2.h"
#include "core/io/staleparts.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QVariant>

#include <atomic>
#include <cstdio>

namespace sl {

static_assert(DigestStore::formatVersion == DigestFormat::version, "DigestStore writes DigestFormat");

namespace {

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

} // namespace

bool DigestStore::write(const RankDigest& d, const QString& path, QString* error)
{
    // A name of this write's own: two writers of one digest (two Cluster views of one folder, a
    // CLI run beside them, hosts sharing a cache on NFS) never share the half-written file, and
    // the rename publishes a whole one. A file of this name can only be a dead process's (process
    // ids repeat in containers and requeued jobs): removed first.
    static std::atomic<quint64> s_writes { 0 };
    // Parts left by writes that never finished (a job killed at its time limit) in an output
    // folder, which no cache eviction walks.
    const QFileInfo target(path);
    StaleParts::removeIn(target.path(), { target.fileName() + QStringLiteral(".part-") });
    const QString part = QStringLiteral("%1.part-%2-%3-%4")
                             .arg(path)
                             .arg(QCoreApplication::applicationPid())
                             .arg(++s_writes)
                             .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
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
            for (const QString& ddl : DigestFormat::schema())
                ok = ok && q.exec(ddl);
            if (!ok)
                sqlError = q.lastError().text();
            ok = ok && DigestFormat::insert(db, d, &sqlError) && db.commit();
            if (!ok && sqlError.isEmpty())
                sqlError = db.lastError().text();
        } else {
            sqlError = c.error();
        }
    }
    if (ok) {
        // rename(2) replaces an existing digest atomically (QFile::rename refuses to).
        ok = ::rename(QFile::encodeName(part).constData(), QFile::encodeName(path).constData()) == 0;
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

/// Version 4's `process` and `processes` (before it, a digest covers its whole export), and
/// version 5's `device` (before it, a rank covers every GPU of its process).
bool readProcess(const QHash<QString, QString>& info, RankDigest* d, QString* error)
{
    if (!info.contains(QStringLiteral("processes")))
        return true;
    bool processOk = false, processesOk = false, deviceOk = false;
    const QString process = info.value(QStringLiteral("process")), device = info.value(QStringLiteral("device"));
    d->process = process.isEmpty() ? -1 : process.toLongLong(&processOk);
    d->processes = info.value(QStringLiteral("processes")).toInt(&processesOk);
    d->device = device.isEmpty() ? -1 : device.toInt(&deviceOk);
    // Either the whole export (no process, 1 digest) or one process of 2 or more ranks, a pid of
    // 24 bits, and maybe one GPU of it.
    const bool whole = process.isEmpty() && device.isEmpty() && d->processes == 1;
    const bool rank = processOk && d->process >= 0 && d->process < (1 << 24) && d->processes >= 2
        && (device.isEmpty() || (deviceOk && d->device >= 0));
    if (processesOk && (whole || rank))
        return true;
    *error = DigestStore::tr("digest_info process %1 (GPU %2) of %3 ranks is damaged")
                 .arg(process.left(24), device.left(24), info.value(QStringLiteral("processes")).left(24));
    return false;
}

/// The keys every version shares into `d`; `info` gets every key, `version` the format version.
bool readInfo(QSqlDatabase db, RankDigest* d, QHash<QString, QString>* info, int* version, QString* error)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("SELECT * FROM digest_info"))) {
        *error = q.lastError().text();
        return false;
    }
    // Versions 1 and 2: key/value rows; versions 3 to 5: one row, the keys its column names.
    const QSqlRecord columns = q.record();
    const bool keyValue = columns.indexOf(QStringLiteral("key")) >= 0 && columns.indexOf(QStringLiteral("value")) >= 0;
    int rows = 0;
    for (; q.next(); ++rows) {
        if (keyValue)
            info->insert(q.value(QStringLiteral("key")).toString(), q.value(QStringLiteral("value")).toString());
        for (int i = 0; !keyValue && i < columns.count(); ++i)
            info->insert(columns.fieldName(i), q.value(i).toString());
    }
    if (!keyValue && rows != 1) {
        *error = DigestStore::tr("digest_info has %1 rows, not one").arg(rows);
        return false;
    }
    if (info->value(QStringLiteral("format")) != QLatin1String("sightline.digest")) {
        *error = DigestStore::tr("not a sightline.digest");
        return false;
    }
    const QString v = info->value(QStringLiteral("version"));
    *version = v.toInt();
    bool known = false;
    for (int k = DigestFormat::oldestVersion; k <= DigestFormat::version; ++k)
        known = known || v == QString::number(k);
    if (v != QString::number(DigestFormat2::version) && !known) {
        // Version 1 had no communicators: its pairing would silently differ. Digests are cheap to remake.
        *error = DigestStore::tr("digest format version %1, this Sightline reads versions %2 to %3: digest the export "
                                 "again (sightline-cli digest)")
                     .arg(v.isEmpty() ? DigestStore::tr("(none)") : v.left(16))
                     .arg(DigestFormat2::version)
                     .arg(DigestFormat::version);
        return false;
    }
    const auto n = [&](const char* key) { return info->value(QLatin1String(key)).toLongLong(); };
    d->file = info->value(QStringLiteral("file"));
    d->fileSize = n("file_size");
    d->sha256 = info->value(QStringLiteral("sha256"));
    d->nsysVersion = info->value(QStringLiteral("nsys_version"));
    d->schemaVersion = info->value(QStringLiteral("schema_version"));
    d->hostname = info->value(QStringLiteral("hostname"));
    bool rankOk = false;
    d->rank = info->value(QStringLiteral("rank")).toInt(&rankOk);
    if (!rankOk || d->rank < 0)
        d->rank = -1;
    d->rankSource = info->value(QStringLiteral("rank_source"));
    bool utcOk = false; // NULL (none in the export) or damaged: unknown
    d->utcEpochNs = info->value(QStringLiteral("utc_epoch_ns")).toLongLong(&utcOk);
    // Digests wrote 0 for an export without an anchor (nsys 2021.2 and before) until NULL came in
    // with version 4; no capture starts at the 1970 epoch.
    if (!utcOk || d->utcEpochNs <= 0)
        d->utcEpochNs = -1;
    bool clockOk = false;
    d->systemClockNs = info->value(QStringLiteral("system_clock_ns")).toLongLong(&clockOk);
    if (!clockOk)
        d->systemClockNs = -1;
    d->kernels = n("kernels");
    d->computeNs = n("compute_ns");
    d->commNs = n("comm_ns");
    d->exposedCommNs = n("exposed_comm_ns");
    d->firstNs = n("first_ns");
    d->lastNs = n("last_ns");
    d->binNs = n("bin_ns");
    return readProcess(*info, d, error);
}

bool readDigest(QSqlDatabase db, RankDigest* d, QString* error)
{
    QHash<QString, QString> info;
    int version = 0;
    if (!readInfo(db, d, &info, &version, error))
        return false;
    return version == DigestFormat2::version ? DigestFormat2::read(db, d, error)
                                             : DigestFormat::read(db, info, d, error);
}

} // namespace

bool DigestStore::read(const QString& path, RankDigest* digest, QString* error)
{
    RankDigest d;
    QString sqlError;
    bool ok = false;
    {
        Connection c(path, true);
        ok = c.isOpen() && readDigest(c.db(), &d, &sqlError);
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
    Connection c(path, true);
    if (!c.isOpen()) {
        *error = c.error();
        return {};
    }
    QSqlQuery q(c.db());
    const bool two = c.db().record(QStringLiteral("digest_info")).indexOf(QStringLiteral("key")) >= 0;
    QString dump;
    for (const QString& sql : two ? DigestFormat2::dumpQueries() : DigestFormat::dumpQueries()) {
        if (!q.exec(sql)) {
            *error = q.lastError().text();
            return {};
        }
        dump += sql + QLatin1Char('\n');
        // From version 3 digest_info is one row: dumped as version 2's, a `key|value` line per column in key
        // order.
        const bool columns = !two && sql.contains(QLatin1String("digest_info"));
        while (q.next()) {
            QStringList fields;
            for (int i = 0; i < q.record().count(); ++i) {
                const QString value = q.isNull(i) ? QStringLiteral("NULL") : q.value(i).toString();
                fields << (columns ? q.record().fieldName(i) + QLatin1Char('|') + value : value);
            }
            if (columns)
                fields.sort();
            dump += fields.join(columns ? QLatin1Char('\n') : QLatin1Char('|')) + QLatin1Char('\n');
        }
    }
    return dump;
}

} // namespace sl
