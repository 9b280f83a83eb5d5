// SPDX-License-Identifier: MIT
#include "core/cluster/digestformat.h"

#include "core/cluster/digeststore.h"
#include "core/cluster/exportdigester.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <limits>
#include <map>
#include <optional>
#include <tuple>

namespace sl {

namespace {

// A digest must stay under 2 % of its export, and a short capture's digest is mostly fixed cost:
// 512-byte pages, at least one per table, and the schema's own text (stored in the file). So
// format 3 has five tables where version 2 had ten: digest_info is one row (its keys are column
// names, stored once), the few devices, processes and communicators are JSON arrays in it, and
// step-name prefixes are rows of `kinds` beside the collective kinds (which carry their stream,
// device and communicator hash: a handful of rows per export). Columns carry no declared type
// (SQLite stores each value as bound: integers as integers) and no REFERENCES clauses (the reader
// checks the joins itself); collectives and steps are numbered by their rowid (an INTEGER PRIMARY
// KEY column costs a byte a row). Nothing derivable is stored: a row's start is the gap since the
// previous row's, ordinals and absolute times are computed by the views. The statements have no
// optional spaces or AS: SQLite keeps their text verbatim, and so the schema takes 4 pages, not 5
// (a 20-step run's digest is 12; docs/benchmarks.md, "Digest size").
const char* const s_ddl[] = {
    "CREATE TABLE digest_info(format,version,file,file_size,sha256,nsys_version,schema_version,hostname,rank,"
    "rank_source,utc_epoch_ns,system_clock_ns,kernels,compute_ns,comm_ns,exposed_comm_ns,first_ns,last_ns,bin_ns,"
    "devices,pids,communicators,process,processes,device)",
    "CREATE TABLE kinds(id INTEGER PRIMARY KEY,name,bytes,comm,stream,stream_index,device)",
    "CREATE TABLE collectives(kind_id,start_gap_ns,duration_ns,launch_lead_ns)",
    "CREATE TABLE steps(kind_id,number,start_gap_ns,duration_ns)",
    "CREATE TABLE bins(device,bin,compute_ns,comm_ns,idle_ns)",
    "CREATE VIEW collective_times AS SELECT *,start_ns+duration_ns end_ns,start_ns-launch_lead_ns launch_ns FROM("
    "SELECT c.rowid id,name op,stream_index,row_number()OVER(PARTITION BY stream_index,name ORDER BY c.rowid)-1 "
    "ordinal,stream,device,bytes,sum(start_gap_ns)OVER(ORDER BY c.rowid)start_ns,duration_ns,launch_lead_ns,comm "
    "communicator,iif(comm ISNULL,NULL,row_number()OVER(PARTITION BY comm,name IN('SendRecv','Send','Recv')ORDER BY "
    "c.rowid)-1)comm_ordinal FROM collectives c JOIN kinds ON id=kind_id)ORDER BY id",
    "CREATE VIEW step_times AS SELECT *,start_ns+duration_ns end_ns FROM(SELECT s.rowid id,name||coalesce(number,'')"
    "name,sum(start_gap_ns)OVER(ORDER BY s.rowid)start_ns,duration_ns FROM steps s JOIN kinds ON id=kind_id)ORDER BY "
    "id",
};

QVariant orNull(qint64 v, bool known) { return known ? QVariant(v) : QVariant(); }

QString json(const QJsonArray& a) { return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact)); }

/// A communicator hash as 16 hex digits: SQLite's and JSON's integers are signed, NCCL's hashes are not.
QString commHashText(quint64 hash) { return QStringLiteral("%1").arg(hash, 16, 16, QLatin1Char('0')); }

