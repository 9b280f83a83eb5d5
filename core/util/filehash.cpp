// SPDX-License-Identifier: MIT
#include "core/util/filehash.h"

#include "core/util/nativepath.h"

#include <QByteArray>
#include <QFile>

#if defined(SIGHTLINE_HAVE_OPENSSL)
#include <memory>
#include <openssl/evp.h>
#else
#include <QCryptographicHash>
#endif

namespace sl {

namespace {

enum class Read { Done, Failed, Cancelled };

/// Feeds the file to `add(data, size)` in FileHash::kBlockBytes blocks; Failed with `error` (the
/// system's reason) when it cannot be read.
template <typename Add>
Read readBlocks(const QString& path, const std::function<bool()>& cancelled, QString* error, Add add)
{
    // Opened by its bytes (NativePath), so a name that is not UTF-8 is hashed too; a FIFO given
    // by mistake is refused rather than left to block the hash's thread.
    QFile f;
    if (!NativePath::openReadOnly(f, path, error))
        return Read::Failed;
    QByteArray buf(FileHash::kBlockBytes, Qt::Uninitialized);
    for (;;) {
        if (cancelled && cancelled())
            return Read::Cancelled;
        const qint64 n = f.read(buf.data(), buf.size());
        if (n < 0) {
            *error = f.errorString();
            return Read::Failed;
        }
        if (n == 0)
            return Read::Done;
        add(buf.constData(), n);
    }
}

} // namespace

FileHash::FileHash(const QString& path, std::function<bool()> cancelled)
    : m_thread([this, path, cancelled = std::move(cancelled)] {
        m_result = hash(path, [this, &cancelled] { return m_stop.load() || (cancelled && cancelled()); });
    })
{
}

FileHash::~FileHash()
{
    cancel();
    if (m_thread.joinable())
        m_thread.join();
}

const FileHash::Result& FileHash::result()
{
    const std::lock_guard<std::mutex> lock(m_join);
    if (m_thread.joinable())
        m_thread.join();
    return m_result;
}

QString FileHash::sha256(const QString& path, const std::function<bool()>& cancelled, QString* error)
{
    Result r = hash(path, cancelled);
    if (error)
        *error = r.error;
    return r.sha256;
}

FileHash::Result FileHash::hash(const QString& path, const std::function<bool()>& cancelled)
{
    Result r;
    QString reason;
#if defined(SIGHTLINE_HAVE_OPENSSL)
    const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    bool ok = ctx && EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) == 1;
    const Read read = !ok ? Read::Done : readBlocks(path, cancelled, &reason, [&](const char* data, qint64 n) {
        ok = ok && EVP_DigestUpdate(ctx.get(), data, size_t(n)) == 1;
    });
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    ok = ok && read == Read::Done && EVP_DigestFinal_ex(ctx.get(), digest, &size) == 1;
    if (ok)
        r.sha256 = QString::fromLatin1(QByteArray(reinterpret_cast<const char*>(digest), int(size)).toHex());
#else
    QCryptographicHash h(QCryptographicHash::Sha256);
    const Read read
        = readBlocks(path, cancelled, &reason, [&](const char* data, qint64 n) { h.addData(QByteArrayView(data, n)); });
    const bool ok = read == Read::Done;
    if (ok)
        r.sha256 = QString::fromLatin1(h.result().toHex());
#endif
    const QString name = NativePath::displayName(path);
    r.cancelled = read == Read::Cancelled;
    if (r.cancelled)
        r.error = tr("Hashing %1 was cancelled.").arg(name);
    else if (read == Read::Failed)
        r.error = tr("Cannot read %1 to hash it: %2").arg(name, reason);
    else if (!ok)
        r.error = tr("Cannot hash %1: the SHA-256 implementation failed.").arg(name);
    return r;
}

QByteArray FileHash::sha256Of(std::initializer_list<QByteArrayView> parts)
{
#if defined(SIGHTLINE_HAVE_OPENSSL)
    const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1)
        return {};
    for (const QByteArrayView part : parts)
        if (EVP_DigestUpdate(ctx.get(), part.data(), size_t(part.size())) != 1)
            return {};
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (EVP_DigestFinal_ex(ctx.get(), digest, &size) != 1)
        return {};
    return QByteArray(reinterpret_cast<const char*>(digest), int(size));
#else
    QCryptographicHash h(QCryptographicHash::Sha256);
    for (const QByteArrayView part : parts)
        h.addData(part);
    return h.result();
#endif
}

QString FileHash::backend()
{
#if defined(SIGHTLINE_HAVE_OPENSSL)
    return QStringLiteral("OpenSSL");
#else
    return QStringLiteral("Qt");
#endif
}

} // namespace sl
