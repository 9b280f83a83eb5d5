// SPDX-License-Identifier: MIT
// StaleParts: the one rule for the part files of unfinished writes (older than an hour: removed),
// on files whose modification times are set by hand; and DigestStore::write, which applies it to
// its output folder.
#include "core/cluster/digeststore.h"
#include "core/io/staleparts.h"
#include "tests/common/clusterfixture.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace sl;

class TestStaleParts : public QObject
{
    Q_OBJECT
private slots:
    void anHourInNs();
    void removedInAFolder();
    void removedOneByOne();
    void digestStoreRemovesItsOwnParts();

private:
    /// A file of 10 bytes in `dir`, last modified `ageSecs` ago.
    static void make(const QTemporaryDir& dir, const QString& name, qint64 ageSecs);
    static QStringList files(const QTemporaryDir& dir);
};

void TestStaleParts::make(const QTemporaryDir& dir, const QString& name, qint64 ageSecs)
{
    QFile f(dir.filePath(name));
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(QByteArray(10, 'x')), qint64(10));
    QVERIFY(f.flush()); // a write after setFileTime would make the time "now" again
    QVERIFY(f.setFileTime(QDateTime::currentDateTimeUtc().addSecs(-ageSecs), QFileDevice::FileModificationTime));
}

QStringList TestStaleParts::files(const QTemporaryDir& dir)
{
    QStringList names = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden);
    names.sort();
    return names;
}

/// The rule itself: 60 min × 60 s × 10⁹ ns, and only an age beyond it is stale.
void TestStaleParts::anHourInNs()
{
    QCOMPARE(StaleParts::kMaxAgeNs, qint64(3'600'000'000'000));
    const qint64 now = 1'764'000'000'000'000'000; // 2025-11-24, ns since the epoch
    QVERIFY(!StaleParts::isStale(now, now));
    QVERIFY(!StaleParts::isStale(now - 3'600'000'000'000, now)); // exactly an hour: not yet
    QVERIFY(StaleParts::isStale(now - 3'600'000'000'001, now));
    QVERIFY(!StaleParts::isStale(now + 5'000'000'000, now)); // a clock a little ahead
    const qint64 ms = QDateTime::currentMSecsSinceEpoch();
    const qint64 current = StaleParts::currentNs();
    QVERIFY(current >= ms * 1'000'000 && current - ms * 1'000'000 < 60'000'000'000);
}

/// removeIn: the parts beginning with the prefixes and over an hour old go (hidden ones too); a part
/// of 59 minutes, the finished file, a part of another file and a foreign file stay, however old.
void TestStaleParts::removedInAFolder()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    make(dir, QStringLiteral("rank3.sldigest.part-4242-1-0000beef"), 2 * 3600);
    make(dir, QStringLiteral(".rank3.sldigest.part-17-2-00c0ffee"), 7 * 24 * 3600);
    make(dir, QStringLiteral("rank3.sldigest.part-4242-2-0000cafe"), 59 * 60);
    make(dir, QStringLiteral("rank3.sldigest"), 3 * 3600);
    make(dir, QStringLiteral("rank4.sldigest.part-99-1-12345678"), 3 * 3600);
    make(dir, QStringLiteral("notes.txt"), 30 * 24 * 3600);
    const int removed = StaleParts::removeIn(
        dir.path(), { QStringLiteral("rank3.sldigest.part-"), QStringLiteral(".rank3.sldigest.part-") });
    QCOMPARE(removed, 2);
    QCOMPARE(files(dir),
        QStringList({ QStringLiteral("notes.txt"), QStringLiteral("rank3.sldigest"),
            QStringLiteral("rank3.sldigest.part-4242-2-0000cafe"),
            QStringLiteral("rank4.sldigest.part-99-1-12345678") }));
    // A folder that does not exist holds nothing to remove.
    QCOMPARE(StaleParts::removeIn(dir.filePath(QStringLiteral("absent")), { QString() }), 0);
    // A name with wildcard characters is matched as written: its own part goes, a look-alike stays.
    make(dir, QStringLiteral("r[0].sldigest.part-1-1-00000001"), 2 * 3600);
    make(dir, QStringLiteral("r0.sldigest.part-1-1-00000002"), 2 * 3600);
    QCOMPARE(StaleParts::removeIn(dir.path(), { QStringLiteral("r[0].sldigest.part-") }), 1);
    QVERIFY(files(dir).contains(QStringLiteral("r0.sldigest.part-1-1-00000002")));
    QVERIFY(!files(dir).contains(QStringLiteral("r[0].sldigest.part-1-1-00000001")));
}

/// removeIfStale, for an owner that listed its folder itself (TraceCache::evict): by the time it
/// is given, not the file's.
void TestStaleParts::removedOneByOne()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    make(dir, QStringLiteral("a.slcache.Ab12Cd"), 0);
    const QString path = dir.filePath(QStringLiteral("a.slcache.Ab12Cd"));
    const qint64 now = StaleParts::currentNs();
    QVERIFY(!StaleParts::removeIfStale(path, now - 3'599'000'000'000, now)); // 59 min 59 s
    QVERIFY(QFile::exists(path));
    QVERIFY(StaleParts::removeIfStale(path, now - 3'601'000'000'000, now)); // 1 h 1 s
    QVERIFY(!QFile::exists(path));
    QVERIFY(!StaleParts::removeIfStale(path, 0, now)); // already gone: nothing removed
}

/// DigestStore::write removes the stale parts of the digest it writes, and only those: a fresh
/// part (another writer of the same digest, still going) and another digest's stale part stay.
void TestStaleParts::digestStoreRemovesItsOwnParts()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    make(dir, QStringLiteral("node1.sldigest.part-311-1-a1b2c3d4"), 2 * 3600);
    make(dir, QStringLiteral("node1.sldigest.part-312-1-d4c3b2a1"), 10 * 60);
    make(dir, QStringLiteral("node2.sldigest.part-313-1-0badf00d"), 2 * 3600);
    QString error;
    QVERIFY2(DigestStore::write(test::handDigest(QStringLiteral("node1.sqlite"), 1, 0),
                 dir.filePath(QStringLiteral("node1.sldigest")), &error),
        qPrintable(error));
    QCOMPARE(files(dir),
        QStringList({ QStringLiteral("node1.sldigest"), QStringLiteral("node1.sldigest.part-312-1-d4c3b2a1"),
            QStringLiteral("node2.sldigest.part-313-1-0badf00d") }));
}

QTEST_GUILESS_MAIN(TestStaleParts)
#include "tst_staleparts.moc"
