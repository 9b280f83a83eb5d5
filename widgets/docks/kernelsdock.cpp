// SPDX-License-Identifier: MIT
#include "widgets/docks/kernelsdock.h"

#include "core/models/kernelinstancemodel.h"
#include "core/models/kernelsummarymodel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace sl {

namespace {

QTableView* makeTable(QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view->setSortingEnabled(true);
    view->setWordWrap(false);
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}

} // namespace

KernelsDock::KernelsDock(QWidget* parent)
    : QDockWidget(tr("Kernels"), parent)
    , m_summary(new KernelSummaryModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_instances(new KernelInstanceModel(this))
{
    setObjectName(QStringLiteral("dock.kernels"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);

    m_filter = new QLineEdit(content);
    m_filter->setPlaceholderText(tr("Filter kernel names…"));
    m_filter->setClearButtonEnabled(true);
    layout->addWidget(m_filter);

    m_proxy->setSourceModel(m_summary);
    m_proxy->setSortRole(KernelSummaryModel::SortRole);
    m_proxy->setSortLocaleAware(false);
    m_proxy->setFilterKeyColumn(KernelSummaryModel::Name);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    auto* splitter = new QSplitter(Qt::Vertical, content);
    m_summaryView = makeTable(splitter);
    m_summaryView->setModel(m_proxy);
    m_summaryView->sortByColumn(KernelSummaryModel::Total, Qt::DescendingOrder);
    m_summaryView->horizontalHeader()->resizeSection(KernelSummaryModel::Name, 320);

    auto* lower = new QWidget(splitter);
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    m_instanceCaption = new QLabel(tr("Select a kernel name to list its launches."), lower);
    lowerLayout->addWidget(m_instanceCaption);
    m_instanceView = makeTable(lower);
    m_instanceView->setModel(m_instances);
    m_instanceView->horizontalHeader()->setSortIndicatorShown(true);
    m_instanceView->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    lowerLayout->addWidget(m_instanceView);
    layout->addWidget(splitter, 1);
    setWidget(content);

    for (QTableView* view : { m_summaryView, m_instanceView }) {
        auto* copy = new QAction(tr("Copy as TSV"), view);
        copy->setShortcut(QKeySequence::Copy);
        copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(copy, &QAction::triggered, view, [view] { copySelection(view); });
        view->addAction(copy);
        view->setContextMenuPolicy(Qt::ActionsContextMenu);
    }

    m_filterTimer.setSingleShot(true);
    m_filterTimer.setInterval(300);
    connect(m_filter, &QLineEdit::textChanged, &m_filterTimer, qOverload<>(&QTimer::start));
    connect(&m_filterTimer, &QTimer::timeout, this, [this] { m_proxy->setFilterFixedString(m_filter->text()); });
    connect(m_summaryView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
        &KernelsDock::onSummarySelectionChanged);
}

void KernelsDock::setAnalysis(const AnalysisPtr& analysis)
{
    m_summary->setAnalysis(analysis);
    m_instances->setAnalysis(analysis, KernelInstanceModel::kNoNames);
    m_instanceCaption->setText(tr("Select a kernel name to list its launches."));
}

void KernelsDock::onSummarySelectionChanged()
{
    const QModelIndexList rows = m_summaryView->selectionModel()->selectedRows(KernelSummaryModel::Name);
    if (rows.size() != 1)
        return;
    const QModelIndex source = m_proxy->mapToSource(rows.first());
    const KernelSummary* k = m_summary->summary(source.row());
    if (!k)
        return;
    m_instances->setKernelName(k->name);
    m_instanceCaption->setText(tr("%n launch(es) of %1", nullptr, m_instances->rowCount())
                                   .arg(m_summary->data(source, Qt::DisplayRole).toString()));
}

void KernelsDock::showKernels(const std::vector<quint32>& kernelIndices, const QString& caption)
{
    {
        const QSignalBlocker block(m_summaryView->selectionModel());
        m_summaryView->clearSelection();
    }
    m_summaryView->viewport()->update();
    m_instances->setRows(kernelIndices);
    m_instanceCaption->setText(caption);
    // The view now holds exactly the (valid) evidence kernels: select them all in one range.
    QItemSelection selection;
    if (const int rows = m_instances->rowCount(); rows > 0)
        selection.select(m_instances->index(0, 0), m_instances->index(rows - 1, KernelInstanceModel::ColumnCount - 1));
    m_instanceView->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (!selection.isEmpty())
        m_instanceView->scrollTo(selection.first().topLeft());
}

void KernelsDock::copySelection(QTableView* view)
{
    QModelIndexList indexes = view->selectionModel()->selectedIndexes();
    if (indexes.isEmpty())
        return;
    std::sort(indexes.begin(), indexes.end(), [](const QModelIndex& a, const QModelIndex& b) {
        return a.row() != b.row() ? a.row() < b.row() : a.column() < b.column();
    });
    const QAbstractItemModel* model = view->model();
    QString text;
    for (int c = 0; c < model->columnCount(); ++c) {
        if (view->isColumnHidden(c))
            continue;
        text += (text.isEmpty() ? QString() : QStringLiteral("\t")) + model->headerData(c, Qt::Horizontal).toString();
    }
    int row = -1;
    QString line;
    for (const QModelIndex& i : std::as_const(indexes)) {
        if (view->isColumnHidden(i.column()))
            continue;
        if (i.row() != row) {
            if (row >= 0)
                text += QLatin1Char('\n') + line;
            line.clear();
            row = i.row();
        } else {
            line += QLatin1Char('\t');
        }
        line += i.data(Qt::DisplayRole).toString().replace(QLatin1Char('\t'), QLatin1Char(' '));
    }
    text += QLatin1Char('\n') + line + QLatin1Char('\n');
    QApplication::clipboard()->setText(text);
}

} // namespace sl
