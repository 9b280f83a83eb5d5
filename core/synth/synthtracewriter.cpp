// SPDX-License-Identifier: MIT
#include "core/synth/synthtracewriter.h"

#include "core/synth/synthenumtables.h"
#include "core/synth/synthgpumetrics.h"
#include "core/synth/synthmemoryusage.h"
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

/// Rewrites each per-process table in per-process blocks (`synth --layout blocked`): rows by
/// process id (bits 24..47 of the global id), in their time order within a process. The table is
/// recreated from its own CREATE statement, so the schema stays exactly nsys'.
bool writeBlocked(sqlite3* db, QString* sqlError)
{
    const std::pair<const char*, const char*> tables[] = {
        { "CUPTI_ACTIVITY_KIND_KERNEL", "globalPid" },
        { "CUPTI_ACTIVITY_KIND_RUNTIME", "globalTid" },
        { "NVTX_EVENTS", "globalTid" },
        { "CUPTI_ACTIVITY_KIND_MEMCPY", "globalPid" },
        { "CUPTI_ACTIVITY_KIND_MEMSET", "globalPid" },
        { "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION", "globalPid" },
        { "CUPTI_ACTIVITY_KIND_GRAPH_TRACE", "globalPid" },
    };
    for (const auto& [table, id] : tables) {
        sqlite3_stmt* st = nullptr;
        QByteArray ddl;
        if (sqlite3_prepare_v2(db, "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", -1, &st, nullptr)
            == SQLITE_OK) {
            sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC);
            if (sqlite3_step(st) == SQLITE_ROW)
                ddl = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
        }
        sqlite3_finalize(st);
        if (ddl.isEmpty())
            continue; // not written (no rows of this kind)
        const QByteArray sql = QByteArray("ALTER TABLE ") + table + " RENAME TO synth_timeorder; " + ddl
            + "; INSERT INTO " + table + " SELECT * FROM synth_timeorder ORDER BY (" + id
            + " >> 24) & 16777215, rowid; DROP TABLE " + "synth_timeorder;";
        if (!SynthSchema::exec(db, sql.constData(), sqlError))
            return false;
    }
    return true;
}

/// One synthetic export being written: the connection to `path.part`, the row sink and the
/// progress state. Each stage returns false on failure or cancel, with error() saying which.
class SynthFile
{
public:
    SynthFile(const QString& path, const std::function<bool(int)>& progress)
        : m_path(path)
        , m_partPath(path + QStringLiteral(".part"))
        , m_progress(progress)
    {
    }
    ~SynthFile() { discard(); }

    bool open();
    bool writeStatic(const SynthPlan& plan, const SynthStringIds& strings);
    /// The big tables, one replay of the timeline per table group; fills the counts of `result`.
    bool writePasses(const SynthPlan& plan, const SynthStringIds& strings, SynthResult& result);
    /// GPU metrics and metadata, then commit, close and rename over `path`.
    bool finish(const SynthOptions& options, const SynthPlan& plan, const SynthResult& result);
    QString error() const { return m_error; }
    void progressDone() const
    {
        if (m_progress)
            m_progress(1000);
    }

private:
    bool report(int permille)
    {
        if (!m_progress || permille <= m_lastPermille)
            return true;
        m_lastPermille = permille;
        m_cancelled = !m_progress(permille);
        if (m_cancelled)
            m_error = QCoreApplication::translate(
                "sl", "Writing the synthetic trace %1 was cancelled; no file was written.")
                          .arg(QFileInfo(m_path).fileName());
        return !m_cancelled;
    }
    bool sqlFailure(const QString& sqlError)
    {
        m_error = QCoreApplication::translate("sl", "Cannot write %1: %2").arg(m_partPath, sqlError);
        return false;
    }
    void discard()
    {
        m_sink.reset();
        if (m_db) {
            sqlite3_close(m_db);
            m_db = nullptr;
            QFile::remove(m_partPath);
        }
    }

    QString m_path, m_partPath, m_error;
    std::function<bool(int)> m_progress;
    sqlite3* m_db = nullptr;
    std::optional<SynthRowSink> m_sink; // owns prepared statements: must go before the connection closes
    int m_lastPermille = -1;
    bool m_cancelled = false;
};

bool SynthFile::open()
{
    QFile::remove(m_partPath); // a stale partial file from a crashed run
    const int rc = sqlite3_open_v2(QFile::encodeName(m_partPath).constData(), &m_db,
        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        m_error = QCoreApplication::translate("sl", "Cannot create %1: %2")
                      .arg(m_partPath, QString::fromUtf8(sqlite3_errmsg(m_db)));
        return false;
    }
    // Exclusive, unjournaled, unsynced: the file is private until the final rename, and a failed
    // run is discarded anyway. 4 KiB pages like nsys; 64 MiB of cache holds the B-tree right edges.
    QString sqlError;
    if (!SynthSchema::exec(m_db,
            "PRAGMA page_size=4096; PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; "
            "PRAGMA locking_mode=EXCLUSIVE; PRAGMA cache_size=-65536; PRAGMA temp_store=MEMORY; BEGIN",
            &sqlError))
        return sqlFailure(sqlError);
    return report(0);
}

