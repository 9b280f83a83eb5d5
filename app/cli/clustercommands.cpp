// SPDX-License-Identifier: MIT
#include "app/cli/clustercommands.h"

#include "app/cli/clicommands.h"
#include "app/cli/clioptions.h"
#include "core/cluster/clusteranalyzer.h"
#include "core/cluster/clusterinputs.h"
#include "core/cluster/clusterreport.h"
#include "core/cluster/digeststore.h"
#include "core/cluster/exportdigester.h"
#include "core/io/tracecache.h"
#include "core/synth/synthcluster.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTextStream>

#include <algorithm>
#include <optional>

namespace sl::cli {

namespace {

/// parse() (clicommands.h), and --out must name a folder.
bool parseWithOut(QCommandLineParser& p, const QStringList& args, int* exitCode)
{
    if (!parse(p, args, exitCode))
        return false;
    if (p.value(QStringLiteral("out")).trimmed().isEmpty()) {
        err() << ClusterCommands::tr("--out needs a folder name.") << "\n\n" << p.helpText();
        *exitCode = Usage;
        return false;
    }
    return true;
}

/// ClusterInputs::digestAll with its messages on stderr.
QStringList digestAll(const QStringList& exports, const ClusterInputs::Target& target, bool* ok)
{
    QStringList errors;
    const QStringList paths = ClusterInputs::digestAll(exports, target, &errors);
    for (const QString& e : errors)
        err() << e << "\n";
    *ok = errors.isEmpty();
    return paths;
}

/// "0,2800000" → {0, 2800000}; false on anything else.
bool parseNsList(const QString& text, std::vector<qint64>* values)
{
    values->clear();
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        values->push_back(part.trimmed().toLongLong(&ok));
        if (!ok)
            return false;
    }
    return true;
}

/// ClusterInputs::collect with its messages on stderr.
bool collectDigests(
    const QStringList& inputs, const ClusterInputs::Target& target, QStringList* digests, QStringList* sources)
{
    QStringList errors;
    const bool ok = ClusterInputs::collect(inputs, target, digests, sources, &errors);
    for (const QString& e : errors)
        err() << e << "\n";
    return ok;
}

/// The --gate verdict against --gate-baseline; false with `*code` set on bad options or input.
bool gateFor(const QCommandLineParser& p, const ClusterResult& result, std::optional<ClusterGate>* gate, int* code)
{
    bool ok = false;
    const double pct = p.value(QStringLiteral("gate")).toDouble(&ok);
    if (!ok || pct < 0 || !p.isSet(QStringLiteral("gate-baseline"))) {
        err() << ClusterCommands::tr("--gate needs a percentage of 0 or more and --gate-baseline FILE.") << "\n";
        *code = Usage;
        return false;
    }
    const QString path = p.value(QStringLiteral("gate-baseline"));
    QFile f(path);
    QJsonParseError parseError;
    const QJsonDocument doc
        = f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll(), &parseError) : QJsonDocument();
    QString error;
    gate->emplace();
    if (!doc.isObject() || !ClusterGate::evaluate(doc.object(), result, pct, &**gate, &error)) {
        err() << ClusterCommands::tr("Cannot use %1 as the gate's baseline: %2")
                     .arg(QFileInfo(path).fileName(),
                         error.isEmpty() ? ClusterCommands::tr("it is not a readable JSON file") : error)
              << "\n";
        *code = BadInput;
        return false;
    }
    return true;
}

int jobsOption(const QCommandLineParser& p, bool* ok)
{
    const int jobs = p.value(QStringLiteral("jobs")).toInt(ok);
    *ok = *ok && jobs >= 1 && jobs <= 256;
    if (!*ok)
        err() << ClusterCommands::tr("-j/--jobs needs a number from 1 to 256.") << "\n";
    return jobs;
}

/// The lines of a list of exports (as `sed -n Np` numbers them: empty lines count); false with a
/// message on stderr when it cannot be read.
bool readExportList(const QString& path, QStringList* lines)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
        err() << ClusterCommands::tr("Cannot read the export list %1: %2").arg(path, f.errorString()) << "\n";
        return false;
    }
    *lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    if (!lines->isEmpty() && lines->back().isEmpty())
        lines->removeLast(); // the final newline
    return true;
}

