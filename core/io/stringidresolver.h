// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/dataquality.h"

#include <QHash>
#include <QString>

#include <vector>

namespace sl {

class StringTable;

/// Turns a StringIds id read from any column into a StringTable index that is always valid.
/// Ids of the dense part of StringIds are their own index; ids far beyond it (a sparse,
/// damaged table) are interned on first use; ids not in StringIds at all get a visible
/// placeholder "<missing string N>" and are counted (DataQuality::MissingString). Nothing is
/// ever sized from a raw id. Not thread-safe: one thread at a time, the one that may intern.
class StringIdResolver
{
public:
    /// Largest StringIds id held densely for `rows` rows: ids above it go to the sparse map,
    /// so a single id of 2^31 costs one hash entry, not a 2^31-entry vector.
    static qint64 denseLimit(qint64 rows) { return 4 * rows + 65536; }

    void setPresent(std::vector<bool> present) { m_present = std::move(present); }
    void addSparse(qint64 id, const QString& value) { m_sparse.insert(id, value); }

    /// Valid index for `raw`; `*missing` (when given) is set to whether `raw` is not in StringIds.
    quint32 resolve(qint64 raw, StringTable& strings, bool* missing = nullptr)
    {
        // Inline for the dense ids every well-formed export uses (10 M calls at 5 M kernels).
        if (raw >= 0 && raw < qint64(m_present.size()) && m_present[size_t(raw)]) {
            if (missing)
                *missing = false;
            return quint32(raw);
        }
        return resolveOther(raw, strings, missing);
    }
    /// resolve() that records a MissingString row of `table` when `raw` is unknown.
    quint32 resolve(qint64 raw, StringTable& strings, DataQuality& quality, const QString& table, qint64 rowid)
    {
        bool missing = false;
        const quint32 index = resolve(raw, strings, &missing);
        if (missing)
            quality.add(DataQuality::Rule::MissingString, table, rowid);
        return index;
    }

    static QString placeholder(qint64 raw);

private:
    /// resolve() of an id outside the dense part of StringIds: sparse, interned or missing.
    quint32 resolveOther(qint64 raw, StringTable& strings, bool* missing);

    std::vector<bool> m_present; ///< id → present in StringIds, for the dense ids
    QHash<qint64, QString> m_sparse;
    QHash<qint64, quint32> m_interned; ///< sparse or missing id → its interned index
};

} // namespace sl
