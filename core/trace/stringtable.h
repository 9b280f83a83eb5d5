// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QString>
#include <QVector>

namespace sl {

/// The trace's interned strings. Indices below nsysCount() are the export's own StringIds ids
/// (loaded once, dense); strings that the export stores inline (NVTX `text`, process names)
/// are interned after them. Rows of every table store these 32-bit indices, never QStrings.
/// Immutable once the loader hands the trace over; read from any thread.
class StringTable
{
public:
    /// Takes the export's StringIds as a vector indexed by id (gaps are empty strings).
    void setNsysStrings(QVector<QString> strings);
    /// Interns an inline string; equal strings get the same index. Loader thread only.
    quint32 intern(const QString& s);
    /// Every string in index order and how many came from StringIds: what the trace cache
    /// stores (TraceCache), so that restore() gives back the same indices.
    const QVector<QString>& all() const { return m_strings; }
    /// The inverse of all()/nsysCount(): the interned strings (index ≥ nsysCount) are indexed
    /// again so intern() keeps returning the same index for the same text.
    void restore(QVector<QString> strings, quint32 nsysCount);

    const QString& at(quint32 index) const
    {
        static const QString empty;
        return index < quint32(m_strings.size()) ? m_strings[index] : empty;
    }
    quint32 size() const { return quint32(m_strings.size()); }
    quint32 nsysCount() const { return m_nsysCount; }
    /// Bytes held (approximate), for the memory report.
    qint64 memoryBytes() const;

private:
    QVector<QString> m_strings;
    QHash<QString, quint32> m_interned;
    quint32 m_nsysCount = 0;
};

} // namespace sl
