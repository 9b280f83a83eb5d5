// SPDX-License-Identifier: MIT
// Sha256 (the x86 SHA extensions): NIST's published examples (FIPS 180-2 appendix B and the
// empty message), and against QCryptographicHash (an independent implementation) every length
// around the padding's boundaries and data added in uneven pieces. Skipped, saying so, on a
// processor without the instructions (FileHash then uses OpenSSL or Qt).
#include "core/util/sha256.h"

#include <QCryptographicHash>
#include <QRandomGenerator>
#include <QtTest>

using namespace sl;

class TestSha256 : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void nistExamples_data();
    void nistExamples();
    void everyLengthAroundTheBlocks();
    void unevenPieces();
    void emptyPieces();

private:
    static QByteArray ours(const QByteArray& data)
    {
        Sha256 h;
        h.add(data.constData(), size_t(data.size()));
        return h.result();
    }
    static QByteArray qt(const QByteArray& data) { return QCryptographicHash::hash(data, QCryptographicHash::Sha256); }
};

void TestSha256::init()
{
    if (!Sha256::available())
        QSKIP("this processor has no SHA extensions: FileHash uses OpenSSL or Qt, tested in tst_filehash");
}

void TestSha256::nistExamples_data()
{
    QTest::addColumn<QByteArray>("message");
    QTest::addColumn<QByteArray>("digest");
    QTest::newRow("empty") << QByteArray()
                           << QByteArray("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    QTest::newRow("abc") << QByteArray("abc")
                         << QByteArray("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // 448 bits: the length field no longer fits the first block, so the padding takes a second.
    QTest::newRow("two blocks") << QByteArray("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                                << QByteArray("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    QTest::newRow("a million a") << QByteArray(1'000'000, 'a')
                                 << QByteArray("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

void TestSha256::nistExamples()
{
    QFETCH(QByteArray, message);
    QFETCH(QByteArray, digest);
    QCOMPARE(ours(message).toHex(), digest);
}

void TestSha256::everyLengthAroundTheBlocks()
{
    // 0..300 bytes: every position of the padding's 0x80 and length in the last one or two blocks.
    QByteArray data(300, Qt::Uninitialized);
    QRandomGenerator rng(20261130);
    for (char& c : data)
        c = char(rng.bounded(256));
    for (int n = 0; n <= data.size(); ++n)
        QCOMPARE(ours(data.left(n)), qt(data.left(n)));
}

void TestSha256::unevenPieces()
{
    // The way FileHash feeds it, and worse: pieces of 1 to 200 bytes, so that a partial block is
    // completed, skipped over and left behind in every combination.
    QByteArray data(100'000, Qt::Uninitialized);
    QRandomGenerator rng(7);
    for (char& c : data)
        c = char(rng.bounded(256));
    Sha256 h;
    for (qsizetype at = 0; at < data.size();) {
        const qsizetype piece = std::min<qsizetype>(data.size() - at, rng.bounded(1, 201));
        h.add(data.constData() + at, size_t(piece));
        at += piece;
    }
    QCOMPARE(h.result(), qt(data));
}

void TestSha256::emptyPieces()
{
    // A null QByteArray's view has no pointer (the trace cache's key hashes a null tail for a
    // file of 1 MiB or less): nothing is added, and nothing is copied from it (the sanitized CI
    // reports a null memcpy source as undefined behaviour).
    Sha256 h;
    h.add(nullptr, 0);
    h.add("ab", 2);
    h.add(QByteArray().constData(), 0);
    h.add("c", 1);
    h.add(nullptr, 0);
    QCOMPARE(h.result().toHex(), QByteArray("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
}

QTEST_GUILESS_MAIN(TestSha256)
#include "tst_sha256.moc"
