// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/rankdigest.h"

#include <QSqlDatabase>
#include <QStringList>

namespace sl {

/// Reads digests of format version 2 (docs/digest-format.md, "Version 2"): users keep digests, and
/// a version-2 digest holds everything a version-3 one does (its 256 bins per GPU at full width).
/// Nothing writes version 2 any more. Messages are DigestStore's.
class DigestFormat2
{
public:
    static constexpr int version = 2;
    /// The tables after digest_info (whose common keys DigestStore has read into `d`).
    static bool read(QSqlDatabase db, RankDigest* d, QString* error);
    /// The queries of DigestStore::contentDump, in key order.
    static QStringList dumpQueries();
};

} // namespace sl
