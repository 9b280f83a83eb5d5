// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/analysisresult.h"

#include <QObject>
#include <QStringList>

namespace sl {

class TraceSession;

/// Which open traces the Comparison dock compares: every analysed trace, in selector order,
/// labelled by Comparator::labelsFor (the rule the CLI uses). Follows the session; emits changed
/// after every analysis and close. (A comparison's evidence names its analysis, EvidenceRequest::analysis,
/// which the window finds in the session.)
class ComparisonRoster : public QObject
{
    Q_OBJECT
public:
    /// `session` must outlive this object.
    explicit ComparisonRoster(TraceSession* session, QObject* parent = nullptr);

    const QVector<AnalysisPtr>& analyses() const { return m_analyses; }
    const QStringList& labels() const { return m_labels; }

signals:
    void changed(const QVector<sl::AnalysisPtr>& analyses, const QStringList& labels);

private:
    void update();

    TraceSession* m_session;
    QVector<AnalysisPtr> m_analyses;
    QStringList m_labels;
};

} // namespace sl
