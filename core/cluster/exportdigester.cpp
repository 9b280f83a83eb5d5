// SPDX-License-Identifier: MIT
#include "core/cluster/exportdigester.h"

#include "core/cluster/ncclpayloads.h"
#include "core/io/exportopener.h"
#include "core/io/rowscan.h"
#include "core/trace/tablenames.h"
#include "core/util/filehash.h"

#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <limits>
#include <numeric>
#include <optional>

namespace sl {

namespace {

/// Busy-time union of one GPU in time bins, fed intervals in start order: each class keeps a
/// cursor (covered up to, ns), so an interval adds only what is not covered yet.
struct DeviceBins
{
    std::vector<qint64> compute, comm, any;
    qint64 computeCursor = 0, commCursor = 0, anyCursor = 0;
    qint64 lastStart = std::numeric_limits<qint64>::min(); ///< ns, of this GPU's last kernel
};

/// What the kernel scan builds besides the digest's own rows.
struct KernelScan
{
    std::vector<DeviceBins> bins;
    QHash<qint64, size_t> binsOf; ///< deviceId → index into bins
    QHash<std::pair<qint64, qint64>, int> streamIndex; ///< (device, stream) → order of first collective
    QHash<std::pair<std::pair<qint64, qint64>, int>, qint64> ordinals; ///< ((device, stream), op) → so far
    QSet<qint64> pids; ///< processes that ran a kernel
    qint64 lastGlobalPid = -1;
    bool outOfOrder = false; ///< a GPU's start went back: its rows are not stored in start order
    bool sorted = false; ///< the rows come through ORDER BY start: no order check (TEXT sorts last)
};

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

bool isStepName(const QString& n)
{
    return n.startsWith(QLatin1String("ProfilerStep#")) || n == QLatin1String("prefill")
        || n == QLatin1String("decode_step") || n.startsWith(QLatin1String("execute_context_"))
        || n.startsWith(QLatin1String("[Executor] _forward_step")) || n == QLatin1String("scheduler.run_batch");
}

QString text(const SqliteConnection& db, const QString& sql)
{
    SqliteStatement st(db, sql);
    return st.next() ? st.text(0) : QString();
}

/// Scans of one open export into one RankDigest.
class Digestion
{
public:
    Digestion(const QString& path, const ExportOpener::Opened& opened, RankDigest& d, LoadContext& ctx)
        : m_path(path)
        , m_db(*opened.db)
        , m_schema(opened.schema)
        , m_d(d)
        , m_ctx(ctx)
    {
    }
    void identity();
    bool kernels(QString* error);
    bool launches(QString* error);
    bool steps(QString* error);
    bool payloads(QString* error);

private:
    using Calls = std::vector<NcclPayloads::Call>;
    int communicator(quint64 hash);
    void attribute(const Calls& calls);
    void ordinals();
    int opIndex(qint64 nameId);
    /// One kernel row into the bins and collectives; false (and scan.outOfOrder) when its start
    /// is before the previous row's.
    bool kernelRow(const SqliteStatement& st, KernelScan& scan);
    /// The collectives (and their launch keys) of a scan in stored order, put in start order.
    void sortCollectives();
    void finishBins(const std::vector<DeviceBins>& bins, const QHash<qint64, size_t>& binsOf);
    /// Keeps the PROCESSES pids that ran a kernel (when the kernel table says, `known`).
    void keepKernelProcesses(const QSet<qint64>& kernelPids, bool known);

