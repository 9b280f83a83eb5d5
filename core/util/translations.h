// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QVector>

namespace sl {

/// Sightline's translations: the .qm files qt_add_translations embeds under :/i18n (see
/// translations/CMakeLists.txt), plus Qt's own from the Qt installation when present.
/// Both mains call install() once, before any widget or message exists.
class Translations
{
    Q_DECLARE_TR_FUNCTIONS(Translations)
public:
    struct Language
    {
        QString code; ///< locale name, e.g. "en", "zh_CN"
        QString nativeName; ///< in the language itself, so that a reader of it finds it whatever the UI language
    };

    /// English (the source language) first, then every embedded translation.
    static QVector<Language> available();

    /// Installs the translators for `language` (a locale name; empty: the system locale) on the
    /// application, which owns them. Returns the code of the translation installed, "en" if none
    /// matched (the source strings are English).
    static QString install(const QString& language);
};

} // namespace sl
