// SPDX-License-Identifier: MIT
#include "core/synth/synthtracewriter.h"

#include "core/synth/synthenumtables.h"
#include "core/synth/synthgpumetrics.h"
#include "core/synth/synthmetadata.h"
#include "core/synth/synthrowsink.h"
#include "core/synth/synthschema.h"
#include "core/synth/synthsimulator.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <array>
#include <optional>
#include <sqlite3.h>

// How the file is made
// --------------------
// SynthSimulator is a deterministic discrete-time model (one std::mt19937_64, integer ns): the
// timeline is replayed once per table group and each replay inserts only its group, so every
// big table is written contiguously and in start order (like a real export), without holding
// millions of rows in memory. A replay costs far less than the inserts it feeds. Everything goes
// into one transaction with journal and fsync off into `path.part`; a crash or cancel leaves no
// file under `path`.

namespace sl {

namespace {

// lupdate files tr() calls in a namespace-level function under the namespace ("sl"); the
// run-time context must be the same or the translation is never found.
QString tr(const char* text) { return QCoreApplication::translate("sl", text); }

struct Pass
{
    quint32 mask;
    int weightIndex; ///< into SynthPlan::estimatedRows()
};

/// Creates the tables the pass of `mask` writes.
bool createPassTables(sqlite3* db, quint32 mask, QString* sqlError)
{
    using Table = SynthSchema::Table;
    if (mask & SynthRowSink::Kernels)
        return SynthSchema::create(db, Table::Kernel, sqlError);
    if (mask & SynthRowSink::Runtime)
        return SynthSchema::create(db, Table::Runtime, sqlError);
    if (mask & SynthRowSink::Nvtx)
        return SynthSchema::create(db, Table::Nvtx, sqlError);
    // Tables exist only when they have rows, as in nsys' default lazy export; the first pass has
    // counted every table.
    return SynthSchema::create(db, Table::Memcpy, sqlError) && SynthSchema::create(db, Table::Synchronization, sqlError)
        && (!(mask & SynthRowSink::Memset) || SynthSchema::create(db, Table::Memset, sqlError))
        && (!(mask & SynthRowSink::GraphTrace) || SynthSchema::create(db, Table::GraphTrace, sqlError));
}

} // namespace

SynthResult writeSynthTrace(
    const QString& path, const SynthOptions& options, const std::function<bool(int permille)>& progress)
{
    SynthResult result;
    const QString name = QFileInfo(path).fileName();
    if (path.isEmpty()) {
        result.error = tr("No output file given for the synthetic trace.");
        return result;
    }
    if (options.ranks < 1 || options.ranks > 8 || options.layers < 0 || options.layers > 1024
        || options.targetKernels < 0 || (options.targetKernels == 0 && options.steps < 1)) {
        result.error
            = tr("Cannot write %1: invalid options (ranks must be 1-8, steps at least 1, layers 0-1024).").arg(path);
        return result;
    }

    const SynthPlan plan = SynthPlan::resolve(options);
    const SynthStringIds strings = SynthMetadata::strings(plan);
    const QString partPath = path + QStringLiteral(".part");
    QFile::remove(partPath); // a stale partial file from a crashed run

    sqlite3* db = nullptr;
    const int openRc = sqlite3_open_v2(QFile::encodeName(partPath).constData(), &db,
        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    QString sqlError;
    bool cancelled = false;
    std::optional<SynthRowSink> sink; // owns prepared statements: must go before the connection closes
    const auto fail = [&](const QString& message) {
        result = SynthResult();
        result.error = message;
        sink.reset();
        sqlite3_close(db);
        db = nullptr;
        QFile::remove(partPath);
        return result;
    };
    if (openRc != SQLITE_OK)
        return fail(tr("Cannot create %1: %2").arg(partPath, QString::fromUtf8(sqlite3_errmsg(db))));

    int lastPermille = -1;
    const auto report = [&](int permille) {
        if (!progress || permille <= lastPermille)
            return true;
        lastPermille = permille;
        cancelled = !progress(permille);
        return !cancelled;
    };
    const auto cancelledResult
        = [&] { return fail(tr("Writing the synthetic trace %1 was cancelled; no file was written.").arg(name)); };
    const auto sqlFailure = [&] { return fail(tr("Cannot write %1: %2").arg(partPath, sqlError)); };

    // Exclusive, unjournaled, unsynced: the file is private until the final rename, and a failed
    // run is discarded anyway. 4 KiB pages like nsys; 64 MiB of cache holds the B-tree right edges.
    if (!SynthSchema::exec(db,
            "PRAGMA page_size=4096; PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; "
            "PRAGMA locking_mode=EXCLUSIVE; PRAGMA cache_size=-65536; PRAGMA temp_store=MEMORY; BEGIN",
            &sqlError))
        return sqlFailure();
    if (!report(0))
        return cancelledResult();
    if (!SynthMetadata::writeStrings(db, strings, &sqlError) || !SynthEnumTables::write(db, &sqlError)
        || !SynthMetadata::writeSystem(db, plan, strings, &sqlError))
        return sqlFailure();

    const std::array<qint64, 4> estimate = plan.estimatedRows();
    const double totalRows = double(estimate[0] + estimate[1] + estimate[2] + estimate[3]);
    const std::array<Pass, 4> passes { {
        { SynthRowSink::Kernels, 0 },
        { SynthRowSink::Runtime, 1 },
        { SynthRowSink::Nvtx, 2 },
        { SynthRowSink::Memcpy | SynthRowSink::Memset | SynthRowSink::Sync | SynthRowSink::GraphTrace, 3 },
    } };
    sink.emplace(db, strings, plan.ranks, plan.layers);
    double doneWeight = 0;
    for (size_t p = 0; p < passes.size(); ++p) {
        quint32 mask = passes[p].mask;
        if (result.memsets == 0)
            mask &= ~quint32(SynthRowSink::Memset);
        if (result.graphLaunches == 0)
            mask &= ~quint32(SynthRowSink::GraphTrace);
        if (!createPassTables(db, mask, &sqlError) || !sink->beginPass(mask)) {
            if (sqlError.isEmpty())
                sqlError = sink->error();
            return sqlFailure();
        }
        const double weight = totalRows > 0 ? double(estimate[size_t(passes[p].weightIndex)]) / totalRows : 0.25;
        SynthSimulator simulator(plan, *sink);
        const bool finished = simulator.run([&](qint64 done, qint64 total) {
            return report(int(999.0 * (doneWeight + weight * double(done) / double(total))));
        });
        if (cancelled)
            return cancelledResult();
        if (!finished || !sink->endPass()) {
            sqlError = sink->error();
            return sqlFailure();
        }
        doneWeight += weight;
        if (p == 0) {
            result.kernels = sink->kernels();
            result.runtimeCalls = sink->apiCalls();
            result.nvtxRanges = sink->nvtxRows();
            result.memcpys = sink->memcpys();
            result.memsets = sink->memsets();
            result.graphLaunches = sink->graphs();
            result.firstNs = sink->firstNs();
            result.lastNs = sink->lastNs();
        }
        // Every replay must produce the same timeline; a difference would mean hidden state.
        Q_ASSERT(sink->kernels() == result.kernels && sink->apiCalls() == result.runtimeCalls
            && sink->lastNs() == result.lastNs);
    }

    // The capture ends at the last event rounded up to whole ms, as ANALYSIS_DETAILS says.
    const qint64 captureEndNs = (result.lastNs + 999'999) / 1'000'000 * 1'000'000;
    if (options.gpuMetricsPeriodNs > 0
        && !SynthGpuMetrics::write(db, options.gpuMetricsPeriodNs, captureEndNs, &sqlError))
        return sqlFailure();
    if (!SynthMetadata::writeMetadata(db, plan, result.lastNs, &sqlError)
        || !SynthSchema::exec(db, "COMMIT", &sqlError))
        return sqlFailure();
    sink.reset();
    if (sqlite3_close(db) != SQLITE_OK) {
        sqlError = QString::fromUtf8(sqlite3_errmsg(db));
        return sqlFailure();
    }
    db = nullptr;
    if (QFile::exists(path) && !QFile::remove(path))
        return fail(tr("Cannot replace %1: the existing file cannot be removed.").arg(path));
    if (!QFile::rename(partPath, path))
        return fail(tr("Cannot rename %1 to %2.").arg(partPath, path));
    result.ok = true;
    if (progress)
        progress(1000);
    return result;
}

} // namespace sl