/// `digest --list FILE [--index N]`: every listed export, or only line N+1's under the name the
/// whole list gives it (the Slurm array job: one task per line, names as `digest --list` gives).
int digestListed(const QCommandLineParser& p, const QString& dir, int jobs)
{
    QStringList list;
    if (!p.isSet(QStringLiteral("list")) || !p.positionalArguments().isEmpty()) {
        err() << ClusterCommands::tr("--index needs --list, and --list takes no EXPORT arguments.") << "\n";
        return Usage;
    }
    bool ok = true;
    const int index = p.isSet(QStringLiteral("index")) ? p.value(QStringLiteral("index")).toInt(&ok) : -1;
    if (!ok || (p.isSet(QStringLiteral("index")) && index < 0)) {
        err() << ClusterCommands::tr("--index needs a line index of 0 or more.") << "\n";
        return Usage;
    }
    if (!readExportList(p.value(QStringLiteral("list")), &list))
        return BadInput;
    if (index >= list.size() || (index >= 0 && list[index].trimmed().isEmpty())) {
        err() << ClusterCommands::tr("--index %1: %2 has no export on line %3.")
                     .arg(p.value(QStringLiteral("index")), p.value(QStringLiteral("list")))
                     .arg(index + 1)
              << "\n";
        return BadInput;
    }
    if (!QDir().mkpath(dir)) {
        err() << ClusterCommands::tr("Cannot create the folder %1.").arg(dir) << "\n";
        return WriteError;
    }
    // Names from the whole list, blank lines included, so that every task names alike.
    const QStringList names = ClusterInputs::digestNames(list);
    QStringList exports, exportNames;
    for (qsizetype i = 0; i < list.size(); ++i)
        if ((index < 0 || i == index) && !list[i].trimmed().isEmpty()) {
            exports << list[i];
            exportNames << names[i];
        }
    const QStringList written
        = digestAll(exports, { dir, QString(), jobs, TraceCache::kDefaultCapBytes, exportNames }, &ok);
    if (!ok)
        return BadInput;
    if (index >= 0) // the array job's manifest records each: one, or one per rank the export holds
        out() << written.join(QLatin1Char('\n')) << "\n";
    else
        out() << ClusterCommands::tr("%1 digests written to %2").arg(written.size()).arg(QDir::toNativeSeparators(dir))
              << "\n";
    return Ok;
}

/// ClusterInputs::labelRanks, then ClusterAnalyzer::analyze; on failure the message, and which
/// file each renamed label stands for (stderr only: a report names no folder).
bool analyzeLabelled(std::vector<RankDigest> loaded, const QStringList& sources, ClusterResult* result)
{
    ClusterInputs::labelRanks(loaded);
    QStringList labelled;
    for (size_t i = 0; i < loaded.size(); ++i)
        if (!loaded[i].label.isEmpty())
            labelled << ClusterCommands::tr("%1 is %2")
                            .arg(loaded[i].label, QDir::toNativeSeparators(sources[qsizetype(i)]));
    QString error;
    if (ClusterAnalyzer::analyze(std::move(loaded), result, &error))
        return true;
    err() << error << "\n";
    for (const QString& l : labelled)
        err() << "  " << l << "\n";
    return false;
}

} // namespace

