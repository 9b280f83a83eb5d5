// SPDX-License-Identifier: MIT
// Issue 12.7: the full window is the whole capture, so Sightline's per-kernel and per-range
// figures over it equal what NVIDIA's `nsys stats` reports define, recomputed here by plain
// SQL over each real export (an independent path). cuda_gpu_kern_sum groups kernels by the
// templated (demangled) name: instances, total, min, max of end − start; nvtx_sum groups the
// push/pop and start/end ranges that have an end by their text; cuda_gpu_mem_time_sum groups
// copies by kind and memsets as one operation. Median (the mean of the two middle values on
// even counts) and sample standard deviation are recomputed here from the SQL rows. Sightline's
// p50 stays the nearest-rank percentile; median_ns is the nsys one (docs/analysis.md).
#include "core/analysis/analyzer.h"
#include "core/io/traceloader.h"
#include "tests/common/analysisfixture.h"
#include "tests/common/realtraces.h"

#include <QFileInfo>
#include <QMap>
#include <QTest>

#include <algorithm>
#include <array>
#include <cmath>
#include <sqlite3.h>
#include <vector>

using namespace sl;

namespace {

/// name → the integer columns 1.. of `sql`'s rows, opened read-only through the C API.
QMap<QString, std::array<qint64, 4>> groups(const QString& path, const QString& sql)
{
    QMap<QString, std::array<qint64, 4>> out;
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &st, nullptr) == SQLITE_OK) {
            while (sqlite3_step(st) == SQLITE_ROW) {
                const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
                std::array<qint64, 4> v {};
                for (int c = 0; c < 4 && c + 1 < sqlite3_column_count(st); ++c)
                    v[size_t(c)] = sqlite3_column_int64(st, c + 1);
                out.insert(p ? QString::fromUtf8(p) : QString(), v);
            }
        }
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return out;
}

/// name → every duration (ns) of `sql`'s (name, duration) rows.
QMap<QString, std::vector<qint64>> durations(const QString& path, const QString& sql)
{
    QMap<QString, std::vector<qint64>> out;
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &st, nullptr) == SQLITE_OK)
            while (sqlite3_step(st) == SQLITE_ROW)
                out[QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)))].push_back(
                    sqlite3_column_int64(st, 1));
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return out;
}

bool hasTable(const QString& path, const char* table)
{
    return !groups(path, QStringLiteral("SELECT name FROM sqlite_master WHERE name = '%1'").arg(QLatin1String(table)))
                .isEmpty();
}

} // namespace

class TestNsysConformance : public QObject
{
    Q_OBJECT
private slots:
    void kernelsAndRanges()
    {
        const QStringList traces = sl::test::realTraces();
        if (traces.isEmpty())
            QSKIP(qPrintable(sl::test::realTracesSkipReason()));
        int comparedKernels = 0, comparedRanges = 0, comparedMemOps = 0;
        for (const QString& path : traces) {
            const QString file = QFileInfo(path).fileName();
            const LoadOutcome out = TraceLoader::loadSync(path);
            if (!out.ok())
                continue; // exports Sightline refuses are tested elsewhere
            const AnalysisPtr r = sl::test::analyzeWindow(out.trace);
            QVERIFY(r);
            const Trace& t = *out.trace;
            if (hasTable(path, "CUPTI_ACTIVITY_KIND_KERNEL")) {
                const auto want = groups(path,
                    QStringLiteral("SELECT s.value, count(*), sum(k.\"end\" - k.start), min(k.\"end\" - k.start), "
                                   "max(k.\"end\" - k.start) "
                                   "FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.%1 GROUP BY s.value")
                        .arg(t.info.kernelNameColumn));
                QMap<QString, std::array<qint64, 4>> got;
                for (const auto& k : r->kernels)
                    got.insert(t.strings.at(k.name), { k.count, k.totalNs, k.minNs, k.maxNs });
                QVERIFY2(got == want, qPrintable(file));
                comparedKernels += int(want.size());
                // Median and sample standard deviation, by hand from the durations.
                const auto all = durations(path,
                    QStringLiteral("SELECT s.value, k.\"end\" - k.start FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN "
                                   "StringIds s ON s.id = k.%1")
                        .arg(t.info.kernelNameColumn));
                for (const auto& k : r->kernels) {
                    std::vector<qint64> d = all.value(t.strings.at(k.name));
                    std::sort(d.begin(), d.end());
                    const size_t n = d.size();
                    QVERIFY(n > 0);
                    const double median = n % 2 ? double(d[n / 2]) : (double(d[n / 2 - 1]) + double(d[n / 2])) / 2.0;
                    double mean = 0, sq = 0;
                    for (qint64 v : d)
                        mean += double(v) / double(n);
                    for (qint64 v : d)
                        sq += (double(v) - mean) * (double(v) - mean);
                    const double stddev = n > 1 ? std::sqrt(sq / double(n - 1)) : 0.0;
                    QCOMPARE(k.medianNs, median);
                    QVERIFY2(std::abs(k.stddevNs - stddev) <= 1e-6 * std::max(1.0, stddev), qPrintable(file));
                }
            }
            {
                // cuda_gpu_mem_time_sum: copies per kind (ENUM_CUDA_MEMCPY_OPER id), memsets as one.
                QMap<QString, std::array<qint64, 4>> want;
                if (hasTable(path, "CUPTI_ACTIVITY_KIND_MEMCPY"))
                    want = groups(path,
                        QStringLiteral("SELECT copyKind, count(*), sum(\"end\" - start), sum(bytes) "
                                       "FROM CUPTI_ACTIVITY_KIND_MEMCPY GROUP BY copyKind"));
                if (hasTable(path, "CUPTI_ACTIVITY_KIND_MEMSET"))
                    want.insert(groups(path,
                        QStringLiteral("SELECT '-1', count(*), sum(\"end\" - start), sum(bytes) "
                                       "FROM CUPTI_ACTIVITY_KIND_MEMSET HAVING count(*) > 0")));
                QMap<QString, std::array<qint64, 4>> got;
                for (const auto& m : r->memcpy)
                    got.insert(QString::number(m.kindId), { m.count, m.totalNs, m.bytes, 0 });
                QVERIFY2(got == want, qPrintable(file));
                comparedMemOps += int(want.size());
            }
            if (hasTable(path, "NVTX_EVENTS")) {
                const auto want = groups(path,
                    QStringLiteral(
                        "SELECT COALESCE(e.text, s.value, ''), count(*), sum(e.\"end\" - e.start) FROM NVTX_EVENTS e "
                        "LEFT JOIN StringIds s ON s.id = e.textId WHERE e.eventType IN (59, 60) AND e.\"end\" IS NOT "
                        "NULL "
                        "GROUP BY 1"));
                QMap<QString, std::array<qint64, 4>> got;
                for (const auto& n : r->nvtxRanges)
                    got.insert(t.strings.at(n.name), { n.count, n.totalNs, 0, 0 });
                QVERIFY2(got == want, qPrintable(file));
                comparedRanges += int(want.size());
            }
        }
        QVERIFY(comparedKernels > 0);
        QVERIFY(comparedMemOps > 0);
        QVERIFY(comparedRanges > 0);
    }
};

QTEST_GUILESS_MAIN(TestNsysConformance)
#include "tst_nsysconformance.moc"
