// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/timeline/timecanvas.h"

namespace sl {

/// NVTX ranges per CPU thread, one lane per nesting depth (outermost on top), coloured by the
/// phase each range belongs to (its own name's, else the nearest enclosing phase range's).
/// Shares the TimeViewport of the GPU timeline so both scroll and zoom together.
class NvtxView : public TimeCanvas
{
    Q_OBJECT
public:
    static constexpr int kDepthHeight = 14;

    explicit NvtxView(QWidget* parent = nullptr);

    /// The range (NvtxTable index) drawn alone at a viewport position, or -1.
    qint64 rangeAt(const QPoint& pos) const;
    QString toolTipAt(const QPoint& pos) const override;
    /// Name of a phase key (index into the analysis' phases), "no phase" for LaneSummary::kNoKey.
    QString phaseName(quint8 key) const;

protected:
    std::vector<Row> buildRows() const override;
    QColor keyColor(const TimelineLane& lane, quint8 key) const override;
    void doubleClicked(const QPoint& pos) override;

private:
    LaneSummary::Hit hitAt(const QPoint& pos, int* lane, qint64* fromNs, qint64* toNs) const;
};

} // namespace sl