int ClusterCommands::synthRanks(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(tr("Write one export per rank of a synthetic multi-node run (as srun nsys profile -o "
                                   "report.%q{SLURM_PROCID} does) into a folder, with a chosen straggler and "
                                   "per-host clock errors; the model is documented in core/synth/synthcluster.h."));
    p.addOption({ QStringLiteral("per-rank"), tr("Write per-rank exports (this mode).") });
    p.addOption({ QStringLiteral("out"), tr("Output folder."), tr("DIR") });
    p.addOption({ QStringLiteral("ranks"), tr("Ranks (2-1024, default 8)."), tr("N"), QStringLiteral("8") });
    p.addOption(
        { QStringLiteral("ranks-per-host"), tr("Ranks per host (1-8, default 4)."), tr("N"), QStringLiteral("4") });
    p.addOption({ QStringLiteral("straggler"), tr("The slow rank (default none)."), tr("R"), QStringLiteral("-1") });
    p.addOption({ QStringLiteral("straggler-extra-ns"),
        tr("Its extra compute before each collective (default 300000)."), tr("NS"), QStringLiteral("300000") });
    p.addOption({ QStringLiteral("host-clock-error-ns"), tr("Each host's UTC clock error, comma-separated (ns)."),
        tr("LIST"), QStringLiteral("0") });
    p.addOption({ QStringLiteral("steps"), tr("Steps (default 20)."), tr("N"), QStringLiteral("20") });
    p.addOption(
        { QStringLiteral("collectives"), tr("Collectives per step (default 4)."), tr("N"), QStringLiteral("4") });
    p.addOption({ QStringLiteral("no-nccl-payloads"),
        tr("Leave out NCCL's NVTX payloads (as an export without --include-blobs=true).") });
    p.addOption({ QStringLiteral("no-rank-env"),
        tr("Leave the rank variables (SLURM_PROCID, RANK, ...) out of the environment.") });
    p.addOption({ QStringLiteral("no-step-ranges"),
        tr("Leave out the ProfilerStep#N ranges (a server that marks no steps: the digests find them from the "
           "kernels).") });
    p.addOption({ QStringLiteral("host-communicators"),
        tr("Give each host an NCCL communicator of its own beside the world one: the AllGather and "
           "ReduceScatter of every step run on it (tensor parallelism within a node).") });
    p.addOption({ QStringLiteral("process-per-host"),
        tr("One process per host drives its GPUs, a thread per GPU: one export per host (report.H.sqlite) whose "
           "GPUs are its ranks.") });
    int code = Ok;
    if (!parseWithOut(p, args, &code))
        return code;
    SynthClusterOptions o;
    bool ok[7] = {};
    o.ranks = p.value(QStringLiteral("ranks")).toInt(&ok[0]);
    o.ranksPerHost = p.value(QStringLiteral("ranks-per-host")).toInt(&ok[1]);
    o.straggler = p.value(QStringLiteral("straggler")).toInt(&ok[2]);
    o.stragglerExtraNs = p.value(QStringLiteral("straggler-extra-ns")).toLongLong(&ok[3]);
    o.steps = p.value(QStringLiteral("steps")).toInt(&ok[4]);
    o.collectivesPerStep = p.value(QStringLiteral("collectives")).toInt(&ok[5]);
    ok[6] = parseNsList(p.value(QStringLiteral("host-clock-error-ns")), &o.hostClockErrorNs);
    o.ncclPayloads = !p.isSet(QStringLiteral("no-nccl-payloads"));
    o.rankEnvironment = !p.isSet(QStringLiteral("no-rank-env"));
    o.hostCommunicators = p.isSet(QStringLiteral("host-communicators"));
    o.stepRanges = !p.isSet(QStringLiteral("no-step-ranges"));
    o.processPerHost = p.isSet(QStringLiteral("process-per-host"));
    if (std::find(std::begin(ok), std::end(ok), false) != std::end(ok)) {
        err() << tr("Invalid synth options: the counts and times take whole numbers, --host-clock-error-ns a "
                    "comma-separated list of them.")
              << "\n";
        return Usage;
    }
    const auto r = writeSynthCluster(p.value(QStringLiteral("out")), o);
    if (!r.ok) {
        err() << r.error << "\n";
        return WriteError;
    }
    out() << tr("%1 exports of %2 ranks, %3 kernels per rank, written to %4")
                 .arg(r.files.size())
                 .arg(o.ranks)
                 .arg(r.kernelsPerRank)
                 .arg(QDir::toNativeSeparators(p.value(QStringLiteral("out"))))
          << "\n";
    return Ok;
}

int ClusterCommands::digest(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        tr("Write one small digest per rank (a versioned SQLite file, "
           "docs/digest-format.md) for `sightline-cli cluster`: one per export, or "
           "NAME.pPID.sldigest per process of an export whose processes ran NCCL kernels (NAME.pPID.dGPU.sldigest "
           "per GPU of a process that ran them on several)."));
    p.addPositionalArgument(QStringLiteral("exports"), tr("The per-rank exports."), tr("EXPORT..."));
    p.addOption({ QStringLiteral("out"), tr("Output folder."), tr("DIR") });
    p.addOption({ { QStringLiteral("j"), QStringLiteral("jobs") }, tr("Exports digested at once (default 1)."), tr("N"),
        QStringLiteral("1") });
    p.addOption(
        { QStringLiteral("list"), tr("A file listing the exports, one per line (instead of EXPORT...)."), tr("FILE") });
    p.addOption({ QStringLiteral("index"),
        tr("With --list: digest only the export on line N+1 (an array task's index), named as the whole list "
           "names it, and print the digest's path (one line per rank of an export that holds several)."),
        tr("N") });
    int code = Ok;
    if (!parseWithOut(p, args, &code))
        return code;
    bool ok = false;
    const int jobs = jobsOption(p, &ok);
    if (!ok)
        return Usage;
    const QString dir = p.value(QStringLiteral("out"));
    if (p.isSet(QStringLiteral("list")) || p.isSet(QStringLiteral("index")))
        return digestListed(p, dir, jobs);
    if (p.positionalArguments().isEmpty()) {
        err() << tr("digest needs at least one export.") << "\n\n" << p.helpText();
        return Usage;
    }
    if (!QDir().mkpath(dir)) {
        err() << tr("Cannot create the folder %1.").arg(dir) << "\n";
        return WriteError;
    }
    // A pure file → file function (the Slurm array job compares its digests with these): no cache.
    const QStringList written = digestAll(p.positionalArguments(), { dir, QString(), jobs }, &ok);
    if (!ok)
        return BadInput;
    out() << tr("%1 digests written to %2").arg(written.size()).arg(QDir::toNativeSeparators(dir)) << "\n";
    return Ok;
}

