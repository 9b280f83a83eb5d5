// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <functional>
#include <initializer_list>

namespace sl {

/// SHA-256 of a file's bytes, the identity of a trace in reports. With OpenSSL's libcrypto
/// (found at configure time) it runs about three times faster than QCryptographicHash in Qt 6.4
/// (vectorised code paths: ~400 against ~130 MB/s here), which matters because the loader hashes
/// a multi-GB export while reading it. Blocking; any thread.
class FileHash
{
public:
    /// Lower-case hex digest; empty when the file cannot be read or `cancelled` returned true
    /// (polled between 4 MiB blocks).
    static QString sha256(const QString& path, const std::function<bool()>& cancelled = {});
    /// SHA-256 of the concatenated `parts`, as the 32 raw bytes, with the same implementation
    /// (the trace cache's key hashes 2 MiB of an export's head and tail on every open: 16 ms with
    /// QCryptographicHash, 5 ms with OpenSSL). Empty only when OpenSSL fails.
    static QByteArray sha256Of(std::initializer_list<QByteArrayView> parts);
    /// Which implementation is built in ("OpenSSL" or "Qt"), for the benchmark's notes.
    static QString backend();
};

} // namespace sl
