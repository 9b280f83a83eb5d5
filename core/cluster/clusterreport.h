// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/clustergate.h"
#include "core/cluster/clusterresult.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

namespace sl {

/// The outputs of `sightline-cli cluster`: cluster.json (format "sightline.cluster", version 1,
/// keys in docs/report-format.md), cluster.md and tables/{ranks,hosts,collectives}.csv, written
/// as one OutputSet. Hosts appear as host0, host1, ...; files by name only.
class ClusterReport
{
    Q_DECLARE_TR_FUNCTIONS(ClusterReport)
public:
    static constexpr int formatVersion = 1;
    /// `gate`: the verdict of `--gate` against an earlier run, or null.
    static QByteArray json(const ClusterResult& r, const ClusterGate* gate = nullptr);
    static QByteArray markdown(const ClusterResult& r, const ClusterGate* gate = nullptr);
    static bool writeAll(const ClusterResult& r, const QString& dir, QString* error, const ClusterGate* gate = nullptr);
};

} // namespace sl
