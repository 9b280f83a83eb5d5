// SPDX-License-Identifier: MIT
// FileHash: the published SHA-256 test vector, and a file spanning several read blocks against
// QCryptographicHash (an independent implementation).
#include "core/util/filehash.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace sl;

class TestFileHash : public QObject
{
    Q_OBJECT
private slots:
    void knownVector();
    void severalBlocks();
    void unreadableOrCancelled();
    void bytesInParts();

private:
    QString write(const QByteArray& content);
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
    QByteArray content(9 * 1024 * 1024 + 17, Qt::Uninitialized); // two full 4 MiB blocks and a tail
    for (qsizetype i = 0; i < content.size(); ++i)
        content[i] = char((i * 131) ^ (i >> 9));
    const QString expected = QString::fromLatin1(QCryptographicHash::hash(content, QCryptographicHash::Sha256).toHex());
    QCOMPARE(FileHash::sha256(write(content)), expected);
    // The implementation the build configured (tests/core/CMakeLists.txt reads sightline_core's definitions).
    QCOMPARE(FileHash::backend(), QStringLiteral(SIGHTLINE_EXPECTED_HASH_BACKEND));
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

QTEST_GUILESS_MAIN(TestFileHash)
#include "tst_filehash.moc"
