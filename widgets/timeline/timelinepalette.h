// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QColor>

namespace sl {

/// Colours of the timeline views, in one place so that the lanes and the legends agree.
class TimelinePalette
{
public:
    static QColor category(int index); ///< Taxonomy::categories() index; grey when unknown
    static QColor phase(int index); ///< phase-map index; neutral grey for -1 (no phase)
    static QColor gap(IdleGap::Cause cause);
    static QColor copyKind(int kind); ///< ENUM_CUDA_MEMCPY_OPER id
    static QColor busy(); ///< device busy band and graph/memset lanes
    static QColor highlight(); ///< evidence kernels and ranges
    static QColor outsideWindow(); ///< shade over time outside the analysis window
    static QColor selection(); ///< range being selected (Shift+drag)
};

} // namespace sl
