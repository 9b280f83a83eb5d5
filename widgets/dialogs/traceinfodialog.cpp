// SPDX-License-Identifier: MIT
#include "widgets/dialogs/traceinfodialog.h"

#include "core/util/format.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace sl {

namespace {
/// Sorts numeric columns by the number in Qt::UserRole, not by the formatted text.
class NumericItem : public QTreeWidgetItem
{
public:
    using QTreeWidgetItem::QTreeWidgetItem;
    bool operator<(const QTreeWidgetItem& other) const override
    {
        const int column = treeWidget() ? treeWidget()->sortColumn() : 0;
        const QVariant a = data(column, Qt::UserRole), b = other.data(column, Qt::UserRole);
        if (a.isValid() && b.isValid())
            return a.toLongLong() < b.toLongLong();
        return QTreeWidgetItem::operator<(other);
    }
};

QTreeWidget* makeTree(const QStringList& headers, QWidget* parent)
{
    auto* tree = new QTreeWidget(parent);
    tree->setHeaderLabels(headers);
    tree->setRootIsDecorated(false);
    tree->setUniformRowHeights(true);
    tree->setAlternatingRowColors(true);
    tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    tree->header()->setStretchLastSection(true);
    return tree;
}

void addPairs(QTreeWidget* tree, const QVector<QPair<QString, QString>>& pairs)
{
    QList<QTreeWidgetItem*> items;
    for (const auto& [key, value] : pairs) {
        auto* item = new QTreeWidgetItem({ key, value });
        item->setToolTip(1, value);
        items << item;
    }
    tree->addTopLevelItems(items);
    tree->resizeColumnToContents(0);
}

QString orDash(const QString& s) { return s.isEmpty() ? QStringLiteral("—") : s; }
} // namespace

