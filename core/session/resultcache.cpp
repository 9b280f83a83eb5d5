// SPDX-License-Identifier: MIT
#include "core/session/resultcache.h"

#include "core/analysis/importsreader.h"
#include "core/io/tracecachearchive.h"
#include "core/session/resultarchive.h"
#include "core/timeline/timelinearchive.h"
#include "core/timeline/timelinecache.h"
#include "core/util/logging.h"
#include "core/util/workerpool.h"

#include <QCryptographicHash>
#include <QDataStream>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <cstring>
#include <future>

namespace sl {

namespace {

constexpr char kMagic[8] = { 'S', 'L', 'R', 'E', 'S', 'U', 'L', 'T' };
/// magic 8, version 4, header size 4, key digest 32, payload length 8, checksum 8 (all but the lanes)
constexpr qint64 kHeaderBytes = 64;
/// Payload's start: the result's length and the lanes' checksum, 8 bytes each.
constexpr qint64 kSectionBytes = 16;

/// The lanes' colour keys are those of `result`, as TimelineData::build completes them.
bool sameKeys(const TimelineData::Keys& lanes, const AnalysisResult& result)
{
    TimelineData::Keys keys = TimelineData::Keys::fromAnalysis(result);
    keys.kernelKeyOfName.resize(
        std::max(keys.kernelKeyOfName.size(), size_t(result.trace->strings.size())), LaneSummary::kNoKey);
    keys.rangeKey.resize(size_t(result.trace->nvtx.size()), LaneSummary::kNoKey);
    return keys == lanes;
}

QByteArray keyDigest(const TraceCacheKey& key, const QByteArray& fingerprint)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    const quint32 versions[3] = { ResultCache::kFormatVersion, ResultArchive::kVersion, TimelineArchive::kVersion };
    h.addData(key.digest());
    h.addData(fingerprint);
    h.addData(QByteArrayView(reinterpret_cast<const char*>(versions), sizeof versions));
    return h.result();
}

QByteArray header(const QByteArray& digest, quint64 payload, quint64 checksum)
{
    QByteArray h(kHeaderBytes, '\0');
    const quint32 version = ResultCache::kFormatVersion, size = kHeaderBytes;
    std::memcpy(h.data(), kMagic, 8);
    std::memcpy(h.data() + 8, &version, 4);
    std::memcpy(h.data() + 12, &size, 4);
    std::memcpy(h.data() + 16, digest.constData(), 32);
    std::memcpy(h.data() + 48, &payload, 8);
    std::memcpy(h.data() + 56, &checksum, 8);
    return h;
}

/// The timeline lanes stored after a result (null when none were, or with `why` when they are
/// damaged or do not fit `trace`).
TimelineDataPtr readLanes(const QByteArray& bytes, quint64 checksum, const TracePtr& trace, QString* why)
{
    if (bytes.isEmpty())
        return nullptr;
    if (cacheChecksum(reinterpret_cast<const uchar*>(bytes.constData()), quint64(bytes.size())) != checksum) {
        *why = QStringLiteral("timeline lanes: checksum mismatch");
        return nullptr;
    }
    return TimelineArchive::read(bytes, trace, why);
}

} // namespace

ResultCache::ResultCache(QString dir, qint64 capBytes)
    : m_dir(std::move(dir))
    , m_cap(capBytes)
{
}

// A new option must be added to fingerprint() below (or be an import, which is never cached).
static_assert(sizeof(AnalysisOptions) == 480, "a new analysis option must be added to the result cache's fingerprint");

std::optional<QByteArray> ResultCache::fingerprint(const AnalysisOptions& o)
{
    // Only the window an open analyses (full): a custom window's result is seldom asked again
    // and would cost a file of several bytes per kernel on every window change.
    if (ImportsReader::hasImports(o) || o.imports || o.window.kind != AnalysisWindow::Kind::Full)
        return std::nullopt;
    QByteArray bytes;
    QDataStream s(&bytes, QIODevice::WriteOnly);
    s.setVersion(QDataStream::Qt_6_4);
    s << int(o.window.kind) << o.maxGaps << o.peakTflops.has_value() << o.peakTflops.value_or(0.0);
    o.phases.fingerprint(s);
    o.taxonomy.fingerprint(s);
    o.mathPaths.fingerprint(s);
    o.peaks.fingerprint(s);
    o.anatomy.fingerprint(s);
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256);
}

QString ResultCache::fileFor(const TraceCacheKey& key, const QByteArray& fingerprint) const
{
    return m_dir + QLatin1Char('/') + QString::fromLatin1(keyDigest(key, fingerprint).toHex())
        + QLatin1String(TraceCache::kResultSuffix);
}

