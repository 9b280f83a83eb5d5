// SPDX-License-Identifier: MIT
// The fuzz suite (issue 12.5): damaged copies of real and synthetic exports, built at test time
// in a temporary folder (never committed), each run through `sightline-cli analyze` as a child
// process. Every case must end (no hang) by itself (no crash, no sanitizer report) with exit
// code 0 or 3, a message naming the file on 3, and leave the damaged copy's bytes, mtime and
// folder exactly as they were.
//
// Inputs: a synthetic export (`sightline-cli synth`) and a hand-built 2021-schema fixture
// always; the real exports of $SIGHTLINE_REAL_TRACES when set (skipped with a message when not).
// Cases per input: truncations at many offsets, seeded byte flips in the header and the body,
// each table the loader reads dropped (GPU_METRICS, TARGET_INFO_GPU_METRICS and
// TARGET_INFO_SESSION_START_TIME included), each column it reads renamed / NULLed / set to text /
// to 2^63-1 / to a negative value, 20 000-level NVTX nesting and megabyte-long names. A third
// input has GPU metrics (`synth --gpu-metrics`) and runs every case that damages their tables.
// Digests (digests): a per-rank run's digest damaged the same ways (and its version, format and
// communicators) through `sightline-cli cluster`, and its export's NCCL payloads through `digest`.
// Beside the exports (importedFiles): NVML and Nsight Compute CSVs truncated, flipped, in other
// delimiters, encodings and header cases, with megabyte fields and non-finite numbers, and
// .ncu-rep/.nsys-rep conversions through stand-in tools that hang, crash or write garbage (limits
// of 2 s).
// $SIGHTLINE_FUZZ_CASES caps the number of cases per input (default 60; 0 = all): the full list
// is sampled with a stride whose phase moves from input to input, so across inputs every
// mutation class is still run. $SIGHTLINE_FUZZ_TIMEOUT_S bounds one case (default 120 s);
// $SIGHTLINE_FUZZ_ONLY and $SIGHTLINE_FUZZ_KEEP select cases and keep their damaged copies.
#include "tests/common/realtraces.h"
#include "tests/common/tracefixture.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStringEncoder>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <algorithm>
#include <random>
#include <sqlite3.h>

#ifndef SIGHTLINE_CLI
#error "SIGHTLINE_CLI (path of sightline-cli) must be defined by tests/core/CMakeLists.txt"
#endif

using sl::test::TraceFixture;

namespace {

/// The tables the loader reads and, per table, the columns it reads (core/io/*reader.cpp).
struct TableColumns
{
    const char* table;
    QStringList columns;
};

QList<TableColumns> loaderTables()
{
    const auto op = QStringList { QStringLiteral("start"), QStringLiteral("end"), QStringLiteral("deviceId"),
        QStringLiteral("streamId"), QStringLiteral("correlationId"), QStringLiteral("globalPid") };
    return {
        { "StringIds", { QStringLiteral("id"), QStringLiteral("value") } },
        { "CUPTI_ACTIVITY_KIND_KERNEL",
            op
                + QStringList { QStringLiteral("demangledName"), QStringLiteral("shortName"), QStringLiteral("gridX"),
                    QStringLiteral("gridY"), QStringLiteral("gridZ"), QStringLiteral("blockX"),
                    QStringLiteral("blockY"), QStringLiteral("blockZ"), QStringLiteral("registersPerThread"),
                    QStringLiteral("staticSharedMemory"), QStringLiteral("dynamicSharedMemory"),
                    QStringLiteral("graphNodeId") } },
        { "CUPTI_ACTIVITY_KIND_RUNTIME",
            { QStringLiteral("start"), QStringLiteral("end"), QStringLiteral("globalTid"),
                QStringLiteral("correlationId"), QStringLiteral("nameId"), QStringLiteral("eventClass") } },
        { "NVTX_EVENTS",
            { QStringLiteral("start"), QStringLiteral("end"), QStringLiteral("eventType"), QStringLiteral("globalTid"),
                QStringLiteral("endGlobalTid"), QStringLiteral("text"), QStringLiteral("textId"),
                QStringLiteral("domainId") } },
        { "CUPTI_ACTIVITY_KIND_MEMCPY",
            op
                + QStringList { QStringLiteral("bytes"), QStringLiteral("copyKind"), QStringLiteral("srcKind"),
                    QStringLiteral("dstKind") } },
        { "CUPTI_ACTIVITY_KIND_MEMSET", op + QStringList { QStringLiteral("bytes") } },
        { "CUPTI_ACTIVITY_KIND_GRAPH_TRACE", op + QStringList { QStringLiteral("graphId") } },
        { "TARGET_INFO_GPU",
            { QStringLiteral("id"), QStringLiteral("name"), QStringLiteral("chipName"), QStringLiteral("smCount"),
                QStringLiteral("computeMajor"), QStringLiteral("computeMinor") } },
        { "PROCESSES", { QStringLiteral("globalPid"), QStringLiteral("pid"), QStringLiteral("name") } },
        { "ThreadNames", { QStringLiteral("globalTid"), QStringLiteral("nameId") } },
        { "META_DATA_EXPORT", { QStringLiteral("name"), QStringLiteral("value") } },
        { "META_DATA_CAPTURE", { QStringLiteral("name"), QStringLiteral("value") } },
        { "TARGET_INFO_SYSTEM_ENV", { QStringLiteral("name"), QStringLiteral("value") } },
        { "TARGET_INFO_SESSION_START_TIME",
            { QStringLiteral("utcEpochNs"), QStringLiteral("utcTime"), QStringLiteral("localTime") } },
        { "GPU_METRICS",
            { QStringLiteral("timestamp"), QStringLiteral("typeId"), QStringLiteral("metricId"),
                QStringLiteral("value") } },
        { "TARGET_INFO_GPU_METRICS",
            { QStringLiteral("typeId"), QStringLiteral("metricId"), QStringLiteral("metricName") } },
    };
}

enum class Kind { Truncate, Flip, Sql };

struct Case
{
    QString id; ///< short name, also the damaged copy's file name stem
    Kind kind = Kind::Sql;
    qint64 offset = 0; ///< Truncate: new size; Flip: seed
    bool header = false; ///< Flip: inside the first page
    QStringList sql; ///< Sql: statements run on the copy
    /// The command run on the copy ("%IN" the copy, "%OUT" an output folder); empty: analyze.
    QStringList command = {};
    QString suffix = QStringLiteral(".sqlite"); ///< the copy's file name suffix
};

bool exec(sqlite3* db, const QString& sql)
{
    return sqlite3_exec(db, sql.toUtf8().constData(), nullptr, nullptr, nullptr) == SQLITE_OK;
}

QStringList columnsOf(sqlite3* db, const QString& table)
{
    QStringList out;
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(
            db, QStringLiteral("PRAGMA table_info(\"%1\")").arg(table).toUtf8().constData(), -1, &st, nullptr)
        != SQLITE_OK)
        return out;
    while (sqlite3_step(st) == SQLITE_ROW)
        out << QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(st, 1)));
    sqlite3_finalize(st);
    return out;
}

