// SPDX-License-Identifier: MIT
#include "core/models/comparisoncolumns.h"

#include "core/compare/comparison.h"

namespace sl {

ComparisonColumns::ComparisonColumns(int fixed, int deltasPerTrace)
    : m_fixed(fixed)
    , m_deltasPerTrace(std::max(1, deltasPerTrace))
{
}

void ComparisonColumns::reset(const Comparison* comparison)
{
    m_traces = comparison ? comparison->traceCount() : 0;
    m_compared = comparison ? comparison->comparedTraces() : QVector<int> {};
}

int ComparisonColumns::trace(int column) const
{
    const int c = column - m_fixed;
    if (c < 0 || column >= count())
        return -1;
    return c < m_traces ? c : m_compared[(c - m_traces) / m_deltasPerTrace];
}

bool ComparisonColumns::isDelta(int column) const { return deltaSlot(column) >= 0; }

int ComparisonColumns::deltaSlot(int column) const
{
    const int c = column - m_fixed - m_traces;
    if (c < 0 || column >= count())
        return -1;
    return c % m_deltasPerTrace;
}

int ComparisonColumns::deltaColumn(int trace) const
{
    const int k = int(m_compared.indexOf(trace));
    return k < 0 ? -1 : m_fixed + m_traces + m_deltasPerTrace * k;
}

} // namespace sl
