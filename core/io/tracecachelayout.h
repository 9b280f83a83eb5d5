// SPDX-License-Identifier: MIT
#pragma once

#include "core/trace/trace.h"

#include <QIODevice>

namespace sl {

/// Where every part of a Trace goes in a cache file: a metadata block (QDataStream: file facts,
/// strings, GPUs, names, data quality, the shapes of the per-series and per-lane columns), then
/// every column in one fixed order (docs/cache-format.md). Both directions share that order.
class TraceCacheLayout
{
public:
    /// Writes `trace` after the file header; false on a write error.
    static bool write(QIODevice& out, const Trace& trace);
    /// Rebuilds a trace from the bytes after the file header; false, with `why`, when a column
    /// is missing, damaged or names an id outside its table (every id is checked).
    static bool read(const uchar* data, quint64 size, Trace& trace, QString* why);

private:
    static QByteArray metadata(const Trace& trace);
    static bool readMetadata(const QByteArray& meta, Trace& trace);
    static bool checkIds(const Trace& trace, QString* why);
};

} // namespace sl
