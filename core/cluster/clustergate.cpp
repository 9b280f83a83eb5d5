// SPDX-License-Identifier: MIT
#include "core/cluster/clustergate.h"

#include <QJsonArray>

#include <algorithm>
#include <optional>

namespace sl {

namespace {

struct Figures
{
    std::optional<double> share, skew, worstStep;
};

Figures fromJson(const QJsonObject& root)
{
    Figures f;
    const QJsonArray ranks = root.value(QStringLiteral("ranks")).toArray();
    for (const QJsonValue& v : ranks) {
        const QJsonObject r = v.toObject();
        f.share = std::max(f.share.value_or(0), r.value(QStringLiteral("last_arrival_share")).toDouble());
        const QJsonValue step = r.value(QStringLiteral("step_p50_ns"));
        if (step.isDouble())
            f.worstStep = std::max(f.worstStep.value_or(0), step.toDouble());
    }
    const QJsonObject c = root.value(QStringLiteral("collectives")).toObject();
    if (c.value(QStringLiteral("matched")).toDouble() > 0)
        f.skew = c.value(QStringLiteral("skew_p50_ns")).toDouble();
    else
        f.share.reset(); // no matched collective: no share is measured
    return f;
}

Figures fromResult(const ClusterResult& r)
{
    Figures f;
    for (const ClusterRank& x : r.ranks) {
        f.share = std::max(f.share.value_or(0), x.lastArrivalShare);
        if (x.stepP50Ns >= 0)
            f.worstStep = std::max(f.worstStep.value_or(0), double(x.stepP50Ns));
    }
    if (r.matched > 0)
        f.skew = double(r.skewP50Ns);
    else
        f.share.reset();
    return f;
}

} // namespace

bool ClusterGate::evaluate(
    const QJsonObject& baseline, const ClusterResult& run, double thresholdPct, ClusterGate* gate, QString* error)
{
    if (baseline.value(QStringLiteral("format")).toString() != QLatin1String("sightline.cluster")
        || baseline.value(QStringLiteral("version")).toInt() != 1) {
        *error = tr("The gate's baseline is not a cluster.json of version 1.");
        return false;
    }
    const Figures b = fromJson(baseline), c = fromResult(run);
    ClusterGate g;
    g.thresholdPct = thresholdPct;
    const auto add
        = [&](const char* key, const std::optional<double>& base, const std::optional<double>& value, bool points) {
              if (!base || !value || (!points && *base <= 0))
                  return;
              Figure f { QLatin1String(key), *base, *value, 0, QString() };
              f.change = points ? (*value - *base) * 100 : (*value - *base) / *base * 100;
              f.verdict = f.change > thresholdPct ? QStringLiteral("regression")
                  : f.change < -thresholdPct      ? QStringLiteral("improvement")
                                                  : QStringLiteral("unchanged");
              g.figures.push_back(f);
          };
    add("max_last_arrival_share", b.share, c.share, true);
    add("skew_p50_ns", b.skew, c.skew, false);
    add("worst_step_p50_ns", b.worstStep, c.worstStep, false);
    const auto any = [&](const char* v) {
        return std::any_of(
            g.figures.begin(), g.figures.end(), [&](const Figure& f) { return f.verdict == QLatin1String(v); });
    };
    if (g.figures.empty()) {
        g.verdict = QStringLiteral("inconclusive");
        g.reason = tr("No figure is defined in both runs (no matched collectives and no steps on one side).");
    } else {
        g.verdict = any("regression") ? QStringLiteral("regression")
            : any("improvement")      ? QStringLiteral("improvement")
                                      : QStringLiteral("unchanged");
    }
    *gate = std::move(g);
    return true;
}

QJsonObject ClusterGate::toJson() const
{
    QJsonArray figs;
    for (const Figure& f : figures)
        figs.append(QJsonObject { { QStringLiteral("key"), f.key }, { QStringLiteral("baseline"), f.baseline },
            { QStringLiteral("value"), f.value }, { QStringLiteral("change"), f.change },
            { QStringLiteral("verdict"), f.verdict } });
    return { { QStringLiteral("verdict"), verdict }, { QStringLiteral("threshold_pct"), thresholdPct },
        { QStringLiteral("reason"), reason.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(reason) },
        { QStringLiteral("figures"), figs } };
}

QString ClusterGate::markdown() const
{
    QString md = tr("\n## Gate: %1 (threshold %2 %)\n\n").arg(verdict).arg(thresholdPct);
    if (!reason.isEmpty())
        md += reason + QLatin1Char('\n');
    if (figures.empty())
        return md;
    md += tr("| Figure | Baseline | This run | Change | Verdict |\n|---|---|---|---|---|\n");
    for (const Figure& f : figures)
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                  .arg(f.key)
                  .arg(f.baseline, 0, 'g', 12)
                  .arg(f.value, 0, 'g', 12)
                  .arg(f.change, 0, 'f', 2)
                  .arg(f.verdict);
    return md;
}

} // namespace sl