QList<std::pair<QString, QVariant>> infoRows(const RankDigest& d)
{
    QJsonArray devices, pids, communicators;
    for (int device : d.devices)
        devices.append(device);
    for (qint64 pid : d.pids)
        pids.append(pid);
    for (const DigestCommunicator& m : d.communicators)
        communicators.append(QJsonArray { commHashText(m.hash), m.nranks >= 0 ? QJsonValue(m.nranks) : QJsonValue(),
            m.rank >= 0 ? QJsonValue(m.rank) : QJsonValue() });
    return {
        { QStringLiteral("format"), QStringLiteral("sightline.digest") },
        { QStringLiteral("version"), DigestFormat::version },
        { QStringLiteral("file"), d.file },
        { QStringLiteral("file_size"), d.fileSize },
        { QStringLiteral("sha256"), d.sha256 },
        { QStringLiteral("nsys_version"), d.nsysVersion },
        { QStringLiteral("schema_version"), d.schemaVersion },
        { QStringLiteral("hostname"), d.hostname },
        { QStringLiteral("rank"), orNull(d.rank, d.rank >= 0) },
        { QStringLiteral("rank_source"), d.rankSource },
        { QStringLiteral("utc_epoch_ns"), orNull(d.utcEpochNs, d.utcEpochNs >= 0) },
        { QStringLiteral("system_clock_ns"), orNull(d.systemClockNs, d.systemClockNs >= 0) },
        { QStringLiteral("kernels"), d.kernels },
        { QStringLiteral("compute_ns"), d.computeNs },
        { QStringLiteral("comm_ns"), d.commNs },
        { QStringLiteral("exposed_comm_ns"), d.exposedCommNs },
        { QStringLiteral("first_ns"), d.firstNs },
        { QStringLiteral("last_ns"), d.lastNs },
        { QStringLiteral("bin_ns"), d.binNs },
        { QStringLiteral("devices"), json(devices) },
        { QStringLiteral("pids"), json(pids) },
        { QStringLiteral("communicators"), json(communicators) },
        { QStringLiteral("process"), orNull(d.process, d.process >= 0) },
        { QStringLiteral("processes"), d.processes },
        { QStringLiteral("device"), orNull(d.device, d.device >= 0) },
    };
}

bool insertAll(QSqlQuery& q, const QString& sql, const std::vector<QVariantList>& rows, QString* error)
{
    if (!q.prepare(sql)) {
        *error = q.lastError().text();
        return false;
    }
    for (const QVariantList& row : rows) {
        for (const QVariant& v : row)
            q.addBindValue(v);
        if (!q.exec()) {
            *error = q.lastError().text();
            return false;
        }
    }
    return true;
}

/// Kinds (op, size, communicator, stream) in order of first use, collectives with their start as
/// the gap since the previous one's; then the step-name prefixes as kinds, and the steps:
/// "ProfilerStep#12" → kind "ProfilerStep#", number 12.
void eventRows(const RankDigest& d, std::vector<QVariantList>* kinds, std::vector<QVariantList>* collectives,
    std::vector<QVariantList>* steps)
{
    std::map<std::tuple<QString, qint64, int, int>, qint64> kindIds;
    qint64 previous = 0;
    for (const DigestCollective& c : d.collectives) {
        const auto key = std::make_tuple(c.op, c.bytes, c.comm, c.streamIndex);
        auto it = kindIds.find(key);
        if (it == kindIds.end()) {
            it = kindIds.emplace(key, qint64(kinds->size()) + 1).first;
            const bool known = c.comm >= 0 && c.comm < int(d.communicators.size());
            kinds->push_back({ it->second, c.op, orNull(c.bytes, c.bytes >= 0),
                known ? QVariant(commHashText(d.communicators[size_t(c.comm)].hash)) : QVariant(), c.stream,
                c.streamIndex, c.device });
        }
        collectives->push_back(
            { it->second, c.startNs - previous, c.endNs - c.startNs, orNull(c.startNs - c.launchNs, c.launchNs >= 0) });
        previous = c.startNs;
    }
    static const QRegularExpression trailing(QStringLiteral("^(.*?)([1-9][0-9]{0,17}|0)$"));
    QHash<QString, qint64> nameIds;
    previous = 0;
    for (const DigestStep& s : d.steps) {
        const QRegularExpressionMatch m = trailing.match(s.name);
        const QString prefix = m.hasMatch() ? m.captured(1) : s.name;
        auto it = nameIds.constFind(prefix);
        if (it == nameIds.constEnd()) {
            it = nameIds.insert(prefix, qint64(kinds->size()) + 1);
            kinds->push_back({ *it, prefix, QVariant(), QVariant(), QVariant(), QVariant(), QVariant() });
        }
        steps->push_back({ *it, m.hasMatch() ? QVariant(m.captured(2).toLongLong()) : QVariant(), s.startNs - previous,
            s.endNs - s.startNs });
        previous = s.startNs;
    }
}

