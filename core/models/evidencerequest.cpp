// SPDX-License-Identifier: MIT
#include "core/models/evidencerequest.h"

#include "core/analysis/findings/evidencebuilder.h"
#include "core/trace/tablenames.h"

namespace sl {

EvidenceRequest EvidenceRequest::kernels(const Trace& trace, std::vector<quint32> kernelIndices, const QString& title)
{
    EvidenceRequest r;
    r.evidence = { EvidenceBuilder::rows(tables::kKernel, trace.kernels.rowid, std::move(kernelIndices), QString()) };
    r.title = title;
    return r;
}

} // namespace sl
