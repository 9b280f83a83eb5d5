// SPDX-License-Identifier: MIT
#include "core/util/sha256.h"

#include <algorithm>
#include <cstring>

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define SIGHTLINE_SHA_NI 1
#include <cpuid.h>
#include <immintrin.h>
#endif

namespace sl {

namespace {

// FIPS 180-4 §5.3.3: the initial hash value H(0), words A to H.
constexpr std::uint32_t kInitial[8]
    = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };

#if SIGHTLINE_SHA_NI
// FIPS 180-4 §4.2.2: the 64 round constants K0..K63.
alignas(16) constexpr std::uint32_t kRound[64] = { 0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b,
    0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
    0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc,
    0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1,
    0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
    0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814,
    0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2 };

/// The compression function over `blocks` 64-byte blocks. SHA256RNDS2 keeps the eight working
/// variables as two vectors, ABEF and CDGH (A and C in the top lane), and does two rounds with
/// the sums W[t] + K[t] in the two low lanes of its third operand; SHA256MSG1/MSG2 extend the
/// message schedule four words at a time (W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]).
__attribute__((target("sha,sse4.1,ssse3"))) void compress(
    std::uint32_t state[8], const unsigned char* data, size_t blocks)
{
    // The message is big-endian: each 32-bit word's bytes reversed.
    const __m128i bigEndian = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    // state[0..3] = A B C D, state[4..7] = E F G H (lane 0 first).
    const __m128i dcba = _mm_loadu_si128(reinterpret_cast<const __m128i*>(state));
    const __m128i hgfe = _mm_loadu_si128(reinterpret_cast<const __m128i*>(state + 4));
    const __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1); // lanes 3..0: C D A B
    const __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B); // lanes 3..0: E F G H
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8); // lanes 3..0: A B E F
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0); // lanes 3..0: C D G H
    for (; blocks > 0; --blocks, data += 64) {
        const __m128i abefBefore = abef, cdghBefore = cdgh;
        __m128i w[4]; // w[i % 4] = W[4i..4i+3]
        for (int i = 0; i < 4; ++i)
            w[i] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(data + 16 * i)), bigEndian);
#pragma GCC unroll 16
        for (int i = 0; i < 16; ++i) {
            if (i >= 4) // W[4i..] from W[4i-16..] (this slot), W[4i-12..], W[4i-8..] and W[4i-4..]
                w[i % 4] = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(w[i % 4], w[(i + 1) % 4]),
                                                    _mm_alignr_epi8(w[(i + 3) % 4], w[(i + 2) % 4], 4)),
                    w[(i + 3) % 4]);
            __m128i wk = _mm_add_epi32(w[i % 4], _mm_load_si128(reinterpret_cast<const __m128i*>(kRound + 4 * i)));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk); // rounds 4i, 4i+1: now ABEF
            wk = _mm_shuffle_epi32(wk, 0x0E);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, wk); // rounds 4i+2, 4i+3: ABEF again
        }
        abef = _mm_add_epi32(abef, abefBefore);
        cdgh = _mm_add_epi32(cdgh, cdghBefore);
    }
    const __m128i feba = _mm_shuffle_epi32(abef, 0x1B); // lanes 3..0: F E B A
    const __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1); // lanes 3..0: D C H G
    _mm_storeu_si128(reinterpret_cast<__m128i*>(state), _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(state + 4), _mm_alignr_epi8(dchg, feba, 8));
}
#endif

} // namespace

bool Sha256::available()
{
#if SIGHTLINE_SHA_NI
    static const bool s_has = [] {
        unsigned a = 0, b = 0, c = 0, d = 0;
        if (!__get_cpuid(1, &a, &b, &c, &d))
            return false;
        const bool ssse3 = (c & (1u << 9)) != 0, sse41 = (c & (1u << 19)) != 0;
        if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
            return false;
        const bool sha = (b & (1u << 29)) != 0;
        return ssse3 && sse41 && sha;
    }();
    return s_has;
#else
    return false;
#endif
}

Sha256::Sha256() { std::copy(std::begin(kInitial), std::end(kInitial), m_state); }

void Sha256::addBlocks(const unsigned char* data, size_t blocks)
{
#if SIGHTLINE_SHA_NI
    compress(m_state, data, blocks);
#else
    Q_UNUSED(data);
    Q_UNUSED(blocks);
    Q_ASSERT_X(false, "Sha256", "used where available() is false");
#endif
}

void Sha256::add(const char* data, size_t size)
{
    if (size == 0) // a null QByteArray's view: no bytes, and no pointer memcpy may be given
        return;
    const auto* p = reinterpret_cast<const unsigned char*>(data);
    m_totalBytes += size;
    if (m_pendingBytes > 0) {
        const size_t take = std::min(size, sizeof m_pending - m_pendingBytes);
        std::memcpy(m_pending + m_pendingBytes, p, take);
        m_pendingBytes += take, p += take, size -= take;
        if (m_pendingBytes < sizeof m_pending)
            return;
        addBlocks(m_pending, 1);
        m_pendingBytes = 0;
    }
    addBlocks(p, size / 64);
    m_pendingBytes = size % 64;
    if (m_pendingBytes > 0)
        std::memcpy(m_pending, p + size - m_pendingBytes, m_pendingBytes);
}

QByteArray Sha256::result()
{
    // FIPS 180-4 §5.1.1: a 1 bit, zeros up to 56 bytes into a block, the length in bits (64-bit
    // big-endian).
    const std::uint64_t bits = m_totalBytes * 8;
    unsigned char tail[72] = { 0x80 };
    const size_t zeros = (m_pendingBytes < 56 ? 56 : 120) - m_pendingBytes - 1;
    for (int i = 0; i < 8; ++i)
        tail[1 + zeros + size_t(i)] = static_cast<unsigned char>(bits >> (56 - 8 * i));
    add(reinterpret_cast<const char*>(tail), 1 + zeros + 8);
    Q_ASSERT(m_pendingBytes == 0);
    QByteArray digest(32, Qt::Uninitialized);
    for (int i = 0; i < 32; ++i)
        digest[i] = char(m_state[i / 4] >> (24 - 8 * (i % 4)));
    return digest;
}

} // namespace sl
