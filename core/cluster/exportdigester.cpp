// SPDX-License-Identifier: MIT
#include "core/cluster/exportdigester.h"

#include "core/analysis/passes/iterationdetector.h"
#include "core/analysis/rules/ncclkernel.h"
#include "core/cluster/digeststeps.h"
#include "core/cluster/ncclpayloads.h"
#include "core/cluster/rankstate.h"
#include "core/io/exportopener.h"
#include "core/io/rowscan.h"
#include "core/trace/tablenames.h"
#include "core/util/filehash.h"

#include <QFileInfo>
#include <QHash>
#include <QSet>

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <tuple>

namespace sl {

namespace {

/// The pid of a globalPid or globalTid: <HW:8><VM:8><pid:24><tid:24>.
qint64 pidOf(qint64 globalId) { return (globalId >> 24) & 0xFFFFFF; }

/// Busy-time union of one GPU (of one process, unless the scan is by GPU) in time bins, fed
/// intervals in start order: each class keeps a cursor (covered up to, ns), so an interval adds
/// only what is not covered yet.
struct DeviceBins
{
    qint64 pid = 0; ///< 0 in a scan by GPU
    qint64 device = 0;
    qint64 kernels = 0;
    std::vector<qint64> compute, comm, any;
    qint64 computeCursor = 0, commCursor = 0, anyCursor = 0;
    qint64 lastStart = std::numeric_limits<qint64>::min(); ///< ns, of this GPU's last kernel
    /// Its kernels for iteration detection (16 B each) where its process (or, in a scan by GPU,
    /// the export) has no step range, until its rank took its iterations from them.
    KernelSequence sequence;
    bool keepSequence = false;
};

using StreamKey = std::pair<qint64, std::pair<qint64, qint64>>; ///< (pid, (device, stream))

/// What the kernel scan builds besides the digest's own rows.
struct KernelScan
{
    std::vector<DeviceBins> bins;
    QHash<std::pair<qint64, qint64>, size_t> binsOf; ///< (pid, deviceId) → index into bins
    size_t lastBins = 0; ///< the previous row's: kernels come in runs of one process and GPU
    QHash<StreamKey, int> streamIndex; ///< → order of the stream's first collective
    QHash<std::pair<StreamKey, int>, qint64> ordinals; ///< (stream, op) → collectives so far
    QSet<qint64> pids; ///< processes that ran a kernel
    qint64 lastGlobalPid = -1, lastPid = 0;
    /// One set of bins per GPU whatever the process: the whole export's digest where processes
    /// share a GPU (their busy time is a union, not a sum). Else one per process and GPU.
    bool byDevice = false;
    bool outOfOrder = false; ///< a GPU's start went back: its rows are not stored in start order
    bool sorted = false; ///< the rows come through ORDER BY start: no order check (TEXT sorts last)

