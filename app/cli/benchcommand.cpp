// SPDX-License-Identifier: MIT
#include "app/cli/benchcommand.h"

#include "app/cli/benchprobe.h"
#include "app/cli/benchtables.h"
#include "app/cli/clicommands.h"
#include "core/synth/synthtracewriter.h"
#include "core/util/format.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTextStream>

#include <algorithm>

namespace sl::cli {

namespace {

const QString kOne = QStringLiteral("one");
const QString kProbeCancel = QStringLiteral("probe-cancel");
const QString kProbeCycles = QStringLiteral("probe-cycles");

/// Runs this executable's `bench --<mode> FILE [extra]` in a fresh process and parses its JSON line.
bool probe(const QString& mode, const QString& file, const QStringList& extra, QJsonObject* out)
{
    QProcess child;
    child.start(QCoreApplication::applicationFilePath(),
                QStringList{QStringLiteral("bench"), QStringLiteral("--") + mode, file} + extra);
    child.waitForFinished(-1);
    const auto doc = QJsonDocument::fromJson(child.readAllStandardOutput().trimmed());
    if (child.exitStatus() != QProcess::NormalExit || child.exitCode() != 0 || !doc.isObject()) {
        QTextStream(stderr) << BenchCommand::tr("benchmark of %1 failed: %2")
                                   .arg(QFileInfo(file).fileName(), QString::fromUtf8(child.readAllStandardError()))
                            << "\n";
        return false;
    }
    *out = doc.object();
    return true;
}

/// Generates `synth-N[-ops].sqlite` in `dir` unless it exists; empty on failure.
QString generated(const QString& dir, qint64 kernels, bool opRanges, QTextStream& out)
{
    const QString file
        = QDir(dir).filePath(QStringLiteral("synth-%1%2.sqlite").arg(kernels).arg(opRanges ? QStringLiteral("-ops") : QString()));
    if (QFileInfo::exists(file))
        return file;
    out << BenchCommand::tr("generating %1 (%2 kernels)...").arg(QFileInfo(file).fileName(), formatCount(kernels))
        << Qt::endl;
    SynthOptions o;
    o.targetKernels = kernels;
    o.ranks = 2;
    o.opRanges = opRanges;
    const auto r = writeSynthTrace(file, o);
    if (!r.ok) {
        QTextStream(stderr) << r.error << "\n";
        return {};
    }
    return file;
}

} // namespace

int BenchCommand::run(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(tr("Scale benchmark: floor (bare SQLite scan), load, analysis, NVTX attribution, "
                                   "report, CPU use, peak memory, cancel latency and memory after reopening."));
    p.addHelpOption();
    p.addOption({QStringLiteral("kernels"), tr("Trace sizes in kernels (repeatable; default 100000, 1000000, 5000000)."), tr("N")});
    p.addOption({QStringLiteral("trace"), tr("Measure this existing export instead of generating (repeatable)."), tr("FILE")});
    p.addOption({QStringLiteral("dir"), tr("Where generated traces are kept (default: a folder under /tmp)."), tr("DIR")});
    p.addOption({QStringLiteral("attribution"),
                 tr("Kernels of the NVTX-heavy trace (synth --nvtx-ops, one range per kernel) for the attribution "
                    "figure; 0 skips it (default 1000000, or the largest --kernels when smaller)."),
                 tr("N")});
    p.addOption({QStringLiteral("cycles"), tr("Open and close each trace N times, reporting memory after each (default 10, 0 skips)."),
                 tr("N"), QStringLiteral("10")});
    p.addOption({QStringLiteral("cancel-at"), tr("Cancel a load of each trace at this progress in permille (default 500, 0 skips)."),
                 tr("P"), QStringLiteral("500")});
    p.addOption({QStringLiteral("no-hash"), tr("Do not hash the file while loading.")});
    for (const QString& internal : {kOne, kProbeCancel, kProbeCycles}) {
        QCommandLineOption o(internal, tr("Internal: one measurement in this process, printed as JSON."), tr("FILE"));
        o.setFlags(QCommandLineOption::HiddenFromHelp);
        p.addOption(o);
    }
    if (!p.parse(QStringList{QStringLiteral("sightline-cli")} + args.mid(1))) {
        QTextStream(stderr) << p.errorText() << "\n";
        return Usage;
    }
    if (p.isSet(QStringLiteral("help"))) {
        QTextStream(stdout) << p.helpText();
        return Ok;
    }
    bool okCycles = false, okCancel = false;
    const int cycles = p.value(QStringLiteral("cycles")).toInt(&okCycles);
    const int cancelAt = p.value(QStringLiteral("cancel-at")).toInt(&okCancel);
    if (!okCycles || !okCancel || cycles < 0 || cancelAt < 0 || cancelAt > 999) {
        QTextStream(stderr) << tr("--cycles takes a count, --cancel-at a permille below 1000.") << "\n";
        return Usage;
    }
    if (p.isSet(kOne))
        return BenchProbe::measure(p.value(kOne), !p.isSet(QStringLiteral("no-hash")));
    if (p.isSet(kProbeCancel))
        return BenchProbe::cancel(p.value(kProbeCancel), cancelAt);
    if (p.isSet(kProbeCycles))
        return BenchProbe::cycles(p.value(kProbeCycles), cycles);

    QTextStream out(stdout);
    QStringList traces = p.values(QStringLiteral("trace"));
    const QString dir = p.value(QStringLiteral("dir")).isEmpty() ? QDir::temp().filePath(QStringLiteral("sightline-bench"))
                                                                 : p.value(QStringLiteral("dir"));
    QStringList sizes = p.values(QStringLiteral("kernels"));
    if (sizes.isEmpty() && traces.isEmpty())
        sizes = {QStringLiteral("100000"), QStringLiteral("1000000"), QStringLiteral("5000000")};
    QDir().mkpath(dir);
    qint64 largest = 0;
    for (const auto& s : sizes) {
        bool ok = false;
        const qint64 n = s.toLongLong(&ok);
        if (!ok || n <= 0) {
            QTextStream(stderr) << tr("--kernels takes positive numbers.") << "\n";
            return Usage;
        }
        largest = std::max(largest, n);
        const QString file = generated(dir, n, false, out);
        if (file.isEmpty())
            return WriteError;
        traces << file;
    }
    bool okAttribution = true;
    const qint64 attribution = p.isSet(QStringLiteral("attribution"))
        ? p.value(QStringLiteral("attribution")).toLongLong(&okAttribution)
        : (largest > 0 ? std::min<qint64>(largest, 1'000'000) : 0);
    if (!okAttribution || attribution < 0) {
        QTextStream(stderr) << tr("--attribution takes a kernel count.") << "\n";
        return Usage;
    }
    if (attribution > 0) {
        const QString file = generated(dir, attribution, true, out);
        if (file.isEmpty())
            return WriteError;
        traces << file;
    }

    QStringList hashArgs;
    if (p.isSet(QStringLiteral("no-hash")))
        hashArgs << QStringLiteral("--no-hash");
    QList<BenchRow> rows;
    for (const auto& file : traces) {
        // Each measurement in a fresh process, so peak memory belongs to that trace alone.
        BenchRow row{QFileInfo(file).fileName(), {}, {}, {}};
        if (!probe(kOne, file, hashArgs, &row.measure))
            return Failure;
        if (cancelAt > 0 && !probe(kProbeCancel, file, {QStringLiteral("--cancel-at"), QString::number(cancelAt)}, &row.cancel))
            return Failure;
        if (cycles > 0 && !probe(kProbeCycles, file, {QStringLiteral("--cycles"), QString::number(cycles)}, &row.cycles))
            return Failure;
        rows << row;
    }
    BenchTables::print(out, rows);
    return Ok;
}

} // namespace sl::cli
