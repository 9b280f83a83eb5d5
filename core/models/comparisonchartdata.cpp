// SPDX-License-Identifier: MIT
#include "core/models/comparisonchartdata.h"

namespace sl {

namespace {
QString perUnitTitle(const Comparison& c, const QString& total, const QString& perUnit)
{
    return c.unit == WorkUnit::Total ? total : perUnit.arg(ComparisonOptions::unitNoun(c.unit));
}
} // namespace

ChartData ComparisonChartData::categories(const Comparison& c)
{
    ChartData d;
    d.title = tr("GPU time by kernel category");
    d.valueAxisTitle = perUnitTitle(c, tr("GPU time"), tr("GPU time per %1"));
    for (int i = 0; i < c.traceCount(); ++i)
        d.series.append({ c.labels.value(i), {}, false, QStringLiteral("trace:%1").arg(i) });
    for (qsizetype k = 0; k < c.categories.size(); ++k) {
        bool used = false;
        for (const TraceBreakdown& b : c.breakdowns)
            used = used || (size_t(k) < b.categoryNs.size() && b.categoryNs[size_t(k)] > 0);
        if (!used)
            continue;
        d.categories << c.categories[k];
        for (int i = 0; i < c.traceCount(); ++i) {
            const auto& ns = c.breakdowns[i].categoryNs;
            d.series[i].valuesNs.append(c.perUnitNs(size_t(k) < ns.size() ? ns[size_t(k)] : 0, i).value_or(0));
        }
    }
    return d;
}

ChartData ComparisonChartData::phases(const Comparison& c)
{
    ChartData d;
    d.title = tr("Kernel time by phase");
    d.valueAxisTitle = perUnitTitle(c, tr("Kernel time"), tr("Kernel time per %1"));
    d.stacked = true;
    d.categories = c.labels;
    for (const QString& phase : c.phases) {
        ChartData::Series s { phase, {}, false, QStringLiteral("phase:") + phase };
        bool used = false;
        for (int i = 0; i < c.traceCount(); ++i) {
            const int slot = c.phaseSlot(i, phase);
            const qint64 ns = slot >= 0 ? c.analyses[i]->phases[slot].kernelNs : 0;
            s.valuesNs.append(c.perUnitNs(ns, i).value_or(0));
            used = used || s.valuesNs.back() > 0;
        }
        if (used)
            d.series.append(std::move(s));
    }
    return d;
}

} // namespace sl
