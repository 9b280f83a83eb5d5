// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QCoreApplication>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <initializer_list>
#include <mutex>
#include <thread>

namespace sl {

/// SHA-256 of a file's bytes, the identity of a trace in reports and digests. On a processor with
/// the x86 SHA extensions it is Sha256 (1.6 GB/s here); elsewhere OpenSSL's libcrypto (found at
/// configure time, loaded on first use), about three times faster than QCryptographicHash in Qt
/// 6.4 without them (~400 against ~130 MB/s); Qt's without either. It matters because the loader
/// and the digester hash a multi-GB export while they read it.
///
/// An object hashes one file on a thread of its own, beside the caller's scan of the same file
/// (I/O and SHA-256: 0.4 s of a 688 MB export): the constructor starts it, result() waits for
/// it, cancel() or the caller's cancel stop it at its next block (kBlockBytes), and the destructor stops
/// and joins it, so no thread outlives the object whatever path (early return, exception,
/// cancel) the caller leaves by. A joined thread also frees OpenSSL's per-thread state, which
/// the sanitized CI reports as a leak on a long-lived thread. The static functions block.
class FileHash
{
    Q_DECLARE_TR_FUNCTIONS(FileHash)
public:
    /// What result() hands back: the digest, or why there is none.
    struct Result
    {
        QString sha256; ///< lower-case hex; empty when the file could not be hashed
        QString error; ///< translated, naming the file (its name only); empty on success
        bool cancelled = false; ///< stopped by cancel() or the caller's cancel, not by the file
        bool ok() const { return !sha256.isEmpty(); }
    };

    /// The size of each read: 256 KiB run at the page cache's speed and stay in a core's L2
    /// cache; each page of the buffer is a page fault on first touch (4 MiB were 1 024 of them,
    /// ~11 µs each in a VM that backs guest memory lazily).
    static constexpr qint64 kBlockBytes = qint64(256) << 10;

    /// Starts hashing `path`. `cancelled`, when given, is polled between blocks on the
    /// hash's thread (it must be thread-safe) and must stay callable until result() or the
    /// destructor returns.
    explicit FileHash(const QString& path, std::function<bool()> cancelled = {});
    /// Stops the hash at its next block and joins its thread.
    ~FileHash();
    FileHash(const FileHash&) = delete;
    FileHash& operator=(const FileHash&) = delete;

    /// Asks the hash to give up at its next block (the caller's own read failed); does not wait.
    void cancel();
    /// Holds the hash at its next block until resume() (a load's readers want every core), or
    /// until cancel() or the destructor; result() would wait for resume().
    void pause();
    void resume();
    /// The path it hashes, as given.
    const QString& path() const { return m_path; }
    /// Waits for the hash and returns it; every later call returns the same. Thread-safe.
    const Result& result();

    /// The same hash on the calling thread: lower-case hex, empty when the file cannot be read
    /// or `cancelled` returned true; `error` (optional) then says why, as Result::error does.
    static QString sha256(const QString& path, const std::function<bool()>& cancelled = {}, QString* error = nullptr);
    /// SHA-256 of the concatenated `parts`, as the 32 raw bytes, with the same implementation
    /// (the trace cache's key hashes 2 MiB of an export's head and tail on every open: 16 ms with
    /// QCryptographicHash, 5 ms with OpenSSL, 1.3 ms with Sha256). Empty only when OpenSSL fails.
    static QByteArray sha256Of(std::initializer_list<QByteArrayView> parts);
    /// Which implementation is in use ("SHA extensions", "OpenSSL" or "Qt"), for the benchmark's notes.
    static QString backend();
    /// Loads OpenSSL's libcrypto now where it will be used (it is loaded on first use otherwise:
    /// 2.6 ms of relocations and page faults): a program calls it on a thread of its own while its
    /// start leaves a core idle. Nothing to do on a processor with the SHA extensions.
    static void preload();

private:
    static Result hash(const QString& path, const std::function<bool()>& cancelled);

    const QString m_path;
    /// Between blocks the hash's thread waits here while paused (pause(), resume(), cancel()).
    bool waitWhilePaused();

    std::atomic<bool> m_stop { false };
    std::mutex m_pauseLock;
    std::condition_variable m_unpaused;
    bool m_paused = false; ///< under m_pauseLock
    std::mutex m_join; ///< result() may be called from several threads: one joins
    Result m_result;
    std::thread m_thread; ///< last: started once every member it uses exists
};

} // namespace sl
