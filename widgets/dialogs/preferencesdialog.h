// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>

class QComboBox;
class QLabel;
class QCheckBox;
class QLineEdit;
class QSpinBox;

namespace sl {

/// Application preferences, stored through Settings when the user presses OK: the user
/// interface language (System, English, or an embedded translation) and the default phase map
/// and kernel taxonomy files (checked with the CLI's loader before OK closes the dialog).
/// The language applies at the next start: widgets build their texts once and do not
/// retranslate on QEvent::LanguageChange, which the dialog says next to the choice.
class PreferencesDialog : public QDialog
{
    Q_OBJECT
public:
    explicit PreferencesDialog(QWidget* parent = nullptr);

    QComboBox* languageBox() const { return m_language; }
    /// Path of nsys for opening .nsys-rep/.qdrep reports; empty = find it on PATH.
    QLineEdit* nsysEdit() const { return m_nsys; }
    /// The language code the box shows; empty for "System".
    QString selectedLanguage() const;
    QLineEdit* phaseMapEdit() const { return m_phaseMap; }
    QLineEdit* taxonomyEdit() const { return m_taxonomy; }
    QLabel* errorLabel() const { return m_error; }

    void accept() override;

private:
    /// "Keep a cache …" with the size limit and Clear: the persistent trace cache (TraceCache).
    QWidget* cacheRow();
    void updateRestartNote();

    QWidget* fileRow(QLineEdit* edit, const QString& title);

    QComboBox* m_language;
    QLabel* m_restartNote;
    QLineEdit* m_phaseMap;
    QLineEdit* m_taxonomy;
    QLabel* m_error;
    QLineEdit* m_nsys;
    QCheckBox* m_cache = nullptr;
    QSpinBox* m_cacheLimit = nullptr;
};

} // namespace sl
