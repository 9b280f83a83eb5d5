// SPDX-License-Identifier: MIT
#include "core/util/filehash.h"

#include "core/util/nativepath.h"
#include "core/util/sha256.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QFile>

#include <optional>

#if defined(SIGHTLINE_HAVE_OPENSSL)
#include <dlfcn.h>
#include <memory>
#include <openssl/evp.h>
#endif

namespace sl {

namespace {

enum class Read { Done, Failed, Cancelled };

#if defined(SIGHTLINE_HAVE_OPENSSL)
/// OpenSSL's SHA-256, from libcrypto loaded on first use: linked, the library's relocations and
/// page faults cost every process 2.6 ms at start on the 2-core VM (issue 20), also the many
/// that never hash (`--version`, a GUI that opens a cached trace). Without the library (or a
/// symbol) the hash is Qt's, the same value, about three times slower.
struct Crypto
{
    decltype(&EVP_MD_CTX_new) ctxNew = nullptr;
    decltype(&EVP_MD_CTX_free) ctxFree = nullptr;
    decltype(&EVP_sha256) sha256 = nullptr;
    decltype(&EVP_DigestInit_ex) init = nullptr;
    decltype(&EVP_DigestUpdate) update = nullptr;
    decltype(&EVP_DigestFinal_ex) final = nullptr;

    bool ok() const { return ctxNew && ctxFree && sha256 && init && update && final; }

    /// A SHA-256 context, or null when OpenSSL fails. Only when ok().
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context() const
    {
        std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(ctxNew(), ctxFree);
        if (ctx && init(ctx.get(), sha256(), nullptr) != 1)
            ctx.reset();
        return ctx;
    }
};

template <typename Fn> void resolve(void* lib, const char* name, Fn& fn)
{
    fn = reinterpret_cast<Fn>(dlsym(lib, name));
}

const Crypto& crypto()
{
    static const Crypto c = [] {
        Crypto c;
        // Never closed: the library's per-thread state is freed by its own thread-exit handlers.
        void* lib = dlopen(SIGHTLINE_LIBCRYPTO, RTLD_NOW | RTLD_LOCAL);
        if (!lib)
            return c;
        resolve(lib, "EVP_MD_CTX_new", c.ctxNew);
        resolve(lib, "EVP_MD_CTX_free", c.ctxFree);
        resolve(lib, "EVP_sha256", c.sha256);
        resolve(lib, "EVP_DigestInit_ex", c.init);
        resolve(lib, "EVP_DigestUpdate", c.update);
        resolve(lib, "EVP_DigestFinal_ex", c.final);
        return c.ok() ? c : Crypto {};
    }();
    return c;
}

QByteArray digestOf(const Crypto& c, EVP_MD_CTX* ctx)
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (c.final(ctx, digest, &size) != 1)
        return {};
    return QByteArray(reinterpret_cast<const char*>(digest), int(size));
}
#endif

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

enum class Backend { ShaExtensions, OpenSsl, Qt };

/// The implementation that hashes: the fastest available by default. SIGHTLINE_HASH_BACKEND=openssl
/// or =qt leaves out the faster ones, so that the tests check each on any processor (as
/// SIGHTLINE_SQLITE_SCAN=query does for the scans); read at each hash, so a test can switch it.
Backend chosenBackend()
{
    const QString asked = qEnvironmentVariable("SIGHTLINE_HASH_BACKEND");
    if (asked.isEmpty() && Sha256::available())
        return Backend::ShaExtensions;
#if defined(SIGHTLINE_HAVE_OPENSSL)
    if (asked != QLatin1String("qt") && crypto().ok())
        return Backend::OpenSsl;
#endif
    return Backend::Qt;
}

/// One SHA-256 in progress, in the chosen implementation: bytes in, the digest out.
class Hasher
{
public:
    Hasher()
        : m_backend(chosenBackend())
    {
#if defined(SIGHTLINE_HAVE_OPENSSL)
        if (m_backend == Backend::OpenSsl)
            m_ctx = crypto().context();
#endif
        if (m_backend == Backend::Qt)
            m_qt.emplace(QCryptographicHash::Sha256);
    }
    void add(const char* data, size_t size)
    {
        switch (m_backend) {
        case Backend::ShaExtensions:
            m_sha.add(data, size);
            break;
        case Backend::OpenSsl:
#if defined(SIGHTLINE_HAVE_OPENSSL)
            m_ok = m_ok && m_ctx && crypto().update(m_ctx.get(), data, size) == 1;
#endif
            break;
        case Backend::Qt:
            m_qt->addData(QByteArrayView(data, qsizetype(size)));
            break;
        }
    }
    /// The 32-byte digest; empty when OpenSSL failed.
    QByteArray result()
    {
        switch (m_backend) {
        case Backend::ShaExtensions:
            return m_sha.result();
        case Backend::OpenSsl:
#if defined(SIGHTLINE_HAVE_OPENSSL)
            return m_ok && m_ctx ? digestOf(crypto(), m_ctx.get()) : QByteArray();
#endif
        case Backend::Qt:
            break;
        }
        return m_qt ? m_qt->result() : QByteArray();
    }

private:
    Backend m_backend;
    Sha256 m_sha;
    std::optional<QCryptographicHash> m_qt;
#if defined(SIGHTLINE_HAVE_OPENSSL)
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> m_ctx { nullptr, nullptr };
    bool m_ok = true;
#endif
};

/// A file's SHA-256 (raw bytes; empty when the implementation failed) and how its read ended.
struct Digest
{
    Read read = Read::Done;
    QString reason; ///< the system's, when the read failed
    QByteArray bytes;
};

Digest digestFile(const QString& path, const std::function<bool()>& cancelled)
{
    Digest d;
    Hasher h;
    d.read = readBlocks(path, cancelled, &d.reason, [&](const char* data, qint64 n) { h.add(data, size_t(n)); });
    if (d.read == Read::Done)
        d.bytes = h.result();
    return d;
}

} // namespace