/// An integer cell; false for text, reals, blobs, and NULL unless `nullable` (then -1).
bool integer(const QSqlQuery& q, int column, qint64* out, bool nullable = false)
{
    const QVariant v = q.value(column);
    if (v.isNull()) {
        *out = -1;
        return nullable;
    }
    *out = v.toLongLong();
    return v.typeId() == QMetaType::LongLong;
}

bool damaged(const char* table, qint64 id, QString* error)
{
    *error = DigestStore::tr("row %1 of %2 is damaged").arg(id).arg(QLatin1String(table));
    return false;
}

/// One `kinds` row: a collective kind (its stream index set) or a step-name prefix.
struct Kind
{
    QString name;
    qint64 bytes = -1, comm = -1, stream = 0, streamIndex = -1, device = 0; ///< comm: index into communicators
};

/// The index of communicator `hash` (16 hex digits) in d.communicators, -1 when it has none.
qint64 communicatorIndex(const RankDigest& d, const QString& hash)
{
    bool hex = false;
    const quint64 value = hash.toULongLong(&hex, 16);
    for (size_t i = 0; hex && hash.size() == 16 && i < d.communicators.size(); ++i)
        if (d.communicators[i].hash == value)
            return qint64(i);
    return -1;
}

std::optional<QJsonArray> jsonArray(const QHash<QString, QString>& info, const char* key, QString* error)
{
    const QJsonDocument doc = QJsonDocument::fromJson(info.value(QLatin1String(key)).toUtf8());
    if (!doc.isArray()) {
        *error = DigestStore::tr("digest_info %1 is not a JSON array").arg(QLatin1String(key));
        return std::nullopt;
    }
    return doc.array();
}

/// A JSON integer in [0, max], or -1 where `nullable` allows null; false for anything else.
bool jsonInteger(const QJsonValue& v, qint64 max, qint64* out, bool nullable = false)
{
    *out = -1;
    if (v.isNull())
        return nullable;
    const qint64 i = v.toInteger(-1);
    if (!v.isDouble() || double(i) != v.toDouble() || i < 0 || i > max)
        return false;
    *out = i;
    return true;
}

bool readInfoArrays(const QHash<QString, QString>& info, RankDigest* d, QString* error)
{
    const auto devices = jsonArray(info, "devices", error), pids = jsonArray(info, "pids", error),
               communicators = jsonArray(info, "communicators", error);
    if (!devices || !pids || !communicators)
        return false;
    qint64 v = 0, nranks = 0, rank = 0;
    for (const QJsonValue& device : *devices) {
        if (!jsonInteger(device, std::numeric_limits<int>::max(), &v))
            return damaged("digest_info devices", qint64(d->devices.size()) + 1, error);
        d->devices.push_back(int(v));
    }
    for (const QJsonValue& pid : *pids) {
        if (!jsonInteger(pid, std::numeric_limits<qint64>::max(), &v))
            return damaged("digest_info pids", qint64(d->pids.size()) + 1, error);
        d->pids.push_back(v);
    }
    for (const QJsonValue& m : *communicators) {
        const QJsonArray a = m.toArray();
        bool hex = false;
        const QString hash = a.at(0).toString();
        const quint64 value = hash.toULongLong(&hex, 16);
        if (a.size() != 3 || hash.size() != 16 || !hex
            || !jsonInteger(a.at(1), std::numeric_limits<int>::max(), &nranks, true)
            || !jsonInteger(a.at(2), std::numeric_limits<int>::max(), &rank, true))
            return damaged("digest_info communicators", qint64(d->communicators.size()) + 1, error);
        d->communicators.push_back({ value, int(nranks), int(rank) });
    }
    return true;
}

