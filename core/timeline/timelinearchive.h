// SPDX-License-Identifier: MIT
#pragma once

#include "core/timeline/timelinedata.h"

#include <QByteArray>
#include <QString>

class QDataStream;

namespace sl {

/// The bytes of a TimelineData in the result cache (docs/cache-format.md): every lane's own
/// fields, rows and level-of-detail arrays, so that a reopen restores the Timeline and NVTX views'
/// lanes instead of summarising millions of events again. The colour keys come first. What points into the trace (the
/// lanes' event columns, the busy bands' tables) is not stored but wired again to the reader's trace; every row and
/// lane index read back is checked against the trace and the summary arrays against their lane's size.
class TimelineArchive
{
public:
    /// Bumped with every change of what is stored: an older file is then refused, not misread.
    static constexpr quint32 kVersion = 1;

    static QByteArray write(const TimelineData& data);
    /// The lanes `bytes` hold for `trace`, with the colour keys they were built with (stored
    /// first, so that the lanes can be read beside the result they belong to: the caller compares
    /// them with the result's); null with `why` (untranslated, logged) when they do not fit.
    static TimelineDataPtr read(const QByteArray& bytes, const TracePtr& trace, QString* why);

private:
    static bool readLayout(QDataStream& s, TimelineData& d);
    /// Every lane, its event columns wired to the trace; the devices' and threads' lane indices.
    static const char* readLanes(QDataStream& s, TimelineData& d);
    static const char* readLane(QDataStream& s, const TimelineData& d, TimelineLane& lane);
};

} // namespace sl
