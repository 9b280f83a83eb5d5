// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>

#include <cstddef>
#include <cstdint>

namespace sl {

/// SHA-256 (FIPS 180-4) on the x86 SHA extensions, where the processor has them (AMD since Zen,
/// Intel since Ice Lake and Goldmont). About as fast as OpenSSL's, which runs the same
/// instructions there (1.60 against 1.68 GB/s on the 2-core VM), without loading libcrypto:
/// dlopen'ing it took 2.8-5.3 ms (relocations and page faults) of each process that hashes
/// (FileHash; the trace cache's key). FileHash uses OpenSSL, or Qt, where available() is false.
class Sha256
{
public:
    /// Whether this processor has the instructions (SHA, SSE4.1, SSSE3). Only then may a Sha256
    /// be used.
    static bool available();

    Sha256();
    void add(const char* data, size_t size);
    /// The 32-byte digest of everything added; the object is spent afterwards.
    QByteArray result();

private:
    void addBlocks(const unsigned char* data, size_t blocks);

    alignas(16) std::uint32_t m_state[8];
    unsigned char m_pending[64]; ///< the start of a block not yet complete
    size_t m_pendingBytes = 0;
    std::uint64_t m_totalBytes = 0;
};

} // namespace sl
