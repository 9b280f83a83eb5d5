// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QIODevice>
#include <QString>

#include <cstring>
#include <functional>
#include <type_traits>
#include <vector>

namespace sl {

/// The column stream of a trace cache file (docs/cache-format.md): a sequence of columns, each
/// `tag u32 | element size u32 | count u64 | checksum u64 | bytes | zero padding to 8`, tags
/// counting up from 0 so a reader can never take one column for another. Columns are raw
/// little-endian arrays of trivially copyable values: a reopen copies them out of the mapped file
/// with one memcpy each instead of parsing rows.
class CacheWriter
{
public:
    explicit CacheWriter(QIODevice& out)
        : m_out(out)
    {
    }
    template <class T> void column(const std::vector<T>& v)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        bytes(sizeof(T), v.size(), v.data());
    }
    /// One value as a column of one element (a RowidColumn's base).
    template <class T> void value(const T& x)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        bytes(sizeof(T), 1, &x);
    }
    void bytes(quint32 elementSize, quint64 count, const void* data);
    bool ok() const { return m_ok; }

private:
    QIODevice& m_out;
    quint32 m_tag = 0;
    bool m_ok = true;
};

/// Reads the columns a CacheWriter wrote, from a mapped file. column() only records where each
/// column lies and where it goes; run() then copies and checks them, in parallel, all or nothing.
class CacheReader
{
public:
    CacheReader(const uchar* data, quint64 size)
        : m_data(data)
        , m_size(size)
    {
    }
    template <class T> void column(std::vector<T>& v)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        const uchar* p = nullptr;
        quint64 count = 0, sum = 0;
        if (!next(sizeof(T), &p, &count, &sum))
            return;
        m_jobs.push_back({ p, count * sizeof(T), sum, [&v, p, count] {
                              // The mapping is page-aligned and every column starts on 8 bytes.
                              const T* first = reinterpret_cast<const T*>(p);
                              v.assign(first, first + count);
                          } });
    }
    /// One value a CacheWriter wrote with value(), copied and checked at once.
    template <class T> void value(T& x)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        const uchar* p = nullptr;
        quint64 count = 0, sum = 0;
        if (next(sizeof(T), &p, &count, &sum) && checkValue(p, count, sizeof(T), sum))
            std::memcpy(&x, p, sizeof(T));
    }
    /// The next column as bytes, copied and checked at once (the metadata block).
    bool bytes(QByteArray* out);
    /// Copies every recorded column into place (two threads), checking each checksum.
    bool run();
    bool ok() const { return m_why.isEmpty(); }
    /// Why the stream was refused (untranslated: logged, never shown; a refused cache is rebuilt).
    QString why() const { return m_why; }
    quint64 position() const { return m_pos; }

private:
    struct Job
    {
        const uchar* data;
        quint64 bytes;
        quint64 checksum;
        std::function<void()> fill;
    };
    bool next(quint32 elementSize, const uchar** data, quint64* count, quint64* checksum);
    /// A value column holds one element whose checksum matches; else records why not.
    bool checkValue(const uchar* data, quint64 count, quint32 elementSize, quint64 checksum);

    const uchar* m_data;
    quint64 m_size;
    quint64 m_pos = 0;
    quint32 m_tag = 0;
    QString m_why;
    std::vector<Job> m_jobs;
};

/// 64-bit checksum of a byte range: four independent multiply-rotate lanes over 8-byte words, so
/// it runs at memory speed (several GB/s); catches damaged or truncated columns, not tampering.
quint64 cacheChecksum(const uchar* data, quint64 bytes);

} // namespace sl
