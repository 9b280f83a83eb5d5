// SPDX-License-Identifier: MIT
#include "core/util/filehash.h"

#include "core/util/nativepath.h"

#include <QByteArray>
#include <QFile>

#include <fcntl.h>
#include <unistd.h>

#if defined(SIGHTLINE_HAVE_OPENSSL)
#include <memory>
#include <openssl/evp.h>
#else
#include <QCryptographicHash>
#endif

namespace sl {

namespace {

/// Feeds the file to `add(data, size)` in 4 MiB blocks; false when unreadable or cancelled.
template <typename Add> bool readBlocks(const QString& path, const std::function<bool()>& cancelled, Add add)
{
    // Opened by its bytes (NativePath), so a name that is not UTF-8 is hashed too; O_NONBLOCK so
    // that a FIFO given by mistake cannot block the hash thread.
    const int fd = ::open(NativePath::encode(path).constData(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    QFile f;
    if (fd < 0 || !f.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        if (fd >= 0)
            ::close(fd);
        return false;
    }
    QByteArray buf(4 << 20, Qt::Uninitialized);
    for (;;) {
        if (cancelled && cancelled())
            return false;
        const qint64 n = f.read(buf.data(), buf.size());
        if (n < 0)
            return false;
        if (n == 0)
            return true;
        add(buf.constData(), n);
    }
}

} // namespace

QString FileHash::sha256(const QString& path, const std::function<bool()>& cancelled)
{
#if defined(SIGHTLINE_HAVE_OPENSSL)
    const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1)
        return {};
    bool ok = true;
    if (!readBlocks(path, cancelled,
            [&](const char* data, qint64 n) { ok = ok && EVP_DigestUpdate(ctx.get(), data, size_t(n)) == 1; }))
        return {};
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (!ok || EVP_DigestFinal_ex(ctx.get(), digest, &size) != 1)
        return {};
    return QString::fromLatin1(QByteArray(reinterpret_cast<const char*>(digest), int(size)).toHex());
#else
    QCryptographicHash h(QCryptographicHash::Sha256);
    if (!readBlocks(path, cancelled, [&](const char* data, qint64 n) { h.addData(QByteArrayView(data, n)); }))
        return {};
    return QString::fromLatin1(h.result().toHex());
#endif
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