    DeviceBins& binsOfRow(qint64 pid, qint64 device)
    {
        if (byDevice)
            pid = 0;
        if (lastBins < bins.size() && bins[lastBins].pid == pid && bins[lastBins].device == device)
            return bins[lastBins];
        auto it = binsOf.constFind({ pid, device });
        if (it == binsOf.constEnd()) {
            DeviceBins& b = bins.emplace_back();
            b.pid = pid;
            b.device = device;
            b.compute.assign(ExportDigester::maxBins, 0);
            b.comm = b.any = b.compute;
            it = binsOf.insert({ pid, device }, bins.size() - 1);
        }
        lastBins = *it;
        return bins[lastBins];
    }
    /// Whether a GPU ran kernels of several processes (only known in a scan by process).
    bool sharesDevice() const
    {
        QSet<qint64> seen;
        for (const DeviceBins& b : bins) {
            if (seen.contains(b.device))
                return true;
            seen.insert(b.device);
        }
        return false;
    }
};

/// What a rank of an export shares with the whole export's digest: identity, clocks, kernel span.
/// Not the rank: the launcher's environment (the rows nsys keeps) names no worker's rank.
RankDigest identityOf(const RankDigest& whole)
{
    RankDigest d;
    d.file = whole.file;
    d.fileSize = whole.fileSize;
    d.nsysVersion = whole.nsysVersion;
    d.schemaVersion = whole.schemaVersion;
    d.hostname = whole.hostname;
    d.rankSource = QStringLiteral("none");
    d.utcEpochNs = whole.utcEpochNs;
    d.systemClockNs = whole.systemClockNs;
    d.firstNs = whole.firstNs;
    d.lastNs = whole.lastNs;
    return d;
}

void addCovered(std::vector<qint64>& bins, qint64* cursor, qint64 start, qint64 end, qint64 origin, qint64 width)
{
    // A damaged row's start can lie before the span's origin (min(start) skips TEXT values):
    // it counts from the origin, never before the first bin.
    const qint64 from = std::max({ start, *cursor, origin });
    *cursor = std::max(*cursor, end);
    for (qint64 t = from; t < end;) {
        const qint64 bin = std::min<qint64>((t - origin) / width, qint64(bins.size()) - 1);
        const qint64 binEnd = bin == qint64(bins.size()) - 1 ? end : std::min(end, origin + (bin + 1) * width);
        bins[size_t(bin)] += binEnd - t;
        t = binEnd;
    }
}

QString text(const SqliteConnection& db, const QString& sql)
{
    SqliteStatement st(db, sql);
    return st.next() ? st.text(0) : QString();
}

/// Scans of one open export into its RankDigest, or one per rank: per process that ran NCCL
/// kernels, per GPU of a process that drove several.
class Digestion
{
public:
    /// `byProcess`: an export where two or more processes ran NCCL kernels, or one on two or more
    /// GPUs, gives one digest per rank (ExportDigester::digestRanks), else one for the whole export.
    Digestion(const QString& path, const ExportOpener::Opened& opened, bool byProcess, LoadContext& ctx)
        : m_path(path)
        , m_db(*opened.db)
        , m_schema(opened.schema)
        , m_byProcess(byProcess)
        , m_ctx(ctx)
    {
        m_s.d.file = QFileInfo(path).fileName();
        m_s.d.fileSize = opened.fileSize;
    }
    void identity();
    bool kernels(QString* error);
    bool launches(QString* error);
    bool payloads(QString* error);
    /// The step ranges with their processes, read before the kernels: a GPU of a process with
    /// steps keeps no kernel sequence for iteration detection.
    bool readSteps(QString* error) { return m_steps.read(m_db, m_schema, m_ctx, error); }
    /// The steps to their ranks (a step belongs to the rank of the process that opened it), in start order.
    void assignSteps();
    /// Steps found from the kernels ("iteration#N") for the ranks without NVTX step ranges.
    void iterations();
    /// The digests: the whole export's, or its ranks' in the order of their lowest GPU, then pid.
    std::vector<RankDigest> take();

private:
    int opIndex(qint64 nameId);
    /// The kernel table read into `scan`, as stored or, when a GPU's start goes back, sorted.
    bool scanKernels(const QString& select, KernelScan& scan, qint64 progress, QString* error);
    /// One kernel row into the bins and collectives; false (and scan.outOfOrder) when its start
    /// is before the previous row's.
    bool kernelRow(const SqliteStatement& st, KernelScan& scan);
    /// The collectives (and their launch keys) of a scan in stored order, put in start order.
    void sortCollectives();
    /// The bins of `out`'s GPUs (of process `pid`, -1: every process; GPU `gpu`, -1: every GPU)
    /// from the scan.
    void finishBins(qint64 pid, int gpu, RankDigest& out) const;
    /// Keeps the PROCESSES pids that ran a kernel (when the kernel table says, `known`).
    void keepKernelProcesses(const QSet<qint64>& kernelPids, bool known);
    /// One RankState per rank (process that ran NCCL kernels, or GPU of one that drove several:
    /// `ncclGpus`, from rankGpus), with its kernels, bins and collectives.
    void split(const QHash<qint64, QSet<int>>& ncclGpus);
    /// Per process that ran NCCL kernels: the GPUs that are its ranks, or none where it is one.
    QHash<qint64, QSet<int>> rankGpus() const;