bool readKinds(QSqlQuery& q, const RankDigest& d, std::map<qint64, Kind>* kinds, QString* error)
{
    if (!q.exec(QStringLiteral("SELECT id, name, bytes, comm, stream, stream_index, device FROM kinds ORDER BY id"))) {
        *error = q.lastError().text();
        return false;
    }
    constexpr qint64 intMax = std::numeric_limits<int>::max();
    while (q.next()) {
        qint64 id = 0;
        Kind k;
        k.name = q.value(1).toString();
        k.comm = q.isNull(3) ? -1 : communicatorIndex(d, q.value(3).toString());
        const bool ok = integer(q, 0, &id) && q.value(1).typeId() == QMetaType::QString && integer(q, 2, &k.bytes, true)
            && (q.isNull(3) || k.comm >= 0) && integer(q, 5, &k.streamIndex, true)
            && (k.streamIndex < 0 // a step-name prefix: nothing else
                    ? q.isNull(2) && q.isNull(3) && q.isNull(4) && q.isNull(6)
                    : integer(q, 4, &k.stream) && integer(q, 6, &k.device) && k.device <= intMax
                        && k.streamIndex <= intMax);
        if (!ok || (!q.isNull(2) && k.bytes < 0) || (!q.isNull(5) && k.streamIndex < 0) || k.device < 0)
            return damaged("kinds", id, error);
        kinds->emplace(id, k);
    }
    return true;
}

bool readCollectives(QSqlQuery& q, const std::map<qint64, Kind>& kinds, RankDigest* d, QString* error)
{
    if (!q.exec(QStringLiteral(
            "SELECT rowid, kind_id, start_gap_ns, duration_ns, launch_lead_ns FROM collectives ORDER BY rowid"))) {
        *error = q.lastError().text();
        return false;
    }
    // As the view collective_times numbers them: per stream and op, and per communicator (its
    // point-to-point kernels apart), in start order.
    QHash<std::pair<qint64, QString>, qint64> ordinals;
    QHash<std::pair<qint64, bool>, qint64> commOrdinals;
    qint64 start = 0;
    while (q.next()) {
        qint64 id = 0, kindId = 0, gap = 0, duration = 0, lead = 0, end = 0, launch = -1;
        if (!integer(q, 0, &id) || !integer(q, 1, &kindId) || !integer(q, 2, &gap) || !integer(q, 3, &duration)
            || !integer(q, 4, &lead, true) || duration < 0 || __builtin_add_overflow(start, gap, &start)
            || __builtin_add_overflow(start, duration, &end)
            || (!q.isNull(4) && __builtin_sub_overflow(start, lead, &launch)))
            return damaged("collectives", id, error);
        const auto k = kinds.find(kindId);
        if (k == kinds.end() || k->second.streamIndex < 0) {
            *error = DigestStore::tr("collective %1 refers to a kind the digest does not have").arg(id);
            return false;
        }
        const Kind& kind = k->second;
        DigestCollective c { kind.name, int(kind.streamIndex), ordinals[{ kind.streamIndex, kind.name }]++, kind.stream,
            int(kind.device), kind.bytes, start, end, launch, int(kind.comm), -1 };
        if (kind.comm >= 0)
            c.commOrdinal = commOrdinals[{ kind.comm, ExportDigester::isPointToPoint(kind.name) }]++;
        d->collectives.push_back(c);
    }
    return true;
}

bool readSteps(QSqlQuery& q, const std::map<qint64, Kind>& kinds, RankDigest* d, QString* error)
{
    if (!q.exec(QStringLiteral("SELECT rowid, kind_id, number, start_gap_ns, duration_ns FROM steps ORDER BY rowid"))) {
        *error = q.lastError().text();
        return false;
    }
    qint64 start = 0;
    while (q.next()) {
        qint64 id = 0, kindId = 0, number = 0, gap = 0, duration = 0, end = 0;
        if (!integer(q, 0, &id) || !integer(q, 1, &kindId) || !integer(q, 2, &number, true) || !integer(q, 3, &gap)
            || !integer(q, 4, &duration) || duration < 0 || (!q.isNull(2) && number < 0)
            || __builtin_add_overflow(start, gap, &start) || __builtin_add_overflow(start, duration, &end))
            return damaged("steps", id, error);
        const auto k = kinds.find(kindId);
        if (k == kinds.end() || k->second.streamIndex >= 0) {
            *error = DigestStore::tr("step %1 refers to a kind the digest does not have").arg(id);
            return false;
        }
        d->steps.push_back({ k->second.name + (q.isNull(2) ? QString() : QString::number(number)), start, end });
    }
    return true;
}

