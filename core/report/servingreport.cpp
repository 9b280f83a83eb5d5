// SPDX-License-Identifier: MIT
#include "core/report/servingreport.h"

#include "core/report/csvtables.h"
#include "core/report/markdownreport.h"
#include "core/util/format.h"
#include "core/util/privacy.h"

#include <QJsonArray>
#include <QTextStream>

namespace sl {

namespace {
template <typename T> QJsonValue optional(const std::optional<T>& v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

QJsonObject distributionJson(const ServingDistribution& d)
{
    return QJsonObject { { QStringLiteral("count"), d.count }, { QStringLiteral("total_ns"), d.totalNs },
        { QStringLiteral("p50_ns"), d.p50Ns }, { QStringLiteral("p90_ns"), d.p90Ns },
        { QStringLiteral("p99_ns"), d.p99Ns } };
}

QString count(qint32 v) { return v < 0 ? QStringLiteral("?") : QString::number(v); }

QString orDash(const std::optional<qint64>& v, bool duration)
{
    return !v ? QStringLiteral("—") : duration ? formatDuration(*v) : formatCount(*v);
}

QString rate(const std::optional<double>& v) { return v ? QString::number(*v, 'f', 1) : QStringLiteral("—"); }
} // namespace

QString ServingReport::composition(const ServingSteps& s, qsizetype i)
{
    const auto k = size_t(i);
    if (s.ctxReqs[k] < 0 && s.genReqs[k] < 0)
        return QStringLiteral("?");
    return QStringLiteral("%1(%2)+%3(%4)")
        .arg(count(s.ctxReqs[k]), count(s.ctxTokens[k]), count(s.genReqs[k]), count(s.genTokens[k]));
}

QJsonObject ServingReport::figuresJson(const ServingFigures& f)
{
    QJsonObject stepTime;
    for (int c = 0; c < StepComposition::kClassCount; ++c)
        stepTime.insert(StepComposition::className(StepComposition::Class(c)), distributionJson(f.stepTime[size_t(c)]));
    QJsonObject tpot = distributionJson(f.tpot);
    tpot.insert(QStringLiteral("mean_ns"), optional(f.tpotMeanNs));
    return QJsonObject { { QStringLiteral("steps"), f.steps },
        { QStringLiteral("prefill_steps"), f.stepsByClass[StepComposition::Prefill] },
        { QStringLiteral("decode_steps"), f.stepsByClass[StepComposition::Decode] },
        { QStringLiteral("mixed_steps"), f.stepsByClass[StepComposition::Mixed] },
        { QStringLiteral("other_steps"), f.stepsByClass[StepComposition::Other] },
        { QStringLiteral("context_tokens"), optional(f.contextTokens) },
        { QStringLiteral("generated_tokens"), optional(f.generatedTokens) }, { QStringLiteral("step_time"), stepTime },
        { QStringLiteral("tpot"), tpot }, { QStringLiteral("prefill_tokens_per_s"), optional(f.prefillTokensPerS) },
        { QStringLiteral("decode_tokens_per_s"), optional(f.decodeTokensPerS) },
        { QStringLiteral("kernel_ns_per_generated_token"), optional(f.kernelNsPerGeneratedToken) },
        { QStringLiteral("kernel_ns_per_context_token"), optional(f.kernelNsPerContextToken) },
        { QStringLiteral("step_ns"), f.stepNs }, { QStringLiteral("gpu_busy_ns"), f.busyNs },
        { QStringLiteral("gpu_idle_ns"), f.idleNs }, { QStringLiteral("host_range_ns"), f.hostNs },
        { QStringLiteral("kernel_ns"), f.kernelNs } };
}

QJsonObject ServingReport::json(const AnalysisResult& r)
{
    const ServingStats& sv = r.serving;
    QJsonArray ranks;
    for (const ServingFigures& f : sv.ranks) {
        QJsonObject o = figuresJson(f);
        o.insert(QStringLiteral("pid"), qint64(f.pid));
        o.insert(QStringLiteral("device_id"), f.deviceId >= 0 ? QJsonValue(f.deviceId) : QJsonValue());
        o.insert(QStringLiteral("replica_of"), f.replicaOf ? QJsonValue(qint64(f.replicaOf)) : QJsonValue());
        ranks.append(o);
    }
    const RequestStats& q = sv.requests;
    return QJsonObject { { QStringLiteral("present"), sv.present() },
        { QStringLiteral("schemes"), QJsonArray::fromStringList(sv.schemes) },
        { QStringLiteral("window"), figuresJson(sv.window) }, { QStringLiteral("ranks"), ranks },
        // The median TTFT of the window's requests; null (reason in requests) without them.
        { QStringLiteral("ttft_ns"), q.ttft.count > 0 ? QJsonValue(q.ttft.p50Ns) : QJsonValue() },
        { QStringLiteral("requests"), requestsJson(q) } };
}

QJsonObject ServingReport::requestsJson(const RequestStats& q)
{
    auto histogram = [](const std::vector<qint64>& bins, qint64 binNs) {
        QJsonArray counts;
        for (qint64 c : bins)
            counts.append(c);
        return QJsonObject { { QStringLiteral("bin_ns"), bins.empty() ? QJsonValue() : QJsonValue(binNs) },
            { QStringLiteral("counts"), counts } };
    };
    return QJsonObject { { QStringLiteral("count"), qint64(q.size()) },
        { QStringLiteral("ttft"), distributionJson(q.ttft) }, { QStringLiteral("e2e"), distributionJson(q.e2e) },
        { QStringLiteral("tpot"), distributionJson(q.tpot) },
        { QStringLiteral("ttft_histogram"), histogram(q.ttftHistogram, q.ttftBinNs) },
        { QStringLiteral("e2e_histogram"), histogram(q.e2eHistogram, q.e2eBinNs) },
        { QStringLiteral("ttft_reason"), q.ttftReason.isEmpty() ? QJsonValue() : QJsonValue(q.ttftReason) } };
}

QString ServingReport::requestsMarkdown(const RequestStats& q)
{
    if (q.ttft.count == 0 && q.size() == 0)
        return tr("Time to first token: — (%1)").arg(q.ttftReason.isEmpty() ? tr("no request rules") : q.ttftReason)
            + QLatin1String("\n\n");
    QString md;
    QTextStream s(&md);
    s << tr("%n request range(s) in the window.", nullptr, int(q.size()));
    if (!q.ttftReason.isEmpty())
        s << ' ' << q.ttftReason;
    s << "\n\n| " << tr("Request figure") << " | " << tr("Requests")
      << " | p50 | p90 | p99 |\n|---|---:|---:|---:|---:|\n";
    const std::pair<QString, const ServingDistribution*> rows[] = { { tr("Time to first token"), &q.ttft },
        { tr("End-to-end latency"), &q.e2e }, { tr("Time per output token"), &q.tpot } };
    for (const auto& [label, d] : rows)
        s << "| " << label << " | " << d->count << " | " << formatDuration(d->p50Ns) << " | "
          << formatDuration(d->p90Ns) << " | " << formatDuration(d->p99Ns) << " |\n";
    s << "\n";
    return md;
}

QString ServingReport::markdown(const AnalysisResult& r)
{
    const ServingStats& sv = r.serving;
    if (!sv.present())
        return {};
    QString md;
    QTextStream s(&md);
    const ServingFigures& w = sv.window;
    s << "## " << tr("Serving") << "\n\n";
    s << tr("Steps recognised from the frameworks' own NVTX ranges (%1); tensor-parallel replicas count once in the "
            "window totals.")
             .arg(sv.schemes.join(QLatin1String(", ")))
      << "\n\n";
    s << requestsMarkdown(sv.requests);
    s << "| " << tr("Figure") << " | " << tr("Window") << " |\n|---|---:|\n";
    s << "| " << tr("Steps (prefill / decode / mixed / other)") << " | " << formatCount(w.steps) << " ("
      << w.stepsByClass[StepComposition::Prefill] << " / " << w.stepsByClass[StepComposition::Decode] << " / "
      << w.stepsByClass[StepComposition::Mixed] << " / " << w.stepsByClass[StepComposition::Other] << ") |\n";
    s << "| " << tr("Context tokens") << " | " << orDash(w.contextTokens, false) << " |\n";
    s << "| " << tr("Generated tokens") << " | " << orDash(w.generatedTokens, false) << " |\n";
    s << "| " << tr("TPOT mean / p50 / p90 / p99") << " | " << orDash(w.tpotMeanNs, true) << " / "
      << formatDuration(w.tpot.p50Ns) << " / " << formatDuration(w.tpot.p90Ns) << " / " << formatDuration(w.tpot.p99Ns)
      << " |\n";
    s << "| " << tr("Prefill / decode tokens/s") << " | " << rate(w.prefillTokensPerS) << " / "
      << rate(w.decodeTokensPerS) << " |\n";
    s << "| " << tr("Kernel time per generated / context token") << " | " << orDash(w.kernelNsPerGeneratedToken, true)
      << " / " << orDash(w.kernelNsPerContextToken, true) << " |\n";
    const double stepNs = double(std::max<qint64>(1, w.stepNs));
    s << "| " << tr("GPU idle inside steps") << " | " << formatDuration(w.idleNs) << " ("
      << formatPercent(double(w.idleNs) / stepNs) << ") |\n";
    s << "| " << tr("Host ranges inside steps") << " | " << formatDuration(w.hostNs) << " ("
      << formatPercent(double(w.hostNs) / stepNs) << ") |\n\n";

    s << "| " << tr("Class") << " | " << tr("Steps") << " | p50 | p90 | p99 |\n|---|---:|---:|---:|---:|\n";
    for (int c = 0; c < StepComposition::kClassCount; ++c) {
        const ServingDistribution& d = w.stepTime[size_t(c)];
        if (d.count > 0)
            s << "| " << StepComposition::className(StepComposition::Class(c)) << " | " << formatCount(d.count) << " | "
              << formatDuration(d.p50Ns) << " | " << formatDuration(d.p90Ns) << " | " << formatDuration(d.p99Ns)
              << " |\n";
    }
    s << "\n| PID | GPU | " << tr("Steps") << " | " << tr("Generated tokens") << " | " << tr("TPOT p50") << " | "
      << tr("Decode tokens/s") << " | " << tr("GPU idle in steps") << " | " << tr("Counted") << " |\n"
      << "|---:|---:|---:|---:|---:|---:|---:|---|\n";
    for (const ServingFigures& f : sv.ranks)
        s << "| " << f.pid << " | " << (f.deviceId >= 0 ? QString::number(f.deviceId) : QStringLiteral("—")) << " | "
          << formatCount(f.steps) << " | " << orDash(f.generatedTokens, false) << " | " << formatDuration(f.tpot.p50Ns)
          << " | " << rate(f.decodeTokensPerS) << " | "
          << formatPercent(double(f.idleNs) / double(std::max<qint64>(1, f.stepNs))) << " | "
          << (f.replicaOf ? tr("replica of %1").arg(f.replicaOf) : tr("yes")) << " |\n";
    s << "\n";
    return md;
}

QByteArray ServingReport::stepsCsv(const AnalysisResult& r)
{
    const Trace& t = *r.trace;
    const ServingSteps& s = r.serving.steps;
    QString text = QStringLiteral("nvtx_rowid,name,scheme,pid,device_id,class,ctx_reqs,ctx_tokens,gen_reqs,gen_tokens,"
                                  "start_ns,end_ns,duration_ns,gpu_busy_ns,gpu_idle_ns,host_range_ns,kernel_count,"
                                  "kernel_ns\r\n");
    auto opt = [](qint32 v) { return v < 0 ? QString() : QString::number(v); };
    for (qsizetype i = 0; i < s.size(); ++i) {
        const auto k = size_t(i);
        QStringList row { QString::number(t.nvtx.rowid[s.range[k]]),
            CsvTables::field(scrubPaths(t.strings.at(t.nvtx.name[s.range[k]]))), r.serving.schemes.value(s.scheme[k]),
            QString::number(s.pid[k]), s.device[k] >= 0 ? QString::number(s.device[k]) : QString(),
            StepComposition::className(StepComposition::Class(s.cls[k])), opt(s.ctxReqs[k]), opt(s.ctxTokens[k]),
            opt(s.genReqs[k]), opt(s.genTokens[k]), QString::number(s.start[k]), QString::number(s.end[k]),
            QString::number(s.duration(i)), QString::number(s.busyNs[k]), QString::number(s.idleNs(i)),
            QString::number(s.hostNs[k]), QString::number(s.kernelCount[k]), QString::number(s.kernelNs[k]) };
        text += row.join(QLatin1Char(',')) + QLatin1String("\r\n");
    }
    return text.toUtf8();
}

QByteArray ServingReport::requestsCsv(const AnalysisResult& r)
{
    const Trace& t = *r.trace;
    const RequestStats& q = r.serving.requests;
    QString text = QStringLiteral("nvtx_rowid,name,pid,start_ns,e2e_ns,ttft_ns,output_tokens,tpot_ns\r\n");
    auto opt = [](qint64 v) { return v < 0 ? QString() : QString::number(v); };
    for (qsizetype i = 0; i < q.size(); ++i) {
        const auto k = size_t(i);
        const quint32 rg = q.range[k];
        const QStringList row { QString::number(t.nvtx.rowid[rg]),
            CsvTables::field(scrubPaths(t.strings.at(t.nvtx.name[rg]))), QString::number(t.nvtx.pid[rg]),
            QString::number(t.nvtx.start[rg]), QString::number(q.e2eNs[k]), opt(q.ttftNs[k]), opt(q.tokens[k]),
            opt(q.tpotNs[k]) };
        text += row.join(QLatin1Char(',')) + QLatin1String("\r\n");
    }
    return text.toUtf8();
}

} // namespace sl
