// SPDX-License-Identifier: MIT
#include "widgets/dialogs/preferencesdialog.h"

#include "core/io/nsysimporter.h"
#include "core/util/translations.h"
#include "widgets/settings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QLocale>
#include <QVBoxLayout>

namespace sl {

PreferencesDialog::PreferencesDialog(QWidget* parent)
    : QDialog(parent)
    , m_language(new QComboBox(this))
    , m_restartNote(new QLabel(this))
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
    layout->addLayout(form);
    m_restartNote->setWordWrap(true);
    layout->addWidget(m_restartNote);
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

void PreferencesDialog::accept()
{
    Settings::instance()->setLanguage(selectedLanguage());
    Settings::instance()->setNsysPath(m_nsys->text().trimmed());
    QDialog::accept();
}

} // namespace sl