qint64 scalar(sqlite3* db, const QString& sql, qint64 fallback)
{
    sqlite3_stmt* st = nullptr;
    qint64 v = fallback;
    if (sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &st, nullptr) == SQLITE_OK
        && sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

/// Every case for one input, in a fixed order (the sampling below relies on it).
QList<Case> casesFor(const QString& path)
{
    QList<Case> cases;
    const qint64 size = QFileInfo(path).size();
    // Truncations: inside the 100-byte header, at the first page boundaries, and spread over the file.
    QList<qint64> cuts = { 0, 1, 16, 99, 100, 512, 1024, 4096, 4097, 8192 };
    for (int i = 1; i < 16; ++i)
        cuts << size * i / 16;
    cuts << size - 1;
    for (qint64 c : std::as_const(cuts))
        if (c >= 0 && c < size)
            cases.append({ QStringLiteral("truncate-%1").arg(c), Kind::Truncate, c, false, {} });
    for (int seed = 1; seed <= 12; ++seed)
        cases.append({ QStringLiteral("flip-header-%1").arg(seed), Kind::Flip, seed, true, {} });
    for (int seed = 1; seed <= 12; ++seed)
        cases.append({ QStringLiteral("flip-body-%1").arg(seed), Kind::Flip, seed, false, {} });

    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return cases;
    }
    for (const auto& tc : loaderTables()) {
        const QString t = QString::fromLatin1(tc.table);
        const QStringList present = columnsOf(db, t);
        if (present.isEmpty())
            continue;
        cases.append(
            { QStringLiteral("drop-%1").arg(t), Kind::Sql, 0, false, { QStringLiteral("DROP TABLE %1").arg(t) } });
        for (const QString& c : tc.columns) {
            if (!present.contains(c))
                continue;
            const QString q = QStringLiteral("\"%1\"").arg(c);
            const QString w = QStringLiteral(" WHERE rowid % 3 = 1"); // some rows: damage among valid ones
            cases.append({ QStringLiteral("rename-%1.%2").arg(t, c), Kind::Sql, 0, false,
                { QStringLiteral("ALTER TABLE %1 RENAME COLUMN %2 TO \"%3_renamed\"").arg(t, q, c) } });
            cases.append({ QStringLiteral("null-%1.%2").arg(t, c), Kind::Sql, 0, false,
                { QStringLiteral("UPDATE OR IGNORE %1 SET %2 = NULL").arg(t, q) + w } });
            cases.append({ QStringLiteral("text-%1.%2").arg(t, c), Kind::Sql, 0, false,
                { QStringLiteral("UPDATE OR IGNORE %1 SET %2 = 'not a number \xc3\xbf'").arg(t, q) + w } });
            cases.append({ QStringLiteral("huge-%1.%2").arg(t, c), Kind::Sql, 0, false,
                { QStringLiteral("UPDATE OR IGNORE %1 SET %2 = 9223372036854775807").arg(t, q) + w } });
            cases.append({ QStringLiteral("negative-%1.%2").arg(t, c), Kind::Sql, 0, false,
                { QStringLiteral("UPDATE OR IGNORE %1 SET %2 = -5674524").arg(t, q) + w } });
        }
    }
    // 20 000 nested push/pop ranges on the first thread that has NVTX events (or API calls).
    if (!columnsOf(db, QStringLiteral("NVTX_EVENTS")).isEmpty()) {
        const qint64 tid
            = scalar(db, QStringLiteral("SELECT globalTid FROM NVTX_EVENTS WHERE globalTid IS NOT NULL LIMIT 1"),
                scalar(db, QStringLiteral("SELECT globalTid FROM CUPTI_ACTIVITY_KIND_RUNTIME LIMIT 1"),
                    (qint64(1) << 48) | (qint64(100) << 24) | 100));
        const qint64 t0 = scalar(db, QStringLiteral("SELECT MIN(start) FROM NVTX_EVENTS"), 1000);
        cases.append({ QStringLiteral("nvtx-deep"), Kind::Sql, 0, false,
            { QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 19999) "
                             "INSERT INTO NVTX_EVENTS (start, \"end\", eventType, globalTid, text) "
                             "SELECT %1 + i, %1 + 40000 - i, 59, %2, 'level ' || i FROM n")
                    .arg(t0)
                    .arg(tid) } });
        cases.append({ QStringLiteral("nvtx-megabyte-text"), Kind::Sql, 0, false,
            { QStringLiteral("UPDATE NVTX_EVENTS SET text = '/srv/' || printf('%.*c', 1048576, 'n'), textId = NULL "
                             "WHERE rowid IN (SELECT rowid FROM NVTX_EVENTS LIMIT 3)") } });
    }
    if (!columnsOf(db, QStringLiteral("StringIds")).isEmpty()) {
        // Every string a megabyte long would be hundreds of MB: the kernel names and thread names only.
        QString names = QStringLiteral("SELECT demangledName FROM CUPTI_ACTIVITY_KIND_KERNEL LIMIT 5");
        if (columnsOf(db, QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL")).isEmpty())
            names = QStringLiteral("SELECT id FROM StringIds LIMIT 5");
        cases.append({ QStringLiteral("megabyte-names"), Kind::Sql, 0, false,
            { QStringLiteral("UPDATE StringIds SET value = value || printf('%.*c', 1048576, 'k') WHERE id IN (%1)")
                    .arg(names) } });
        if (!columnsOf(db, QStringLiteral("ThreadNames")).isEmpty())
            cases.append({ QStringLiteral("megabyte-thread-names"), Kind::Sql, 0, false,
                { QStringLiteral("UPDATE StringIds SET value = printf('%.*c', 1048576, 't') WHERE id IN "
                                 "(SELECT nameId FROM ThreadNames LIMIT 3)") } });
    }
    sqlite3_close(db);
    return cases;
}

/// Damaged digests (docs/digest-format.md, version 3) for `sightline-cli cluster GOOD DAMAGED`:
/// truncations, flips, the wrong format or version, damaged JSON in digest_info, each table dropped,
/// each column NULLed, set to text, to 2^63-1 and negative, a kind naming a communicator the digest
/// does not have, rows twice.
QList<Case> digestCasesFor(const QString& path, const QString& good)
{
    QList<Case> cases;
    const qint64 size = QFileInfo(path).size();
    for (const qint64 cut : { qint64(0), qint64(16), qint64(100), qint64(1024), size / 3, size / 2, size - 1 })
        cases.append({ QStringLiteral("digest-truncate-%1").arg(cut), Kind::Truncate, cut, false, {} });
    for (int seed = 1; seed <= 6; ++seed)
        cases.append({ QStringLiteral("digest-flip-%1").arg(seed), Kind::Flip, seed, seed % 2 == 1, {} });
    const auto sql = [](const char* id, const char* statement) {
        return Case { QStringLiteral("digest-%1").arg(QLatin1String(id)), Kind::Sql, 0, false,
            { QLatin1String(statement) } };
    };
    cases << sql("version-1", "UPDATE digest_info SET version = 1")
          << sql("version-2", "UPDATE digest_info SET version = 2")
          << sql("version-99", "UPDATE digest_info SET version = '99'")
          << sql("format", "UPDATE digest_info SET format = 'other.format'")
          << sql("info-twice", "INSERT INTO digest_info SELECT * FROM digest_info")
          << sql("info-empty", "DELETE FROM digest_info")
          << sql("communicators-object", "UPDATE digest_info SET communicators = '{\"a\": 1}'")
          << sql("communicators-short", "UPDATE digest_info SET communicators = '[[\"d1b54a32d192ed03\"]]'")
          << sql("communicators-cut", "UPDATE digest_info SET communicators = substr(communicators, 1, 9)")
          << sql("devices-huge", "UPDATE digest_info SET devices = '[1e300, -1, 2.5]'")
          << sql("pids-nested", "UPDATE digest_info SET pids = '[[[[[[[[[[[]]]]]]]]]]]'")
          << sql("dangling-communicator", "UPDATE kinds SET comm = 'ffffffffffffffff' WHERE comm NOTNULL")
          << sql("bad-hash", "UPDATE kinds SET comm = 'not hex' WHERE comm NOTNULL")
          << sql("collective-of-step-kind",
                 "UPDATE collectives SET kind_id = (SELECT max(id) FROM kinds WHERE stream_index ISNULL)")
          << sql("step-of-collective-kind", "UPDATE steps SET kind_id = 1")
          << sql("bins-twice", "INSERT INTO bins SELECT * FROM bins")
          << sql("kinds-twice",
                 "INSERT INTO kinds SELECT id + 1000, name, bytes, comm, stream, stream_index, device "
                 "FROM kinds");
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        QStringList tables;
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(
                db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", -1, &st, nullptr)
            == SQLITE_OK)
            while (sqlite3_step(st) == SQLITE_ROW)
                tables << QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
        sqlite3_finalize(st);
        for (const QString& t : tables) {
            cases.append({ QStringLiteral("digest-drop-%1").arg(t), Kind::Sql, 0, false,
                { QStringLiteral("DROP TABLE %1").arg(t) } });
            for (const QString& c : columnsOf(db, t))
                for (const auto& [kind, value] : { std::pair { "null", "NULL" }, { "text", "'not a number \xc3\xbf'" },
                         { "huge", "9223372036854775807" }, { "negative", "-5674524" } })
                    cases.append({ QStringLiteral("digest-%1-%2.%3").arg(QLatin1String(kind), t, c), Kind::Sql, 0,
                        false,
                        { QStringLiteral("UPDATE OR IGNORE %1 SET \"%2\" = %3").arg(t, c, QLatin1String(value)) } });
        }
    }
    sqlite3_close(db);
    for (Case& c : cases) {
        c.command = { QStringLiteral("cluster"), good, QStringLiteral("%IN"), QStringLiteral("--out"),
            QStringLiteral("%OUT") };
        c.suffix = QStringLiteral(".sldigest");
    }
    return cases;
}

