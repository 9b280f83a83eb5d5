// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QString>
#include <QVector>

#include <utility>
#include <vector>

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

    /// Records that StringIds id `exportId` (or a missing id's placeholder) is at `index`, an
    /// interned index: ids beyond the dense part of StringIds (StringIdResolver) are not their
    /// own index, and evidence SQL must name the export's ids. Loader thread only.
    void addExportId(quint32 index, qint64 exportId);
    /// The export's ids of the string at `index`, ascending: the index itself for StringIds'
    /// dense part; for an interned index the ids recorded for it (several when sparse ids share
    /// a text); none for an inline text that has no id.
    std::vector<qint64> exportIds(quint32 index) const;
    /// Every recorded (index, export id) pair, in recording order (the trace cache keeps them).
    const std::vector<std::pair<quint32, qint64>>& exportIdPairs() const { return m_exportIds; }
    void restoreExportIds(std::vector<std::pair<quint32, qint64>> pairs) { m_exportIds = std::move(pairs); }

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
    std::vector<std::pair<quint32, qint64>> m_exportIds; ///< (interned index, export id)
};

} // namespace sl
