// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QWidget>

namespace sl {

/// A row of colour swatches with their labels, wrapped to the width (the timelines' legends).
class LegendBar : public QWidget
{
    Q_OBJECT
public:
    struct Entry
    {
        QColor color;
        QString label;
    };
    explicit LegendBar(QWidget* parent = nullptr);

    void setEntries(QVector<Entry> entries);
    const QVector<Entry>& entries() const { return m_entries; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    /// Top-left of each entry when laid out in `width`; returns the height used.
    int layoutEntries(int width, QVector<QPoint>* positions) const;
    QVector<Entry> m_entries;
};

} // namespace sl