bool SynthFile::writeStatic(const SynthPlan& plan, const SynthStringIds& strings)
{
    QString sqlError;
    if (!SynthMetadata::writeStrings(m_db, strings, &sqlError) || !SynthEnumTables::write(m_db, &sqlError)
        || !SynthMetadata::writeSystem(m_db, plan, strings, &sqlError))
        return sqlFailure(sqlError);
    return true;
}

bool SynthFile::writePasses(const SynthPlan& plan, const SynthStringIds& strings, SynthResult& result)
{
    const std::array<qint64, 4> estimate = plan.estimatedRows();
    const double totalRows = double(estimate[0] + estimate[1] + estimate[2] + estimate[3]);
    const std::array<Pass, 4> passes { {
        { SynthRowSink::Kernels, 0 },
        { SynthRowSink::Runtime, 1 },
        { SynthRowSink::Nvtx, 2 },
        { SynthRowSink::Memcpy | SynthRowSink::Memset | SynthRowSink::Sync | SynthRowSink::GraphTrace, 3 },
    } };
    m_sink.emplace(m_db, strings, plan.ranks, plan.layers);
    double doneWeight = 0;
    for (size_t p = 0; p < passes.size(); ++p) {
        quint32 mask = passes[p].mask;
        if (result.memsets == 0)
            mask &= ~quint32(SynthRowSink::Memset);
        if (result.graphLaunches == 0)
            mask &= ~quint32(SynthRowSink::GraphTrace);
        QString sqlError;
        if (!createPassTables(m_db, mask, &sqlError) || !m_sink->beginPass(mask))
            return sqlFailure(sqlError.isEmpty() ? m_sink->error() : sqlError);
        const double weight = totalRows > 0 ? double(estimate[size_t(passes[p].weightIndex)]) / totalRows : 0.25;
        SynthSimulator simulator(plan, *m_sink);
        const bool finished = simulator.run([&](qint64 done, qint64 total) {
            return report(int(999.0 * (doneWeight + weight * double(done) / double(total))));
        });
        if (m_cancelled)
            return false;
        if (!finished || !m_sink->endPass())
            return sqlFailure(m_sink->error());
        doneWeight += weight;
        if (p == 0) {
            result.kernels = m_sink->kernels();
            result.runtimeCalls = m_sink->apiCalls();
            result.nvtxRanges = m_sink->nvtxRows();
            result.memcpys = m_sink->memcpys();
            result.memsets = m_sink->memsets();
            result.graphLaunches = m_sink->graphs();
            result.firstNs = m_sink->firstNs();
            result.lastNs = m_sink->lastNs();
        }
        // Every replay must produce the same timeline; a difference would mean hidden state.
        Q_ASSERT(m_sink->kernels() == result.kernels && m_sink->apiCalls() == result.runtimeCalls
            && m_sink->lastNs() == result.lastNs);
    }
    return true;
}

bool SynthFile::finish(const SynthOptions& options, const SynthPlan& plan, const SynthResult& result)
{
    QString sqlError;
    // The capture ends at the last event rounded up to whole ms, as ANALYSIS_DETAILS says.
    const qint64 captureEndNs = (result.lastNs + 999'999) / 1'000'000 * 1'000'000;
    if (options.gpuMetricsPeriodNs > 0
        && !SynthGpuMetrics::write(m_db, options.gpuMetricsPeriodNs, captureEndNs, &sqlError))
        return sqlFailure(sqlError);
    if (options.memoryUsage && !SynthMemoryUsage::write(m_db, &sqlError))
        return sqlFailure(sqlError);
    if ((options.blockedLayout && !writeBlocked(m_db, &sqlError))
        || !SynthMetadata::writeMetadata(m_db, plan, result.lastNs, &sqlError)
        || !SynthSchema::exec(m_db, "COMMIT", &sqlError))
        return sqlFailure(sqlError);
    m_sink.reset();
    // The rewritten tables' old pages are free pages now; an export has none.
    if (options.blockedLayout && !SynthSchema::exec(m_db, "VACUUM", &sqlError))
        return sqlFailure(sqlError);
    if (sqlite3_close(m_db) != SQLITE_OK)
        return sqlFailure(QString::fromUtf8(sqlite3_errmsg(m_db))); // the destructor closes it again
    m_db = nullptr;
    if (QFile::exists(m_path) && !QFile::remove(m_path)) {
        QFile::remove(m_partPath);
        m_error
            = QCoreApplication::translate("sl", "Cannot replace %1: the existing file cannot be removed.").arg(m_path);
        return false;
    }
    if (!QFile::rename(m_partPath, m_path)) {
        QFile::remove(m_partPath);
        m_error = QCoreApplication::translate("sl", "Cannot rename %1 to %2.").arg(m_partPath, m_path);
        return false;
    }
    return true;
}

} // namespace

SynthResult writeSynthTrace(
    const QString& path, const SynthOptions& options, const std::function<bool(int permille)>& progress)
{
    SynthResult result;
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
    SynthFile file(path, progress);
    if (!file.open() || !file.writeStatic(plan, strings) || !file.writePasses(plan, strings, result)
        || !file.finish(options, plan, result)) {
        result = SynthResult();
        result.error = file.error();
        return result; // the destructor removes the partial file
    }
    result.ok = true;
    file.progressDone();
    return result;
}

} // namespace sl
