// SPDX-License-Identifier: MIT
#include "core/trace/stringtable.h"

#include <algorithm>

namespace sl {

void StringTable::setNsysStrings(QVector<QString> strings)
{
    m_strings = std::move(strings);
    m_nsysCount = quint32(m_strings.size());
    m_interned.clear();
    m_exportIds.clear();
}

void StringTable::restore(QVector<QString> strings, quint32 nsysCount)
{
    m_strings = std::move(strings);
    m_nsysCount = std::min(nsysCount, quint32(m_strings.size()));
    m_interned.clear();
    for (auto i = m_nsysCount; i < quint32(m_strings.size()); ++i)
        m_interned.insert(m_strings[qsizetype(i)], i);
}

quint32 StringTable::intern(const QString& s)
{
    const auto it = m_interned.constFind(s);
    if (it != m_interned.constEnd())
        return it.value();
    const auto index = quint32(m_strings.size());
    m_strings.append(s);
    m_interned.insert(s, index);
    return index;
}

void StringTable::addExportId(quint32 index, qint64 exportId) { m_exportIds.emplace_back(index, exportId); }

std::vector<qint64> StringTable::exportIds(quint32 index) const
{
    if (index < m_nsysCount)
        return { qint64(index) };
    std::vector<qint64> ids;
    for (const auto& [i, id] : m_exportIds)
        if (i == index)
            ids.push_back(id);
    std::sort(ids.begin(), ids.end());
    return ids;
}

qint64 StringTable::memoryBytes() const
{
    qint64 bytes = qint64(m_strings.capacity()) * qint64(sizeof(QString));
    for (const auto& s : m_strings)
        bytes += qint64(s.capacity()) * 2 + 24; // payload + QArrayData header
    return bytes + qint64(m_interned.size()) * 48;
}

} // namespace sl
