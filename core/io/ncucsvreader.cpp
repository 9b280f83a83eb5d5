// SPDX-License-Identifier: MIT
#include "core/io/ncucsvreader.h"

#include "core/io/csvrecords.h"
#include "core/io/ncustallreasons.h"
#include "core/util/childprocess.h"
#include "core/util/nativepath.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

#include <algorithm>
#include <cmath>
#include <map>

namespace sl {

namespace {

/// Identity columns both pages share; everything after them on the raw page is a metric.
const char* const kIdentity[] = { "ID", "Process ID", "Process Name", "Host Name", "Kernel Name", "Kernel Time",
    "Context", "Stream", "Block Size", "Grid Size", "Device", "CC" };

bool isIdentity(const QString& column)
{
    for (const char* c : kIdentity)
        if (column == QLatin1String(c))
            return true;
    return false;
}

void addTo(std::optional<double>& field, double v) { field = field.value_or(0) + v; }

/// Files a FLOP counter (CUDA cores or tensor path) into the launch; false for any other metric.
bool assignFlops(NcuLaunch& l, const QString& name, double v)
{
    // FLOP counters: sm__sass_thread_inst_executed_op_{h,f,d}{add,mul,fma}_pred_on.sum; an FMA is two.
    static const QRegularExpression flopRe(
        QStringLiteral("^sm__sass_thread_inst_executed_op_([hfd])(add|mul|fma)_pred_on\\.sum$"));
    const auto m = flopRe.match(name);
    if (m.hasMatch()) {
        const double ops = m.captured(2) == QLatin1String("fma") ? 2 * v : v;
        const QChar p = m.captured(1).at(0);
        addTo(p == QLatin1Char('h') ? l.flops16 : p == QLatin1Char('f') ? l.flops32 : l.flops64, ops);
        addTo(l.flops, ops);
        return true;
    }
    // Older ncu and nvprof-style names for the same counts (already FLOPs: an FMA counts two).
    static const QRegularExpression flopCountRe(QStringLiteral("^flop_count_([hsd])p(?:\\.sum)?$"));
    const auto fc = flopCountRe.match(name);
    if (fc.hasMatch()) {
        const QChar p = fc.captured(1).at(0);
        addTo(p == QLatin1Char('h') ? l.flops16 : p == QLatin1Char('s') ? l.flops32 : l.flops64, v);
        addTo(l.flops, v);
        return true;
    }
    // Tensor-path operations (ncu's tensor roofline counts these as the kernel's tensor FLOPs). They
    // are named by source type, with the accumulator only where it varies: on an H200 (ncu 2025.3,
    // tests/data/counters/sightline-h200) src_bf16_dst_fp32, src_tf32_dst_fp32, src_fp16, src_fp8,
    // src_int8, src_fp64. The _sparsity_on/_off and per-instruction (op_hgmma_…) variants split the
    // same count: adding them would count it twice.
    static const QRegularExpression tensorOpsRe(
        QStringLiteral("^sm__ops_path_tensor_src_([a-z0-9]+)(?:_dst_[a-z0-9]+)?\\.sum$"));
    if (const auto t = tensorOpsRe.match(name); t.hasMatch()) {
        addTo(l.flopsTensor, v);
        l.tensorOpsByType[t.captured(1)] += v;
        addTo(l.flops, v);
        return true;
    }
    return false;
}

/// Files one metric (raw name or details-page name) into the launch's canonical fields.
/// Returns false when Sightline does not use the metric.
bool assign(NcuLaunch& l, const QString& name, double v)
{
    if (assignFlops(l, name, v))
        return true;
    if (const auto stall = NcuStallReasons::parse(name)) {
        // One source per launch: the preferred one replaces what a less preferred one gave.
        if (stall->source < l.stallSource)
            return true;
        if (stall->source > l.stallSource) {
            l.stalls.clear();
            l.stallSource = stall->source;
        }
        l.stalls[stall->reason] += v;
        return true;
    }
    const auto is = [&](std::initializer_list<const char*> names) {
        for (const char* n : names)
            if (name.compare(QLatin1String(n), Qt::CaseInsensitive) == 0)
                return true;
        return false;
    };
    if (is({ "gpu__time_duration.sum", "gpu__time_duration", "Duration" }))
        l.durationNs = v;
    else if (is({ "sm__throughput.avg.pct_of_peak_sustained_elapsed", "Compute (SM) Throughput", "SM Throughput" }))
        l.smThroughputPct = v;
    else if (is({ "dram__throughput.avg.pct_of_peak_sustained_elapsed",
                 "gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed", "DRAM Throughput" }))
        l.dramThroughputPct = v;
    else if (is({ "sm__warps_active.avg.pct_of_peak_sustained_active", "Achieved Occupancy" }))
        l.achievedOccupancyPct = v;
    else if (is({ "sm__maximum_warps_per_active_cycle_pct", "Theoretical Occupancy" }))
        l.theoreticalOccupancyPct = v;
    else if (is({ "l1tex__t_sector_hit_rate.pct", "L1/TEX Hit Rate" }))
        l.l1HitPct = v;
    else if (is({ "lts__t_sector_hit_rate.pct", "L2 Hit Rate" }))
        l.l2HitPct = v;
    else if (is({ "sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active",
                 "sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed",
                 "sm__inst_executed_pipe_tensor.avg.pct_of_peak_sustained_active",
                 "sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active" }))
        l.tensorActivePct = std::max(l.tensorActivePct.value_or(0), v);
    else if (is({ "dram__bytes.sum" }))
        l.dramBytes = v;
    else if (is({ "dram__bytes_read.sum", "dram__bytes_write.sum", "dram__bytes_op_read.sum",
                 "dram__bytes_op_write.sum" }))
        addTo(l.dramBytes, v);
    else if (is({ "Grid Size", "launch__grid_size" }))
        l.gridTotal = quint64(std::max(0.0, v));
    else if (is({ "Block Size", "launch__block_size" }))
        l.blockTotal = quint64(std::max(0.0, v));
    else
        return false;
    return true;
}

/// Columns are looked up as CsvRecords found the header: trimmed, in any case (" Kernel Name ",
/// "kernel name" from hand edits and other tools); the known names become the canonical ones.
QStringList canonicalHeader(QStringList header)
{
    for (QString& h : header) {
        h = h.trimmed();
        for (const char* c : kIdentity)
            if (h.compare(QLatin1String(c), Qt::CaseInsensitive) == 0)
                h = QString::fromLatin1(c);
        for (const char* c : { "Metric Name", "Metric Unit", "Metric Value", "Section Name" })
            if (h.compare(QLatin1String(c), Qt::CaseInsensitive) == 0)
                h = QString::fromLatin1(c);
    }
    return header;
}

} // namespace

bool NcuCsvReader::parseDim3(const QString& text, quint32 out[3])
{
    static const QRegularExpression re(
        QStringLiteral("^\\s*\\(?\\s*(\\d+)\\s*,\\s*(\\d+)\\s*,\\s*(\\d+)\\s*\\)?\\s*$"));
    const auto m = re.match(text);
    if (!m.hasMatch())
        return false;
    for (int i = 0; i < 3; ++i) {
        bool ok = false;
        const qulonglong v = m.captured(i + 1).toULongLong(&ok);
        if (!ok || v > 0xFFFFFFFFull)
            return false;
        out[i] = quint32(v);
    }
    return true;
}

double NcuCsvReader::toBaseUnit(double value, const QString& unitText)
{
    const QString unit = unitText.trimmed();
    // Time to ns.
    if (unit == QLatin1String("nsecond") || unit == QLatin1String("ns"))
        return value;
    if (unit == QLatin1String("usecond") || unit == QLatin1String("us"))
        return value * 1e3;
    if (unit == QLatin1String("msecond") || unit == QLatin1String("ms"))
        return value * 1e6;
    if (unit == QLatin1String("second") || unit == QLatin1String("s"))
        return value * 1e9;
    // Bytes and byte rates: ncu's K/M/G/T prefixes are decimal (Kbyte = 1000 byte).
    static const QRegularExpression bytes(QStringLiteral("^([KMGT]?)byte(/second|/s)?$"));
    const auto m = bytes.match(unit);
    if (m.hasMatch()) {
        const QString p = m.captured(1);
        const double scale = p.isEmpty() ? 1
            : p == QLatin1String("K")    ? 1e3
            : p == QLatin1String("M")    ? 1e6
            : p == QLatin1String("G")    ? 1e9
                                         : 1e12;
        return value * scale;
    }
    return value; // %, inst, warp, cycle, ratio: already what Sightline uses
}

NcuReport NcuCsvReader::read(const QString& path, const QString& ncuExecutable, qint64 timeoutMs,
    const std::function<bool()>& cancelled, const std::function<void(const QString&)>& converting)
{
    Conversion conversion { ncuExecutable, timeoutMs, cancelled, converting };
    const bool folder = NativePath::kind(path) == NativePath::Kind::Dir;
    NcuReport r = folder ? readFolder(path, conversion) : readFile(path, conversion);
    if (!folder)
        for (NcuLaunch& l : r.launches)
            l.file = r.fileName;
    if (!folder && r.error.isEmpty())
        r.files = QStringList { r.fileName };
    return r;
}

QString NcuCsvReader::listed(const QStringList& reasons)
{
    QString text = reasons.mid(0, kReasonsListed).join(QLatin1Char(' '));
    if (reasons.size() > kReasonsListed)
        text += QLatin1Char(' ') + tr("(%1 more files skipped.)").arg(reasons.size() - kReasonsListed);
    return text;
}

NcuReport NcuCsvReader::readFolder(const QString& path, Conversion& conversion)
{
    NcuReport r;
    const QDir dir(path);
    r.fileName = NativePath::displayName(path);
    QStringList found;
    QDirIterator it(path, { QStringLiteral("*.csv"), QStringLiteral("*.ncu-rep") }, QDir::Files | QDir::Readable,
        QDirIterator::Subdirectories);
    while (it.hasNext())
        found << dir.relativeFilePath(it.next());
    std::sort(found.begin(), found.end());
    for (const QString& rel : std::as_const(found)) {
        if (conversion.cancelled && conversion.cancelled())
            break;
        NcuReport one = readFile(dir.filePath(rel), conversion);
        if (!one.error.isEmpty()) {
            r.skipped << one.error;
            continue;
        }
        if (r.files.isEmpty())
            r.page = one.page;
        r.files << rel;
        for (NcuLaunch& l : one.launches) {
            l.id = r.launches.size(); // each file numbers from 0: renumber in file order
            l.file = rel;
            r.launches.append(std::move(l));
        }
        for (const QString& m : std::as_const(one.metricsSeen))
            if (!r.metricsSeen.contains(m))
                r.metricsSeen << m;
    }
    if (r.launches.isEmpty())
        r.error = found.isEmpty()
            ? tr("The folder %1 holds no Nsight Compute results (*.csv or *.ncu-rep).").arg(r.fileName)
            : tr("The folder %1 holds no readable Nsight Compute results: %2").arg(r.fileName, listed(r.skipped));
    return r;
}

NcuReport NcuCsvReader::convert(const QString& path, const QString& fileName, Conversion& conversion)
{
    NcuReport r;
    r.fileName = fileName;
    const QString ncu = conversion.ncuExecutable.isEmpty() ? QStandardPaths::findExecutable(QStringLiteral("ncu"))
                                                           : conversion.ncuExecutable;
    if (ncu.isEmpty()) {
        r.error = tr("%1 is an Nsight Compute report; reading it needs the ncu command, which was not "
                     "found. Export it where ncu is installed: ncu --import %1 --csv --page raw > %2.csv")
                      .arg(fileName, QFileInfo(fileName).completeBaseName());
        return r;
    }
    if (conversion.timedOut) {
        r.error = tr("%1 was not converted: ncu timed out on an earlier report of this folder.").arg(fileName);
        return r;
    }
    if (conversion.converting)
        conversion.converting(conversion.timeoutMs > 0
                ? tr("Converting %1 with ncu (at most %2 s)…").arg(fileName).arg(conversion.timeoutMs / 1000)
                : tr("Converting %1 with ncu…").arg(fileName));
    ChildProcess::Options o;
    o.timeoutMs = conversion.timeoutMs;
    o.cancelled = conversion.cancelled;
    const auto run = ChildProcess::run(ncu,
        { QStringLiteral("--import"), QFileInfo(path).absoluteFilePath(), QStringLiteral("--csv"),
            QStringLiteral("--page"), QStringLiteral("raw") },
        o);
    if (run.ok())
        return parse(run.output, fileName);
    conversion.timedOut = conversion.timedOut || run.end == ChildProcess::End::TimedOut;
    r.error = run.end == ChildProcess::End::TimedOut
        ? tr("ncu could not convert %1: %2. ncu may be hung (waiting for a license or a network file system); a "
             "very large report may need longer (sightline-cli: --ncu-timeout SECONDS, 0 for no limit).")
              .arg(fileName, run.reason)
        : tr("ncu could not convert %1: %2.").arg(fileName, run.reason);
    return r;
}

NcuReport NcuCsvReader::readFile(const QString& path, Conversion& conversion)
{
    NcuReport r;
    r.fileName = NativePath::displayName(path);
    const NativePath::Kind kind = NativePath::kind(path);
    if (kind != NativePath::Kind::File) {
        r.error = kind == NativePath::Kind::Missing
            ? tr("Cannot read the Nsight Compute results %1: it does not exist.").arg(r.fileName)
            : tr("Cannot read the Nsight Compute results %1: it is not a file.").arg(r.fileName);
        return r;
    }
    if (path.endsWith(QLatin1String(".ncu-rep"), Qt::CaseInsensitive))
        return convert(path, r.fileName, conversion);
    QFile f;
    QString why;
    if (!NativePath::openReadOnly(f, path, &why)) {
        r.error = tr("Cannot read the Nsight Compute results %1: %2").arg(r.fileName, why);
        return r;
    }
    return parse(f.readAll(), r.fileName);
}

/// The launches of one CSV by ncu's "ID" (rows without one are numbered in order), each
/// created from its first row, and the metric names read.
class NcuCsvReader::LaunchTable
{
public:
    explicit LaunchTable(const QStringList& header)
        : m_header(header)
    {
        const auto col = [&](const char* name) { return int(header.indexOf(QString::fromLatin1(name))); };
        idCol = col("ID"), nameCol = col("Kernel Name"), gridCol = col("Grid Size"), blockCol = col("Block Size");
        deviceCol = col("Device"), ccCol = col("CC");
        metricNameCol = col("Metric Name"), unitCol = col("Metric Unit"), valueCol = col("Metric Value");
    }

