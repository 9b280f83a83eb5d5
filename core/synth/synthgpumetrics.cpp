// SPDX-License-Identifier: MIT
#include "core/synth/synthgpumetrics.h"

#include "core/synth/synthschema.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <sqlite3.h>
#include <string>
#include <vector>

namespace sl {

namespace {

// Metric names as nsys writes them on Hopper (unit in brackets): the 20 throughput and clock
// metrics of the default H100 set that a serving trace uses (public exports list 19 to 33 names
// per GPU; the rest are graphics warps and per-engine workload counts).
const char* const kMetrics[] = {
    "GPC Clock Frequency [MHz]",
    "SYS Clock Frequency [MHz]",
    "GR Active [Throughput %]",
    "Sync Compute in Flight [Throughput %]",
    "Async Compute in Flight [Throughput %]",
    "SMs Active [Throughput %]",
    "SM Issue [Throughput %]",
    "Tensor Active [Throughput %]",
    "Compute Warps in Flight [Throughput %]",
    "Unallocated Warps in Active SMs [Throughput %]",
    "DRAM Read Bandwidth [Throughput %]",
    "DRAM Write Bandwidth [Throughput %]",
    "PCIe RX Throughput [Throughput %]",
    "PCIe TX Throughput [Throughput %]",
    "NVLink RX Requests User Data [Throughput %]",
    "NVLink RX Responses User Data [Throughput %]",
    "NVLink TX Requests User Data [Throughput %]",
    "NVLink TX Responses User Data [Throughput %]",
    "NVLink RX Requests Protocol Data [Throughput %]",
    "NVLink TX Requests Protocol Data [Throughput %]",
};
constexpr int kMetricCount = int(sizeof kMetrics / sizeof kMetrics[0]);

/// Gemm: a GEMM with at least one CTA per SM (prefill: many tokens, tensor pipes busy);
/// SkinnyGemm: fewer CTAs than the H100's 132 SMs (decode: a few tokens against every weight, so
/// the kernel streams the weights from DRAM and the tensor pipes mostly wait).
enum Kind { Gemm, SkinnyGemm, Attention, Comm, Other, KindCount };

constexpr qint64 kSmCount = 132; // the synthetic GPU is an H100 SXM

Kind kindOf(const std::string& name, qint64 ctas)
{
    if (name.find("gemm") != std::string::npos || name.find("xmma") != std::string::npos)
        return ctas < kSmCount ? SkinnyGemm : Gemm;
    if (name.find("nccl") != std::string::npos)
        return Comm;
    if (name.find("flash") != std::string::npos || name.find("attention") != std::string::npos)
        return Attention;
    return Other;
}

struct Interval
{
    qint64 start, end;
    Kind kind;
};

/// Kernels per device, start order; each kernel's kind from its short name.
bool readKernels(sqlite3* db, std::map<int, std::vector<Interval>>& byDevice, QString* error)
{
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db,
            "SELECT k.deviceId, k.start, k.\"end\", s.value, k.gridX * k.gridY * k.gridZ FROM "
            "CUPTI_ACTIVITY_KIND_KERNEL k "
            "JOIN StringIds s ON s.id = k.shortName ORDER BY k.deviceId, k.start",
            -1, &st, nullptr)
        != SQLITE_OK) {
        *error = QString::fromUtf8(sqlite3_errmsg(db));
        return false;
    }
    while (sqlite3_step(st) == SQLITE_ROW) {
        const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(st, 3));
        byDevice[sqlite3_column_int(st, 0)].push_back({ sqlite3_column_int64(st, 1), sqlite3_column_int64(st, 2),
            kindOf(text ? text : "", sqlite3_column_int64(st, 4)) });
    }
    sqlite3_finalize(st);
    return true;
}

/// Per-device metric ids: rotated by the device, as ids differ between chips.
qint64 metricIdOf(int metric, int device) { return qint64((metric + device) % kMetricCount) + 10; }

/// The names of one device's metrics into TARGET_INFO_GPU_METRICS (`names`: its INSERT).
bool writeNames(sqlite3_stmt* names, int device)
{
    bool ok = true;
    for (int m = 0; m < kMetricCount && ok; ++m) {
        sqlite3_bind_int64(names, 1, SynthGpuMetrics::typeId(device));
        sqlite3_bind_int64(names, 2, metricIdOf(m, device));
        sqlite3_bind_text(names, 3, kMetrics[m], -1, SQLITE_STATIC);
        sqlite3_bind_int64(names, 4, SynthGpuMetrics::kSourceId);
        ok = sqlite3_step(names) == SQLITE_DONE;
        sqlite3_reset(names);
    }
    return ok;
}

/// The share of the period [a, a + periodNs) each kind of kernel covers (clipped at 1: kernels of
/// one stream do not overlap, concurrent streams may), and their sum clipped at 1. `from` is the
/// first kernel that may still overlap the period; it only moves forward.
struct Shares
{
    double frac[KindCount] = {};
    double busy = 0;
};

