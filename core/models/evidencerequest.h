// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QString>
#include <QVector>

#include <vector>

namespace sl {

/// The one way a view asks to show evidence (every dock's evidenceRequested signal): rows of a
/// trace under a caption. The window routes it (EvidenceRouter): every row in the Evidence dock,
/// kernel rows selected in the Kernels dock, the rows marked on the timeline.
struct EvidenceRequest
{
    QVector<Evidence> evidence;
    QString title; ///< translated caption, e.g. the finding's title
    QString detail; ///< translated, may be empty: a sentence under the caption
    /// Whose rows: null for the trace the docks show; else this analysis' trace, which is made the
    /// current one first (a comparison's link into one of its traces).
    AnalysisPtr analysis;
    /// The request comes from the timeline itself (a click on a kernel): it is not zoomed or
    /// re-marked, so the user's view stays where it is.
    bool fromTimeline = false;

    /// Kernel launches (KernelTable indices of `trace`) as evidence, with their SQL.
    static EvidenceRequest kernels(const Trace& trace, std::vector<quint32> kernelIndices, const QString& title);
};

} // namespace sl