    /// --page details: one row per launch and metric.
    void readDetails(const QVector<QStringList>& rows)
    {
        for (qsizetype i = 1; i < rows.size(); ++i) {
            const QStringList& row = rows[i];
            if (row.size() <= std::max({ metricNameCol, valueCol, nameCol }))
                continue;
            NcuLaunch& l = launchOf(row);
            const double v = CsvRecords::number(row[valueCol]);
            if (std::isfinite(v))
                add(l, row[metricNameCol].trimmed(), v,
                    unitCol >= 0 && unitCol < row.size() ? row[unitCol] : QString());
        }
    }

    /// --page raw: one row per launch, one column per metric; the units row follows the header
    /// (its identity fields are empty).
    void readRaw(const QVector<QStringList>& rows)
    {
        QStringList units;
        qsizetype first = 1;
        if (rows.size() > 1 && idCol >= 0 && idCol < rows[1].size() && rows[1][idCol].trimmed().isEmpty()) {
            units = rows[1];
            first = 2;
        }
        for (qsizetype i = first; i < rows.size(); ++i) {
            const QStringList& row = rows[i];
            if (row.size() <= nameCol)
                continue;
            NcuLaunch& l = launchOf(row);
            for (int c = 0; c < m_header.size() && c < row.size(); ++c) {
                if (isIdentity(m_header[c]))
                    continue;
                const double v = CsvRecords::number(row[c]);
                if (std::isfinite(v))
                    add(l, m_header[c], v, c < units.size() ? units[c] : QString());
            }
        }
    }

