// SPDX-License-Identifier: MIT
#include "core/synth/synthgpumetrics.h"

#include "core/synth/synthschema.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sqlite3.h>
#include <string>
#include <vector>

namespace sl {

namespace {

// Metric names as nsys writes them on Hopper (unit in brackets).
const char* const kMetrics[] = {
    "GPC Clock Frequency [MHz]",
    "SMs Active [Throughput %]",
    "SM Issue [Throughput %]",
    "Tensor Active [Throughput %]",
    "DRAM Read Bandwidth [Throughput %]",
    "DRAM Write Bandwidth [Throughput %]",
};
constexpr int kMetricCount = int(sizeof kMetrics / sizeof kMetrics[0]);

enum Kind { Gemm, Attention, Other, KindCount };

Kind kindOf(const std::string& name)
{
    if (name.find("gemm") != std::string::npos || name.find("xmma") != std::string::npos)
        return Gemm;
    if (name.find("flash") != std::string::npos || name.find("attention") != std::string::npos)
        return Attention;
    return Other;
}

struct Interval
{
    qint64 start, end;
    Kind kind;
};

} // namespace

QStringList SynthGpuMetrics::metricNames()
{
    QStringList out;
    for (const char* m : kMetrics)
        out << QString::fromUtf8(m);
    return out;
}

bool SynthGpuMetrics::write(sqlite3* db, qint64 periodNs, QString* error)
{
    if (periodNs <= 0) {
        *error = QStringLiteral("GPU metrics period must be positive");
        return false;
    }
    if (!SynthSchema::exec(db,
            "CREATE TABLE TARGET_INFO_GPU_METRICS (typeId INTEGER NOT NULL, sourceId INTEGER NOT NULL, "
            "typeName TEXT NOT NULL, metricId INTEGER NOT NULL, metricName TEXT NOT NULL);"
            "CREATE TABLE GPU_METRICS (rawTimestamp INTEGER, timestamp INTEGER NOT NULL, typeId INTEGER NOT NULL, "
            "metricId INTEGER NOT NULL, value INTEGER NOT NULL);",
            error))
        return false;
    // Kernels per device, start order; each kernel's kind from its short name.
    std::map<int, std::vector<Interval>> byDevice;
    {
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db,
                "SELECT k.deviceId, k.start, k.\"end\", s.value FROM CUPTI_ACTIVITY_KIND_KERNEL k "
                "JOIN StringIds s ON s.id = k.shortName ORDER BY k.deviceId, k.start",
                -1, &st, nullptr)
            != SQLITE_OK) {
            *error = QString::fromUtf8(sqlite3_errmsg(db));
            return false;
        }
        while (sqlite3_step(st) == SQLITE_ROW) {
            const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(st, 3));
            byDevice[sqlite3_column_int(st, 0)].push_back(
                { sqlite3_column_int64(st, 1), sqlite3_column_int64(st, 2), kindOf(text ? text : "") });
        }
        sqlite3_finalize(st);
    }
    sqlite3_stmt* names = nullptr;
    sqlite3_stmt* samples = nullptr;
    if (sqlite3_prepare_v2(
            db, "INSERT INTO TARGET_INFO_GPU_METRICS VALUES (?1, 0, 'GH100', ?2, ?3)", -1, &names, nullptr)
            != SQLITE_OK
        || sqlite3_prepare_v2(db, "INSERT INTO GPU_METRICS VALUES (?1, ?2, ?3, ?4, ?5)", -1, &samples, nullptr)
            != SQLITE_OK) {
        *error = QString::fromUtf8(sqlite3_errmsg(db));
        sqlite3_finalize(names);
        return false;
    }
    bool ok = true;
    for (const auto& [device, kernels] : byDevice) {
        if (kernels.empty())
            continue;
        const qint64 typeId = 0x10000 | device;
        // Per-device metric ids: rotated by the device, as ids differ between chips.
        const auto metricId = [&](int m) { return qint64((m + device) % kMetricCount) + 10; };
        for (int m = 0; m < kMetricCount && ok; ++m) {
            sqlite3_bind_int64(names, 1, typeId);
            sqlite3_bind_int64(names, 2, metricId(m));
            sqlite3_bind_text(names, 3, kMetrics[m], -1, SQLITE_STATIC);
            ok = sqlite3_step(names) == SQLITE_DONE;
            sqlite3_reset(names);
        }
        qint64 lastEnd = 0;
        for (const auto& k : kernels)
            lastEnd = std::max(lastEnd, k.end);
        // Samples from the first period that holds a kernel to the one after the last.
        const qint64 first = (kernels.front().start / periodNs) * periodNs + periodNs;
        size_t from = 0; // first kernel that may still overlap the current period
        for (qint64 t = first; t <= lastEnd + periodNs && ok; t += periodNs) {
            const qint64 a = t - periodNs;
            // Covered time per kind: kernels of one stream do not overlap; concurrent streams may,
            // so clip each kind's share at the period.
            double covered[KindCount] = { 0, 0, 0 };
            while (from < kernels.size() && kernels[from].end <= a && kernels[from].start < a)
                ++from;
            for (size_t i = from; i < kernels.size() && kernels[i].start < t; ++i) {
                const qint64 o = std::min(t, kernels[i].end) - std::max(a, kernels[i].start);
                if (o > 0)
                    covered[kernels[i].kind] += double(o);
            }
            double frac[KindCount];
            double busy = 0;
            for (int k = 0; k < KindCount; ++k) {
                frac[k] = std::min(1.0, covered[k] / double(periodNs));
                busy += frac[k];
            }
            busy = std::min(1.0, busy);
            const double values[kMetricCount] = {
                1980,
                100 * busy,
                std::min(100.0, 70 * frac[Gemm] + 40 * frac[Attention] + 30 * frac[Other]),
                std::min(100.0, 60 * frac[Gemm] + 30 * frac[Attention]),
                std::min(100.0, 30 * frac[Gemm] + 70 * frac[Attention] + 60 * frac[Other]),
                std::min(100.0, 10 * frac[Gemm] + 10 * frac[Attention] + 20 * frac[Other]),
            };
            for (int m = 0; m < kMetricCount && ok; ++m) {
                sqlite3_bind_int64(samples, 1, t + 1'000'000'000); // raw clock: an offset, unused by readers
                sqlite3_bind_int64(samples, 2, t);
                sqlite3_bind_int64(samples, 3, typeId);
                sqlite3_bind_int64(samples, 4, metricId(m));
                sqlite3_bind_int64(samples, 5, qint64(std::llround(values[m])));
                ok = sqlite3_step(samples) == SQLITE_DONE;
                sqlite3_reset(samples);
            }
        }
    }
    if (!ok)
        *error = QString::fromUtf8(sqlite3_errmsg(db));
    sqlite3_finalize(names);
    sqlite3_finalize(samples);
    return ok;
}

} // namespace sl