FileHash::FileHash(const QString& path, std::function<bool()> cancelled)
    : m_path(path)
    , m_thread([this, path, cancelled = std::move(cancelled)] {
        m_result = hash(path, [this, &cancelled] { return waitWhilePaused() || (cancelled && cancelled()); });
    })
{
}

void FileHash::cancel()
{
    m_stop = true;
    const std::lock_guard<std::mutex> lock(m_pauseLock);
    m_unpaused.notify_all();
}

void FileHash::pause()
{
    const std::lock_guard<std::mutex> lock(m_pauseLock);
    m_paused = true;
}

void FileHash::resume()
{
    const std::lock_guard<std::mutex> lock(m_pauseLock);
    m_paused = false;
    m_unpaused.notify_all();
}

bool FileHash::waitWhilePaused()
{
    std::unique_lock<std::mutex> lock(m_pauseLock);
    m_unpaused.wait(lock, [this] { return !m_paused || m_stop.load(); });
    return m_stop.load();
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
    const Digest d = digestFile(path, cancelled);
    Result r;
    if (d.read == Read::Done && !d.bytes.isEmpty())
        r.sha256 = QString::fromLatin1(d.bytes.toHex());
    const QString name = NativePath::displayName(path);
    r.cancelled = d.read == Read::Cancelled;
    if (r.cancelled)
        r.error = tr("Hashing %1 was cancelled.").arg(name);
    else if (d.read == Read::Failed)
        r.error = tr("Cannot read %1 to hash it: %2").arg(name, d.reason);
    else if (!r.ok())
        r.error = tr("Cannot hash %1: the SHA-256 implementation failed.").arg(name);
    return r;
}

QByteArray FileHash::sha256Of(std::initializer_list<QByteArrayView> parts)
{
    Hasher h;
    for (const QByteArrayView part : parts)
        h.add(part.data(), size_t(part.size()));
    return h.result();
}

void FileHash::preload()
{
    chosenBackend(); // loads libcrypto where it is the one
}

QString FileHash::backend()
{
    switch (chosenBackend()) {
    case Backend::ShaExtensions:
        return QStringLiteral("SHA extensions");
    case Backend::OpenSsl:
        return QStringLiteral("OpenSSL");
    case Backend::Qt:
        break;
    }
    return QStringLiteral("Qt");
}

} // namespace sl
