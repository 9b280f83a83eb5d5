// SPDX-License-Identifier: MIT
#include "core/cluster/clusterinputs.h"

#include "core/cluster/digeststore.h"
#include "core/cluster/exportdigester.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

namespace sl {

QString ClusterInputs::digestPathFor(const QString& path, const QString& dir)
{
    return QDir(dir).filePath(QFileInfo(path).completeBaseName() + DigestStore::suffix());
}

QStringList ClusterInputs::digestAll(const QStringList& exports, const QString& dir, int jobs, bool reuse,
    QStringList* errors, const Progress& progress, const std::function<bool()>& cancelled)
{
    std::vector<QString> paths(size_t(exports.size()));
    std::atomic<qsizetype> next { 0 };
    std::mutex lock; // guards errors, done and the progress callback
    int done = 0;
    const auto worker = [&] {
        for (qsizetype i = next++; i < exports.size(); i = next++) {
            if (cancelled && cancelled())
                return;
            const QString target = digestPathFor(exports[i], dir);
            RankDigest d;
            QString error;
            const QFileInfo source(exports[i]), existing(target);
            const bool fresh = reuse && existing.exists() && existing.lastModified() >= source.lastModified()
                && DigestStore::read(target, &d, &error) && d.fileSize == source.size();
            error.clear();
            const bool ok = fresh
                || (ExportDigester::digest(exports[i], &d, &error, cancelled) && DigestStore::write(d, target, &error));
            const std::lock_guard<std::mutex> guard(lock);
            if (ok)
                paths[size_t(i)] = target;
            else
                errors->append(error);
            if (progress)
                progress(++done, int(exports.size()));
        }
    };
    std::vector<std::thread> threads;
    for (int t = 0; t < std::max(1, std::min<int>(jobs, int(exports.size()))); ++t)
        threads.emplace_back(worker);
    for (auto& t : threads)
        t.join();
    return QStringList(paths.begin(), paths.end());
}

bool ClusterInputs::collect(const QStringList& inputs, const QString& cacheDir, int jobs, QStringList* digests,
    QStringList* errors, const Progress& progress, const std::function<bool()>& cancelled)
{
    QStringList exports;
    for (const QString& input : inputs) {
        const QFileInfo info(input);
        if (info.isDir()) {
            const QDir dir(input);
            const QStringList ds = dir.entryList({ QLatin1Char('*') + DigestStore::suffix() }, QDir::Files, QDir::Name);
            for (const QString& d : ds)
                *digests << dir.filePath(d);
            for (const QString& e : dir.entryList({ QStringLiteral("*.sqlite") }, QDir::Files, QDir::Name))
                if (!ds.contains(QFileInfo(e).completeBaseName() + DigestStore::suffix()))
                    exports << dir.filePath(e);
        } else if (!info.isFile()) {
            errors->append(tr("Cannot read %1: it does not exist or is not a file or folder.").arg(input));
            return false;
        } else if (DigestStore::isDigest(input)) {
            *digests << input;
        } else {
            exports << input;
        }
    }
    if (exports.isEmpty())
        return true;
    if (!QDir().mkpath(cacheDir)) {
        errors->append(tr("Cannot create the folder %1.").arg(cacheDir));
        return false;
    }
    const QStringList made = digestAll(exports, cacheDir, jobs, true, errors, progress, cancelled);
    *digests << made;
    return errors->isEmpty() && !(cancelled && cancelled());
}

} // namespace sl
