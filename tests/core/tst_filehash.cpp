// SPDX-License-Identifier: MIT
// FileHash: the published SHA-256 test vector, and a file spanning several read blocks against
// QCryptographicHash (an independent implementation); the hash on its own thread: its digest,
// its cancel, its errors naming the file, and its destruction while it runs.
#include "core/util/filehash.h"
#include "core/util/sha256.h"

#include <QCryptographicHash>
#include <QFile>
#include <QScopeGuard>
#include <QSemaphore>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>

using namespace sl;

class TestFileHash : public QObject
{
    Q_OBJECT
private slots:
    void knownVector();
    void severalBlocks();
    void everyBackend_data();
    void everyBackend();
    void unreadableOrCancelled();
    void bytesInParts();
    void onItsThread();
    void cancelStopsAtNextBlock();
    void pauseHoldsAtNextBlock();
    void callersCancel();
    void errorsNameTheFile();
    void destroyedWhileRunning();

private:
    QString write(const QByteArray& content);
    /// Two full read blocks (FileHash::kBlockBytes) and a tail, and its SHA-256 by QCryptographicHash.
    static QByteArray threeBlocks();
    static QString qtSha256(const QByteArray& content);
    QTemporaryDir m_dir;
    int m_files = 0;
};

QString TestFileHash::write(const QByteArray& content)
{
    const QString path = m_dir.filePath(QStringLiteral("f%1").arg(++m_files));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(content) != content.size())
        return {};
    return path;
}

QByteArray TestFileHash::threeBlocks()
{
    QByteArray content(2 * FileHash::kBlockBytes + 17, Qt::Uninitialized);
    for (qsizetype i = 0; i < content.size(); ++i)
        content[i] = char((i * 131) ^ (i >> 9));
    return content;
}

QString TestFileHash::qtSha256(const QByteArray& content)
{
    return QString::fromLatin1(QCryptographicHash::hash(content, QCryptographicHash::Sha256).toHex());
}