    /// The launches in ID order and the metric names seen, into `r`.
    void moveInto(NcuReport& r)
    {
        for (auto& [id, l] : m_byId)
            r.launches.append(std::move(l));
        r.metricsSeen = m_seen;
    }

    int idCol, nameCol, gridCol, blockCol, deviceCol, ccCol, metricNameCol, unitCol, valueCol;

private:
    /// The launch `row` belongs to, its identity (name, grid, block, device, CC) read from the
    /// first row that names it.
    NcuLaunch& launchOf(const QStringList& row)
    {
        bool ok = idCol >= 0 && idCol < row.size();
        const qint64 id = ok ? row[idCol].trimmed().toLongLong(&ok) : -1;
        const qint64 key = ok && id >= 0 ? id : m_nextAnonymousId++;
        auto [it, inserted] = m_byId.try_emplace(key);
        NcuLaunch& l = it->second;
        if (!inserted)
            return l;
        l.id = key;
        l.kernelName = nameCol < row.size() ? row[nameCol].trimmed() : QString();
        if (gridCol >= 0 && gridCol < row.size() && parseDim3(row[gridCol], l.grid))
            l.gridTotal = quint64(l.grid[0]) * l.grid[1] * l.grid[2];
        if (blockCol >= 0 && blockCol < row.size() && parseDim3(row[blockCol], l.block))
            l.blockTotal = quint64(l.block[0]) * l.block[1] * l.block[2];
        if (deviceCol >= 0 && deviceCol < row.size()) {
            bool dok = false;
            const int d = row[deviceCol].trimmed().toInt(&dok);
            l.device = dok && d >= 0 && d <= 0xFFFF ? d : -1;
        }
        if (ccCol >= 0 && ccCol < row.size())
            l.computeCapability = row[ccCol].trimmed();
        return l;
    }
    /// Metric `metric` = `value` in `unit` for launch `l`, when Sightline reads that metric.
    void add(NcuLaunch& l, const QString& metric, double value, const QString& unit)
    {
        if (assign(l, metric, toBaseUnit(value, unit)) && !m_seen.contains(metric))
            m_seen.append(metric);
    }