int ClusterCommands::cluster(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(tr("Analyse one multi-rank run from its per-rank digests or exports: clock "
                                   "alignment, collective skew, waits and the straggler. Writes cluster.json, "
                                   "cluster.md and tables/*.csv."));
    p.addPositionalArgument(
        QStringLiteral("inputs"), tr("Digests, exports or folders of them."), tr("DIGESTS|EXPORTS|DIR..."));
    p.addOption({ QStringLiteral("out"),
        tr("Output folder (exports are digested into DIR/digests first, from the trace cache where it holds "
           "their digest)."),
        tr("DIR") });
    addCacheOption(p);
    p.addOption({ { QStringLiteral("j"), QStringLiteral("jobs") }, tr("Exports digested at once (default 2)."), tr("N"),
        QStringLiteral("2") });
    p.addOption({ QStringLiteral("gate"),
        tr("CI gate against --gate-baseline: exit 5 when the largest last-arrival share (points), the skew p50 "
           "or the worst rank's step p50 (percent) is worse by more than PCT, 6 when nothing compares."),
        tr("PCT") });
    p.addOption({ QStringLiteral("gate-baseline"), tr("The cluster.json of the earlier run the gate compares with."),
        tr("FILE") });
    int code = Ok;
    if (!parseWithOut(p, args, &code))
        return code;
    bool ok = false;
    const int jobs = jobsOption(p, &ok);
    if (!ok)
        return Usage;
    if (p.positionalArguments().isEmpty()) {
        err() << tr("cluster needs digests, exports or folders.") << "\n\n" << p.helpText();
        return Usage;
    }
    const QString dir = p.value(QStringLiteral("out"));
    QStringList digests, sources;
    ClusterInputs::Target target { QDir(dir).filePath(QStringLiteral("digests")),
        p.isSet(QStringLiteral("no-cache")) ? QString() : TraceCache::defaultDir(), jobs };
    target.ownFolder = true;
    if (!collectDigests(p.positionalArguments(), target, &digests, &sources))
        return BadInput;
    std::vector<RankDigest> loaded(size_t(digests.size()));
    QString error;
    for (qsizetype i = 0; i < digests.size(); ++i)
        if (!DigestStore::read(digests[i], &loaded[size_t(i)], &error)) {
            err() << error << "\n";
            return BadInput;
        }
    ClusterResult result;
    if (!analyzeLabelled(std::move(loaded), sources, &result))
        return BadInput;
    std::optional<ClusterGate> gate;
    if (p.isSet(QStringLiteral("gate")) && !gateFor(p, result, &gate, &code))
        return code;
    if (!ClusterReport::writeAll(result, dir, &error, gate ? &*gate : nullptr)) {
        err() << error << "\n";
        return WriteError;
    }
    for (const QString& w : result.warnings)
        err() << tr("warning: %1").arg(w) << "\n";
    out() << (result.hasStraggler ? tr("%1 ranks: straggler rank %2 (last at %3 % of %4 collectives)")
                                        .arg(result.ranks.size())
                                        .arg(result.stragglerRank)
                                        .arg(result.stragglerShare * 100, 0, 'f', 1)
                                        .arg(result.matched)
                                  : tr("%1 ranks: no straggler").arg(result.ranks.size()))
          << tr("; report written to %1").arg(QDir::toNativeSeparators(dir)) << "\n";
    if (!gate)
        return Ok;
    out() << tr("gate: %1").arg(gate->verdict) << "\n";
    return gate->verdict == QLatin1String("regression")  ? Regression
        : gate->verdict == QLatin1String("inconclusive") ? Inconclusive
                                                         : Ok;
}

} // namespace sl::cli
