// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/rankdigest.h"

#include <QCoreApplication>
#include <QString>

namespace sl {

/// The digest file: a small SQLite database (format "sightline.digest", documented in
/// docs/digest-format.md) written and read through QtSql. Writes version 5 (DigestFormat), reads
/// versions 2 (DigestFormat2), 3, 4 and 5. Writes go to `path.part-PID-N-RANDOM`, renamed over `path` when complete
/// (parts over an hour old are removed). The content is a pure function of the export: no times of writing, no folders,
/// so two runs on one export give equal content.
class DigestStore
{
    Q_DECLARE_TR_FUNCTIONS(DigestStore)
public:
    static constexpr int formatVersion = 5; ///< the version written
    static QString suffix() { return QStringLiteral(".sldigest"); }

    static bool write(const RankDigest& digest, const QString& path, QString* error);
    /// False with `error` naming the file when it is not a digest of version 2 to 5, or is damaged.
    static bool read(const QString& path, RankDigest* digest, QString* error);
    /// True when `path` is an SQLite file with a digest_info table (a digest, not an export).
    static bool isDigest(const QString& path);
    /// Every table's rows as text, in key order: what two digests of one export share byte for byte.
    static QString contentDump(const QString& path, QString* error);
};

} // namespace sl