/// Damaged NCCL payloads in a per-rank export (docs/digest-format.md, "NCCL payloads") for
/// `sightline-cli digest`: blobs cut short, zeroed, of text, claiming a 2^63-byte payload; schema
/// entries at huge or negative offsets or of other types; schemas of a negative size; tables dropped.
QList<Case> payloadCasesFor()
{
    const auto sql = [](const char* id, const char* statement) {
        return Case { QStringLiteral("payload-%1").arg(QLatin1String(id)), Kind::Sql, 0, false,
            { QLatin1String(statement) } };
    };
    QList<Case> cases {
        sql("blob-short", "UPDATE NVTX_EVENTS SET binaryData = substr(binaryData, 1, 20) WHERE binaryData IS NOT NULL"),
        sql("blob-header-only",
            "UPDATE NVTX_EVENTS SET binaryData = substr(binaryData, 1, 32) WHERE binaryData IS NOT NULL"),
        sql("blob-zero", "UPDATE NVTX_EVENTS SET binaryData = zeroblob(56) WHERE binaryData IS NOT NULL"),
        sql("blob-text", "UPDATE NVTX_EVENTS SET binaryData = 'zz not hex' WHERE binaryData IS NOT NULL"),
        sql("blob-hex-text", "UPDATE NVTX_EVENTS SET binaryData = hex(binaryData) WHERE binaryData IS NOT NULL"),
        sql("blob-huge-size",
            "UPDATE NVTX_EVENTS SET binaryData = CAST(substr(binaryData, 1, 16) || x'FFFFFFFFFFFFFF7F' || "
            "substr(binaryData, 25) AS BLOB) WHERE binaryData IS NOT NULL"),
        sql("entry-offset-huge", "UPDATE NVTX_PAYLOAD_SCHEMA_ENTRIES SET offset = 2147483647 WHERE idx = 1"),
        sql("entry-offset-negative", "UPDATE NVTX_PAYLOAD_SCHEMA_ENTRIES SET offset = -8 WHERE idx = 1"),
        sql("entry-type", "UPDATE NVTX_PAYLOAD_SCHEMA_ENTRIES SET type = 22"),
        sql("entry-names", "UPDATE NVTX_PAYLOAD_SCHEMA_ENTRIES SET name = 'Rank'"),
        sql("schema-size-negative", "UPDATE NVTX_PAYLOAD_SCHEMAS SET payloadSize = -1"),
        sql("schema-size-huge", "UPDATE NVTX_PAYLOAD_SCHEMAS SET payloadSize = 9223372036854775807"),
        sql("drop-schemas", "DROP TABLE NVTX_PAYLOAD_SCHEMAS"),
        sql("drop-entries", "DROP TABLE NVTX_PAYLOAD_SCHEMA_ENTRIES"),
        sql("rank-huge",
            "UPDATE NVTX_EVENTS SET binaryData = CAST(substr(binaryData, 1, 44) || x'FFFFFF7F' || "
            "substr(binaryData, 49) AS BLOB) WHERE binaryData IS NOT NULL"),
    };
    for (Case& c : cases)
        c.command
            = { QStringLiteral("digest"), QStringLiteral("%IN"), QStringLiteral("--out"), QStringLiteral("%OUT") };
    return cases;
}

