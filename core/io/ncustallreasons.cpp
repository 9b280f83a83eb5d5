// SPDX-License-Identifier: MIT
#include "core/io/ncustallreasons.h"

#include <QRegularExpression>

namespace sl {

std::optional<NcuStallReasons::Metric> NcuStallReasons::parse(const QString& metric)
{
    // Sampling (Source Counters section): smsp__pcsamp_warps_issue_stalled_<reason>[_not_issued].
    // Warp state (Warp State Statistics): smsp__average_warps_issue_stalled_<reason>_per_issue_active.ratio,
    // older ncu: smsp__average_warp_latency_issue_stalled_<reason>.
    static const QRegularExpression re(
        QStringLiteral("^smsp__(average_warp_latency_issue_stalled|pcsamp_warps_issue_stalled|average_warps_issue_"
                       "stalled)_([a-z_]+?)(_not_issued)?(?:_per_issue_active)?(?:\\.(?:sum|ratio|avg|pct))?$"));
    const auto m = re.match(metric.trimmed());
    if (!m.hasMatch() || !m.captured(3).isEmpty())
        return std::nullopt;
    return Metric { m.captured(2),
        m.captured(1).startsWith(QLatin1String("pcsamp")) ? NcuStallSource::Sampling : NcuStallSource::WarpState };
}

const QStringList& NcuStallReasons::documented()
{
    static const QStringList reasons { QStringLiteral("barrier"), QStringLiteral("branch_resolving"),
        QStringLiteral("dispatch_stall"), QStringLiteral("drain"), QStringLiteral("imc_miss"),
        QStringLiteral("lg_throttle"), QStringLiteral("long_scoreboard"), QStringLiteral("math_pipe_throttle"),
        QStringLiteral("membar"), QStringLiteral("mio_throttle"), QStringLiteral("misc"),
        QStringLiteral("no_instructions"), QStringLiteral("not_selected"), QStringLiteral("selected"),
        QStringLiteral("short_scoreboard"), QStringLiteral("sleeping"), QStringLiteral("tex_throttle"),
        QStringLiteral("wait") };
    return reasons;
}

QString NcuStallReasons::label(const QString& reasonOrMetric)
{
    const std::optional<Metric> m = parse(reasonOrMetric);
    const QString r = m ? m->reason : reasonOrMetric.trimmed();
    // What the warp waits for, in the Profiling Guide's terms (short: they label chart bars).
    if (r == QLatin1String("barrier"))
        return tr("Barrier (waiting at a block barrier)");
    if (r == QLatin1String("branch_resolving"))
        return tr("Branch resolving (branch target)");
    if (r == QLatin1String("dispatch_stall"))
        return tr("Dispatch stall (pipeline interlock)");
    if (r == QLatin1String("drain"))
        return tr("Drain (stores draining at exit)");
    if (r == QLatin1String("imc_miss"))
        return tr("IMC miss (constant cache miss)");
    if (r == QLatin1String("lg_throttle"))
        return tr("LG throttle (local/global memory queue full)");
    if (r == QLatin1String("long_scoreboard"))
        return tr("Long scoreboard (L1TEX/memory wait)");
    if (r == QLatin1String("math_pipe_throttle"))
        return tr("Math pipe throttle (execution pipe busy)");
    if (r == QLatin1String("membar"))
        return tr("Memory barrier (fence)");
    if (r == QLatin1String("mio_throttle"))
        return tr("MIO throttle (shared memory/special math queue full)");
    if (r == QLatin1String("misc"))
        return tr("Miscellaneous");
    if (r == QLatin1String("no_instructions"))
        return tr("No instructions (instruction cache miss)");
    if (r == QLatin1String("not_selected"))
        return tr("Not selected (eligible, another warp issued)");
    if (r == QLatin1String("selected"))
        return tr("Selected (issuing)");
    if (r == QLatin1String("short_scoreboard"))
        return tr("Short scoreboard (shared memory/MIO wait)");
    if (r == QLatin1String("sleeping"))
        return tr("Sleeping (nanosleep or yield)");
    if (r == QLatin1String("tex_throttle"))
        return tr("TEX throttle (texture queue full)");
    if (r == QLatin1String("wait"))
        return tr("Wait (fixed-latency dependency)");
    QString words = r;
    words.replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!words.isEmpty())
        words[0] = words[0].toUpper();
    return words;
}

NcuStallReasons::Group NcuStallReasons::group(const QString& reason)
{
    static const QStringList memory { QStringLiteral("long_scoreboard"), QStringLiteral("short_scoreboard"),
        QStringLiteral("lg_throttle"), QStringLiteral("mio_throttle"), QStringLiteral("tex_throttle"),
        QStringLiteral("drain"), QStringLiteral("imc_miss") };
    static const QStringList sync { QStringLiteral("barrier"), QStringLiteral("membar"), QStringLiteral("sleeping") };
    if (memory.contains(reason))
        return Group::Memory;
    if (sync.contains(reason))
        return Group::Synchronisation;
    return Group::Execution;
}

QString NcuStallReasons::groupLabel(Group group)
{
    switch (group) {
    case Group::Memory:
        return tr("Memory");
    case Group::Synchronisation:
        return tr("Synchronisation");
    case Group::Execution:
        break;
    }
    return tr("Issue and execution");
}

QString NcuStallReasons::unitLabel(NcuStallSource source)
{
    switch (source) {
    case NcuStallSource::Sampling:
        return tr("samples");
    case NcuStallSource::WarpState:
        return tr("cycles per issued instruction");
    case NcuStallSource::None:
        break;
    }
    return QString();
}

QString NcuStallReasons::top(const QHash<QString, double>& stalls)
{
    QString best;
    double value = 0;
    for (auto it = stalls.cbegin(); it != stalls.cend(); ++it) {
        if (it.key() == QLatin1String("selected") || !(it.value() > 0))
            continue;
        if (it.value() > value || (it.value() == value && it.key() < best)) {
            best = it.key();
            value = it.value();
        }
    }
    return best;
}

double NcuStallReasons::total(const QHash<QString, double>& stalls)
{
    double sum = 0;
    for (double v : stalls)
        sum += v > 0 ? v : 0;
    return sum;
}

} // namespace sl
