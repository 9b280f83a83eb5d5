// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QObject>

namespace sl {

class EvidenceDock;
class KernelsDock;
class TimelineDock;

/// Lands a finding's or a comparison link's evidence where it can be read: every row in the
/// Evidence dock; kernel rows also selected in the Kernels dock (which comes to the front); the
/// timeline marks them (kernels, else the first device time range, else the rows' span).
class EvidenceRouter : public QObject
{
    Q_OBJECT
public:
    EvidenceRouter(EvidenceDock* evidence, KernelsDock* kernels, TimelineDock* timeline, QObject* parent = nullptr);

    /// `analysis` is the trace the rows belong to (the docks show it already).
    void show(
        const AnalysisPtr& analysis, const QVector<Evidence>& evidence, const QString& title, const QString& detail);

private:
    EvidenceDock* m_evidence;
    KernelsDock* m_kernels;
    TimelineDock* m_timeline;
};

} // namespace sl