TraceInfoDialog::TraceInfoDialog(const TracePtr& trace, QWidget* parent)
    : QDialog(parent)
    , m_trace(trace)
{
    Q_ASSERT(trace);
    setObjectName(QStringLiteral("dialog.traceinfo"));
    setWindowTitle(tr("Trace Information — %1").arg(trace->info.fileName));
    resize(760, 560);
    auto* layout = new QVBoxLayout(this);
    auto* tabs = new QTabWidget(this);
    tabs->addTab(createGeneralPage(), tr("General"));

    auto* capture = makeTree({ tr("Setting"), tr("Value") }, tabs);
    addPairs(capture, trace->info.captureSettings);
    tabs->addTab(capture, tr("Capture Settings"));

    auto* gpus = makeTree({ tr("GPU"), tr("Name"), tr("Chip"), tr("SMs"), tr("Compute capability"), tr("Memory"),
                              tr("Memory bandwidth") },
        tabs);
    for (const GpuInfo& g : trace->gpus) {
        auto* item = new QTreeWidgetItem(gpus);
        item->setText(0, QString::number(g.deviceId));
        item->setText(1, orDash(g.name));
        item->setText(2, orDash(g.chipName));
        item->setText(3, g.smCount ? QString::number(g.smCount) : QStringLiteral("—"));
        item->setText(
            4, g.computeMajor ? QStringLiteral("%1.%2").arg(g.computeMajor).arg(g.computeMinor) : QStringLiteral("—"));
        item->setText(5, g.totalMemory ? formatBytes(g.totalMemory) : QStringLiteral("—"));
        item->setText(
            6, g.memoryBandwidth ? tr("%1 GB/s").arg(double(g.memoryBandwidth) / 1e9, 0, 'f', 0) : QStringLiteral("—"));
    }
    tabs->addTab(gpus, tr("GPUs (%1)").arg(trace->gpus.size()));

    auto* processes = makeTree({ tr("Process ID"), tr("Name"), tr("Named threads") }, tabs);
    QHash<quint32, int> threadsPerPid;
    for (auto it = trace->threadNames.cbegin(); it != trace->threadNames.cend(); ++it)
        ++threadsPerPid[quint32(it.key() >> 32)];
    for (auto it = trace->processNames.cbegin(); it != trace->processNames.cend(); ++it) {
        auto* item = new NumericItem(processes);
        item->setText(0, QString::number(it.key()));
        item->setData(0, Qt::UserRole, qlonglong(it.key()));
        item->setText(1, it.value());
        item->setText(2, QString::number(threadsPerPid.value(it.key())));
        item->setData(2, Qt::UserRole, qlonglong(threadsPerPid.value(it.key())));
    }
    processes->setSortingEnabled(true);
    processes->sortByColumn(0, Qt::AscendingOrder);
    tabs->addTab(processes, tr("Processes (%1)").arg(trace->processNames.size()));

    tabs->addTab(createTablesPage(), tr("Tables (%1)").arg(trace->info.tables.size()));
    tabs->addTab(createSensitivePage(), tr("Private"));
    layout->addWidget(tabs, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(&m_counter, &QFutureWatcherBase::resultReadyAt, this, &TraceInfoDialog::onCounted);
    connect(&m_counter, &QFutureWatcherBase::finished, this, &TraceInfoDialog::onCountingFinished);
    connect(&m_counter, &QFutureWatcherBase::progressValueChanged, m_countProgress, &QProgressBar::setValue);
    startCounting();
}

TraceInfoDialog::~TraceInfoDialog() { cancelCounting(); }

QWidget* TraceInfoDialog::createGeneralPage()
{
    const TraceInfo& i = m_trace->info;
    auto* page = new QWidget(this);
    auto* form = new QFormLayout(page);
    auto add = [&](const QString& label, const QString& value) {
        auto* l = new QLabel(value, page);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setWordWrap(true);
        form->addRow(label, l);
    };
    add(tr("File:"), i.fileName);
    add(tr("Size:"), formatBytes(i.fileSize));
    add(tr("SHA-256:"), i.sha256.isEmpty() ? tr("computed when a report is exported") : i.sha256);
    QString source;
    switch (i.versionSource) {
    case TraceInfo::VersionSource::MetaDataExport:
        source = tr("from META_DATA_EXPORT");
        break;
    case TraceInfo::VersionSource::ExportMetaData:
        source = tr("from EXPORT_META_DATA");
        break;
    case TraceInfo::VersionSource::Heuristic:
        source = tr("guessed from installation paths");
        break;
    case TraceInfo::VersionSource::Unknown:
        break;
    }
    add(tr("Nsight Systems:"),
        i.nsysVersion.isEmpty() ? tr("unknown (no export metadata)") : tr("%1 (%2)").arg(i.nsysVersion, source));
    add(tr("Export schema:"), i.schemaVersion.isEmpty() ? tr("none recorded (before 2022)") : i.schemaVersion);
    add(tr("Export platform:"), i.exportPlatform.isEmpty() ? tr("not recorded") : i.exportPlatform);
    add(tr("CUDA graph trace:"), GraphModes::description(i.graphMode));
    add(tr("Kernel names from:"), i.kernelNameColumn);
    if (i.processStreamsReportError)
        add(tr("Warning:"),
            tr("The profiled process wrote an error to its output during the capture (ProcessStreams)."));
    for (const QString& w : m_trace->loadWarnings)
        add(tr("Warning:"), w);
    return page;
}

QWidget* TraceInfoDialog::createTablesPage()
{
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    m_tables = makeTree({ tr("Table"), tr("Rows") }, page);
    m_tables->header()->setStretchLastSection(false);
    m_tables->header()->setSectionResizeMode(TableName, QHeaderView::Stretch);
    for (const TraceInfo::Table& t : m_trace->info.tables) {
        auto* item = new NumericItem(m_tables);
        item->setText(TableName, t.name);
        item->setTextAlignment(TableRows, Qt::AlignRight | Qt::AlignVCenter);
        if (t.rows >= 0) {
            item->setText(TableRows, formatCount(t.rows));
            item->setData(TableRows, Qt::UserRole, t.rows);
        }
    }
    // Sortable, but shown in the export's own order until the user clicks a header.
    m_tables->header()->setSortIndicator(-1, Qt::AscendingOrder);
    m_tables->setSortingEnabled(true);
    layout->addWidget(m_tables, 1);
    auto* row = new QHBoxLayout;
    m_countStatus = new QLabel(page);
    m_countProgress = new QProgressBar(page);
    m_countProgress->setRange(0, int(m_trace->info.tables.size()));
    m_countProgress->setMaximumWidth(200);
    row->addWidget(m_countStatus, 1);
    row->addWidget(m_countProgress);
    layout->addLayout(row);
    return page;
}

QWidget* TraceInfoDialog::createSensitivePage()
{
    m_sensitivePages = new QStackedWidget(this);
    auto* hidden = new QWidget(m_sensitivePages);
    auto* layout = new QVBoxLayout(hidden);
    auto* note = new QLabel(tr("The export records the profiled process's environment, command line, working "
                               "directory and paths, and the host and user names (%1 values). Environments often hold "
                               "access tokens. Sightline never writes them into a report; they are hidden here until "
                               "you ask for them.")
                                .arg(m_trace->info.sensitive.size()),
        hidden);
    note->setWordWrap(true);
    layout->addWidget(note);
    m_reveal = new QPushButton(tr("Reveal Private Values"), hidden);
    m_reveal->setEnabled(!m_trace->info.sensitive.isEmpty());
    connect(m_reveal, &QPushButton::clicked, this, &TraceInfoDialog::reveal);
    layout->addWidget(m_reveal, 0, Qt::AlignLeft);
    layout->addStretch(1);
    m_sensitivePages->addWidget(hidden);
    m_sensitive = makeTree({ tr("Name"), tr("Value") }, m_sensitivePages);
    m_sensitivePages->addWidget(m_sensitive);
    return m_sensitivePages;
}

bool TraceInfoDialog::isRevealed() const { return m_sensitive->topLevelItemCount() > 0; }

void TraceInfoDialog::reveal()
{
    if (!isRevealed())
        addPairs(m_sensitive, m_trace->info.sensitive);
    m_sensitivePages->setCurrentWidget(m_sensitive);
}

void TraceInfoDialog::startCounting()
{
    QStringList names;
    bool counted = true;
    for (const TraceInfo::Table& t : m_trace->info.tables) {
        names << t.name;
        counted = counted && t.rows >= 0;
    }
    if (counted || m_trace->info.filePath.isEmpty()) {
        m_countStatus->setText(tr("Tables: %1.").arg(names.size()));
        m_countProgress->hide();
        return;
    }
    m_counting = true;
    m_countStatus->setText(tr("Counting rows…"));
    for (int i = 0; i < m_tables->topLevelItemCount(); ++i)
        m_tables->topLevelItem(i)->setText(TableRows, tr("counting…"));
    m_counter.setFuture(TableCounter::count(m_trace->info.filePath, names));
}

void TraceInfoDialog::onCounted(int resultIndex)
{
    const TableCounter::Count c = m_counter.resultAt(resultIndex);
    // The user may have sorted the list meanwhile: find the row by name.
    const QString& name = m_trace->info.tables[c.index].name;
    for (int i = 0; i < m_tables->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = m_tables->topLevelItem(i);
        if (item->text(TableName) != name)
            continue;
        if (c.rows >= 0) {
            item->setText(TableRows, formatCount(c.rows));
            item->setData(TableRows, Qt::UserRole, c.rows);
        } else {
            item->setText(TableRows, QStringLiteral("—"));
            item->setToolTip(TableRows, c.error);
            if (m_countError.isEmpty())
                m_countError = c.error;
        }
        break;
    }
}

void TraceInfoDialog::onCountingFinished()
{
    if (!m_counting)
        return;
    m_counting = false;
    m_countProgress->hide();
    m_countStatus->setText(
        m_countError.isEmpty() ? tr("Tables: %1, rows counted.").arg(m_trace->info.tables.size()) : m_countError);
    emit countingFinished();
}

void TraceInfoDialog::cancelCounting()
{
    if (!m_counting)
        return;
    // The worker notices within a few ms and closes its own connection; nothing here waits for it.
    m_counting = false;
    m_counter.cancel();
}

void TraceInfoDialog::done(int result)
{
    cancelCounting();
    QDialog::done(result);
}

} // namespace sl
