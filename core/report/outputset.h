// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

namespace sl {

/// Several output files written as one (report.json + report.md + tables/*.csv, or a
/// comparison's two files): every file is first written in full to a private staging folder
/// inside the output folder (mode 0700, exclusive create), flushed and fsync'ed with every
/// return value checked; only when all of them succeeded are they renamed over their targets.
/// A failed write (disk full, quota, file-size limit) or a kill before that point leaves the
/// previous files untouched and nothing half-written. A rename replaces a symbolic link that
/// sits where an output file goes (the link's target is never written); a linked sub-folder
/// (e.g. tables/ -> elsewhere) is refused. Any thread; not thread-safe itself.
class OutputSet
{
    Q_DECLARE_TR_FUNCTIONS(OutputSet)
public:
    explicit OutputSet(QString dir);
    /// `relativePath` is a file name or "sub/name" (one level), relative to the output folder.
    void add(const QString& relativePath, QByteArray data);
    /// Writes every file; on failure returns false with a translated message naming the file,
    /// and leaves the output folder's files as they were.
    bool commit(QString* error);

    /// Prefix of the staging folders; a folder left by a killed export carries its pid and is
    /// removed by the next export into the same folder once that process is gone.
    static QString stagingPrefix() { return QStringLiteral(".sightline-staging-"); }

private:
    bool prepareFolders(QString* error) const;
    void removeStaleStaging() const;
    /// Writes every file into `staging` (named by its index, paths appended to `staged`), then
    /// fsyncs and closes them all; false with a translated message on the first failure.
    bool stageFiles(const QString& staging, QStringList* staged, QString* error) const;
    QString m_dir;
    QList<std::pair<QString, QByteArray>> m_files;
};

} // namespace sl