bool readBins(QSqlQuery& q, RankDigest* d, QString* error)
{
    if (!q.exec(QStringLiteral("SELECT device, bin, compute_ns, comm_ns, idle_ns FROM bins ORDER BY device, bin"))) {
        *error = q.lastError().text();
        return false;
    }
    while (q.next()) {
        qint64 device = 0, bin = 0, compute = 0, comm = 0, idle = 0;
        const DigestBin* previous = d->bins.empty() ? nullptr : &d->bins.back();
        if (!integer(q, 0, &device) || !integer(q, 1, &bin) || !integer(q, 2, &compute) || !integer(q, 3, &comm)
            || !integer(q, 4, &idle) || device < 0 || device > std::numeric_limits<int>::max() || bin < 0
            || bin >= ExportDigester::maxBins || compute < 0 || comm < 0 || idle < 0
            || (previous && previous->device == device && previous->bin == bin)) // each (device, bin) once
            return damaged("bins", qint64(d->bins.size()) + 1, error);
        d->bins.push_back({ int(device), int(bin), compute, comm, idle });
    }
    return true;
}

} // namespace

QStringList DigestFormat::schema()
{
    QStringList out;
    for (const char* ddl : s_ddl)
        out << QLatin1String(ddl);
    return out;
}

bool DigestFormat::insert(QSqlDatabase db, const RankDigest& d, QString* error)
{
    QSqlQuery q(db);
    std::vector<QVariantList> info(1), kinds, collectives, steps, bins;
    QStringList columns;
    for (const auto& [key, value] : infoRows(d)) {
        columns << key;
        info[0].push_back(value);
    }
    eventRows(d, &kinds, &collectives, &steps);
    for (const DigestBin& b : d.bins)
        bins.push_back({ b.device, b.bin, b.computeNs, b.commNs, b.idleNs });
    const QString marks = QStringLiteral("?, ").repeated(qsizetype(info[0].size()) - 1) + QLatin1Char('?');
    return insertAll(q,
               QStringLiteral("INSERT INTO digest_info (%1) VALUES (%2)")
                   .arg(columns.join(QStringLiteral(", ")), marks),
               info, error)
        && insertAll(q, QStringLiteral("INSERT INTO kinds VALUES (?, ?, ?, ?, ?, ?, ?)"), kinds, error)
        && insertAll(q, QStringLiteral("INSERT INTO collectives VALUES (?, ?, ?, ?)"), collectives, error)
        && insertAll(q, QStringLiteral("INSERT INTO steps VALUES (?, ?, ?, ?)"), steps, error)
        && insertAll(q, QStringLiteral("INSERT INTO bins VALUES (?, ?, ?, ?, ?)"), bins, error);
}

bool DigestFormat::read(QSqlDatabase db, const QHash<QString, QString>& info, RankDigest* d, QString* error)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    std::map<qint64, Kind> kinds;
    return readInfoArrays(info, d, error) && readKinds(q, *d, &kinds, error) && readCollectives(q, kinds, d, error)
        && readSteps(q, kinds, d, error) && readBins(q, d, error);
}

QStringList DigestFormat::dumpQueries()
{
    return {
        QStringLiteral("SELECT * FROM digest_info"),
        QStringLiteral("SELECT * FROM kinds ORDER BY id"),
        QStringLiteral("SELECT rowid, * FROM collectives ORDER BY rowid"),
        QStringLiteral("SELECT rowid, * FROM steps ORDER BY rowid"),
        QStringLiteral("SELECT * FROM bins ORDER BY device, bin"),
    };
}

} // namespace sl
