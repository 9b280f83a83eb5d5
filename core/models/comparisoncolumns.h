// SPDX-License-Identifier: MIT
#pragma once

#include <QVector>

namespace sl {

struct Comparison;

/// The column layout every comparison table shares: `fixed` leading columns, then one value
/// column per trace (in trace order), then `deltasPerTrace` adjacent columns per compared trace
/// (every trace but the baseline, in order): the delta, and for the figure table the ratio too.
/// A value type, set from the comparison on each model reset, so the index arithmetic lives here
/// once and not in each model.
class ComparisonColumns
{
public:
    explicit ComparisonColumns(int fixed, int deltasPerTrace = 1);
    void reset(const Comparison* comparison);

    /// All columns: the fixed ones alone without a comparison.
    int count() const { return m_fixed + m_traces + m_deltasPerTrace * int(m_compared.size()); }
    /// The trace a value or delta column belongs to; −1 for a fixed column or one out of range.
    int trace(int column) const;
    /// A delta (or ratio) column of a compared trace.
    bool isDelta(int column) const;
    /// Which of a compared trace's adjacent columns `column` is (0 = delta, 1 = ratio); −1 when it
    /// is no delta column.
    int deltaSlot(int column) const;
    /// The first delta column of `trace`; −1 for the baseline or an index out of range.
    int deltaColumn(int trace) const;
    const QVector<int>& compared() const { return m_compared; }

private:
    int m_fixed;
    int m_deltasPerTrace;
    int m_traces = 0;
    QVector<int> m_compared;
};

} // namespace sl
