// SPDX-License-Identifier: MIT
#include "core/cluster/clusterinputs.h"

#include "core/cluster/digeststore.h"
#include "core/cluster/exportdigester.h"
#include "core/io/tracecache.h"
#include "core/util/filehash.h"
#include "core/util/logging.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QLockFile>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSet>

#include <algorithm>
#include <atomic>
#include <climits>
#include <mutex>
#include <thread>

namespace sl {

namespace {

/// `path` as a digest of an export of `size` bytes, or false (a damaged entry is removed).
bool readCached(const QString& path, qint64 size, RankDigest* d)
{
    if (!QFileInfo::exists(path))
        return false;
    QString why;
    if (DigestStore::read(path, d, &why) && d->fileSize == size) {
        TraceCache::markUsed(path);
        return true;
    }
    qCWarning(lcIo) << "digest cache: removing" << QFileInfo(path).fileName() << "-" << why;
    QFile::remove(path);
    return false;
}

/// Copies `from` to `to` atomically (QSaveFile); false with a translated `error`.
bool copyAtomically(const QString& from, const QString& to, QString* error)
{
    QFile in(from);
    if (!in.open(QIODevice::ReadOnly)) {
        *error = ClusterInputs::tr("Cannot read the cached digest %1: %2").arg(from, in.errorString());
        return false;
    }
    QSaveFile out(to);
    if (out.open(QIODevice::WriteOnly) && out.write(in.readAll()) == in.size() && out.commit())
        return true;
    *error = ClusterInputs::tr("Cannot write the digest %1: %2").arg(to, out.errorString());
    return false;
}

/// Cache entry `k` of `exportPath`'s digests (0: its first or only one): its identity, its file
/// name (a digest records the name it was made from; two links to one export share an identity,
/// not a name) and k.
QString cacheEntry(const QString& cacheDir, const TraceCacheKey& key, const QString& exportPath, int k)
{
    const QByteArray name = QFileInfo(exportPath).fileName().toUtf8(), number = QByteArray::number(k);
    const QByteArray hash
        = k == 0 ? FileHash::sha256Of({ key.digest(), name }) : FileHash::sha256Of({ key.digest(), name, number });
    return QDir(cacheDir).filePath(QString::fromLatin1(hash.toHex()) + QLatin1String(TraceCache::kDigestSuffix));
}

/// The cached digests of an export, all of them or none: one evicted or damaged, and the export
/// is digested again (a rank left out would change the cluster's answer).
bool readCachedSet(const QString& cacheDir, const TraceCacheKey& key, const QString& exportPath,
    std::vector<RankDigest>* digests, QStringList* entries)
{
    RankDigest first;
    const QString entry = cacheEntry(cacheDir, key, exportPath, 0);
    if (!readCached(entry, key.size, &first))
        return false;
    *entries = { entry };
    digests->assign(1, first);
    for (int k = 1; k < first.processes; ++k) {
        RankDigest d;
        *entries << cacheEntry(cacheDir, key, exportPath, k);
        if (!readCached(entries->back(), key.size, &d) || d.processes != first.processes || d.sha256 != first.sha256)
            return false;
        digests->push_back(std::move(d));
    }
    return true;
}

/// The file names of the rank digests of the export digested as `base` ("NAME.pPID.sldigest",
/// "NAME.pPID.dGPU.sldigest").
QRegularExpression ofRanks(const QString& base)
{
    return QRegularExpression(
        QStringLiteral("^%1\\.p[0-9]+(\\.d[0-9]+)?%2$")
            .arg(QRegularExpression::escape(base), QRegularExpression::escape(DigestStore::suffix())));
}

/// Removes the digests of an earlier run of the export `made` is a digest of, digested to
/// `outPath`, that `written` does not replace: a re-profiled export has other pids (or became, or stopped being,
/// one of several ranks), and the old files would be read as ranks of their own. Only files that
/// record that export's name (an export named "x.p5.sqlite" has a digest "x.p5.sldigest" too).
void removeStale(const QString& outPath, const QStringList& written, const RankDigest& made)
{
    const QFileInfo out(outPath);
    const QDir dir = out.dir();
    QStringList old = dir.entryList({ QLatin1Char('*') + DigestStore::suffix() }, QDir::Files)
                          .filter(ofRanks(out.fileName().chopped(DigestStore::suffix().size())));
    old << out.fileName();
    QStringList kept; // by file name: written holds paths in this folder, maybe spelled otherwise
    for (const QString& w : written)
        kept << QFileInfo(w).fileName();
    for (const QString& name : old) {
        const QString path = dir.filePath(name);
        RankDigest d;
        QString ignored;
        // That export's, from its host: a report.sqlite of another node digested into one shared
        // folder by a run of its own is not an earlier capture.
        if (!kept.contains(name) && QFileInfo::exists(path) && DigestStore::read(path, &d, &ignored)
            && d.file == made.file && d.hostname == made.hostname)
            QFile::remove(path);
    }
}

/// The lock file of a folder digests are placed in (placeAll), and how long it is waited for and
/// held at most (ms).
constexpr const char* kFolderLock = ".sightline-digests.lock";
constexpr int kStaleLockMs = 60'000;
constexpr int kLockWaitMs = 120'000;

/// Where digest `d` of an export goes, given the path of its whole-export digest: that path, or
/// for one process' rank "NAME.pPID.sldigest", for one GPU of it "NAME.pPID.dGPU.sldigest".
QString rankPath(const QString& outPath, const RankDigest& d)
{
    if (d.process < 0)
        return outPath;
    return outPath.chopped(DigestStore::suffix().size()) + QStringLiteral(".p%1").arg(d.process)
        + (d.device >= 0 ? QStringLiteral(".d%1").arg(d.device) : QString()) + DigestStore::suffix();
}

/// False with `error` where `path` holds the digest of another rank, which writing there would
/// lose: an export of another name ("x.p5.sqlite" where the rank of pid 5 of "x.sqlite" is), of
/// the same name from another host (a report.sqlite per node, digested by runs of their own
/// into one folder), or of another rank (two GPUs' report.sqlite of one host). The digest of an
/// earlier capture of the same rank (same name and host, no other rank) is replaced, and so is
/// a digest that cannot be read.
bool mayReplace(const QString& path, const RankDigest& d, QString* error)
{
    RankDigest old;
    QString damaged;
    if (!QFileInfo::exists(path) || !DigestStore::read(path, &old, &damaged))
        return true;
    const QString where = QDir::toNativeSeparators(path);
    if (old.file != d.file)
        *error = ClusterInputs::tr("%1 holds the digest of another export, %2; it is kept: digest into another folder.")
                     .arg(where, old.file);
    else if (old.hostname != d.hostname)
        *error
            = ClusterInputs::tr("%1 holds the digest of %2 from another host; it is kept: digest into another folder.")
                  .arg(where, old.file);
    else if (old.rank >= 0 && d.rank >= 0 && old.rank != d.rank)
        *error = ClusterInputs::tr("%1 holds the digest of rank %2 (%3); it is kept: digest into another folder.")
                     .arg(where)
                     .arg(old.rank)
                     .arg(old.file);
    else
        return true;
    return false;
}

/// mayReplace() for every digest of one export, before any is written: all of them or none.
/// In a folder of the caller's own (`ownFolder`: cluster --out R keeps R/digests) anything goes.
bool mayReplaceAll(const QString& outPath, const std::vector<RankDigest>& digests, bool ownFolder, QString* error)
{
    for (const RankDigest& d : digests)
        if (!ownFolder && !mayReplace(rankPath(outPath, d), d, error))
            return false;
    return true;
}

/// Writes one export's digests to their places beside `outPath`, digest k by `put(k, path,
/// error)`, once mayReplaceAll() allows all of them; then removes the stale ones (removeStale).
/// The paths, or empty with `error`.
template <typename Put>
QStringList placeAll(
    const std::vector<RankDigest>& digests, const QString& outPath, bool ownFolder, QString* error, Put put)
{
    // The check and the writes as one step among writers of this folder: two runs digesting a
    // report.sqlite each (one per node) into one shared folder would both find the name free, and
    // the second rename would replace the first digest. A lock file of the folder (O_EXCL, which
    // NFS honours), held for the placement only (milliseconds; the digesting is done): one
    // left by a process that died is taken over after kStaleLockMs.
    const QString lockPath = QFileInfo(outPath).dir().filePath(QLatin1String(kFolderLock));
    QLockFile folder(lockPath);
    folder.setStaleLockTime(kStaleLockMs);
    if (!folder.tryLock(kLockWaitMs)) {
        *error = ClusterInputs::tr("Another process holds %1 for longer than %2 s; no digest was written.")
                     .arg(QDir::toNativeSeparators(lockPath))
                     .arg(kLockWaitMs / 1000);
        return {};
    }
    if (!mayReplaceAll(outPath, digests, ownFolder, error))
        return {};
    QStringList written;
    for (size_t k = 0; k < digests.size(); ++k) {
        written << rankPath(outPath, digests[k]);
        if (!put(k, written.back(), error))
            return {};
    }
    removeStale(outPath, written, digests.front());
    return written;
}

/// One export's digests (one, or one per rank it holds) at `outPath` (or, with no out folder, in
/// the cache); empty on failure.
QStringList digestOne(const QString& exportPath, const QString& outPath, const ClusterInputs::Target& target,
    QString* error, const std::function<bool()>& cancelled)
{
    const QString& cacheDir = target.cacheDir;
    const std::optional<TraceCacheKey> key = cacheDir.isEmpty() ? std::nullopt : TraceCacheKey::of(exportPath);
    std::vector<RankDigest> digests;
    QStringList entries;
    if (key && readCachedSet(cacheDir, *key, exportPath, &digests, &entries))
        return outPath.isEmpty()
            ? entries
            : placeAll(digests, outPath, target.ownFolder, error,
                [&](size_t k, const QString& to, QString* e) { return copyAtomically(entries[qsizetype(k)], to, e); });
    if (!ExportDigester::digestRanks(exportPath, &digests, error, cancelled))
        return {};
    // Cached only when the export did not change while it was read.
    const bool cache = key && TraceCacheKey::of(exportPath) == key;
    QString cacheError;
    entries.clear();
    for (size_t k = 0; cache && k < digests.size(); ++k) {
        entries << cacheEntry(cacheDir, *key, exportPath, int(k));
        if (cacheError.isEmpty() && !DigestStore::write(digests[k], entries.back(), &cacheError))
            qCWarning(lcIo) << "digest cache:" << cacheError;
    }
    if (!outPath.isEmpty())
        return placeAll(digests, outPath, target.ownFolder, error,
            [&](size_t k, const QString& to, QString* e) { return DigestStore::write(digests[k], to, e); });
    if (cache && cacheError.isEmpty())
        return entries;
    *error = cacheError.isEmpty() ? ClusterInputs::tr("%1 changed while it was digested.").arg(exportPath) : cacheError;
    return {};
}

/// Whether `names` (the digests of folder `dir`) hold a digest of export `exportFile`:
/// "NAME.sldigest", a rank's "NAME.pPID.sldigest" or "NAME.pPID.dGPU.sldigest", or either numbered by digestNames
/// ("NAME-1.sldigest": "x.p5.sqlite" digested beside "x.sqlite"), that records that export's
/// name (not the whole digest of an export named "NAME.pPID.sqlite", nor a rank of
/// "NAME.sqlite" beside an export named "NAME.pPID.sqlite").
bool hasDigest(const QDir& dir, const QStringList& names, const QString& exportFile)
{
    const QString base = QFileInfo(exportFile).completeBaseName();
    const QRegularExpression ofExport(
        QStringLiteral("^%1(-[0-9]+)?(\\.p[0-9]+(\\.d[0-9]+)?)?%2$")
            .arg(QRegularExpression::escape(base), QRegularExpression::escape(DigestStore::suffix())));
    for (const QString& name : names.filter(ofExport)) {
        RankDigest d;
        QString ignored;
        if (DigestStore::read(dir.filePath(name), &d, &ignored) && d.file == exportFile)
            return true;
    }
    return false;
}

/// A rank of an export that holds several: " (pid P)", or for one GPU of a process " (pid P, GPU D)".
QString processLabel(const RankDigest& d)
{
    return d.device >= 0 ? QStringLiteral(" (pid %1, GPU %2)").arg(d.process).arg(d.device)
                         : QStringLiteral(" (pid %1)").arg(d.process);
}

} // namespace

QStringList ClusterInputs::digestNames(const QStringList& exports)
{
    QHash<QString, int> uses;
    for (const QString& e : exports)
        ++uses[QFileInfo(e).completeBaseName()];
    QStringList stems;
    for (const QString& e : exports) {
        const QFileInfo info(e);
        const QString base = info.completeBaseName();
        stems << (uses.value(base) > 1 ? QFileInfo(info.absolutePath()).fileName() + QLatin1Char('-') + base : base);
    }
    // "x.p5" beside "x": were x of several ranks, its rank of pid 5 would be "x.p5.sldigest" too
    // (and of pid 5's GPU 1 "x.p5.d1.sldigest").
    static const QRegularExpression rankLike(QStringLiteral("^(.+)\\.p[0-9]+(\\.d[0-9]+)?$"));
    const QSet<QString> all(stems.cbegin(), stems.cend());
    QStringList names;
    QSet<QString> taken;
    for (qsizetype i = 0; i < exports.size(); ++i) {
        const QRegularExpressionMatch m = rankLike.match(stems[i]);
        bool shadows = m.hasMatch() && all.contains(m.captured(1));
        QString name = stems[i];
        for (qsizetype k = i; shadows || taken.contains(name); k += exports.size()) { // "x-r-2" may be an input's own
            name = stems[i] + QLatin1Char('-') + QString::number(k);
            shadows = false;
        }
        taken.insert(name);
        names << name + DigestStore::suffix();
    }
    return names;
}

QStringList ClusterInputs::digestAll(const QStringList& exports, const Target& target, QStringList* errors,
    const Progress& progress, const std::function<bool()>& cancelled, QStringList* from)
{
    const QStringList names = target.names.size() == exports.size() ? target.names : digestNames(exports);
    std::vector<QStringList> paths(size_t(exports.size()));
    std::atomic<qsizetype> next { 0 };
    std::mutex lock; // guards errors, done and the progress callback
    int done = 0;
    const auto worker = [&] {
        for (qsizetype i = next++; i < exports.size(); i = next++) {
            if (cancelled && cancelled())
                return;
            QString error;
            const QString out = target.outDir.isEmpty() ? QString() : QDir(target.outDir).filePath(names[i]);
            const QStringList made = digestOne(exports[i], out, target, &error, cancelled);
            const std::lock_guard<std::mutex> guard(lock);
            if (!made.isEmpty())
                paths[size_t(i)] = made;
            else // with the folder: 64 node folders may each hold a report.sqlite
                errors->append(tr("%1: %2").arg(QDir::toNativeSeparators(exports[i]), error));
            if (progress)
                progress(++done, int(exports.size()));
        }
    };
    std::vector<std::thread> threads;
    for (int t = 0; t < std::max(1, std::min<int>(target.jobs, int(exports.size()))); ++t)
        threads.emplace_back(worker);
    for (auto& t : threads)
        t.join();
    if (!target.cacheDir.isEmpty())
        TraceCache(target.cacheDir, target.cacheCapBytes).evict(); // once for the batch: the walk stats every file
    QStringList all;
    for (size_t i = 0; i < paths.size(); ++i) {
        const QStringList made = paths[i].isEmpty() ? QStringList { QString() } : paths[i];
        all << made;
        if (from)
            *from << QStringList(made.size(), exports[qsizetype(i)]);
    }
    return all;
}

bool ClusterInputs::collect(const QStringList& inputs, const Target& target, QStringList* digests, QStringList* sources,
    QStringList* errors, const Progress& progress, const std::function<bool()>& cancelled)
{
    QStringList exports;
    const auto addDigest = [&](const QString& path) {
        *digests << path;
        *sources << path;
    };
    for (const QString& input : inputs) {
        const QFileInfo info(input);
        if (info.isDir()) {
            const QDir dir(input);
            const QStringList ds = dir.entryList({ QLatin1Char('*') + DigestStore::suffix() }, QDir::Files, QDir::Name);
            for (const QString& d : ds)
                addDigest(dir.filePath(d));
            for (const QString& e : dir.entryList({ QStringLiteral("*.sqlite") }, QDir::Files, QDir::Name))
                if (!hasDigest(dir, ds, e))
                    exports << dir.filePath(e);
        } else if (!info.isFile()) {
            errors->append(tr("Cannot read %1: it does not exist or is not a file or folder.").arg(input));
            return false;
        } else if (info.fileName().contains(DigestStore::suffix() + QStringLiteral(".part-"))) {
            errors->append(tr("%1 is a digest write that never finished: digest its export again.").arg(input));
            return false;
        } else if (DigestStore::isDigest(input)) {
            addDigest(input);
        } else {
            exports << input;
        }
    }
    if (exports.isEmpty())
        return true;
    for (const QString& dir : { target.outDir, target.cacheDir })
        if (!dir.isEmpty() && !QDir().mkpath(dir)) {
            errors->append(tr("Cannot create the folder %1.").arg(dir));
            return false;
        }
    *digests << digestAll(exports, target, errors, progress, cancelled, sources);
    return errors->isEmpty() && !(cancelled && cancelled());
}

void ClusterInputs::labelRanks(std::vector<RankDigest>& digests)
{
    QHash<QString, std::vector<size_t>> byName;
    for (size_t i = 0; i < digests.size(); ++i)
        byName[digests[i].file].push_back(i);
    for (std::vector<size_t>& same : byName) {
        if (same.size() < 2)
            continue;
        // By rank where each export gives a rank of its own; else numbered by rank (ranks the
        // export does not give last), then input order.
        const auto key = [&](size_t i) { return digests[i].rank < 0 ? INT_MAX : digests[i].rank; };
        std::stable_sort(same.begin(), same.end(), [&](size_t a, size_t b) { return key(a) < key(b); });
        bool byRank = true;
        // Ranks of one export: its processes (or their GPUs), when they are all distinct.
        QSet<std::pair<qint64, int>> processes;
        QSet<QString> exports;
        for (size_t n = 0; n < same.size(); ++n) {
            byRank = byRank && digests[same[n]].rank >= 0 && (n == 0 || key(same[n]) != key(same[n - 1]));
            processes.insert({ digests[same[n]].process, digests[same[n]].device });
            exports.insert(digests[same[n]].sha256);
        }
        const bool byProcess
            = exports.size() == 1 && !processes.contains({ -1, -1 }) && processes.size() == qsizetype(same.size());
        for (size_t n = 0; n < same.size(); ++n)
            digests[same[n]].label = digests[same[n]].file
                + (byRank           ? QStringLiteral(" (rank %1)").arg(digests[same[n]].rank)
                        : byProcess ? processLabel(digests[same[n]])
                                    : QStringLiteral(" (%1)").arg(n + 1));
    }
}

} // namespace sl
