// SPDX-License-Identifier: MIT
#include "core/io/stringidresolver.h"

#include "core/trace/stringtable.h"

namespace sl {

QString StringIdResolver::placeholder(qint64 raw) { return QStringLiteral("<missing string %1>").arg(raw); }

quint32 StringIdResolver::resolveOther(qint64 raw, StringTable& strings, bool* missing)
{
    if (missing)
        *missing = false;
    const auto sparse = m_sparse.constFind(raw);
    if (sparse == m_sparse.constEnd() && missing)
        *missing = true;
    const auto it = m_interned.constFind(raw);
    if (it != m_interned.constEnd())
        return it.value();
    const quint32 index = strings.intern(sparse != m_sparse.constEnd() ? sparse.value() : placeholder(raw));
    m_interned.insert(raw, index);
    strings.addExportId(index, raw);
    return index;
}

} // namespace sl
