// SPDX-License-Identifier: MIT
#include "app/cli/clicommands.h"

#include "app/cli/clioptions.h"
#include "app/cli/processexit.h"
#include "core/analysis/analyzer.h"
#include "core/analysis/importsreader.h"
#include "core/compare/comparator.h"
#include "core/io/nsysimporter.h"
#include "core/io/sqliteconnection.h"
#include "core/io/tracecache.h"
#include "core/io/traceinspector.h"
#include "core/io/traceloader.h"
#include "core/report/comparisonwriter.h"
#include "core/report/reportwriter.h"
#include "core/synth/synthinputoptions.h"
#include "core/synth/synthshapes.h"
#include "core/synth/synthtracewriter.h"
#include "core/util/childprocess.h"
#include "core/util/filehash.h"
#include "core/util/format.h"
#include "core/util/nativepath.h"

#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QHash>
#include <QTextStream>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace sl::cli {

namespace {
/// Set by SIGINT while an external tool runs (installInterruptHandler); polled as a cancel.
std::atomic<bool> g_interrupted { false };

std::atomic<int> g_signal { 0 };

extern "C" void onInterrupt(int sig)
{
    if (ChildProcess::running() > 0) {
        g_signal.store(sig);
        g_interrupted.store(true);
        return;
    }
    // Nothing to clean up: end as an unhandled signal does (async-signal-safe calls only).
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

bool interrupted() { return g_interrupted.load(); }

/// `--out ""` would write into the current folder: refused like a missing --out.
bool checkOut(const QCommandLineParser& p)
{
    if (!p.value(QStringLiteral("out")).trimmed().isEmpty())
        return true;
    err() << Commands::tr("--out needs a folder name; an empty one is not taken to mean the current folder.") << "\n";
    return false;
}

int exitCodeFor(LoadError e) { return e == LoadError::None ? Ok : BadInput; }

/// A number of seconds ≥ 0 from option `name` into ms; false with `error` set otherwise.
bool secondsOption(const QCommandLineParser& p, const QString& name, qint64* ms, QString* error)
{
    bool ok = false;
    const double s = p.value(name).trimmed().toDouble(&ok);
    if (!ok || !(s >= 0) || s > 1e9) {
        *error = Commands::tr("--%1 needs a number of seconds (0 for no limit).").arg(name);
        return false;
    }
    *ms = qint64(s * 1000);
    return true;
}

/// An --ncu / --nvml file (or --ncu folder) that can be read, asked by its bytes (a name that is
/// not UTF-8 must work as it does for the trace).
bool importReadable(const QString& file, bool folderAllowed)
{
    const NativePath::Kind kind = NativePath::kind(file);
    const bool shapeOk = kind == NativePath::Kind::File || (folderAllowed && kind == NativePath::Kind::Dir);
    return shapeOk && ::access(NativePath::encode(file).constData(), R_OK) == 0;
}

/// An empty `file`, or one importReadable() takes; else says so and returns false.
bool checkImport(const QString& file, const QString& option)
{
    if (file.isEmpty() || importReadable(file, option == QLatin1String("ncu")))
        return true;
    err() << Commands::tr("Cannot read %1 (--%2): it does not exist or is not a readable file.")
                 .arg(NativePath::displayName(file), option)
          << "\n";
    return false;
}

/// "(waiting for nsys, which writes into CACHE; at most 3600 s, …; Ctrl-C stops it)": what a
/// user without a progress bar needs to know about a wait that can be long.
QString waitingForNsys(qint64 timeoutMs)
{
    const QString cache = QDir::toNativeSeparators(NsysImporter::cacheDir());
    return timeoutMs > 0
        ? Commands::tr("(waiting for nsys, which writes into %1; at most %2 s, --nsys-timeout; Ctrl-C stops it)")
              .arg(cache)
              .arg(timeoutMs / 1000)
        : Commands::tr("(waiting for nsys, which writes into %1; no time limit; Ctrl-C stops it)").arg(cache);
}

/// The imports `options` names, read for the trace `info` describes; without a terminal, each
/// ncu conversion is announced on stderr (it may take minutes), with how to stop it.
ImportsPtr readImports(const AnalysisOptions& options, const TraceInfo& info)
{
    Progress progress;
    const bool tty = isatty(fileno(stderr)) != 0;
    ImportsPtr imports = ImportsReader::read(
        options, info, Cancellation(&g_interrupted),
        [&](int permille, const QString& stage) { progress.update(permille, stage); },
        [&](const QString& stage) {
            if (!tty)
                err() << stage << " " << Commands::tr("(waiting for ncu; Ctrl-C stops it)") << "\n" << Qt::flush;
        });
    progress.done();
    return imports;
}

/// The SQLite export to load for `path`: itself, or for a .nsys-rep/.qdrep its export in the
/// user's cache (NsysImporter). Empty with `*code` set and the message printed on failure.
QString exportFor(const QString& path, const QCommandLineParser& p, int* code)
{
    if (!NsysImporter::isReport(path))
        return path;
    qint64 timeoutMs = 0;
    QString error;
    if (!secondsOption(p, QStringLiteral("nsys-timeout"), &timeoutMs, &error)) {
        err() << error << "\n";
        *code = Usage;
        return {};
    }
    Progress progress;
    // Without a terminal (CI, a pipe) the progress bar is silent: say once what is awaited and
    // how to stop it, then every minute that it is still running.
    const bool tty = isatty(fileno(stderr)) != 0;
    QString lastStage;
    QElapsedTimer sinceStart, sinceLine;
    sinceStart.start();
    const auto r = NsysImporter::importReport(
        path, NsysImporter::findNsys(p.value(QStringLiteral("nsys"))),
        [&](int permille, const QString& stage) {
            progress.update(std::max(permille, 0), stage);
            if (tty)
                return;
            if (stage != lastStage) {
                lastStage = stage;
                sinceLine.start();
                err() << stage << " " << waitingForNsys(timeoutMs) << "\n" << Qt::flush;
            } else if (sinceLine.elapsed() >= 60000) {
                sinceLine.start();
                err() << Commands::tr("nsys is still exporting after %1 s%2.")
                             .arg(sinceStart.elapsed() / 1000)
                             .arg(permille >= 0 ? QStringLiteral(" (%1 %)").arg(permille / 10) : QString())
                      << "\n"
                      << Qt::flush;
            }
        },
        interrupted, timeoutMs);
    progress.done();
    if (r.error == LoadError::Cancelled && interrupted()) {
        err() << Commands::tr("Interrupted by %1: nsys was stopped while exporting %2; nothing was cached.")
                     .arg(ChildProcess::signalName(g_signal.load()), NativePath::displayName(path))
              << "\n";
        *code = Interrupted;
        return {};
    }
    err() << r.message << "\n";
    if (!r.ok())
        *code = exitCodeFor(r.error);
    return r.sqlitePath;
}

/// The counter-file options into `options`; false with `error` set on a bad value.
bool counterFileOptions(const QCommandLineParser& p, AnalysisOptions* options, QString* error)
{
    if (!secondsOption(p, QStringLiteral("ncu-timeout"), &options->ncuTimeoutMs, error))
        return false;
    if (p.isSet(QStringLiteral("nvml-columns")))
        for (const QString& c : p.value(QStringLiteral("nvml-columns")).split(QLatin1Char(',')))
            options->nvmlColumns << c.trimmed();
    return true;
}

bool analysisOptions(const QCommandLineParser& p, AnalysisOptions* options, QString* error)
{
    if (!WindowSpec::parse(p.value(QStringLiteral("window")), &options->window, error))
        return false;
    if (!options->loadFiles(p.value(QStringLiteral("phase-map")), p.value(QStringLiteral("taxonomy")), error))
        return false;
    if (!options->loadEfficiencyFiles(
            p.value(QStringLiteral("math-paths")), p.value(QStringLiteral("gpu-peaks")), error))
        return false;
    if (p.isSet(QStringLiteral("anatomy"))
        && !options->anatomy.extendFromFile(p.value(QStringLiteral("anatomy")), error))
        return false;
    if (p.isSet(QStringLiteral("peak-tflops"))) {
        const QString peak = p.value(QStringLiteral("peak-tflops"));
        QString unused; // the option's own message names the flag
        if (peak.trimmed().isEmpty() || !options->setPeakTflops(peak, &unused)) {
            *error = Commands::tr("--peak-tflops needs a positive number.");
            return false;
        }
    }
    return true;
}
} // namespace

QTextStream& out()
{
    static QTextStream s(stdout);
    return s;
}
QTextStream& err()
{
    static QTextStream s(stderr);
    return s;
}

bool parse(QCommandLineParser& p, const QStringList& args, int* exitCode)
{
    p.addHelpOption();
    if (!p.parse(QStringList { QStringLiteral("sightline-cli") } + args.mid(1))) {
        err() << p.errorText() << "\n\n" << p.helpText();
        *exitCode = Usage;
        return false;
    }
    if (p.isSet(QStringLiteral("help"))) {
        out() << p.helpText();
        *exitCode = Ok;
        return false;
    }
    return true;
}

Progress::Progress()
    : m_tty(isatty(fileno(stderr)) != 0)
{
}

void Progress::update(int permille, const QString& stage)
{
    if (!m_tty || permille / 10 == m_last)
        return;
    m_last = permille / 10;
    err() << "\r\033[K" << stage << " " << m_last << " %" << Qt::flush;
}

void installInterruptHandler()
{
    struct sigaction sa
    {
    };
    sa.sa_handler = onInterrupt;
    sigemptyset(&sa.sa_mask);
    // SIGTERM and SIGHUP too (`timeout`, a closed terminal): nsys and ncu run in process groups
    // of their own, so they would not get these signals and would be left running.
    for (int sig : { SIGINT, SIGTERM, SIGHUP })
        ::sigaction(sig, &sa, nullptr);
}

void Progress::done()
{
    if (m_tty && m_last >= 0)
        err() << "\r\033[K" << Qt::flush;
}

namespace {

/// --labels, --tokens, --requests, --model-flops-per-token/--params, --per and --top into `co`;
/// false with `error` set on a bad value.
bool workOptions(const QCommandLineParser& p, ComparisonOptions& co, QString* error)
{
    bool ok = true;
    if (p.isSet(QStringLiteral("labels")))
        co.labels = p.value(QStringLiteral("labels")).split(QLatin1Char(','));
    if (p.isSet(QStringLiteral("tokens")))
        ok = ComparisonOptions::parseCounts(p.value(QStringLiteral("tokens")), &co.tokens, error);
    if (ok && p.isSet(QStringLiteral("requests")))
        ok = ComparisonOptions::parseCounts(p.value(QStringLiteral("requests")), &co.requests, error);
    for (const QString& name : { QStringLiteral("model-flops-per-token"), QStringLiteral("params") }) {
        if (!ok || !p.isSet(name))
            continue;
        const double v = p.value(name).toDouble(&ok);
        ok = ok && v > 0;
        if (!ok)
            *error = Commands::tr("--%1 needs a positive number.").arg(name);
        else
            co.modelFlopsPerToken = name == QLatin1String("params") ? AnalysisOptions::flopsPerTokenOfParams(v) : v;
    }
    if (ok && !ComparisonOptions::parseUnit(p.value(QStringLiteral("per")), &co.unit)) {
        *error = Commands::tr("--per takes auto, total, step, request or token.");
        ok = false;
    }
    if (ok) {
        co.topKernels = p.value(QStringLiteral("top")).toInt(&ok);
        if (!ok || co.topKernels < 1) {
            *error = Commands::tr("--top needs a positive number.");
            ok = false;
        }
    }
    return ok;
}

/// The labels the comparison of `paths` will have (given or automatic), known before loading: the
/// automatic ones come from the file names the loaded traces will carry (a report's export's).
QStringList labelsOf(const QStringList& paths, const QStringList& given)
{
    QStringList fileNames;
    for (const QString& path : paths)
        fileNames << NativePath::displayName(NsysImporter::isReport(path) ? NsysImporter::exportName(path) : path);
    return Comparator::labelsFor(fileNames, given);
}

/// --baseline into `co`: a label of `paths` (given or automatic) or a 1-based position.
bool baselineOption(const QCommandLineParser& p, const QStringList& paths, ComparisonOptions& co, QString* error)
{
    const QString b = p.value(QStringLiteral("baseline")).trimmed();
    const QStringList labels = labelsOf(paths, co.labels);
    const int byLabel = int(labels.indexOf(b));
    bool ok = true;
    co.baseline = byLabel >= 0 ? byLabel : b.toInt(&ok) - 1;
    if (!ok)
        *error = Commands::tr("--baseline takes a position (1 to %1) or one of the labels: %2.")
                     .arg(paths.size())
                     .arg(labels.join(QStringLiteral(", ")));
    return ok;
}

/// --gate, --gate-on and --baseline into `co`, then the options checked against the traces of
/// `paths` before loading anything (a wrong count should not cost minutes of loading first).
bool gateOptions(const QCommandLineParser& p, const QStringList& paths, ComparisonOptions& co, QString* error)
{
    bool ok = true;
    if (p.isSet(QStringLiteral("gate"))) {
        const double pct = p.value(QStringLiteral("gate")).trimmed().remove(QLatin1Char('%')).toDouble(&ok);
        if (ok)
            co.gatePercent = pct;
        else
            *error = Commands::tr("--gate takes a percentage, e.g. 5.");
    }
    if (ok && p.isSet(QStringLiteral("gate-on"))) {
        co.gateFigure = p.value(QStringLiteral("gate-on")).trimmed();
        if (!p.isSet(QStringLiteral("gate"))) {
            *error = Commands::tr("--gate-on needs --gate PCT.");
            ok = false;
        }
    }
    return ok && baselineOption(p, paths, co, error) && Comparator::validate(int(paths.size()), co, error);
}

/// --ncu and --nvml of compare: one file per trace (empty entries for traces without), each
/// readable, into `imports` by option name. Ok; Usage with `error` set on a wrong count;
/// BadInput when a file cannot be read (said already).
int importFiles(const QCommandLineParser& p, qsizetype traces, QHash<QString, QStringList>& imports, QString* error)
{
    for (const QString& name : { QStringLiteral("ncu"), QStringLiteral("nvml") }) {
        if (!p.isSet(name))
            continue;
        const QStringList files = p.value(name).split(QLatin1Char(','));
        if (files.size() != traces) {
            *error = Commands::tr("--%1 needs one file per trace (empty for none): %2 given for %3 traces.")
                         .arg(name)
                         .arg(files.size())
                         .arg(traces);
            return Usage;
        }
        for (const QString& given : files)
            if (!checkImport(given.trimmed(), name))
                return BadInput;
        imports.insert(name, files);
    }
    return Ok;
}

/// Loads and analyses each trace of `paths` with `options` and its own imports into `analyses`.
/// Ok, or the exit code of the first failure (said already).
int analyseAll(const QStringList& paths, const QCommandLineParser& p, const AnalysisOptions& options,
    const QHash<QString, QStringList>& imports, QVector<AnalysisPtr>& analyses)
{
    for (const QString& given : paths) {
        int code = Ok;
        const QString path = exportFor(given, p, &code);
        if (path.isEmpty())
            return code;
        Progress progress;
        const auto loaded = TraceLoader::loadSync(
            path, loadOptions(p), [&](int permille, const QString& stage) { progress.update(permille, stage); });
        progress.done();
        if (!loaded.ok()) {
            err() << NsysImporter::afterFailedLoad(given, path, loaded.error, loaded.message) << "\n";
            return exitCodeFor(loaded.error);
        }
        AnalysisOptions traceOptions = options;
        traceOptions.ncuFile = imports.value(QStringLiteral("ncu")).value(analyses.size()).trimmed();
        traceOptions.nvmlCsv = imports.value(QStringLiteral("nvml")).value(analyses.size()).trimmed();
        traceOptions.imports = readImports(traceOptions, loaded.trace->info);
        AnalysisPtr analysis = Analyzer::analyze(loaded.trace, traceOptions, Cancellation(&g_interrupted));
        if (!analysis || interrupted()) {
            err() << Commands::tr("Interrupted: no comparison written.") << "\n";
            return Interrupted;
        }
        analyses.append(std::move(analysis));
    }
    return Ok;
}

/// The warnings, the top changes and where the comparison went.
void printComparison(const Comparison& c, const QCommandLineParser& p)
{
    for (int i = 0; i < c.traceCount(); ++i)
        for (const auto& w : c.analyses[i]->warnings)
            err() << Commands::tr("warning: %1: %2").arg(c.labels[i], w) << "\n";
    for (const auto& w : c.warnings)
        err() << Commands::tr("warning: %1").arg(w) << "\n";
    out() << Commands::tr("Compared %1 traces against %2 (figures per %3).")
                 .arg(c.traceCount())
                 .arg(c.labels[c.baseline], ComparisonOptions::unitNoun(c.unit))
          << "\n";
    int shown = 0;
    for (const auto& ch : c.changes)
        if (shown++ < 5)
            out() << "  " << c.labels[ch.trace] << ": " << ch.title << "\n";
    out() << Commands::tr("Comparison written to %1").arg(QDir::toNativeSeparators(p.value(QStringLiteral("out"))))
          << "\n";
}

/// The gate's verdict per trace, and its exit code: Regression, Inconclusive or Ok.
int gateExit(const Comparison& c)
{
    const ComparisonGateResult& g = *c.gate;
    for (const auto& v : g.verdicts) {
        QString line
            = Commands::tr("Gate on %1, %2: %3").arg(g.key, c.labels[v.trace], GateVerdict::outcomeName(v.outcome));
        if (v.changePercent)
            line += QStringLiteral(" (%1%2 %)")
                        .arg(*v.changePercent >= 0 ? QStringLiteral("+") : QString())
                        .arg(*v.changePercent, 0, 'f', 1);
        if (!v.reasonText.isEmpty())
            line += QStringLiteral(": ") + v.reasonText;
        out() << line << "\n";
    }
    switch (g.outcome()) {
    case GateVerdict::Outcome::Regression:
        return Regression;
    case GateVerdict::Outcome::Inconclusive:
        return Inconclusive;
    case GateVerdict::Outcome::Improvement:
    case GateVerdict::Outcome::Unchanged:
        break;
    }
    return Ok;
}

/// --graphs, --layout and --framework into `o`; false on a name none of them takes.
bool synthModes(const QCommandLineParser& p, SynthOptions& o)
{
    bool ok = true;
    const QString g = p.value(QStringLiteral("graphs")).toLower();
    if (g == QLatin1String("none"))
        o.graphs = SynthGraphMode::None;
    else if (g == QLatin1String("node"))
        o.graphs = SynthGraphMode::Node;
    else if (g == QLatin1String("graph"))
        o.graphs = SynthGraphMode::Graph;
    else
        ok = false;
    const QString layout = p.value(QStringLiteral("layout")).toLower();
    o.blockedLayout = layout == QLatin1String("blocked");
    if (!o.blockedLayout && layout != QLatin1String("time"))
        ok = false;
    const QString fw = p.value(QStringLiteral("framework")).toLower();
    if (fw == QLatin1String("vllm"))
        o.framework = SynthFramework::Vllm;
    else if (fw == QLatin1String("sglang"))
        o.framework = SynthFramework::Sglang;
    else if (fw == QLatin1String("trtllm"))
        o.framework = SynthFramework::Trtllm;
    else if (p.isSet(QStringLiteral("framework")))
        ok = false;
    return ok;
}

/// synth's options into `o`; false with `error` set on a bad value.
bool synthOptions(const QCommandLineParser& p, SynthOptions& o, QString* error)
{
    bool ok1 = false, ok2 = false, ok3 = false, ok4 = true;
    o.steps = p.value(QStringLiteral("steps")).toLongLong(&ok1);
    o.ranks = p.value(QStringLiteral("ranks")).toInt(&ok2);
    o.seed = p.value(QStringLiteral("seed")).toULongLong(&ok3);
    o.opRanges = p.isSet(QStringLiteral("nvtx-ops"));
    if (p.isSet(QStringLiteral("gpu-metrics"))) {
        bool hzOk = false;
        const qint64 hz = p.value(QStringLiteral("gpu-metrics-hz")).toLongLong(&hzOk);
        if (!hzOk || hz < 1 || hz > 1'000'000) {
            *error = Commands::tr("--gpu-metrics-hz needs a rate from 1 to 1000000.");
            return false;
        }
        o.gpuMetricsPeriodNs = 1'000'000'000 / hz;
    }
    if (p.isSet(QStringLiteral("kernels")))
        o.targetKernels = p.value(QStringLiteral("kernels")).toLongLong(&ok4);
    ok4 = synthModes(p, o) && ok4;
    if (!ok1 || !ok2 || !ok3 || !ok4 || o.steps < 1 || o.ranks < 1 || o.ranks > 8 || o.targetKernels < 0) {
        *error = Commands::tr("Invalid synth options: --steps and --kernels take positive numbers, --ranks 1 to 8, "
                              "--graphs none, node or graph, --framework vllm, sglang or trtllm, --layout time or "
                              "blocked.");
        return false;
    }
    return true;
}

} // namespace

QString Commands::usage()
{
    return tr(
        "Usage: sightline-cli <command> [options]\n\n"
        "Commands:\n"
        "  analyze TRACE.sqlite|TRACE.nsys-rep --out DIR [--window full|steady|START_NS:END_NS] [--phase-map FILE]\n"
        "          [--taxonomy FILE] [--math-paths FILE] [--gpu-peaks FILE] [--anatomy FILE] [--peak-tflops T] [--top "
        "N]\n"
        "          [--ncu FILE] [--ncu-timeout S] [--nvml FILE] [--nvml-columns a,b,...] [--cublas-log FILE]\n"
        "                 write DIR/report.json, DIR/report.md and DIR/tables/*.csv\n"
        "  compare A.sqlite B.sqlite ... --out DIR [--baseline N|LABEL] [--labels a,b,...] [--tokens n,m,...]\n"
        "          [--requests n,m,...] [--per auto|total|step|request|token] [--window ...] [--phase-map FILE]\n"
        "          [--model-flops-per-token F | --params P]\n"
        "          [--taxonomy FILE] [--top N] [--gate PCT [--gate-on FIGURE]] [--ncu A.csv,B.csv,...]\n"
        "          [--nvml A.csv,B.csv,...]\n"
        "                 compare 2 to 8 traces against a baseline: write DIR/comparison.json and DIR/comparison.md\n"
        "  (analyze, compare and info also open .nsys-rep/.qdrep reports through nsys: --nsys PATH\n"
        "   [--nsys-timeout S])\n"
        "  info TRACE.sqlite\n"
        "                 print the nsys and schema versions, GPUs, tables and row counts\n"
        "  synth --out FILE [--steps N | --kernels N] [--ranks R] [--graphs none|node|graph] [--seed S]\n"
        "                 [--nvtx-ops] [--framework vllm|sglang|trtllm] [--shapes] [--gpu-metrics [--gpu-metrics-hz "
        "HZ]]\n"
        "                 [--layout time|blocked]\n"
        "                 write a synthetic LLM-serving export in the nsys 2026.2 schema\n"
        "  synth --per-rank --out DIR [--ranks N] [--ranks-per-host H] [--straggler R] [--host-clock-error-ns "
        "E0,E1,...]\n"
        "                 write one export per rank of a synthetic multi-node run\n"
        "  digest EXPORT... --out DIR [-j N]\n"
        "                 write one small SQLite digest per rank export (docs/digest-format.md)\n"
        "  cluster DIGESTS|EXPORTS|DIR... --out DIR [-j N] [--gate PCT --gate-baseline OLD/cluster.json]\n"
        "                 cross-rank report of one run: DIR/cluster.json, DIR/cluster.md, DIR/tables/*.csv\n"
        "  bench [--kernels N ...] [--trace FILE ...] [--attribution N] [--cycles N] [--cancel-at P] [--dir DIR]\n"
        "                 measure loading, analysing, NVTX attribution, reports, CPU use, peak memory,\n"
        "                 cancel latency and memory after reopening, against the sqlite3 shell aggregating the\n"
        "                 columns the load reads\n\n"
        "Run 'sightline-cli <command> --help' for the options of a command.\n"
        "Exit codes: 0 success, 1 failure, 2 usage error, 3 unreadable input, 4 cannot write output,\n"
        "5 regression beyond the --gate threshold, 6 gate inconclusive, 130 interrupted (Ctrl-C).\n");
}

int Commands::analyze(const QStringList& args)
{
    QCommandLineParser p;
    addAnalyzeOptions(p);
    int code = Ok;
    if (!parse(p, args, &code))
        return code;
    if (p.positionalArguments().size() != 1 || !p.isSet(QStringLiteral("out"))) {
        err() << tr("analyze needs one trace and --out DIR.") << "\n\n" << p.helpText();
        return Usage;
    }
    if (!checkOut(p))
        return Usage;
    // The export's SHA-256 (the report's trace.sha256, ~10 ms of CPU for 14 MB) starts now, on
    // the core that the rest of the set-up (the rule tables) and the load's opening leave idle;
    // the load adopts it. A .nsys-rep is hashed once exported, by the load.
    const QString given = p.positionalArguments().front();
    const auto hash = NsysImporter::isReport(given) ? nullptr : std::make_shared<FileHash>(given);
    AnalysisOptions options;
    QString error;
    if (!analysisOptions(p, &options, &error) || !counterFileOptions(p, &options, &error)) {
        err() << error << "\n";
        return Usage;
    }
    for (const QString& name : { QStringLiteral("ncu"), QStringLiteral("nvml"), QStringLiteral("cublas-log") })
        if (!checkImport(p.value(name), name)) // --ncu also takes a folder (NcuCsvReader::read)
            return BadInput;
    options.ncuFile = p.value(QStringLiteral("ncu"));
    options.nvmlCsv = p.value(QStringLiteral("nvml"));
    options.cublasLog = p.value(QStringLiteral("cublas-log"));
    bool ok = false;
    ReportOptions reportOptions;
    reportOptions.topKernels = p.value(QStringLiteral("top")).toInt(&ok);
    if (!ok || reportOptions.topKernels < 1) {
        err() << tr("--top needs a positive number.") << "\n";
        return Usage;
    }

    const QString trace = exportFor(given, p, &code);
    if (trace.isEmpty())
        return code;
    LoadOptions load = loadOptions(p);
    load.runningHash = hash;
    Progress progress;
    const auto loaded = TraceLoader::loadSync(
        trace, load, [&](int permille, const QString& stage) { progress.update(permille, stage); });
    progress.done();
    if (!loaded.ok()) {
        err() << NsysImporter::afterFailedLoad(given, trace, loaded.error, loaded.message) << "\n";
        return exitCodeFor(loaded.error);
    }
    options.imports = readImports(options, loaded.trace->info); // once
    const auto result = Analyzer::analyze(loaded.trace, options, Cancellation(&g_interrupted));
    if (!result || interrupted()) {
        err() << tr("Interrupted: no report written.") << "\n";
        return Interrupted;
    }
    if (!ReportWriter::writeAll(*result, p.value(QStringLiteral("out")), reportOptions, &error)) {
        err() << error << "\n";
        return WriteError;
    }
    ProcessExit::keep(loaded.trace); // freed by the process's end, not one column at a time
    ProcessExit::keep(result);
    for (const auto& w : result->warnings)
        err() << tr("warning: %1").arg(w) << "\n";
    out() << tr("%1: %2 kernels, %3 findings; report written to %4")
                 .arg(loaded.trace->info.fileName, formatCount(result->kernelCount))
                 .arg(result->findings.size())
                 .arg(QDir::toNativeSeparators(p.value(QStringLiteral("out"))))
          << "\n";
    return Ok;
}

int Commands::compare(const QStringList& args)
{
    QCommandLineParser p;
    addCompareOptions(p);
    int code = Ok;
    if (!parse(p, args, &code))
        return code;
    const QStringList paths = p.positionalArguments();
    if (paths.size() < Comparator::kMinTraces || paths.size() > Comparator::kMaxTraces
        || !p.isSet(QStringLiteral("out"))) {
        err() << tr("compare needs %1 to %2 traces and --out DIR.")
                     .arg(Comparator::kMinTraces)
                     .arg(Comparator::kMaxTraces)
              << "\n\n"
              << p.helpText();
        return Usage;
    }
    if (!checkOut(p))
        return Usage;
    AnalysisOptions options;
    ComparisonOptions co;
    QString error;
    bool ok = analysisOptions(p, &options, &error) && counterFileOptions(p, &options, &error)
        && workOptions(p, co, &error) && gateOptions(p, paths, co, &error);
    // --ncu / --nvml: one file per trace (empty entries for traces without), each readable.
    QHash<QString, QStringList> imports;
    if (ok) {
        code = importFiles(p, paths.size(), imports, &error);
        if (code == BadInput)
            return BadInput;
        ok = code == Ok;
    }
    if (!ok) {
        err() << error << "\n";
        return Usage;
    }
    QVector<AnalysisPtr> analyses;
    if (const int loaded = analyseAll(paths, p, options, imports, analyses); loaded != Ok)
        return loaded;
    const auto c = Comparator::compare(analyses, co);
    if (!c) {
        err() << tr("The comparison failed.") << "\n";
        return Failure;
    }
    if (!ComparisonWriter::writeAll(*c, p.value(QStringLiteral("out")), &error)) {
        err() << error << "\n";
        return WriteError;
    }
    printComparison(*c, p);
    for (const AnalysisPtr& a : analyses)
        ProcessExit::keep(a);
    ProcessExit::keep(c);
    return c->gate ? gateExit(*c) : Ok;
}

int Commands::info(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(tr("Print what an export holds: versions, GPUs, processes, tables and row counts."));
    p.addPositionalArgument(QStringLiteral("trace"), tr("The export (or an .nsys-rep/.qdrep report)."));
    addNsysOption(p);
    int code = Ok;
    if (!parse(p, args, &code))
        return code;
    if (p.positionalArguments().size() != 1) {
        err() << tr("info needs one trace.") << "\n\n" << p.helpText();
        return Usage;
    }
    const QString trace = exportFor(p.positionalArguments().front(), p, &code);
    if (trace.isEmpty())
        return code;
    const auto r = TraceInspector::inspect(trace);
    if (!r.ok()) {
        err() << NsysImporter::afterFailedLoad(p.positionalArguments().front(), trace, r.error, r.message) << "\n";
        return exitCodeFor(r.error);
    }
    const TraceInfo& i = r.trace->info;
    out() << tr("File:            %1 (%2)").arg(i.fileName, formatBytes(i.fileSize)) << "\n";
    out() << tr("Nsight Systems:  %1").arg(i.nsysVersion.isEmpty() ? tr("unknown (no export metadata)") : i.nsysVersion)
          << "\n";
    out() << tr("Export schema:   %1")
                 .arg(i.schemaVersion.isEmpty() ? tr("none recorded (before 2022)") : i.schemaVersion)
          << "\n";
    out() << tr("CUDA graph mode: %1").arg(GraphModes::key(i.graphMode)) << "\n";
    for (const auto& g : r.trace->gpus)
        out() << tr("GPU %1:           %2, %3 SMs, compute %4.%5")
                     .arg(g.deviceId)
                     .arg(g.name)
                     .arg(g.smCount)
                     .arg(g.computeMajor)
                     .arg(g.computeMinor)
              << "\n";
    out() << tr("Processes:       %1 named").arg(r.trace->processNames.size()) << "\n";
    const auto& sqlite = SqliteLibrary::check();
    out() << tr("SQLite reads:    %1 (%2)")
                 .arg(SqliteLibrary::useCApi() ? tr("C API on the QSQLITE handle") : tr("QSqlQuery, forward-only"),
                     sqlite.reason)
          << "\n";
    for (const QString& w : r.trace->loadWarnings)
        out() << tr("Warning: %1").arg(w) << "\n";
    out() << tr("Tables (%1):").arg(i.tables.size()) << "\n";
    for (const auto& t : i.tables)
        out() << QStringLiteral("  %1 %2\n").arg(t.name, -48).arg(formatCount(t.rows), 14);
    return Ok;
}

int Commands::synth(const QStringList& args)
{
    QCommandLineParser p;
    addSynthOptions(p);
    int code = Ok;
    if (!parse(p, args, &code))
        return code;
    if (!p.isSet(QStringLiteral("out"))) {
        err() << tr("synth needs --out FILE.") << "\n\n" << p.helpText();
        return Usage;
    }
    SynthOptions o;
    QString error;
    if (!synthOptions(p, o, &error)) {
        err() << error << "\n";
        return Usage;
    }
    QString inputs;
    if (!SynthInputOptions::apply(p, &o, &inputs)) {
        err() << inputs << "\n";
        return Usage;
    }
    Progress progress;
    const QString stage = tr("Writing %1").arg(p.value(QStringLiteral("out")));
    QElapsedTimer timer;
    timer.start();
    const auto r = p.isSet(QStringLiteral("shapes"))
        ? SynthShapes::write(p.value(QStringLiteral("out")), o)
        : writeSynthTrace(p.value(QStringLiteral("out")), o, [&](int permille) {
              progress.update(permille, stage);
              return true;
          });
    progress.done();
    if (!r.ok || !SynthInputOptions::writeAfter(p, p.value(QStringLiteral("out")), &inputs)) {
        err() << (r.ok ? inputs : r.error) << "\n";
        return WriteError;
    }
    out() << tr("%1: %2 kernels, %3 API calls, %4 NVTX ranges, %5 copies, %6 graph launches in %7")
                 .arg(p.value(QStringLiteral("out")), formatCount(r.kernels), formatCount(r.runtimeCalls),
                     formatCount(r.nvtxRanges), formatCount(r.memcpys), formatCount(r.graphLaunches),
                     formatDuration(timer.nsecsElapsed()))
          << "\n"
          << (inputs.isEmpty() ? QString() : inputs + QLatin1Char('\n'));
    return Ok;
}

} // namespace sl::cli
