// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/rankdigest.h"

#include <QHash>
#include <QSqlDatabase>
#include <QString>
#include <QStringList>

namespace sl {

/// The tables of digest format versions 3 to 5 (docs/digest-format.md); DigestStore writes 5.
/// Version 4 added the keys `process` and `processes` to version 3's digest_info (a digest of one
/// rank of an export that holds several; a version 3 digest covers its whole export), version 5
/// the key `device` (one GPU of a process that drove several, each a rank). `digest_info` (identity,
/// clocks, summary; the devices, processes and NCCL communicators as JSON arrays), `kinds` (what collectives share, and
/// step-name prefixes), `collectives`, `steps`, `bins`, and the views `collective_times` and `step_times`. Messages are
/// DigestStore's.
class DigestFormat
{
public:
    static constexpr int version = 5; ///< written
    static constexpr int oldestVersion = 3; ///< read, from here to `version`
    static QStringList schema();
    /// Every row of `d`, digest_info included (its `format` and `version` first).
    static bool insert(QSqlDatabase db, const RankDigest& d, QString* error);
    /// What follows digest_info: `info` is its key → value, `d` has its common keys already.
    static bool read(QSqlDatabase db, const QHash<QString, QString>& info, RankDigest* d, QString* error);
    /// The queries of DigestStore::contentDump, in key order.
    static QStringList dumpQueries();
};

} // namespace sl
