// SPDX-License-Identifier: MIT
#include "core/trace/stringtable.h"

#include <algorithm>

namespace sl {

void StringTable::setNsysStrings(QVector<QString> strings)
{
    m_strings = std::move(strings);
    m_nsysCount = quint32(m_strings.size());
    m_interned.clear();
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

qint64 StringTable::memoryBytes() const
{
    qint64 bytes = qint64(m_strings.capacity()) * qint64(sizeof(QString));
    for (const auto& s : m_strings)
        bytes += qint64(s.capacity()) * 2 + 24; // payload + QArrayData header
    return bytes + qint64(m_interned.size()) * 48;
}

} // namespace sl