    QString m_path;
    const SqliteConnection& m_db;
    const Schema& m_schema;
    RankDigest& m_d;
    LoadContext& m_ctx;
    QHash<qint64, int> m_opOfName; ///< StringIds id → index into m_ops, -1 = not NCCL
    QStringList m_ops;
    std::vector<std::pair<qint64, qint64>> m_correlations; ///< per collective: (globalPid, correlationId)
    std::vector<qint64> m_launchTid; ///< per collective: globalTid of its launch call, -1 unknown
    QHash<quint64, int> m_commIndex; ///< communicator hash → index into m_d.communicators
};

void Digestion::identity()
{
    // EXPORT_META_DATA is the table's name before nsys 2023.3 (the real 2022.1-2023.2 exports).
    if (const QString meta = m_schema.firstTable({ tables::kMetaDataExport, tables::kExportMetaData });
        !meta.isEmpty()) {
        m_d.nsysVersion
            = text(m_db, QStringLiteral("SELECT value FROM %1 WHERE name = 'EXPORT_PRODUCT_VERSION'").arg(meta));
        m_d.schemaVersion
            = text(m_db, QStringLiteral("SELECT value FROM %1 WHERE name = 'EXPORT_SCHEMA_VERSION'").arg(meta));
    }
    if (m_schema.hasTable(tables::kTargetInfoSystemEnv))
        m_d.hostname = text(
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
    m_d.rank = ExportDigester::rankFromEnvironment(env, &m_d.rankSource);
    const QString session = tables::kTargetInfoSessionStartTime;
    if (m_schema.hasTable(session)) {
        m_d.utcEpochNs = m_db.scalar(QStringLiteral("SELECT utcEpochNs FROM %1").arg(session), 0);
        if (m_schema.hasColumn(session, QStringLiteral("systemClockNs")))
            m_d.systemClockNs
                = m_db.scalar(QStringLiteral("SELECT coalesce(systemClockNs, -1) FROM %1").arg(session), -1);
    }
    if (m_schema.hasTable(tables::kTargetInfoGpu)) {
        SqliteStatement st(m_db, QStringLiteral("SELECT DISTINCT id FROM %1 ORDER BY id").arg(tables::kTargetInfoGpu));
        while (st.next())
            m_d.devices.push_back(int(st.int64(0)));
    }
    if (m_schema.hasTable(tables::kProcesses)) {
        SqliteStatement st(m_db, QStringLiteral("SELECT DISTINCT pid FROM %1 ORDER BY pid").arg(tables::kProcesses));
        while (st.next())
            m_d.pids.push_back(st.int64(0));
    }
}

int Digestion::opIndex(qint64 nameId)
{
    const auto it = m_opOfName.constFind(nameId);
    if (it != m_opOfName.constEnd())
        return *it;
    const QString op = ExportDigester::ncclOp(
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
    {
        SqliteStatement span(m_db, QStringLiteral("SELECT min(start), max(end) FROM %1").arg(table));
        if (span.isValid() && span.next()) {
            m_d.firstNs = span.isNull(0) ? 0 : span.int64(0);
            m_d.lastNs = span.isNull(1) ? 0 : span.int64(1);
        }
    }
    // Saturating: a damaged export's times (2^63 − 1) must not overflow the span.
    const qint64 span = m_d.lastNs > m_d.firstNs && quint64(m_d.lastNs) - quint64(m_d.firstNs) < quint64(1) << 62
        ? m_d.lastNs - m_d.firstNs
        : (m_d.lastNs > m_d.firstNs ? qint64(1) << 62 : 1);
    m_d.binNs = (span + ExportDigester::maxBins - 1) / ExportDigester::maxBins;
    const QString select = QStringLiteral("SELECT start, end, deviceId, streamId, %1, %2, shortName FROM %3")
                               .arg(m_schema.columnOr(table, QStringLiteral("correlationId"), QStringLiteral("0")),
                                   m_schema.columnOr(table, QStringLiteral("globalPid"), QStringLiteral("0")), table);
    // The scan needs each GPU's kernels in start order (the bins' cursors, the collectives'
    // ordinals). Exports store them so, in time order or in per-process blocks each in time
    // order: read them as stored, the collectives then put in start order (sortCollectives); only
    // when a GPU's start goes back, again through SQLite's sorter (ORDER BY start, rowid: the
    // same order), which costs 1.5 s of a 5 M-kernel export's 4 s.
    const qint64 progress = m_ctx.rowsDone.load();
    KernelScan scan;
    if (!scanRows(m_db, m_ctx, select, error, [&](const SqliteStatement& st) { return kernelRow(st, scan); }))
        return false;
    if (scan.outOfOrder) {
        m_ctx.rowsDone.store(progress);
        scan = KernelScan();
        scan.sorted = true;
        m_d.kernels = 0;
        m_d.collectives.clear();
        m_correlations.clear();
        m_launchTid.clear();
        if (!scanRows(m_db, m_ctx, select + QStringLiteral(" ORDER BY start, rowid"), error,
                [&](const SqliteStatement& st) { return kernelRow(st, scan); }))
            return false;
    }
    if (!scan.sorted)
        sortCollectives();
    keepKernelProcesses(scan.pids, m_schema.hasColumn(table, QStringLiteral("globalPid")));
    if (!m_schema.hasTable(tables::kTargetInfoGpu)) {
        // No TARGET_INFO_GPU (the 2026 fastvideo exports): the GPUs the kernels ran on.
        const QList<qint64> ids = scan.binsOf.keys();
        m_d.devices.assign(ids.cbegin(), ids.cend());
        std::sort(m_d.devices.begin(), m_d.devices.end());
    }
    finishBins(scan.bins, scan.binsOf);
    return true;
}

void Digestion::sortCollectives()
{
    // Stable by start: equal starts keep the scan's (rowid) order, as ORDER BY start, rowid. A
    // stream's collectives keep their order, hence their ordinals; the stream indices (order of a
    // stream's first collective) are numbered again in the new order.
    std::vector<size_t> order(m_d.collectives.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(),
        [&](size_t a, size_t b) { return m_d.collectives[a].startNs < m_d.collectives[b].startNs; });
    std::vector<DigestCollective> collectives;
    std::vector<std::pair<qint64, qint64>> correlations;
    std::vector<qint64> launchTid;
    collectives.reserve(order.size()), correlations.reserve(order.size()), launchTid.reserve(order.size());
    QHash<int, int> renumbered; // stream index in the scan → in start order
    for (const size_t i : order) {
        DigestCollective c = m_d.collectives[i];
        const auto it = renumbered.constFind(c.streamIndex);
        c.streamIndex = it != renumbered.constEnd() ? *it : *renumbered.insert(c.streamIndex, int(renumbered.size()));
        collectives.push_back(std::move(c));
        correlations.push_back(m_correlations[i]);
        launchTid.push_back(m_launchTid[i]);
    }
    m_d.collectives.swap(collectives), m_correlations.swap(correlations), m_launchTid.swap(launchTid);
}

bool Digestion::kernelRow(const SqliteStatement& st, KernelScan& s)
{
    const qint64 start = st.int64(0), end = std::max(st.int64(1), st.int64(0));
    const qint64 device = st.int64(2), stream = st.int64(3);
    auto it = s.binsOf.constFind(device);
    if (it == s.binsOf.constEnd()) {
        s.bins.push_back({ std::vector<qint64>(ExportDigester::maxBins), std::vector<qint64>(ExportDigester::maxBins),
            std::vector<qint64>(ExportDigester::maxBins) });
        it = s.binsOf.insert(device, s.bins.size() - 1);
    }
    DeviceBins& b = s.bins[*it];
    if (!s.sorted && start < b.lastStart) {
        s.outOfOrder = true;
        return false;
    }
    b.lastStart = start;
    ++m_d.kernels;
    if (st.int64(5) != s.lastGlobalPid) { // kernels come in runs of one process: one set lookup per run
        s.lastGlobalPid = st.int64(5);
        s.pids.insert((s.lastGlobalPid >> 24) & 0xFFFFFF); // <HW:8><VM:8><pid:24><tid:24>
    }
    const int op = opIndex(st.int64(6));
    addCovered(
        op >= 0 ? b.comm : b.compute, op >= 0 ? &b.commCursor : &b.computeCursor, start, end, m_d.firstNs, m_d.binNs);
    addCovered(b.any, &b.anyCursor, start, end, m_d.firstNs, m_d.binNs);
    if (op < 0)
        return true;
    const std::pair<qint64, qint64> key { device, stream };
    const int index = s.streamIndex.contains(key) ? s.streamIndex.value(key) : int(s.streamIndex.size());
    s.streamIndex.insert(key, index);
    qint64& ordinal = s.ordinals[{ key, op }];
    m_d.collectives.push_back({ m_ops[op], index, ordinal++, stream, int(device), -1, start, end, -1 });
    m_correlations.emplace_back(st.int64(5), st.int64(4));
    m_launchTid.push_back(-1);
    return true;
}

void Digestion::finishBins(const std::vector<DeviceBins>& bins, const QHash<qint64, size_t>& binsOf)
{
    // The scan fills maxBins fine bins per GPU (their width fixed before the kernel count is
    // known); the digest keeps binsFor(kernels) of them, each the sum of `factor` whole fine bins.
    const QList<qint64> devices = binsOf.keys();
    std::vector<qint64> order(devices.begin(), devices.end());
    std::sort(order.begin(), order.end());
    const int count = ExportDigester::binsFor(m_d.kernels, int(order.size()));
    const int factor = ExportDigester::maxBins / count;
    for (const qint64 device : order) {
        const DeviceBins& b = bins[binsOf.value(device)];
        for (int i = 0; i < count; ++i) {
            DigestBin out { int(device), i, 0, 0, 0 };
            for (int j = i * factor; j < (i + 1) * factor; ++j) {
                // Clipped to last_ns: the last fine bin ends there, and in a span under 256
                // widths (a short capture) the bins after it start past it and hold no time.
                const qint64 from = m_d.firstNs + j * m_d.binNs;
                const qint64 to
                    = j == ExportDigester::maxBins - 1 ? m_d.lastNs : std::min(m_d.lastNs, from + m_d.binNs);
                const qint64 width = std::max<qint64>(0, to - from);
                out.computeNs += b.compute[size_t(j)];
                out.commNs += b.comm[size_t(j)];
                out.idleNs += std::max<qint64>(0, width - b.any[size_t(j)]);
                m_d.exposedCommNs += b.any[size_t(j)] - b.compute[size_t(j)];
            }
            m_d.bins.push_back(out);
            m_d.computeNs += out.computeNs;
            m_d.commNs += out.commNs;
        }
    }
    m_d.binNs *= factor;
}

void Digestion::keepKernelProcesses(const QSet<qint64>& kernelPids, bool known)
{
    // PROCESSES lists every process nsys saw on the host (1 770 in a CloverLeaf export: half its
    // digest); the rank is the processes that ran kernels. Exports without PROCESSES (2021.x,
    // mordred-gpudb-quadro6000-2021.2) name them only in the kernels' globalPid.
    if (!known)
        return;
    if (!m_schema.hasTable(tables::kProcesses)) {
        m_d.pids.assign(kernelPids.cbegin(), kernelPids.cend());
        std::sort(m_d.pids.begin(), m_d.pids.end());
        return;
    }
    std::erase_if(m_d.pids, [&](qint64 pid) { return !kernelPids.contains(pid); });
}

bool Digestion::launches(QString* error)
{
    const QString table = tables::kRuntime;
    if (m_d.collectives.empty() || !m_schema.hasTable(table))
        return true;
    QHash<std::pair<qint64, qint64>, size_t> byCorrelation; // (globalPid, correlationId) → collective
    for (size_t i = 0; i < m_correlations.size(); ++i)
        if (m_correlations[i].second != 0)
            byCorrelation.insert(m_correlations[i], i);
    // A runtime row's process is its globalTid with the thread bits cleared (<HW:8><VM:8><pid:24><tid:24>).
    const QString sql = QStringLiteral(
        "SELECT globalTid & ~16777215, correlationId, start, globalTid FROM %1 WHERE correlationId IS NOT NULL")
                            .arg(table);
    return scanRows(m_db, m_ctx, sql, error, [&](const SqliteStatement& st) {
        const auto it = byCorrelation.constFind({ st.int64(0), st.int64(1) });
        if (it != byCorrelation.constEnd()) {
            m_d.collectives[*it].launchNs = st.int64(2);
            m_launchTid[*it] = st.int64(3);
        }
    });
}

bool Digestion::steps(QString* error)
{
    const QString table = tables::kNvtxEvents;
    if (!m_schema.hasTable(table))
        return true;
    // 59 = push/pop range, 60 = start/end range (ENUM_NSYS_EVENT_TYPE). Read as stored, not
    // ORDER BY start: that sent every range through SQLite's sorter, while only the few step
    // ranges need an order. They are sorted here, stably, so ties keep the stored order.
    const QString sql = QStringLiteral("SELECT n.start, n.end, COALESCE(n.text, s.value) FROM %1 n LEFT JOIN %2 "
                                       "s ON s.id = n.textId WHERE n.eventType IN (59, 60) AND n.end IS NOT NULL")
                            .arg(table, tables::kStringIds);
    const bool ok = scanRows(m_db, m_ctx, sql, error, [&](const SqliteStatement& st) {
        const QString name = st.text(2);
        if (isStepName(name))
            m_d.steps.push_back({ name, st.int64(0), st.int64(1) });
    });
    std::stable_sort(m_d.steps.begin(), m_d.steps.end(),
        [](const DigestStep& a, const DigestStep& b) { return a.startNs < b.startNs; });
    return ok;
}

int Digestion::communicator(quint64 hash)
{
    const auto it = m_commIndex.constFind(hash);
    if (it != m_commIndex.constEnd())
        return *it;
    m_d.communicators.push_back({ hash, -1, -1 });
    return *m_commIndex.insert(hash, int(m_d.communicators.size()) - 1);
}

bool Digestion::payloads(QString* error)
{
    NcclPayloads payloads;
    if (!payloads.read(m_db, m_schema, m_ctx, error))
        return false;
    const Calls& calls = payloads.calls();
    // The communicators in order of their first call in time (the calls come by thread, then
    // time), each with its first init call's rank. The rank: this process' rank in its largest
    // communicator (the world).
    std::vector<size_t> byTime(calls.size());
    std::iota(byTime.begin(), byTime.end(), size_t(0));
    std::stable_sort(
        byTime.begin(), byTime.end(), [&](size_t a, size_t b) { return calls[a].startNs < calls[b].startNs; });
    int worldSize = 0, worldRank = -1;
    for (const size_t i : byTime) {
        const NcclPayloads::Call& c = calls[i];
        const int index = communicator(c.comm);
        if (c.nranks <= 0 || m_d.communicators[size_t(index)].nranks > 0)
            continue;
        m_d.communicators[size_t(index)].nranks = c.nranks;
        m_d.communicators[size_t(index)].rank = c.rank;
        if (c.nranks > worldSize) {
            worldSize = c.nranks;
            worldRank = c.rank;
        }
    }
    if (m_d.rank < 0 && worldRank >= 0) {
        m_d.rank = worldRank;
        m_d.rankSource = QStringLiteral("nccl:CommInitRank");
    }
    attribute(calls);
    ordinals();
    return true;
}

void Digestion::attribute(const Calls& calls)
{
    std::vector<size_t> order; // collectives with a known launch call, by (thread, launch start)
    for (size_t i = 0; i < m_d.collectives.size(); ++i)
        if (m_launchTid[i] >= 0)
            order.push_back(i);
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return std::pair(m_launchTid[a], m_d.collectives[a].launchNs)
            < std::pair(m_launchTid[b], m_d.collectives[b].launchNs);
    });
    const auto before = [](const NcclPayloads::Call& c, const std::pair<qint64, qint64>& k) {
        return std::pair(c.tid, c.startNs) < k;
    };
    qint64 previousTid = -1, previousLaunch = 0;
    for (const size_t i : order) {
        DigestCollective& c = m_d.collectives[i];
        const qint64 tid = m_launchTid[i], t = c.launchNs;
        const qint64 after = tid == previousTid ? previousLaunch : std::numeric_limits<qint64>::min();
        const auto first = std::lower_bound(calls.begin(), calls.end(), std::pair(tid, after), before);
        auto it = std::lower_bound(first, calls.end(), std::pair(tid, t + 1), before);
        // The launch lies inside its API call's range (ncclAllReduce → cuLaunchKernelEx) ...
        const NcclPayloads::Call* enclosing = nullptr;
        for (auto e = it; e != first && !enclosing;)
            if ((--e)->endNs >= t && e->nranks < 0)
                enclosing = &*e;
        // ... or, in a group, inside ncclGroupEnd (no payload) after the group's calls, which
        // ended before it: their communicator (one) and summed sizes.
        qint64 bytes = enclosing ? enclosing->bytes : -1;
        if (bytes < 0) {
            const std::optional<quint64> comm = enclosing ? std::optional(enclosing->comm) : std::nullopt;
            std::optional<quint64> seen = comm;
            qint64 sum = 0;
            bool single = true;
            for (; it != first; --it) {
                const NcclPayloads::Call& g = *(it - 1);
                if (g.endNs > t || g.bytes < 0 || g.nranks >= 0)
                    continue;
                single = single && (!seen || *seen == g.comm);
                seen = g.comm;
                sum += g.bytes;
            }
            if (single && seen && sum > 0) {
                c.comm = communicator(*seen);
                c.bytes = sum;
            }
        } else {
            c.comm = communicator(enclosing->comm);
            c.bytes = bytes;
        }
        previousTid = tid;
        previousLaunch = t;
    }
}

void Digestion::ordinals()
{
    QHash<std::pair<int, bool>, qint64> next; // (communicator, point-to-point) → kernels so far
    for (DigestCollective& c : m_d.collectives)
        if (c.comm >= 0)
            c.commOrdinal = next[{ c.comm, ExportDigester::isPointToPoint(c.op) }]++;
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

QString ExportDigester::ncclOp(const QString& kernelName)
{
    static const QRegularExpression re(QStringLiteral("^nccl(?:Dev)?Kernel_([A-Za-z]+)"));
    const auto m = re.match(kernelName);
    return m.hasMatch() ? m.captured(1) : QString();
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
    ExportOpener::Opened opened;
    const LoadOutcome outcome = ExportOpener::open(path, &opened);
    if (outcome.error != LoadError::None) {
        *error = outcome.message;
        return false;
    }
    RankDigest d;
    d.file = QFileInfo(path).fileName();
    d.fileSize = opened.fileSize;
    LoadContext ctx;
    ctx.cancelRequested = cancelled;
    QString sqlError;
    // The file's hash (I/O and SHA-256: 0.4 s of a 688 MB export) on a thread of its own while
    // this one streams the tables, as the loader does; stopped early when the digest fails.
    FileHash hash(path, cancelled);
    bool read = false;
    {
        Digestion run(path, opened, d, ctx);
        run.identity();
        read = run.kernels(&sqlError) && run.launches(&sqlError) && run.payloads(&sqlError) && run.steps(&sqlError);
    }
    if (!read)
        hash.cancel();
    const FileHash::Result& hashed = hash.result();
    if (ctx.cancelled()) {
        *error = tr("Digesting %1 was cancelled.").arg(d.file);
        return false;
    }
    if (!read || !hashed.ok()) {
        *error = !read ? tr("Cannot read %1: %2").arg(d.file, sqlError) : hashed.error;
        return false;
    }
    d.sha256 = hashed.sha256;
    *out = std::move(d);
    return true;
}

} // namespace sl