/// Builds the damaged copy; false when the mutation does not apply (e.g. a NOT NULL column).
bool makeCopy(const QString& source, const Case& c, const QString& target, QString* why)
{
    QFile in(source);
    if (!in.open(QIODevice::ReadOnly)) {
        *why = in.errorString();
        return false;
    }
    QByteArray bytes = in.readAll();
    if (c.kind == Kind::Truncate)
        bytes.truncate(c.offset);
    if (c.kind == Kind::Flip && !bytes.isEmpty()) {
        std::mt19937_64 rng(quint64(c.offset) * 7919 + (c.header ? 1 : 0));
        const qint64 page = qMin<qint64>(bytes.size(), 4096);
        for (int i = 0; i < (c.header ? 2 : 16); ++i) {
            const qint64 at = c.header ? qint64(rng() % quint64(page))
                                       : page + qint64(rng() % quint64(qMax<qint64>(1, bytes.size() - page)));
            if (at < bytes.size())
                bytes[at] = char(bytes[at] ^ char(1 + rng() % 255));
        }
    }
    QFile out(target);
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.flush()) {
        *why = out.errorString();
        return false;
    }
    out.close();
    if (c.kind != Kind::Sql)
        return true;
    sqlite3* db = nullptr;
    bool ok = sqlite3_open_v2(target.toUtf8().constData(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK
        && exec(db, QStringLiteral("PRAGMA journal_mode=DELETE"));
    for (const QString& s : c.sql)
        ok = ok && exec(db, s);
    if (!ok)
        *why = QString::fromUtf8(sqlite3_errmsg(db));
    sqlite3_close(db);
    return ok;
}

QByteArray sha256(const QString& path)
{
    QFile f(path);
    QCryptographicHash h(QCryptographicHash::Sha256);
    if (f.open(QIODevice::ReadOnly))
        h.addData(&f);
    return h.result();
}

struct Totals
{
    int cases = 0, skipped = 0, crashes = 0, hangs = 0, badExit = 0, badMessage = 0, inputsChanged = 0, filesBeside = 0,
        exit0 = 0, exit3 = 0;
    QStringList failures;
};

int envInt(const char* name, int fallback)
{
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok ? v : fallback;
}

void runCase(const QString& source, const Case& c, const QString& work, Totals& t)
{
    const QString caseDir = QDir(work).filePath(QStringLiteral("in-") + c.id);
    QDir().mkpath(caseDir);
    const QString copy = QDir(caseDir).filePath(c.id + c.suffix);
    QString why;
    if (!makeCopy(source, c, copy, &why)) {
        ++t.skipped;
        QDir(caseDir).removeRecursively();
        return;
    }
    ++t.cases;
    // SIGHTLINE_FUZZ_KEEP=DIR keeps a copy of every damaged input there, to reproduce a failure.
    if (const QString keep = qEnvironmentVariable("SIGHTLINE_FUZZ_KEEP"); !keep.isEmpty())
        QFile::copy(copy,
            QDir(keep).filePath(QFileInfo(source).baseName() + QLatin1Char('-') + c.id + QStringLiteral(".sqlite")));
    const QByteArray hashBefore = sha256(copy);
    const QDateTime mtimeBefore = QFileInfo(copy).lastModified();
    const QStringList beside
        = QDir(caseDir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    const QString outDir = QDir(work).filePath(QStringLiteral("out"));

    QProcess p;
    p.setProgram(QStringLiteral(SIGHTLINE_CLI));
    QStringList args { QStringLiteral("analyze"), copy, QStringLiteral("--out"), outDir };
    if (!c.command.isEmpty()) {
        args = c.command;
        args.replaceInStrings(QStringLiteral("%IN"), copy);
        args.replaceInStrings(QStringLiteral("%OUT"), outDir);
    }
    p.setArguments(args);
    p.setWorkingDirectory(work);
    p.start();
    const QString what = QFileInfo(source).fileName() + QStringLiteral(" / ") + c.id;
    if (!p.waitForStarted(30000)) {
        ++t.badExit;
        t.failures << what + QStringLiteral(": did not start");
        return;
    }
    if (!p.waitForFinished(envInt("SIGHTLINE_FUZZ_TIMEOUT_S", 120) * 1000)) {
        p.kill();
        p.waitForFinished(10000);
        ++t.hangs;
        t.failures << what + QStringLiteral(": hang (killed after the timeout)");
    } else {
        const QString err = QString::fromUtf8(p.readAllStandardError());
        const bool sanitizer
            = err.contains(QLatin1String("Sanitizer")) || err.contains(QLatin1String("runtime error:"));
        if (p.exitStatus() != QProcess::NormalExit || sanitizer) {
            ++t.crashes;
            t.failures << what + QStringLiteral(": crash: ") + err.right(1500);
        } else if (p.exitCode() == 0) {
            ++t.exit0;
        } else if (p.exitCode() == 3) {
            ++t.exit3;
            // The message names the file and says more than its name.
            if (!err.contains(QFileInfo(copy).fileName())
                || err.trimmed().size() < QFileInfo(copy).fileName().size() + 12) {
                ++t.badMessage;
                t.failures << what + QStringLiteral(": exit 3 without a message naming the file: ") + err.left(500);
            }
        } else {
            ++t.badExit;
            t.failures << what + QStringLiteral(": exit code %1: ").arg(p.exitCode()) + err.left(500);
        }
    }
    if (sha256(copy) != hashBefore || QFileInfo(copy).lastModified() != mtimeBefore) {
        ++t.inputsChanged;
        t.failures << what + QStringLiteral(": the input changed");
    }
    if (QDir(caseDir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot) != beside) {
        ++t.filesBeside;
        t.failures << what + QStringLiteral(": a file appeared beside the input");
    }
    QDir(caseDir).removeRecursively();
}

/// A damaged or unusual file given beside the export (--nvml, --ncu) or a report opened through a
/// stand-in nsys: `bytes` are written as the input, `tool` (when set) as the stand-in program.
struct ImportCase
{
    QString id;
    QString fileName; ///< the input's name ("nvml.csv", "k.ncu-rep", "run.nsys-rep")
    QByteArray bytes;
    QByteArray tool; ///< a shell script standing in for ncu or nsys; empty: none
};

/// An nvidia-smi --query-gpu=timestamp,index,power.draw,utilization.gpu,memory.used --format=csv log
/// of 2 GPUs every 10 ms, starting 1 s into the capture (`startNs`, its utcEpochNs), in UTC.
QByteArray nvmlLog(qint64 startNs)
{
    QByteArray out = "timestamp, index, power.draw [W], utilization.gpu [%], memory.used [MiB]\n";
    for (int i = 0; i < 200; ++i) {
        const QDateTime t = QDateTime::fromMSecsSinceEpoch(startNs / 1'000'000 + 1000 + i * 10, QTimeZone::utc());
        for (int gpu = 0; gpu < 2; ++gpu)
            out += t.toString(QStringLiteral("yyyy/MM/dd HH:mm:ss.zzz")).toLatin1() + ", " + QByteArray::number(gpu)
                + ", " + QByteArray::number(300 + i % 7) + ".25 W, " + QByteArray::number(i % 100) + " %, "
                + QByteArray::number(20000 + i) + " MiB\n";
    }
    return out;
}

/// An `ncu --csv --page raw` file of 20 launches (header, units row, rows), as ncu 2024 writes it.
QByteArray ncuRaw()
{
    QByteArray out = "==PROF== Connected to process 4242 (/usr/bin/python3.12)\n"
                     "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\","
                     "\"Block Size\",\"Grid Size\",\"Device\",\"CC\",\"dram__bytes.sum\",\"gpu__time_duration.sum\","
                     "\"sm__warps_active.avg.pct_of_peak_sustained_active\"\n"
                     "\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"Mbyte\",\"usecond\",\"%\"\n";
    for (int i = 0; i < 20; ++i)
        out += "\"" + QByteArray::number(i) + "\",\"4242\",\"python3.12\",\"127.0.0.1\",\"gemm_kernel\",\"1\",\"7\","
            + "\"(128, 1, 1)\",\"(80, 2, 1)\",\"0\",\"9.0\",\"1,234.5\",\"" + QByteArray::number(10 + i)
            + ".5\",\"61.2\"\n";
    return out;
}

/// Damaged copies of a text input: truncations, seeded byte flips, other delimiters and
/// encodings, a megabyte-long field and line, non-finite and overflowing numbers, binary noise.
QList<ImportCase> textCases(const QString& kind, const QString& fileName, const QByteArray& base)
{
    QList<ImportCase> cases;
    const auto add = [&](const QString& id, const QByteArray& bytes) {
        cases.append({ kind + QLatin1Char('-') + id, fileName, bytes, {} });
    };
    for (const qint64 cut : { qint64(0), qint64(1), qint64(10), qint64(base.indexOf('\n')), base.size() / 3,
             base.size() / 2, base.size() - 1 })
        add(QStringLiteral("truncate-%1").arg(cut), base.left(cut));
    for (int seed = 1; seed <= 6; ++seed) {
        QByteArray b = base;
        std::mt19937_64 rng(quint64(seed) * 104729);
        for (int i = 0; i < 8 * seed; ++i) {
            const qsizetype at = qsizetype(rng() % quint64(b.size()));
            b[at] = char(b[at] ^ char(1 + rng() % 255));
        }
        add(QStringLiteral("flip-%1").arg(seed), b);
    }
    add(QStringLiteral("semicolon"), QByteArray(base).replace(',', ';'));
    add(QStringLiteral("tab"), QByteArray(base).replace(", ", "\t").replace("\",\"", "\"\t\""));
    QStringEncoder utf16(QStringConverter::Utf16LE, QStringConverter::Flag::WriteBom);
    QStringEncoder utf16be(QStringConverter::Utf16BE);
    QStringEncoder utf32(QStringConverter::Utf32, QStringConverter::Flag::WriteBom);
    add(QStringLiteral("utf16-bom"), utf16(QString::fromUtf8(base)));
    add(QStringLiteral("utf16be-nobom"), utf16be(QString::fromUtf8(base)));
    add(QStringLiteral("utf32"), utf32(QString::fromUtf8(base)));
    add(QStringLiteral("latin1"), QByteArray(base).replace("W", "\xFF\xFE"));
    add(QStringLiteral("crlf"), QByteArray(base).replace("\n", "\r\n"));
    const qsizetype line2 = base.indexOf('\n', base.indexOf('\n') + 1) + 1;
    add(QStringLiteral("megabyte-field"), base.left(line2) + QByteArray(2 << 20, '7') + ',' + base.mid(line2));
    add(QStringLiteral("megabyte-line"), base.left(line2) + QByteArray(3 << 20, 'x'));
    add(QStringLiteral("open-quote"), base.left(line2) + "\"" + base.mid(line2));
    for (const char* v : { "inf", "nan", "-inf", "1e400", "3.5e38", "-1e39", "NaN %" }) {
        QByteArray b = base;
        b.replace("61.2", v).replace("301.25 W", v).replace(" 7 %", QByteArray(QByteArray(" ") + v));
        add(QStringLiteral("value-%1").arg(QString::fromLatin1(v).remove(QLatin1Char(' '))), b);
    }
    add(QStringLiteral("noheader"), base.mid(base.indexOf('\n') + 1));
    // The header in another case and padded, as hand edits and other tools leave it.
    const qsizetype headerEnd = base.indexOf('\n', base.startsWith("==") ? base.indexOf('\n') + 1 : 0);
    add(QStringLiteral("header-case"),
        base.left(headerEnd).toLower().replace("\",\"", "\", \" ").replace(", ", " , ") + base.mid(headerEnd));
    add(QStringLiteral("header-only"), base.left(base.indexOf('\n') + 1));
    QByteArray noise(64 << 10, Qt::Uninitialized);
    std::mt19937_64 rng(7);
    for (char& c : noise)
        c = char(rng());
    add(QStringLiteral("noise"), noise);
    return cases;
}

/// Stand-ins for ncu (kind "ncu") or nsys ("nsys") that hang, crash, print garbage or write a
/// damaged export (`good`: a valid export to cut short); run with a 2 s limit.
QList<ImportCase> toolCases(const QString& kind, const QString& good)
{
    const QByteArray version = kind == QLatin1String("nsys")
        ? "[ \"$1\" = --version ] && { echo 'NVIDIA Nsight Systems version 2026.2.1.210-standin'; exit 0; }\n"
        : "";
    const QByteArray out
        = "out=''; prev=''; for a in \"$@\"; do [ \"$prev\" = --output ] && out=\"$a\"; prev=\"$a\"; done\n";
    const QByteArray goodPath = good.toUtf8();
    const QList<std::pair<QString, QByteArray>> bodies = {
        { QStringLiteral("hang"), "sleep 100000\n" },
        { QStringLiteral("hang-exec"), "exec sleep 100000\n" },
        { QStringLiteral("crash"), "kill -SEGV $$\n" },
        { QStringLiteral("abort"), "echo 'fatal: internal error' >&2; kill -ABRT $$\n" },
        { QStringLiteral("exit-7"), "echo 'Error: something failed' >&2; exit 7\n" },
        { QStringLiteral("garbage"),
            "head -c 200000 /dev/urandom; " + out
                + "[ -n \"$out\" ] && head -c 70000 /dev/urandom > \"$out\"; exit 0\n" },
        { QStringLiteral("truncated"),
            out + "[ -n \"$out\" ] && head -c 30000 '" + goodPath
                + "' > \"$out\"; echo '\"ID\",\"Kernel Name\"'; exit 0\n" },
        { QStringLiteral("empty"), out + "[ -n \"$out\" ] && : > \"$out\"; exit 0\n" },
    };
    QList<ImportCase> cases;
    const QString input = kind == QLatin1String("nsys") ? QStringLiteral("run.nsys-rep") : QStringLiteral("k.ncu-rep");
    for (const auto& [id, body] : bodies)
        cases.append(
            { kind + QStringLiteral("-tool-") + id, input, "STAND-IN REPORT", "#!/bin/sh\n" + version + body });
    return cases;
}

/// Runs one import case through `sightline-cli analyze` beside `trace` (for nsys: instead of it),
/// with the checks of runCase: ends by itself, no crash, exit 0 or 3 with a message naming the
/// input, the input unchanged, nothing beside it; and for nsys no export cached.
void runImportCase(const QString& trace, const ImportCase& c, const QString& work, Totals& t)
{
    const QString caseDir = QDir(work).filePath(QStringLiteral("in-") + c.id);
    const QString cache = QDir(work).filePath(QStringLiteral("cache-") + c.id);
    QDir().mkpath(caseDir);
    const QString input = QDir(caseDir).filePath(c.fileName);
    QFile f(input);
    if (!f.open(QIODevice::WriteOnly) || f.write(c.bytes) != c.bytes.size())
        return void(++t.skipped);
    f.close();
    ++t.cases;
    const QString tool = QDir(work).filePath(QStringLiteral("tool-") + c.id);
    if (!c.tool.isEmpty()) {
        QFile s(tool);
        if (!s.open(QIODevice::WriteOnly) || s.write(c.tool) != c.tool.size())
            return void(++t.skipped);
        s.close();
        s.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    const QByteArray hashBefore = sha256(input);
    const QDateTime mtimeBefore = QFileInfo(input).lastModified();
    const QStringList beside = QDir(caseDir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    const bool nsys = c.fileName.endsWith(QLatin1String(".nsys-rep"));
    QStringList args = { QStringLiteral("analyze"), nsys ? input : trace, QStringLiteral("--out"),
        QDir(work).filePath(QStringLiteral("out")) };
    if (nsys)
        args << QStringLiteral("--nsys") << tool << QStringLiteral("--nsys-timeout") << QStringLiteral("2");
    else if (c.fileName.endsWith(QLatin1String(".csv")) && c.id.startsWith(QLatin1String("nvml")))
        args << QStringLiteral("--nvml") << input;
    else
        args << QStringLiteral("--ncu") << input << QStringLiteral("--ncu-timeout") << QStringLiteral("2");
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CACHE_HOME"), cache);
    if (!c.tool.isEmpty() && !nsys) { // ncu is found on PATH
        QDir().mkpath(QDir(work).filePath(QStringLiteral("bin-") + c.id));
        QFile::copy(tool, QDir(work).filePath(QStringLiteral("bin-") + c.id + QStringLiteral("/ncu")));
        env.insert(QStringLiteral("PATH"),
            QDir(work).filePath(QStringLiteral("bin-") + c.id) + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
    }
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(work);
    p.start(QStringLiteral(SIGHTLINE_CLI), args);
    const QString what = c.id;
    if (!p.waitForFinished(envInt("SIGHTLINE_FUZZ_TIMEOUT_S", 120) * 1000)) {
        p.kill();
        p.waitForFinished(10000);
        ++t.hangs;
        t.failures << what + QStringLiteral(": hang (killed after the timeout)");
    } else {
        const QString err = QString::fromUtf8(p.readAllStandardError());
        const bool sanitizer
            = err.contains(QLatin1String("Sanitizer")) || err.contains(QLatin1String("runtime error:"));
        if (p.exitStatus() != QProcess::NormalExit || sanitizer) {
            ++t.crashes;
            t.failures << what + QStringLiteral(": crash: ") + err.right(1500);
        } else if (p.exitCode() == 0 || p.exitCode() == 3) {
            ++(p.exitCode() == 0 ? t.exit0 : t.exit3);
            // Whatever went wrong with the input is said, naming it (a warning on exit 0).
            const bool failed = nsys ? p.exitCode() == 3 : err.contains(QLatin1String("warning"));
            if (failed && !err.contains(c.fileName)) {
                ++t.badMessage;
                t.failures << what + QStringLiteral(": a message without the file: ") + err.left(500);
            }
        } else {
            ++t.badExit;
            t.failures << what + QStringLiteral(": exit code %1: ").arg(p.exitCode()) + err.left(500);
        }
    }
    if (sha256(input) != hashBefore || QFileInfo(input).lastModified() != mtimeBefore) {
        ++t.inputsChanged;
        t.failures << what + QStringLiteral(": the input changed");
    }
    if (QDir(caseDir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot) != beside) {
        ++t.filesBeside;
        t.failures << what + QStringLiteral(": a file appeared beside the input");
    }
    // Every stand-in nsys here fails: nothing may be cached (a KEY folder) or left half made.
    const QString exports = cache + QStringLiteral("/sightline/nsys-exports");
    if (nsys && !QDir(exports).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty()) {
        ++t.filesBeside;
        t.failures << what + QStringLiteral(": left in the export cache: ")
                + QDir(exports).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).join(QLatin1Char(' '));
    }
    QDir(caseDir).removeRecursively();
    QDir(cache).removeRecursively();
}

} // namespace

class TestFuzz : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void synthetic();
    void syntheticGpuMetrics();
    void fixture2021();
    void realExports();
    void importedFiles();
    void digests();
    void cleanupTestCase();

private:
    /// `keep`: when set, only the cases whose id contains one of these (before the cap).
    void fuzzInputs(const QStringList& inputs, const QStringList& keep = {});
    void runCases(const QString& input, QList<Case> all, int phase, Totals& t);
    void check(const Totals& t);
    QTemporaryDir m_work;
    Totals m_all;
};

void TestFuzz::initTestCase() { QVERIFY(m_work.isValid()); }

void TestFuzz::runCases(const QString& input, QList<Case> all, int phase, Totals& t)
{
    const int cap = envInt("SIGHTLINE_FUZZ_CASES", 60);
    // Debugging one case: SIGHTLINE_FUZZ_ONLY=flip-body-4 runs the cases whose id contains it.
    if (const QString only = qEnvironmentVariable("SIGHTLINE_FUZZ_ONLY"); !only.isEmpty())
        all.removeIf([&](const Case& c) { return !c.id.contains(only); });
    // SIGHTLINE_FUZZ_SKIP=a,b leaves out the cases whose id contains one of them (.ci/run uses it
    // for classes whose fix is pending, and says which).
    for (const QString& skip : qEnvironmentVariable("SIGHTLINE_FUZZ_SKIP").split(QLatin1Char(','), Qt::SkipEmptyParts))
        all.removeIf([&](const Case& c) { return c.id.contains(skip); });
    // Sampled with a stride whose phase moves with the input, so the inputs share the classes out.
    const qsizetype stride = cap <= 0 || all.size() <= cap ? 1 : (all.size() + cap - 1) / cap;
    const int before = t.cases;
    for (qsizetype j = (phase * 7) % stride; j < all.size(); j += stride)
        runCase(input, all[j], m_work.path(), t);
    qInfo("fuzz: %s: %d of %lld cases run", qPrintable(QFileInfo(input).fileName()), t.cases - before,
        qlonglong(all.size()));
}

void TestFuzz::fuzzInputs(const QStringList& inputs, const QStringList& keep)
{
    Totals t;
    for (int i = 0; i < inputs.size(); ++i) {
        QList<Case> all = casesFor(inputs[i]);
        QVERIFY2(!all.isEmpty(), qPrintable(inputs[i]));
        if (!keep.isEmpty())
            all.removeIf([&](const Case& c) {
                return std::none_of(keep.begin(), keep.end(), [&](const QString& k) { return c.id.contains(k); });
            });
        runCases(inputs[i], all, i, t);
    }
    qInfo("fuzz: %d cases (%d exit 0, %d exit 3), %d crashes, %d hangs, %d inputs changed, %d files beside, "
          "%d other exit codes, %d messages without the file, %d mutations not applicable",
        t.cases, t.exit0, t.exit3, t.crashes, t.hangs, t.inputsChanged, t.filesBeside, t.badExit, t.badMessage,
        t.skipped);
    for (const QString& f : std::as_const(t.failures))
        qWarning("%s", qPrintable(f));
    m_all.cases += t.cases;
    m_all.crashes += t.crashes;
    m_all.hangs += t.hangs;
    m_all.inputsChanged += t.inputsChanged;
    QVERIFY(t.cases > 0);
    QCOMPARE(t.crashes, 0);
    QCOMPARE(t.hangs, 0);
    QCOMPARE(t.inputsChanged, 0);
    QCOMPARE(t.filesBeside, 0);
    QCOMPARE(t.badExit, 0);
    QCOMPARE(t.badMessage, 0);
}

void TestFuzz::synthetic()
{
    const QString path = m_work.filePath(QStringLiteral("synth.sqlite"));
    QProcess p;
    p.start(QStringLiteral(SIGHTLINE_CLI),
        { QStringLiteral("synth"), QStringLiteral("--out"), path, QStringLiteral("--steps"), QStringLiteral("4"),
            QStringLiteral("--ranks"), QStringLiteral("2"), QStringLiteral("--graphs"), QStringLiteral("node") });
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    fuzzInputs({ path });
}

void TestFuzz::syntheticGpuMetrics()
{
    // GPU metrics at 1 kHz (about 70,000 rows): the cases that damage GPU_METRICS,
    // TARGET_INFO_GPU_METRICS or TARGET_INFO_SESSION_START_TIME (this input has all three).
    const QString path = m_work.filePath(QStringLiteral("synth-metrics.sqlite"));
    QProcess p;
    p.start(QStringLiteral(SIGHTLINE_CLI),
        { QStringLiteral("synth"), QStringLiteral("--out"), path, QStringLiteral("--steps"), QStringLiteral("4"),
            QStringLiteral("--ranks"), QStringLiteral("2"), QStringLiteral("--gpu-metrics"),
            QStringLiteral("--gpu-metrics-hz"), QStringLiteral("1000") });
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    fuzzInputs({ path },
        { QStringLiteral("GPU_METRICS"), QStringLiteral("TARGET_INFO_GPU_METRICS"),
            QStringLiteral("TARGET_INFO_SESSION_START_TIME") });
}

void TestFuzz::fixture2021()
{
    TraceFixture fx(TraceFixture::Schema::Nsys2021, QStringLiteral("fixture2021.sqlite"));
    fx.gpu(0, QStringLiteral("Tesla T4"), 40);
    fx.thread(100, 101, QStringLiteral("main"));
    fx.runtime(100, 200, 100, 101, 1, QStringLiteral("cudaLaunchKernel_v7000"));
    fx.runtime(500, 2600, 100, 101, 2, QStringLiteral("cudaMemcpy_v3020"));
    fx.kernel(1000, 1500, 0, 7, 1, 100, QStringLiteral("gemm_kernel"));
    fx.memcpy(2000, 2500, 0, 7, 2, 100, 1 << 20, 2, 2, 1);
    const QString copy = m_work.filePath(QStringLiteral("fixture2021.sqlite"));
    QVERIFY(QFile::copy(fx.path(), copy));
    fuzzInputs({ copy });
}

void TestFuzz::realExports()
{
    const QStringList real = sl::test::realTraces();
    if (real.isEmpty())
        QSKIP(qPrintable(sl::test::realTracesSkipReason()));
    fuzzInputs(real);
}

void TestFuzz::check(const Totals& t)
{
    for (const QString& f : std::as_const(t.failures))
        qWarning("%s", qPrintable(f));
    m_all.cases += t.cases;
    m_all.crashes += t.crashes;
    m_all.hangs += t.hangs;
    m_all.inputsChanged += t.inputsChanged;
    QVERIFY(t.cases > 0);
    QCOMPARE(t.crashes, 0);
    QCOMPARE(t.hangs, 0);
    QCOMPARE(t.inputsChanged, 0);
    QCOMPARE(t.filesBeside, 0);
    QCOMPARE(t.badExit, 0);
    QCOMPARE(t.badMessage, 0);
}

void TestFuzz::importedFiles()
{
    // NVML CSVs and Nsight Compute CSVs damaged like the exports, and .ncu-rep / .nsys-rep
    // conversions through stand-in tools that hang, crash or write garbage (issue 19).
    const QString trace = m_work.filePath(QStringLiteral("imports.sqlite"));
    QProcess p;
    p.start(QStringLiteral(SIGHTLINE_CLI),
        { QStringLiteral("synth"), QStringLiteral("--out"), trace, QStringLiteral("--kernels"),
            QStringLiteral("200") });
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open_v2(trace.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    const qint64 start = scalar(db, QStringLiteral("SELECT utcEpochNs FROM TARGET_INFO_SESSION_START_TIME"), 0);
    sqlite3_close(db);
    QVERIFY(start > 0);
    QList<ImportCase> all = textCases(QStringLiteral("nvml"), QStringLiteral("nvml.csv"), nvmlLog(start))
        + textCases(QStringLiteral("ncu"), QStringLiteral("ncu.csv"), ncuRaw())
        + toolCases(QStringLiteral("ncu"), trace) + toolCases(QStringLiteral("nsys"), trace);
    if (const QString only = qEnvironmentVariable("SIGHTLINE_FUZZ_ONLY"); !only.isEmpty())
        all.removeIf([&](const ImportCase& c) { return !c.id.contains(only); });
    const int cap = envInt("SIGHTLINE_FUZZ_CASES", 60);
    // The cap applies per kind of input (nvml, ncu, the tools): every class still runs at 40.
    const qsizetype perKind = cap <= 0 ? all.size() : qsizetype(cap);
    QHash<QString, qsizetype> taken;
    Totals t;
    for (const ImportCase& c : std::as_const(all)) {
        const QString kind = c.id.section(QLatin1Char('-'), 0, c.tool.isEmpty() ? 0 : 1);
        if (taken[kind]++ < perKind)
            runImportCase(trace, c, m_work.path(), t);
    }
    qInfo("fuzz: imports: %d cases (%d exit 0, %d exit 3), %d crashes, %d hangs, %d inputs changed, %d files beside, "
          "%d other exit codes, %d messages without the file",
        t.cases, t.exit0, t.exit3, t.crashes, t.hangs, t.inputsChanged, t.filesBeside, t.badExit, t.badMessage);
    check(t);
}

void TestFuzz::digests()
{
    // A 2-rank run with NCCL payloads, digested; the second rank's digest and export are damaged.
    const QString exports = m_work.filePath(QStringLiteral("ranks")), digestDir = m_work.filePath(QStringLiteral("dg"));
    QProcess p;
    p.start(QStringLiteral(SIGHTLINE_CLI),
        { QStringLiteral("synth"), QStringLiteral("--per-rank"), QStringLiteral("--out"), exports,
            QStringLiteral("--ranks"), QStringLiteral("2"), QStringLiteral("--steps"), QStringLiteral("2") });
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    const QString rank0 = QDir(exports).filePath(QStringLiteral("report.0.sqlite"));
    const QString rank1 = QDir(exports).filePath(QStringLiteral("report.1.sqlite"));
    p.start(
        QStringLiteral(SIGHTLINE_CLI), { QStringLiteral("digest"), rank0, rank1, QStringLiteral("--out"), digestDir });
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    const QString good = QDir(digestDir).filePath(QStringLiteral("report.0.sldigest"));
    const QString damaged = QDir(digestDir).filePath(QStringLiteral("report.1.sldigest"));
    Totals t;
    runCases(damaged, digestCasesFor(damaged, good), 0, t);
    runCases(rank1, payloadCasesFor(), 1, t);
    qInfo("fuzz: digests: %d cases (%d exit 0, %d exit 3), %d mutations not applicable", t.cases, t.exit0, t.exit3,
        t.skipped);
    check(t);
}

void TestFuzz::cleanupTestCase()
{
    qInfo("fuzz totals: %d cases, %d crashes, %d hangs, %d inputs changed", m_all.cases, m_all.crashes, m_all.hangs,
        m_all.inputsChanged);
}

int main(int argc, char** argv)
{
    // Hundreds of child processes take longer than Qt Test's 5-minute default per function;
    // each case has its own timeout, and CTest bounds the whole suite.
    if (qEnvironmentVariableIsEmpty("QTEST_FUNCTION_TIMEOUT"))
        qputenv("QTEST_FUNCTION_TIMEOUT", "3600000");
    QCoreApplication app(argc, argv);
    TestFuzz test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_fuzz.moc"
