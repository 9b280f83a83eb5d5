// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/scopefilter.h"

#include <QSortFilterProxyModel>

namespace sl {

/// Sorts a table and keeps the rows inside a ScopeFilter (the docks' focus). The source model
/// says whom a row belongs to by answering PidRole and DeviceRole in column 0 (-1 or no value:
/// no one process or GPU, the row is always kept). A thread scope keeps its process' rows, a
/// stream scope its GPU's: these tables have no finer rows.
class ScopeProxyModel : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    enum Role {
        PidRole = Qt::UserRole + 64, ///< qint64 process id of the row, -1 when none
        DeviceRole, ///< qint64 CUDA deviceId of the row, -1 when none
    };

    explicit ScopeProxyModel(QObject* parent = nullptr);

    void setScope(const ScopeFilter& scope);
    const ScopeFilter& scope() const { return m_scope; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    ScopeFilter m_scope;
};

} // namespace sl