Shares sharesOf(const std::vector<Interval>& kernels, size_t& from, qint64 a, qint64 periodNs)
{
    const qint64 t = a + periodNs;
    double covered[KindCount] = {};
    while (from < kernels.size() && kernels[from].end <= a && kernels[from].start < a)
        ++from;
    for (size_t i = from; i < kernels.size() && kernels[i].start < t; ++i) {
        const qint64 o = std::min(t, kernels[i].end) - std::max(a, kernels[i].start);
        if (o > 0)
            covered[kernels[i].kind] += double(o);
    }
    Shares s;
    for (int k = 0; k < KindCount; ++k) {
        s.frac[k] = std::min(1.0, covered[k] / double(periodNs));
        s.busy += s.frac[k];
    }
    s.busy = std::min(1.0, s.busy);
    return s;
}

/// Levels while each kind runs, % of peak (H100-like), in kMetrics order: prefill GEMMs keep the
/// tensor pipes busy; decode GEMMs and attention stream weights and KV cache from DRAM.
std::array<double, kMetricCount> levels(const Shares& s)
{
    const double* frac = s.frac;
    const double busy = s.busy;
    const double issue = std::min(
        100.0, 70 * frac[Gemm] + 25 * frac[SkinnyGemm] + 40 * frac[Attention] + 10 * frac[Comm] + 30 * frac[Other]);
    const double warps = std::min(
        100.0, 45 * frac[Gemm] + 30 * frac[SkinnyGemm] + 60 * frac[Attention] + 20 * frac[Comm] + 40 * frac[Other]);
    const double link = std::min(100.0, 80 * frac[Comm]);
    return {
        1980, // GPC clock
        1755, // SYS clock
        100 * busy, // GR active
        100 * busy, // sync compute in flight
        0, // async compute in flight
        100 * busy, // SMs active
        issue,
        std::min(100.0, 60 * frac[Gemm] + 8 * frac[SkinnyGemm] + 30 * frac[Attention]), // tensor
        warps,
        std::max(0.0, 100 * busy - warps), // unallocated warps
        std::min(
            100.0, 30 * frac[Gemm] + 85 * frac[SkinnyGemm] + 70 * frac[Attention] + 20 * frac[Comm] + 60 * frac[Other]),
        std::min(
            100.0, 10 * frac[Gemm] + 5 * frac[SkinnyGemm] + 10 * frac[Attention] + 20 * frac[Comm] + 20 * frac[Other]),
        std::min(100.0, 2 * busy), // PCIe RX: the host feeds tokens
        std::min(100.0, 1 * busy), // PCIe TX
        link, // NVLink RX requests, user data
        link, // NVLink RX responses, user data
        link, // NVLink TX requests, user data
        link, // NVLink TX responses, user data
        link / 8, // protocol overhead
        link / 8,
    };
}

/// The samples of one device into GPU_METRICS (`samples`: its INSERT). Like nsys: samples over
/// the whole capture, idle stretches included, from the first period after the session start to
/// the end of the capture.
bool writeSamples(
    sqlite3_stmt* samples, int device, const std::vector<Interval>& kernels, qint64 periodNs, qint64 captureEndNs)
{
    bool ok = true;
    size_t from = 0;
    for (qint64 t = periodNs; t <= captureEndNs && ok; t += periodNs) {
        const std::array<double, kMetricCount> values = levels(sharesOf(kernels, from, t - periodNs, periodNs));
        for (int m = 0; m < kMetricCount && ok; ++m) {
            sqlite3_bind_int64(samples, 1, t + 1'000'000'000); // raw clock: an offset, unused by readers
            sqlite3_bind_int64(samples, 2, t);
            sqlite3_bind_int64(samples, 3, SynthGpuMetrics::typeId(device));
            sqlite3_bind_int64(samples, 4, metricIdOf(m, device));
            sqlite3_bind_int64(samples, 5, qint64(std::llround(values[size_t(m)])));
            ok = sqlite3_step(samples) == SQLITE_DONE;
            sqlite3_reset(samples);
        }
    }
    return ok;
}

} // namespace

QStringList SynthGpuMetrics::metricNames()
{
    QStringList out;
    for (const char* m : kMetrics)
        out << QString::fromUtf8(m);
    return out;
}

bool SynthGpuMetrics::write(sqlite3* db, qint64 periodNs, qint64 captureEndNs, QString* error)
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
    std::map<int, std::vector<Interval>> byDevice;
    if (!readKernels(db, byDevice, error))
        return false;
    sqlite3_stmt* names = nullptr;
    sqlite3_stmt* samples = nullptr;
    if (sqlite3_prepare_v2(
            db, "INSERT INTO TARGET_INFO_GPU_METRICS VALUES (?1, ?4, 'GH100', ?2, ?3)", -1, &names, nullptr)
            != SQLITE_OK
        || sqlite3_prepare_v2(db, "INSERT INTO GPU_METRICS VALUES (?1, ?2, ?3, ?4, ?5)", -1, &samples, nullptr)
            != SQLITE_OK) {
        *error = QString::fromUtf8(sqlite3_errmsg(db));
        sqlite3_finalize(names);
        return false;
    }
    bool ok = true;
    for (const auto& [device, kernels] : byDevice) {
        if (!kernels.empty())
            ok = ok && writeNames(names, device) && writeSamples(samples, device, kernels, periodNs, captureEndNs);
    }
    if (!ok)
        *error = QString::fromUtf8(sqlite3_errmsg(db));
    sqlite3_finalize(names);
    sqlite3_finalize(samples);
    return ok;
}

} // namespace sl
