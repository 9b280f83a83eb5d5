// SPDX-License-Identifier: MIT
#include "widgets/evidencerouter.h"

#include "core/models/evidencerowsmodel.h"
#include "core/trace/tablenames.h"
#include "widgets/docks/evidencedock.h"
#include "widgets/docks/kernelsdock.h"
#include "widgets/docks/timelinedock.h"

namespace sl {

namespace {
const QString kKernelTable = tables::kKernel;
} // namespace

EvidenceRouter::EvidenceRouter(EvidenceDock* evidence, KernelsDock* kernels, TimelineDock* timeline, QObject* parent)
    : QObject(parent)
    , m_evidence(evidence)
    , m_kernels(kernels)
    , m_timeline(timeline)
{
}

void EvidenceRouter::show(const AnalysisPtr& analysis, const EvidenceRequest& request)
{
    const QVector<Evidence>& evidence = request.evidence;
    const QString& title = request.title;
    m_evidence->showEvidence(analysis, evidence, title, request.detail);
    // The timeline marks the evidence and zooms to it: kernel rows when there are some, else the
    // first device time range (idle gap, warm-up), else whatever the rows span.
    const Evidence* kernels = nullptr;
    const Evidence* range = nullptr;
    for (const Evidence& e : evidence) {
        if (!kernels && e.table == kKernelTable && !e.rows.empty())
            kernels = &e;
        if (!range && e.startNs >= 0 && e.endNs >= e.startNs)
            range = &e;
    }
    // A click on the timeline: the user is looking at it, so it stays where it is.
    if (request.fromTimeline) {
    } else if (kernels) {
        m_timeline->highlightKernels(kernels->rows);
    } else if (range && range->deviceId >= 0) {
        m_timeline->highlightRange(range->deviceId, range->startNs, range->endNs);
    } else if (const auto [start, end] = m_evidence->model()->span(); start >= 0) {
        m_timeline->zoomTo(start, end);
    }
    if (kernels) {
        m_kernels->showKernels(
            kernels->rows, tr("%n evidence kernel(s) of “%1”", nullptr, int(kernels->rows.size())).arg(title));
        m_kernels->show();
        m_kernels->raise();
        return;
    }
    // Evidence in other tables (API calls, copies, graph launches) or time ranges: the Evidence dock holds it.
    m_evidence->show();
    m_evidence->raise();
}

} // namespace sl
