// SPDX-License-Identifier: MIT
#include "core/util/translations.h"

#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace sl {

namespace {
const QString kPrefix = QStringLiteral("sightline_");
const QString kResourceDir = QStringLiteral(":/i18n");

QString nativeName(const QString& code)
{
    // QLocale names Chinese "中文" for both scripts; the language chooser must tell them apart.
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    if (code == QLatin1String("zh_TW"))
        return QStringLiteral("繁體中文");
    const QString name = QLocale(code).nativeLanguageName();
    return name.isEmpty() ? code : name;
}
} // namespace

QVector<Translations::Language> Translations::available()
{
    QVector<Language> out { { QStringLiteral("en"), QStringLiteral("English") } };
    const QStringList files
        = QDir(kResourceDir).entryList({ kPrefix + QStringLiteral("*.qm") }, QDir::Files, QDir::Name);
    for (const QString& f : files) {
        const QString code = QFileInfo(f).completeBaseName().mid(kPrefix.size());
        if (code != QLatin1String("en"))
            out.append({ code, nativeName(code) });
    }
    return out;
}

QString Translations::install(const QString& language)
{
    QCoreApplication* app = QCoreApplication::instance();
    Q_ASSERT(app);
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    QString installed = QStringLiteral("en");
    // load(QLocale, ...) tries the locale's UI languages in order (zh_Hans_CN, zh_CN, zh, ...).
    auto* own = new QTranslator(app);
    if (own->load(locale, QStringLiteral("sightline"), QStringLiteral("_"), kResourceDir)) {
        QCoreApplication::installTranslator(own);
        installed = QFileInfo(own->filePath()).completeBaseName().mid(kPrefix.size());
    } else {
        delete own;
    }
    // Qt's own strings (standard buttons, file dialogs), only alongside one of ours: an English
    // Sightline with Chinese "Cancel" buttons would be worse than either.
    if (installed != QLatin1String("en")) {
        auto* qt = new QTranslator(app);
        if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(qt);
        else
            delete qt;
    }
    return installed;
}

} // namespace sl