void TestFileHash::knownVector()
{
    // FIPS 180-2, appendix B.1: SHA-256("abc").
    QCOMPARE(FileHash::sha256(write("abc")),
        QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    QCOMPARE(FileHash::sha256(write(QByteArray())),
        QStringLiteral("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
}

void TestFileHash::severalBlocks()
{
    const QByteArray content = threeBlocks();
    QCOMPARE(FileHash::sha256(write(content)), qtSha256(content));
    // The processor's SHA extensions where it has them (tst_sha256), else the implementation the
    // build configured (tests/core/CMakeLists.txt reads sightline_core's definitions).
    QCOMPARE(FileHash::backend(),
        Sha256::available() ? QStringLiteral("SHA extensions") : QStringLiteral(SIGHTLINE_EXPECTED_HASH_BACKEND));
}

/// Each implementation the machine has, chosen with SIGHTLINE_HASH_BACKEND (the default picks
/// the fastest, which leaves the others untested on a processor with the SHA extensions): the
/// published vector, several blocks and parts against QCryptographicHash.
void TestFileHash::everyBackend_data()
{
    QTest::addColumn<QByteArray>("choice");
    QTest::addColumn<QString>("expected");
    const QString configured = QStringLiteral(SIGHTLINE_EXPECTED_HASH_BACKEND);
    QTest::newRow("default") << QByteArray() << (Sha256::available() ? QStringLiteral("SHA extensions") : configured);
    QTest::newRow("openssl") << QByteArray("openssl") << configured;
    QTest::newRow("qt") << QByteArray("qt") << QStringLiteral("Qt");
}

void TestFileHash::everyBackend()
{
    QFETCH(QByteArray, choice);
    QFETCH(QString, expected);
    qputenv("SIGHTLINE_HASH_BACKEND", choice);
    const auto restore = qScopeGuard([] { qunsetenv("SIGHTLINE_HASH_BACKEND"); });
    QCOMPARE(FileHash::backend(), expected);
    QCOMPARE(FileHash::sha256(write("abc")),
        QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    const QByteArray content = threeBlocks();
    QCOMPARE(FileHash::sha256(write(content)), qtSha256(content));
    FileHash onItsThread(write(content));
    QCOMPARE(onItsThread.result().sha256, qtSha256(content));
    const QByteArray head = content.left(1000), tail = content.mid(1000);
    QCOMPARE(FileHash::sha256Of({ head, QByteArray(), tail }).toHex(), qtSha256(content).toLatin1());
}

void TestFileHash::unreadableOrCancelled()
{
    QVERIFY(FileHash::sha256(m_dir.filePath(QStringLiteral("missing"))).isEmpty());
    QVERIFY(FileHash::sha256(write("abc"), [] { return true; }).isEmpty());
}

/// sha256Of (the trace cache key's hash of an export's head and tail): the digest of the parts
/// joined, whatever the split, by the same implementation as the file hash.
void TestFileHash::bytesInParts()
{
    // FIPS 180-2, appendix B.1 and B.2.
    const QByteArray abc = QByteArray::fromHex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    QCOMPARE(FileHash::sha256Of({ QByteArrayView("abc") }), abc);
    QCOMPARE(FileHash::sha256Of({ QByteArrayView("a"), QByteArrayView(), QByteArrayView("bc") }), abc);
    QCOMPARE(FileHash::sha256Of(
                 { QByteArrayView("abcdbcdecdefdefgefghfghighijhijk"), QByteArrayView("ijkljklmklmnlmnomnopnopq") }),
        QByteArray::fromHex("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
    QCOMPARE(FileHash::sha256Of({}),
        QByteArray::fromHex("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
}

/// The hash on its own thread gives the digest of the file's bytes, with no error.
void TestFileHash::onItsThread()
{
    const QByteArray content = threeBlocks();
    FileHash hash(write(content));
    const FileHash::Result& r = hash.result();
    QCOMPARE(r.sha256, qtSha256(content));
    QVERIFY(r.ok());
    QVERIFY(r.error.isEmpty());
    QVERIFY(!r.cancelled);
    QCOMPARE(hash.result().sha256, r.sha256); // a second call returns the same
    // "abc" (FIPS 180-2, B.1) the same way.
    QCOMPARE(FileHash(write("abc")).result().sha256,
        QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
}

/// cancel() while the first block is being read: the hash gives up before the second of three
/// blocks, with no digest and a message naming the file. The caller's cancel is polled before
/// each block; its first poll holds the hash there until cancel() has been called, so the order
/// is fixed without any timing.
void TestFileHash::cancelStopsAtNextBlock()
{
    const QString path = write(threeBlocks());
    QSemaphore polled, cancelCalled;
    std::atomic<int> polls { 0 };
    FileHash hash(path, [&] {
        if (polls.fetch_add(1) == 0) {
            polled.release();
            cancelCalled.acquire();
        }
        return false;
    });
    polled.acquire();
    hash.cancel();
    cancelCalled.release();
    const FileHash::Result& r = hash.result();
    QVERIFY(r.cancelled);
    QVERIFY(!r.ok());
    QVERIFY(r.sha256.isEmpty());
    QCOMPARE(r.error, QStringLiteral("Hashing %1 was cancelled.").arg(QFileInfo(path).fileName()));
    QCOMPARE(polls.load(), 1); // after cancel() the caller's function is not asked again
}

/// pause() holds the hash at its next block (the caller's function is not asked again while it
/// waits); resume() lets it finish with the right digest; cancel() ends a paused hash.
void TestFileHash::pauseHoldsAtNextBlock()
{
    const QByteArray content = threeBlocks();
    for (const bool resume : { true, false }) {
        QSemaphore polled, go;
        std::atomic<int> polls { 0 };
        FileHash hash(write(content), [&] {
            if (polls.fetch_add(1) == 0) {
                polled.release();
                go.acquire();
            }
            return false;
        });
        polled.acquire(); // at its first poll, before the first block
        hash.pause();
        go.release(); // reads the first block, then waits at its next poll
        QTest::qWait(100);
        QCOMPARE(polls.load(), 1);
        resume ? hash.resume() : hash.cancel();
        const FileHash::Result& r = hash.result();
        if (resume) {
            QCOMPARE(r.sha256, qtSha256(content));
            QCOMPARE(polls.load(), 4); // three reads with data and the one at the end
        } else {
            QVERIFY(r.cancelled);
            QCOMPARE(polls.load(), 1);
        }
    }
}

/// The caller's cancel, true at its third poll: two of the three blocks read, then cancelled.
void TestFileHash::callersCancel()
{
    std::atomic<int> polls { 0 };
    FileHash hash(write(threeBlocks()), [&] { return polls.fetch_add(1) == 2; });
    QVERIFY(hash.result().cancelled);
    QVERIFY(hash.result().sha256.isEmpty());
    QCOMPARE(polls.load(), 3);
}

/// A missing file and a folder: no digest, not cancelled, and an error that names the file (its
/// name only, never the folder it is in) and says why.
void TestFileHash::errorsNameTheFile()
{
    const QString missing = m_dir.filePath(QStringLiteral("missing-export.sqlite"));
    FileHash hash(missing);
    const FileHash::Result& r = hash.result();
    QVERIFY(!r.ok() && !r.cancelled);
    QVERIFY2(r.error.startsWith(QLatin1String("Cannot read missing-export.sqlite to hash it: ")), qPrintable(r.error));
    // The reason is the system's, in its locale: what QFile itself says of the missing file.
    QFile probe(missing);
    QVERIFY(!probe.open(QIODevice::ReadOnly));
    QVERIFY(!probe.errorString().isEmpty());
    QVERIFY2(r.error.endsWith(probe.errorString()), qPrintable(r.error));
    QVERIFY2(!r.error.contains(m_dir.path()), qPrintable(r.error));

    const QString folder = m_dir.filePath(QStringLiteral("a-folder.sqlite"));
    QVERIFY(QDir().mkpath(folder));
    QString error;
    QVERIFY(FileHash::sha256(folder, {}, &error).isEmpty());
    QCOMPARE(error, QStringLiteral("Cannot read a-folder.sqlite to hash it: it is not a regular file"));
}

/// Destroyed without result(): the destructor stops and joins the thread (a joinable
/// std::thread destroyed would end the process), whether the hash has begun, is between blocks
/// or is done; the sanitized build checks that nothing is left behind.
void TestFileHash::destroyedWhileRunning()
{
    const QString path = write(threeBlocks());
    {
        FileHash hash(path); // destroyed at once
    }
    std::atomic<int> polls { 0 };
    {
        QSemaphore polled;
        FileHash hash(path, [&] {
            if (polls.fetch_add(1) == 0)
                polled.release();
            return false;
        });
        polled.acquire(); // running: its first block is read now or about to be
    }
    const int seen = polls.load(); // joined: final
    QVERIFY2(seen >= 1 && seen <= 4, qPrintable(QString::number(seen))); // one before each block and at the end
}

QTEST_GUILESS_MAIN(TestFileHash)
#include "tst_filehash.moc"