    const QStringList m_header;
    std::map<qint64, NcuLaunch> m_byId;
    qint64 m_nextAnonymousId = 0;
    QStringList m_seen;
};

NcuReport NcuCsvReader::parse(const QByteArray& bytes, const QString& fileName)
{
    NcuReport r;
    r.fileName = fileName;
    const QVector<QStringList> rows = CsvRecords::parse(bytes, QStringLiteral("Kernel Name"));
    if (rows.isEmpty()) {
        r.error = tr("%1 is not an Nsight Compute CSV: no header with a \"Kernel Name\" column "
                     "(export it with ncu --csv --page raw or --page details).")
                      .arg(fileName);
        return r;
    }
    LaunchTable table(canonicalHeader(rows.first()));
    if (table.nameCol < 0) // CsvRecords found the header by this column: cannot happen, but never row[-1]
        return r.error = tr("%1 is not an Nsight Compute CSV: no \"Kernel Name\" column.").arg(fileName), r;
    r.page = table.metricNameCol >= 0 && table.valueCol >= 0 ? NcuReport::Page::Details : NcuReport::Page::Raw;
    if (r.page == NcuReport::Page::Details)
        table.readDetails(rows);
    else
        table.readRaw(rows);
    table.moveInto(r);
    if (r.launches.isEmpty())
        r.error = tr("%1 lists no profiled launch.").arg(fileName);
    return r;
}

} // namespace sl
