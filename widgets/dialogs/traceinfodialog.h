// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/tablecounter.h"
#include "core/trace/trace.h"

#include <QDialog>
#include <QFutureWatcher>

class QLabel;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTreeWidget;

namespace sl {

/// What an export is: file, versions, capture settings, GPUs, processes, and every table with
/// its exact row count. Row counts are SQL, so they are taken by TableCounter on a worker with
/// its own connection while the dialog shows "counting…"; closing the dialog cancels them.
/// The sensitive part (environment, command line, paths, host, user) is not even put into a
/// widget until the user clicks Reveal: an export carries the profiled process's environment,
/// which often holds tokens, and screenshots of this dialog get shared.
class TraceInfoDialog : public QDialog
{
    Q_OBJECT
public:
    enum TableColumn { TableName, TableRows, TableColumnCount };

    explicit TraceInfoDialog(const TracePtr& trace, QWidget* parent = nullptr);
    ~TraceInfoDialog() override;

    bool isCounting() const { return m_counting; }
    /// The worker's future, so that a caller (or test) can wait for it after cancelling.
    QFuture<TableCounter::Count> counting() const { return m_counter.future(); }
    bool isRevealed() const;
    void reveal();

    QTreeWidget* tablesView() const { return m_tables; }
    QTreeWidget* sensitiveView() const { return m_sensitive; }
    QPushButton* revealButton() const { return m_reveal; }

    void done(int result) override;

signals:
    void countingFinished();

private:
    QWidget* createGeneralPage();
    QWidget* createTablesPage();
    QWidget* createSensitivePage();
    void startCounting();
    void onCounted(int resultIndex);
    void onCountingFinished();
    void cancelCounting();

    TracePtr m_trace;
    QTreeWidget* m_tables = nullptr;
    QProgressBar* m_countProgress = nullptr;
    QLabel* m_countStatus = nullptr;
    QStackedWidget* m_sensitivePages = nullptr;
    QTreeWidget* m_sensitive = nullptr;
    QPushButton* m_reveal = nullptr;
    QFutureWatcher<TableCounter::Count> m_counter;
    bool m_counting = false;
    QString m_countError;
};

} // namespace sl
