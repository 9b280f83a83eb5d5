// SPDX-License-Identifier: MIT
#include "widgets/dialogs/preferencesdialog.h"

#include "core/util/translations.h"
#include "widgets/settings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace sl {

PreferencesDialog::PreferencesDialog(QWidget* parent)
    : QDialog(parent)
    , m_language(new QComboBox(this))
    , m_restartNote(new QLabel(this))
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
    QDialog::accept();
}

} // namespace sl