AnalysisPtr ResultCache::read(const TraceCacheKey& key, const QByteArray& fingerprint, const TracePtr& trace,
    QString* why, const Checked& checked) const
{
    const QString path = fileFor(key, fingerprint);
    auto miss = [&](const QString& reason, bool remove) {
        if (why)
            *why = reason;
        if (remove) {
            qCWarning(lcIo) << "result cache: removing" << QFileInfo(path).fileName() << "-" << reason;
            QFile::remove(path);
        }
        return AnalysisPtr();
    };
    QFile f(path);
    if (!f.exists())
        return miss(QStringLiteral("not cached"), false);
    if (!f.open(QIODevice::ReadOnly) || f.size() < kHeaderBytes)
        return miss(QStringLiteral("unreadable or shorter than its header"), true);
    const uchar* map = f.map(0, f.size());
    if (!map)
        return miss(QStringLiteral("cannot be mapped"), true);
    quint32 version = 0;
    quint64 payload = 0, checksum = 0;
    std::memcpy(&version, map + 8, 4);
    std::memcpy(&payload, map + 48, 8);
    std::memcpy(&checksum, map + 56, 8);
    if (std::memcmp(map, kMagic, 8) != 0 || version != kFormatVersion)
        return miss(QStringLiteral("not a result cache of format %1").arg(kFormatVersion), true);
    if (std::memcmp(map + 16, keyDigest(key, fingerprint).constData(), 32) != 0)
        return miss(QStringLiteral("written for another export or other options"), true);
    if (payload != quint64(f.size() - kHeaderBytes))
        return miss(QStringLiteral("truncated or extended"), true);
    // Payload: result length R, lanes checksum, R bytes of result, the lanes. The header's
    // checksum covers all but the lanes, which are checked and read on a thread of their own
    // meanwhile (they do not depend on the result; their keys are compared with its keys after).
    quint64 resultBytes = 0, lanesChecksum = 0;
    if (payload >= kSectionBytes) {
        std::memcpy(&resultBytes, map + kHeaderBytes, 8);
        std::memcpy(&lanesChecksum, map + kHeaderBytes + 8, 8);
    }
    if (payload < kSectionBytes || resultBytes > payload - kSectionBytes)
        return miss(QStringLiteral("the result's length does not fit the file"), true);
    const auto* data = reinterpret_cast<const char*>(map + kHeaderBytes + kSectionBytes);
    const QByteArray bytes = QByteArray::fromRawData(data, qsizetype(resultBytes));
    const QByteArray lanesBytes
        = QByteArray::fromRawData(data + resultBytes, qsizetype(payload - kSectionBytes - resultBytes));
    QString reason, lanesWhy;
    auto lanesJob
        = std::async(std::launch::async, [&] { return readLanes(lanesBytes, lanesChecksum, trace, &lanesWhy); });
    // joined before `map` goes: by get() below, else by its destructor
    if (cacheChecksum(map + kHeaderBytes, kSectionBytes + resultBytes) != checksum)
        return miss(QStringLiteral("checksum mismatch"), true);
    // Without stored lanes the views' build starts as soon as the result is checked, before its
    // NVTX groups are rebuilt. Stored lanes are awaited after that rebuild, which runs meanwhile
    // (~30 ms of the ~0.15 s read at 5 M kernels).
    const bool hasLanes = !lanesBytes.isEmpty();
    std::shared_ptr<AnalysisResult> result = ResultArchive::read(bytes, trace, &reason, [&](const AnalysisResult& r) {
        if (!hasLanes && checked)
            checked(r, nullptr);
    });
    if (!result)
        return miss(reason, true);
    if (hasLanes) {
        const TimelineDataPtr lanes = lanesJob.get();
        if (!lanes || !sameKeys(lanes->keys(), *result))
            return miss(lanesWhy.isEmpty() ? QStringLiteral("timeline lanes: their colour keys are not the result's")
                                           : lanesWhy,
                true);
        if (checked)
            checked(*result, lanes);
    }
    TraceCache::markUsed(path);
    return result;
}

bool ResultCache::write(
    const AnalysisResult& result, const TraceCacheKey& key, const QByteArray& fingerprint, QString* error) const
{
    auto fail = [&](const QString& e) {
        if (error)
            *error = e;
        qCWarning(lcIo) << "result cache:" << e;
        return false;
    };
    // The views' lanes as they are shown now, else built here (on the writer's thread, idle).
    TimelineDataPtr lanes = TimelineCache::shared().find(result);
    if (!lanes)
        lanes = TimelineData::build(result.trace, TimelineData::Keys::fromAnalysis(result));
    const QByteArray lanesBytes = lanes ? TimelineArchive::write(*lanes) : QByteArray();
    QByteArray bytes(kSectionBytes, '\0');
    bytes += ResultArchive::write(result);
    const quint64 sizes[2] = { quint64(bytes.size() - kSectionBytes),
        cacheChecksum(reinterpret_cast<const uchar*>(lanesBytes.constData()), quint64(lanesBytes.size())) };
    std::memcpy(bytes.data(), sizes, kSectionBytes);
    const quint64 checksum = cacheChecksum(reinterpret_cast<const uchar*>(bytes.constData()), quint64(bytes.size()));
    bytes += lanesBytes;
    if (bytes.size() + kHeaderBytes > m_cap)
        return fail(QStringLiteral("the result of %1 exceeds the cache's limit").arg(result.trace->info.fileName));
    if (!QDir().mkpath(m_dir))
        return fail(QStringLiteral("the cache folder cannot be created"));
    QSaveFile f(fileFor(key, fingerprint));
    const quint64 payload = quint64(bytes.size());
    const QByteArray head = header(keyDigest(key, fingerprint), payload, checksum);
    const bool ok = f.open(QIODevice::WriteOnly) && f.write(head) == kHeaderBytes && f.write(bytes) == bytes.size();
    if (!ok || !f.commit()) {
        f.cancelWriting();
        return fail(QStringLiteral("%1 cannot be written: %2").arg(f.fileName(), f.errorString()));
    }
    TraceCache(m_dir, m_cap).evict();
    return true;
}

void ResultCache::writeLater(
    AnalysisPtr result, const TraceCacheKey& key, const QByteArray& fingerprint, const QString& dir, qint64 capBytes)
{
    startCacheWrite([result = std::move(result), key, fingerprint, dir, capBytes] {
        ResultCache(dir, capBytes).write(*result, key, fingerprint);
    });
}

void ResultCache::waitForWrites() { waitForCacheWrites(); }

} // namespace sl