    QString m_path;
    const SqliteConnection& m_db;
    const Schema& m_schema;
    const bool m_byProcess;
    LoadContext& m_ctx;
    RankState m_s; ///< the whole export
    std::vector<RankState> m_ranks; ///< its ranks, when it is split by process
    KernelScan m_scan;
    qint64 m_fineBinNs = 1; ///< width of the maxBins bins the scan fills (ns)
    DigestSteps m_steps;
    QHash<qint64, int> m_opOfName; ///< StringIds id → index into m_ops, -1 = not NCCL
    QStringList m_ops;
};

void Digestion::identity()
{
    RankDigest& d = m_s.d;
    // EXPORT_META_DATA is the table's name before nsys 2023.3 (the real 2022.1-2023.2 exports).
    if (const QString meta = m_schema.firstTable({ tables::kMetaDataExport, tables::kExportMetaData });
        !meta.isEmpty()) {
        d.nsysVersion
            = text(m_db, QStringLiteral("SELECT value FROM %1 WHERE name = 'EXPORT_PRODUCT_VERSION'").arg(meta));
        d.schemaVersion
            = text(m_db, QStringLiteral("SELECT value FROM %1 WHERE name = 'EXPORT_SCHEMA_VERSION'").arg(meta));
    }
    if (m_schema.hasTable(tables::kTargetInfoSystemEnv))
        d.hostname = text(
            m_db, QStringLiteral("SELECT value FROM %1 WHERE name = 'Hostname'").arg(tables::kTargetInfoSystemEnv));
    QStringList env;
    if (m_schema.hasTable(tables::kMetaDataCapture)) {
        SqliteStatement st(m_db,
            QStringLiteral("SELECT value FROM %1 WHERE name LIKE 'PROCESS\\_%:ENVIRONMENT\\_VARIABLE' "
                           "ESCAPE '\\' ORDER BY rowid")
                .arg(tables::kMetaDataCapture));
        while (st.next())
            env << st.text(0);
    }
    d.rank = ExportDigester::rankFromEnvironment(env, &d.rankSource);
    const QString session = tables::kTargetInfoSessionStartTime;
    if (m_schema.hasTable(session)) {
        d.utcEpochNs = m_db.scalar(QStringLiteral("SELECT coalesce(utcEpochNs, -1) FROM %1").arg(session), -1);
        if (m_schema.hasColumn(session, QStringLiteral("systemClockNs")))
            d.systemClockNs
                = m_db.scalar(QStringLiteral("SELECT coalesce(systemClockNs, -1) FROM %1").arg(session), -1);
    }
    if (m_schema.hasTable(tables::kTargetInfoGpu)) {
        SqliteStatement st(m_db, QStringLiteral("SELECT DISTINCT id FROM %1 ORDER BY id").arg(tables::kTargetInfoGpu));
        while (st.next())
            d.devices.push_back(int(st.int64(0)));
    }
    if (m_schema.hasTable(tables::kProcesses)) {
        SqliteStatement st(m_db, QStringLiteral("SELECT DISTINCT pid FROM %1 ORDER BY pid").arg(tables::kProcesses));
        while (st.next())
            d.pids.push_back(st.int64(0));
    }
}

int Digestion::opIndex(qint64 nameId)
{
    const auto it = m_opOfName.constFind(nameId);
    if (it != m_opOfName.constEnd())
        return *it;
    const QString op = NcclKernel::op(
        text(m_db, QStringLiteral("SELECT value FROM %1 WHERE id = %2").arg(tables::kStringIds).arg(nameId)));
    int index = -1;
    if (!op.isEmpty()) {
        index = int(m_ops.indexOf(op));
        if (index < 0) {
            m_ops << op;
            index = int(m_ops.size()) - 1;
        }
    }
    m_opOfName.insert(nameId, index);
    return index;
}

bool Digestion::kernels(QString* error)
{
    const QString table = tables::kKernel;
    if (!m_schema.hasTable(table))
        return true;
    RankDigest& d = m_s.d;
    {
        SqliteStatement span(m_db, QStringLiteral("SELECT min(start), max(end) FROM %1").arg(table));
        if (span.isValid() && span.next()) {
            d.firstNs = span.isNull(0) ? 0 : span.int64(0);
            d.lastNs = span.isNull(1) ? 0 : span.int64(1);
        }
    }
    // Saturating: a damaged export's times (2^63 − 1) must not overflow the span.
    const qint64 span = d.lastNs > d.firstNs && quint64(d.lastNs) - quint64(d.firstNs) < quint64(1) << 62
        ? d.lastNs - d.firstNs
        : (d.lastNs > d.firstNs ? qint64(1) << 62 : 1);
    m_fineBinNs = (span + ExportDigester::maxBins - 1) / ExportDigester::maxBins;
    // demangledName tells iterations apart best: template arguments make the kernels of two
    // places in a step different. In the Wan2.1 inference export (SOURCES.md) 13 names share the
    // iteration count by demangledName, 2 by shortName.
    const QString select
        = QStringLiteral("SELECT start, end, deviceId, streamId, %1, %2, shortName, %3 FROM %4")
              .arg(m_schema.columnOr(table, QStringLiteral("correlationId"), QStringLiteral("0")),
                  m_schema.columnOr(table, QStringLiteral("globalPid"), QStringLiteral("0")),
                  m_schema.columnOr(table, QStringLiteral("demangledName"), QStringLiteral("shortName")), table);
    const qint64 progress = m_ctx.rowsDone.load();
    m_scan.byDevice = !m_byProcess; // the whole export's digest: one union per GPU from the start
    if (!scanKernels(select, m_scan, progress, error))
        return false;
    // Two or more ranks: processes that ran NCCL kernels, or GPUs one process drove.
    const QHash<qint64, QSet<int>> gpus = rankGpus();
    const bool split = m_byProcess && (gpus.size() >= 2 || (gpus.size() == 1 && !gpus.cbegin()->isEmpty()));
    if (!split && !m_scan.byDevice && m_scan.sharesDevice()) {
        // One rank after all, on a GPU several processes share: one busy-time union per GPU, read
        // sorted at once when the first scan had to be.
        const bool sorted = m_scan.sorted;
        m_scan = KernelScan();
        m_scan.byDevice = true;
        m_scan.sorted = sorted;
        if (!scanKernels(select, m_scan, progress, error))
            return false;
    }
    if (!m_scan.sorted)
        sortCollectives();
    keepKernelProcesses(m_scan.pids, m_schema.hasColumn(table, QStringLiteral("globalPid")));
    if (!m_schema.hasTable(tables::kTargetInfoGpu)) {
        // No TARGET_INFO_GPU (the 2026 fastvideo exports): the GPUs the kernels ran on.
        QSet<qint64> ids;
        for (const DeviceBins& b : m_scan.bins)
            ids.insert(b.device);
        d.devices.assign(ids.cbegin(), ids.cend());
        std::sort(d.devices.begin(), d.devices.end());
    }
    finishBins(-1, -1, d);
    if (split)
        this->split(gpus);
    return true;
}

bool Digestion::scanKernels(const QString& select, KernelScan& scan, qint64 progress, QString* error)
{
    // The scan needs each GPU's kernels in start order (the bins' cursors, the collectives'
    // ordinals). Exports store them so, in time order or in per-process blocks each in time
    // order: read them as stored, the collectives then put in start order (sortCollectives); only
    // when a GPU's start goes back, again through SQLite's sorter (ORDER BY start, rowid: the
    // same order), which costs 1.5 s of a 5 M-kernel export's 4 s.
    const auto restart = [&] {
        m_ctx.rowsDone.store(progress);
        m_s.d.kernels = 0;
        m_s.d.collectives.clear();
        m_s.correlations.clear();
        m_s.launchTid.clear();
    };
    const auto row = [&](const SqliteStatement& st) { return kernelRow(st, scan); };
    restart();
    if (!scan.sorted) {
        if (!scanRows(m_db, m_ctx, select, error, row))
            return false;
        if (!scan.outOfOrder)
            return true;
    }
    const bool byDevice = scan.byDevice;
    scan = KernelScan();
    scan.byDevice = byDevice;
    scan.sorted = true;
    restart();
    return scanRows(m_db, m_ctx, select + QStringLiteral(" ORDER BY start, rowid"), error, row);
}

void Digestion::sortCollectives()
{
    // Stable by start: equal starts keep the scan's (rowid) order, as ORDER BY start, rowid. A
    // stream's collectives keep their order, hence their ordinals; the stream indices (order of a
    // stream's first collective) are numbered again in the new order.
    RankState& r = m_s;
    std::vector<size_t> order(r.d.collectives.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(),
        [&](size_t a, size_t b) { return r.d.collectives[a].startNs < r.d.collectives[b].startNs; });
    RankState sorted;
    sorted.takeCollectives(r, order);
    r.d.collectives.swap(sorted.d.collectives), r.correlations.swap(sorted.correlations),
        r.launchTid.swap(sorted.launchTid);
}

bool Digestion::kernelRow(const SqliteStatement& st, KernelScan& s)
{
    const qint64 start = st.int64(0), end = std::max(st.int64(1), st.int64(0));
    const qint64 device = st.int64(2), stream = st.int64(3);
    if (st.int64(5) != s.lastGlobalPid) { // kernels come in runs of one process: one set lookup per run
        s.lastGlobalPid = st.int64(5);
        s.lastPid = pidOf(s.lastGlobalPid);
        s.pids.insert(s.lastPid);
    }
    DeviceBins& b = s.binsOfRow(s.lastPid, device);
    if (!s.sorted && start < b.lastStart) {
        s.outOfOrder = true;
        return false;
    }
    b.lastStart = start;
    if (b.kernels++ == 0)
        b.keepSequence = s.byDevice ? m_steps.empty() : !m_steps.hasProcess(s.lastPid);
    if (b.keepSequence)
        b.sequence.append(start, end, st.int64(7));
    ++m_s.d.kernels;
    const int op = opIndex(st.int64(6));
    addCovered(op >= 0 ? b.comm : b.compute, op >= 0 ? &b.commCursor : &b.computeCursor, start, end, m_s.d.firstNs,
        m_fineBinNs);
    addCovered(b.any, &b.anyCursor, start, end, m_s.d.firstNs, m_fineBinNs);
    if (op < 0)
        return true;
    // A stream is a process' own (stream ids are per context), but the whole export's digest keeps
    // version 3's numbering by GPU and stream.
    const StreamKey key { s.byDevice ? 0 : s.lastPid, { device, stream } };
    const int index = s.streamIndex.contains(key) ? s.streamIndex.value(key) : int(s.streamIndex.size());
    s.streamIndex.insert(key, index);
    qint64& ordinal = s.ordinals[{ key, op }];
    m_s.d.collectives.push_back({ m_ops[op], index, ordinal++, stream, int(device), -1, start, end, -1 });
    m_s.correlations.emplace_back(st.int64(5), st.int64(4));
    m_s.launchTid.push_back(-1);
    return true;
}

void Digestion::finishBins(qint64 pid, int gpu, RankDigest& out) const
{
    // The scan fills maxBins fine bins per GPU (their width fixed before the kernel count is
    // known); the digest keeps binsFor(kernels) of them, each the sum of `factor` whole fine bins.
    std::vector<const DeviceBins*> gpus;
    for (const DeviceBins& b : m_scan.bins)
        if ((pid < 0 || b.pid == pid) && (gpu < 0 || b.device == gpu))
            gpus.push_back(&b);
    std::sort(gpus.begin(), gpus.end(), [](const DeviceBins* a, const DeviceBins* b) { return a->device < b->device; });
    const int count = ExportDigester::binsFor(out.kernels, int(gpus.size()));
    const int factor = ExportDigester::maxBins / count;
    for (const DeviceBins* b : gpus) {
        for (int i = 0; i < count; ++i) {
            DigestBin bin { int(b->device), i, 0, 0, 0 };
            for (int j = i * factor; j < (i + 1) * factor; ++j) {
                // Clipped to last_ns: the last fine bin ends there, and in a span under 256
                // widths (a short capture) the bins after it start past it and hold no time.
                const qint64 from = out.firstNs + j * m_fineBinNs;
                const qint64 to
                    = j == ExportDigester::maxBins - 1 ? out.lastNs : std::min(out.lastNs, from + m_fineBinNs);
                const qint64 width = std::max<qint64>(0, to - from);
                bin.computeNs += b->compute[size_t(j)];
                bin.commNs += b->comm[size_t(j)];
                bin.idleNs += std::max<qint64>(0, width - b->any[size_t(j)]);
                out.exposedCommNs += b->any[size_t(j)] - b->compute[size_t(j)];
            }
            out.bins.push_back(bin);
            out.computeNs += bin.computeNs;
            out.commNs += bin.commNs;
        }
    }
    out.binNs = m_fineBinNs * factor;
}

void Digestion::keepKernelProcesses(const QSet<qint64>& kernelPids, bool known)
{
    // PROCESSES lists every process nsys saw on the host (1 770 in a CloverLeaf export: half its
    // digest); the rank is the processes that ran kernels. Exports without PROCESSES (2021.x,
    // mordred-gpudb-quadro6000-2021.2) name them only in the kernels' globalPid.
    RankDigest& d = m_s.d;
    if (!known)
        return;
    if (!m_schema.hasTable(tables::kProcesses)) {
        d.pids.assign(kernelPids.cbegin(), kernelPids.cend());
        std::sort(d.pids.begin(), d.pids.end());
        return;
    }
    std::erase_if(d.pids, [&](qint64 pid) { return !kernelPids.contains(pid); });
}

void Digestion::split(const QHash<qint64, QSet<int>>& ncclGpus)
{
    // A single-node multi-GPU run profiled as one (`nsys profile torchrun --nproc_per_node=N`):
    // each process that ran NCCL kernels is a rank; a process that ran them on two or more GPUs
    // (one process driving a node's GPUs: ncclCommInitAll, a thread per GPU, JAX) is a rank per
    // GPU. The launcher's environment names no worker's rank, so without a CommInitRank payload
    // the ranks are left to the cluster's guess, in the order of their lowest GPU (torchrun's
    // LOCAL_RANK usually picks the GPU), then pid.
    std::map<std::pair<qint64, int>, std::vector<size_t>> collectivesOf; // (pid, GPU or -1) → its collectives
    for (size_t i = 0; i < m_s.d.collectives.size(); ++i) {
        const qint64 pid = pidOf(m_s.correlations[i].first);
        collectivesOf[{ pid, ncclGpus.value(pid).isEmpty() ? -1 : m_s.d.collectives[i].device }].push_back(i);
    }
    std::vector<std::tuple<qint64, qint64, int>> order; // (lowest GPU, pid, GPU or -1)
    for (const auto& [rank, collectives] : collectivesOf) {
        qint64 lowest = std::numeric_limits<qint64>::max();
        for (const DeviceBins& b : m_scan.bins)
            lowest = b.pid == rank.first && (rank.second < 0 || b.device == rank.second) ? std::min(lowest, b.device)
                                                                                         : lowest;
        order.emplace_back(lowest, rank.first, rank.second);
    }
    std::sort(order.begin(), order.end());
    for (const auto& [lowest, pid, gpu] : order) {
        RankState r;
        r.d = identityOf(m_s.d);
        r.d.process = pid;
        r.d.device = gpu;
        r.d.processes = int(order.size());
        r.d.pids = { pid };
        for (const DeviceBins& b : m_scan.bins)
            if (b.pid == pid && (gpu < 0 || b.device == gpu)) {
                r.d.devices.push_back(int(b.device));
                r.d.kernels += b.kernels;
            }
        std::sort(r.d.devices.begin(), r.d.devices.end());
        finishBins(pid, gpu, r.d);
        r.takeCollectives(m_s, collectivesOf[{ pid, gpu }]); // the process' (GPU's) own stream numbering
        m_ranks.push_back(std::move(r));
    }
}

QHash<qint64, QSet<int>> Digestion::rankGpus() const
{
    // A process drove several GPUs when two or more ran comparable numbers of its NCCL kernels
    // (each at least half the busiest one's): then each GPU with NCCL kernels is a rank. A worker
    // of one GPU whose first barrier ran on GPU 0 (PyTorch's, before set_device) stays one rank.
    QHash<qint64, QHash<int, qint64>> counts; // pid → GPU → its NCCL kernels
    for (size_t i = 0; i < m_s.d.collectives.size(); ++i)
        ++counts[pidOf(m_s.correlations[i].first)][m_s.d.collectives[i].device];
    QHash<qint64, QSet<int>> out;
    for (auto p = counts.cbegin(); p != counts.cend(); ++p) {
        const qint64 busiest = *std::max_element(p->cbegin(), p->cend());
        const auto comparable = std::count_if(p->cbegin(), p->cend(), [&](qint64 n) { return 2 * n >= busiest; });
        QSet<int>& gpus = out[p.key()];
        for (auto g = p->cbegin(); comparable >= 2 && g != p->cend(); ++g)
            gpus.insert(g.key());
    }
    return out;
}

bool Digestion::launches(QString* error)
{
    const QString table = tables::kRuntime;
    RankState& r = m_s;
    if (r.d.collectives.empty() || !m_schema.hasTable(table))
        return true;
    QHash<std::pair<qint64, qint64>, std::pair<RankState*, size_t>> byCorrelation; // → its rank's collective
    for (RankState& rank : m_ranks)
        for (size_t i = 0; i < rank.correlations.size(); ++i)
            if (rank.correlations[i].second != 0)
                byCorrelation.insert(rank.correlations[i], { &rank, i });
    for (size_t i = 0; i < r.correlations.size(); ++i)
        if (r.correlations[i].second != 0 && m_ranks.empty())
            byCorrelation.insert(r.correlations[i], { &r, i });
    // A runtime row's process is its globalTid with the thread bits cleared (<HW:8><VM:8><pid:24><tid:24>).
    const QString sql = QStringLiteral(
        "SELECT globalTid & ~16777215, correlationId, start, globalTid FROM %1 WHERE correlationId IS NOT NULL")
                            .arg(table);
    return scanRows(m_db, m_ctx, sql, error, [&](const SqliteStatement& st) {
        const auto it = byCorrelation.constFind({ st.int64(0), st.int64(1) });
        if (it != byCorrelation.constEnd()) {
            it->first->d.collectives[it->second].launchNs = st.int64(2);
            it->first->launchTid[it->second] = st.int64(3);
        }
    });
}

void Digestion::assignSteps()
{
    if (m_ranks.empty())
        m_s.d.steps = m_steps.take(-1);
    QHash<qint64, std::vector<DigestStep>> ofProcess; // the GPUs of one process share its steps
    for (RankState& r : m_ranks) {
        if (!ofProcess.contains(r.d.process))
            ofProcess.insert(r.d.process, m_steps.take(r.d.process));
        r.d.steps = ofProcess.value(r.d.process);
    }
}

void Digestion::iterations()
{
    // A rank's loop on its busiest GPU (of its process, or of the whole export): the steps of a
    // rank whose NVTX names none, so that its step times and the straggler's what-if exist.
    const auto detect = [&](qint64 pid, RankDigest& d) {
        const DeviceBins* busiest = nullptr;
        for (const DeviceBins& b : m_scan.bins)
            if ((pid < 0 || b.pid == pid) && (d.device < 0 || b.device == d.device)
                && (!busiest || b.kernels > busiest->kernels))
                busiest = &b;
        if (!d.steps.empty() || !busiest)
            return;
        const IterationDetector::Result r = IterationDetector::detect(busiest->sequence);
        for (size_t k = 0; r.found && k + 1 < r.boundsNs.size(); ++k)
            d.steps.push_back(
                { QLatin1String(DigestStep::kIterationPrefix) + QString::number(k), r.boundsNs[k], r.boundsNs[k + 1] });
    };
    if (m_ranks.empty())
        detect(-1, m_s.d);
    for (RankState& r : m_ranks)
        detect(r.d.process, r.d);
    for (DeviceBins& b : m_scan.bins)
        b.sequence = KernelSequence();
}

bool Digestion::payloads(QString* error)
{
    NcclPayloads payloads;
    if (!payloads.read(m_db, m_schema, m_ctx, error))
        return false;
    if (m_ranks.empty()) {
        m_s.applyPayloads(payloads.calls());
        return true;
    }
    std::map<qint64, std::vector<RankState*>> ofProcess; // pid → its rank, or its GPUs' ranks
    for (RankState& r : m_ranks)
        ofProcess[r.d.process].push_back(&r);
    for (const auto& [pid, ranks] : ofProcess) { // each process its own calls: still sorted by (tid, start)
        std::vector<NcclPayloads::Call> own;
        for (const NcclPayloads::Call& c : payloads.calls())
            if (pidOf(c.tid) == pid)
                own.push_back(c);
        if (ranks.front()->d.device < 0)
            ranks.front()->applyPayloads(own);
        else
            RankState::applyPayloads(ranks, own);
    }
    return true;
}

std::vector<RankDigest> Digestion::take()
{
    std::vector<RankDigest> out;
    if (m_ranks.empty())
        out.push_back(std::move(m_s.d));
    for (RankState& r : m_ranks)
        out.push_back(std::move(r.d));
    return out;
}

} // namespace

int ExportDigester::binsFor(qint64 kernels, int devices)
{
    const qint64 perDevice = kernels / std::max(1, devices) / kernelsPerBin;
    int bins = 16;
    while (bins < maxBins && bins * 2 <= perDevice)
        bins *= 2;
    return bins;
}

bool ExportDigester::isPointToPoint(const QString& op)
{
    return op == QLatin1String("SendRecv") || op == QLatin1String("Send") || op == QLatin1String("Recv");
}

int ExportDigester::rankFromEnvironment(const QStringList& variables, QString* source)
{
    for (const char* name : { "RANK", "SLURM_PROCID", "OMPI_COMM_WORLD_RANK", "PMI_RANK" }) {
        const QString prefix = QLatin1String(name) + QLatin1Char('=');
        for (const QString& v : variables) {
            if (!v.startsWith(prefix))
                continue;
            QString value = v.mid(prefix.size()).trimmed();
            if (value.size() >= 2 && value.startsWith(QLatin1Char('"')) && value.endsWith(QLatin1Char('"')))
                value = value.mid(1, value.size() - 2);
            bool ok = false;
            const int rank = value.toInt(&ok);
            if (ok && rank >= 0) {
                *source = QStringLiteral("env:") + QLatin1String(name);
                return rank;
            }
        }
    }
    *source = QStringLiteral("none");
    return -1;
}

bool ExportDigester::digest(
    const QString& path, RankDigest* out, QString* error, const std::function<bool()>& cancelled)
{
    std::vector<RankDigest> whole;
    if (!digestExport(path, false, &whole, error, cancelled))
        return false;
    *out = std::move(whole.front());
    return true;
}

bool ExportDigester::digestRanks(
    const QString& path, std::vector<RankDigest>* out, QString* error, const std::function<bool()>& cancelled)
{
    return digestExport(path, true, out, error, cancelled);
}

bool ExportDigester::digestExport(const QString& path, bool byProcess, std::vector<RankDigest>* out, QString* error,
    const std::function<bool()>& cancelled)
{
    ExportOpener::Opened opened;
    const LoadOutcome outcome = ExportOpener::open(path, &opened);
    if (outcome.error != LoadError::None) {
        *error = outcome.message;
        return false;
    }
    const QString file = QFileInfo(path).fileName();
    LoadContext ctx;
    ctx.cancelRequested = cancelled;
    QString sqlError;
    // The file's hash (I/O and SHA-256: 0.4 s of a 688 MB export) on a thread of its own while
    // this one streams the tables, as the loader does; stopped early when the digest fails.
    FileHash hash(path, cancelled);
    bool read = false;
    std::vector<RankDigest> digests;
    {
        Digestion run(path, opened, byProcess, ctx);
        run.identity();
        read = run.readSteps(&sqlError) && run.kernels(&sqlError) && run.launches(&sqlError) && run.payloads(&sqlError);
        if (read) {
            run.assignSteps();
            run.iterations();
        }
        digests = run.take();
    }
    if (!read)
        hash.cancel();
    const FileHash::Result& hashed = hash.result();
    if (ctx.cancelled()) {
        *error = tr("Digesting %1 was cancelled.").arg(file);
        return false;
    }
    if (!read || !hashed.ok()) {
        *error = !read ? tr("Cannot read %1: %2").arg(file, sqlError) : hashed.error;
        return false;
    }
    for (RankDigest& d : digests)
        d.sha256 = hashed.sha256;
    *out = std::move(digests);
    return true;
}

} // namespace sl
