// SPDX-License-Identifier: MIT
#include "widgets/dialogs/preferencesdialog.h"

#include "core/analysis/analysisoptions.h"
#include "core/io/nsysimporter.h"
#include "core/io/tracecache.h"
#include "core/util/translations.h"
#include "widgets/settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace sl {

PreferencesDialog::PreferencesDialog(QWidget* parent)
    : QDialog(parent)
    , m_language(new QComboBox(this))
    , m_restartNote(new QLabel(this))
    , m_phaseMap(new QLineEdit(this))
    , m_taxonomy(new QLineEdit(this))
    , m_error(new QLabel(this))
    , m_nsys(new QLineEdit(this))
{
    setObjectName(QStringLiteral("dialog.preferences"));
    setWindowTitle(tr("Preferences"));
    setMinimumWidth(420);
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    const QString systemName = QLocale::system().nativeLanguageName();
    m_language->addItem(systemName.isEmpty() ? tr("System") : tr("System (%1)").arg(systemName), QString());
    for (const Translations::Language& l : Translations::available())
        m_language->addItem(l.nativeName, l.code);
    const int current = m_language->findData(Settings::instance()->language());
    m_language->setCurrentIndex(current >= 0 ? current : 0);
    form->addRow(tr("&Language:"), m_language);
    m_phaseMap->setText(Settings::instance()->defaultPhaseMap());
    m_phaseMap->setPlaceholderText(tr("built-in (prefill, decode, sampling)"));
    form->addRow(tr("Default &phase map:"), fileRow(m_phaseMap, tr("Default Phase Map")));
    m_taxonomy->setText(Settings::instance()->defaultTaxonomy());
    m_taxonomy->setPlaceholderText(tr("built-in rules only"));
    form->addRow(tr("Default kernel &taxonomy:"), fileRow(m_taxonomy, tr("Default Kernel Taxonomy")));
    // Reports (.nsys-rep) open through their SQLite export, made by the user's own nsys.
    m_nsys->setText(Settings::instance()->nsysPath());
    const QString found = NsysImporter::findNsys();
    m_nsys->setPlaceholderText(found.isEmpty() ? tr("not found on PATH") : tr("%1 (found on PATH)").arg(found));
    m_nsys->setToolTip(tr("Used to open .nsys-rep and .qdrep reports (nsys export --type sqlite, into the cache "
                          "folder). Get Nsight Systems from https://developer.nvidia.com/nsight-systems."));
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Locate nsys"), m_nsys->text());
        if (!path.isEmpty())
            m_nsys->setText(path);
    });
    auto* nsysRow = new QHBoxLayout;
    nsysRow->addWidget(m_nsys, 1);
    nsysRow->addWidget(browse);
    form->addRow(tr("&nsys:"), nsysRow);
    form->addRow(tr("Trace &cache:"), cacheRow());
    layout->addLayout(form);
    m_restartNote->setWordWrap(true);
    layout->addWidget(m_restartNote);
    m_error->setWordWrap(true);
    layout->addWidget(m_error);
    layout->addStretch(1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(m_language, &QComboBox::currentIndexChanged, this, &PreferencesDialog::updateRestartNote);
    updateRestartNote();
}

QString PreferencesDialog::selectedLanguage() const { return m_language->currentData().toString(); }

void PreferencesDialog::updateRestartNote()
{
    const bool changed = selectedLanguage() != Settings::instance()->language();
    m_restartNote->setText(changed ? tr("The new language applies the next time Sightline starts.") : QString());
}

QWidget* PreferencesDialog::cacheRow()
{
    auto* row = new QWidget(this);
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    m_cache = new QCheckBox(tr("Keep opened exports for fast reopening"), row);
    m_cache->setChecked(Settings::instance()->traceCacheEnabled());
    m_cache->setToolTip(tr("A reopened export that has not changed is read from a cache file in %1 instead of "
                           "its SQLite tables. Nothing is written beside the export.")
                            .arg(QDir::toNativeSeparators(TraceCache::defaultDir())));
    m_cacheLimit = new QSpinBox(row);
    m_cacheLimit->setRange(1, 1024);
    m_cacheLimit->setSuffix(tr(" GiB"));
    m_cacheLimit->setValue(Settings::instance()->traceCacheLimitGiB());
    m_cacheLimit->setToolTip(tr("The least recently opened exports leave the cache beyond this size."));
    auto* clear = new QPushButton(tr("Clear"), row);
    connect(clear, &QPushButton::clicked, this, [clear] {
        TraceCache(TraceCache::defaultDir(), 0).evict(); // a limit of 0 bytes keeps nothing
        clear->setEnabled(false);
    });
    h->addWidget(m_cache, 1);
    h->addWidget(m_cacheLimit);
    h->addWidget(clear);
    return row;
}

QWidget* PreferencesDialog::fileRow(QLineEdit* edit, const QString& title)
{
    auto* row = new QWidget(this);
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    edit->setClearButtonEnabled(true);
    h->addWidget(edit, 1);
    auto* browse = new QPushButton(tr("Browse…"), row);
    h->addWidget(browse);
    connect(browse, &QPushButton::clicked, this, [this, edit, title] {
        const QString path = QFileDialog::getOpenFileName(this, title,
            edit->text().isEmpty() ? Settings::instance()->lastDirectory() : edit->text(),
            tr("JSON files (*.json);;All files (*)"));
        if (!path.isEmpty())
            edit->setText(path);
    });
    return row;
}

void PreferencesDialog::accept()
{
    // The files are loaded as an analysis would load them: a broken one keeps the dialog open
    // with the loader's message instead of failing every later analysis.
    const QString phaseMap = m_phaseMap->text().trimmed();
    const QString taxonomy = m_taxonomy->text().trimmed();
    AnalysisOptions check;
    QString error;
    if (!check.loadFiles(phaseMap, taxonomy, &error)) {
        m_error->setText(error);
        return;
    }
    m_error->clear();
    Settings* s = Settings::instance();
    s->setLanguage(selectedLanguage());
    s->setDefaultPhaseMap(phaseMap);
    s->setDefaultTaxonomy(taxonomy);
    s->setNsysPath(m_nsys->text().trimmed());
    s->setTraceCacheEnabled(m_cache->isChecked());
    s->setTraceCacheLimitGiB(m_cacheLimit->value());
    QDialog::accept();
}

} // namespace sl
