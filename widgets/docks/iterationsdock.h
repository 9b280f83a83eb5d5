// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/docks/viewdock.h"

class QLabel;
class QTableView;

namespace sl {

class IterationTableModel;
class ScopeProxyModel;

/// The loops found from the kernels where no NVTX range names a step (docs/analysis.md
/// "Iterations without NVTX"): one row per GPU with its iteration lengths and what fills them.
/// A click on a row shows its slowest iteration's kernels as evidence (Kernels dock, Evidence
/// dock, and that range on the timeline). A GPU focus shows that GPU's row only; a process focus
/// does not change it (a loop is per GPU, whatever process launched it).
class IterationsDock : public ViewDock
{
    Q_OBJECT
public:
    explicit IterationsDock(QWidget* parent = nullptr);

    void setAnalysis(const AnalysisPtr& analysis) override;
    void setScope(const ScopeFilter& scope) override;

    QTableView* table() const { return m_table; } ///< for tests
    QString headline() const; ///< for tests

private:
    QLabel* m_headline;
    IterationTableModel* m_model;
    ScopeProxyModel* m_proxy;
    QTableView* m_table;
};

} // namespace sl
