// SPDX-License-Identifier: MIT
#include "core/io/tracecachearchive.h"

#include "core/util/workerpool.h"

#include <atomic>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

namespace sl {

namespace {

constexpr quint64 kHeaderBytes = 4 + 4 + 8 + 8; ///< tag, element size, count, checksum
constexpr quint64 kPrime1 = 0x9E3779B185EBCA87ULL;
constexpr quint64 kPrime2 = 0xC2B2AE3D27D4EB4FULL;

quint64 rotl(quint64 x, int r) { return (x << r) | (x >> (64 - r)); }

quint64 padTo8(quint64 n) { return (n + 7) & ~quint64(7); }

/// Drops the whole pages of a copied column from this process (the page cache keeps them): the
/// mapped file then never holds more than the columns in flight resident (POSIX madvise).
void releasePages(const uchar* data, quint64 bytes)
{
    const auto page = quintptr(::sysconf(_SC_PAGESIZE));
    const quintptr first = (quintptr(data) + page - 1) & ~(page - 1);
    const quintptr last = (quintptr(data) + quintptr(bytes)) & ~(page - 1);
    if (last > first)
        ::madvise(reinterpret_cast<void*>(first), size_t(last - first), MADV_DONTNEED);
}

} // namespace

quint64 cacheChecksum(const uchar* data, quint64 bytes)
{
    quint64 lane[4] = { kPrime1, kPrime2, ~kPrime1, ~kPrime2 };
    const quint64 words = bytes / 8;
    quint64 i = 0;
    auto word = [data](quint64 w) {
        quint64 x;
        std::memcpy(&x, data + w * 8, 8);
        return x;
    };
    for (; i + 4 <= words; i += 4)
        for (int l = 0; l < 4; ++l)
            lane[l] = rotl(lane[l] + word(i + quint64(l)) * kPrime2, 31) * kPrime1;
    for (; i < words; ++i)
        lane[0] = rotl(lane[0] + word(i) * kPrime2, 31) * kPrime1;
    quint64 tail = 0;
    if (bytes % 8 != 0) // never memcpy from a null pointer (an empty column has none)
        std::memcpy(&tail, data + words * 8, size_t(bytes % 8));
    quint64 h = bytes * kPrime1 ^ tail;
    for (quint64 l : lane)
        h = rotl(h ^ l, 27) * kPrime1 + kPrime2;
    return h ^ (h >> 29);
}

void CacheWriter::bytes(quint32 elementSize, quint64 count, const void* data)
{
    if (!m_ok)
        return;
    const quint64 n = quint64(elementSize) * count;
    const auto* p = static_cast<const uchar*>(data);
    const quint64 sum = cacheChecksum(p, n);
    char header[kHeaderBytes];
    const quint32 tag = m_tag++;
    std::memcpy(header, &tag, 4);
    std::memcpy(header + 4, &elementSize, 4);
    std::memcpy(header + 8, &count, 8);
    std::memcpy(header + 16, &sum, 8);
    static const char zeros[8] = {};
    m_ok = m_out.write(header, qint64(kHeaderBytes)) == qint64(kHeaderBytes)
        && (n == 0 || m_out.write(reinterpret_cast<const char*>(p), qint64(n)) == qint64(n))
        && m_out.write(zeros, qint64(padTo8(n) - n)) == qint64(padTo8(n) - n);
}

bool CacheReader::next(quint32 elementSize, const uchar** data, quint64* count, quint64* checksum)
{
    if (!m_why.isEmpty())
        return false;
    if (m_size - m_pos < kHeaderBytes) {
        m_why = QStringLiteral("column %1: file ends inside its header").arg(m_tag);
        return false;
    }
    quint32 tag, size;
    std::memcpy(&tag, m_data + m_pos, 4);
    std::memcpy(&size, m_data + m_pos + 4, 4);
    std::memcpy(count, m_data + m_pos + 8, 8);
    std::memcpy(checksum, m_data + m_pos + 16, 8);
    if (tag != m_tag || size != elementSize) {
        m_why = QStringLiteral("column %1: tag %2, element size %3 (expected %4)")
                    .arg(m_tag)
                    .arg(tag)
                    .arg(size)
                    .arg(elementSize);
        return false;
    }
    const quint64 left = m_size - m_pos - kHeaderBytes;
    if (*count > left / elementSize || padTo8(*count * elementSize) > left) {
        m_why = QStringLiteral("column %1: %2 values do not fit in the file").arg(m_tag).arg(*count);
        return false;
    }
    *data = m_data + m_pos + kHeaderBytes;
    m_pos += kHeaderBytes + padTo8(*count * elementSize);
    ++m_tag;
    return true;
}

bool CacheReader::checkValue(const uchar* data, quint64 count, quint32 elementSize, quint64 checksum)
{
    if (count != 1) {
        m_why = QStringLiteral("column %1: %2 values, expected one").arg(m_tag - 1).arg(count);
        return false;
    }
    if (cacheChecksum(data, elementSize) != checksum) {
        m_why = QStringLiteral("column %1: checksum mismatch").arg(m_tag - 1);
        return false;
    }
    return true;
}

bool CacheReader::bytes(QByteArray* out)
{
    const uchar* p = nullptr;
    quint64 count = 0, sum = 0;
    if (!next(1, &p, &count, &sum))
        return false;
    if (cacheChecksum(p, count) != sum) {
        m_why = QStringLiteral("column %1: checksum mismatch").arg(m_tag - 1);
        return false;
    }
    *out = QByteArray(reinterpret_cast<const char*>(p), qsizetype(count));
    return true;
}

bool CacheReader::run()
{
    if (!m_why.isEmpty())
        return false;
    std::atomic<bool> damaged { false };
    // The copy and the checksum of a column read the same pages: one pass per column, columns
    // spread over the cores (the two largest — start and end of the kernels — in parallel).
    parallelFor(m_jobs.size(), [this, &damaged](size_t i) {
        const Job& job = m_jobs[i];
        if (damaged.load(std::memory_order_relaxed))
            return;
        if (cacheChecksum(job.data, job.bytes) != job.checksum) {
            damaged = true;
            return;
        }
        job.fill();
        releasePages(job.data, job.bytes);
    });
    m_jobs.clear();
    if (damaged)
        m_why = QStringLiteral("a column's checksum does not match its bytes");
    return !damaged;
}

} // namespace sl
