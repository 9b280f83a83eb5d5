// SPDX-License-Identifier: MIT
// Fuzzing the cluster digests (issue 22; what every case must satisfy and $SIGHTLINE_FUZZ_*:
// tests/common/fuzzharness.h): a per-rank run's digest damaged the same ways as an export in
// tst_fuzzexports (and its version, format and communicators) through `sightline-cli cluster`,
// and its export's NCCL payloads through `digest`.
#include "tests/common/fuzzharness.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#ifndef SIGHTLINE_CLI
#error "SIGHTLINE_CLI (path of sightline-cli) must be defined by tests/core/CMakeLists.txt"
#endif

using namespace sl::test;

namespace {

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

} // namespace

class TestFuzzDigests : public QObject, public FuzzSuite
{
    Q_OBJECT
private slots:
    void initTestCase();
    void digests();
    void cleanupTestCase();
};

void TestFuzzDigests::initTestCase() { QVERIFY(m_work.isValid()); }

void TestFuzzDigests::digests()
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

void TestFuzzDigests::cleanupTestCase() { printTotals(); }

SIGHTLINE_FUZZ_MAIN(TestFuzzDigests)
#include "tst_fuzzdigests.moc"
