// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"
#include "core/models/evidencerequest.h"

#include <QObject>

namespace sl {

class EvidenceDock;
class KernelsDock;
class TimelineDock;

/// Lands a dock's EvidenceRequest (a finding's, a figure's, a search hit's, a comparison link's)
/// where it can be read: every row in the Evidence dock; kernel rows also selected in the Kernels
/// dock (which comes to the front); the timeline marks them (kernels, else the first device time
/// range, else the rows' span) unless the request came from the timeline itself.
class EvidenceRouter : public QObject
{
    Q_OBJECT
public:
    EvidenceRouter(EvidenceDock* evidence, KernelsDock* kernels, TimelineDock* timeline, QObject* parent = nullptr);

    /// `analysis` is the trace the rows belong to (the docks show it already).
    void show(const AnalysisPtr& analysis, const EvidenceRequest& request);

private:
    EvidenceDock* m_evidence;
    KernelsDock* m_kernels;
    TimelineDock* m_timeline;
};

} // namespace sl
