// SPDX-License-Identifier: MIT
#include "core/models/scopeproxymodel.h"

namespace sl {

ScopeProxyModel::ScopeProxyModel(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortLocaleAware(false);
}

void ScopeProxyModel::setScope(const ScopeFilter& scope)
{
    if (scope == m_scope)
        return;
    m_scope = scope;
    invalidateRowsFilter();
}

bool ScopeProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (m_scope.isAll())
        return true;
    const QModelIndex first = sourceModel()->index(sourceRow, 0, sourceParent);
    const auto matches = [&](int role, qint64 wanted) {
        const QVariant v = first.data(role);
        return wanted == ScopeFilter::kAny || !v.isValid() || v.toLongLong() < 0 || v.toLongLong() == wanted;
    };
    return matches(PidRole, m_scope.pid) && matches(DeviceRole, m_scope.device);
}

} // namespace sl
