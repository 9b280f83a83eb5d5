// SPDX-License-Identifier: MIT
#include "core/util/translations.h"
#include "widgets/dialogs/preferencesdialog.h"
#include "widgets/settings.h"

#include <QComboBox>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>

using namespace sl;

class TestTranslations : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void chineseIsEmbedded();
    void availableLanguages();
    void preferencesStoreTheLanguage();
    void installAppliesTheLanguage(); // last: installs translators for the rest of the process

private:
    QTemporaryDir m_dir;
};

void TestTranslations::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("SightlineTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_translations"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.path());
}

void TestTranslations::chineseIsEmbedded()
{
    QVERIFY(QFile::exists(QStringLiteral(":/i18n/sightline_zh_CN.qm")));
    QTranslator t;
    QVERIFY(t.load(QStringLiteral("sightline_zh_CN"), QStringLiteral(":/i18n")));
    // Contexts as the code uses them at run time: Q_OBJECT classes by their qualified class
    // name, Q_DECLARE_TR_FUNCTIONS classes by the macro's argument.
    QCOMPARE(t.translate("sl::PreferencesDialog", "Preferences"), QStringLiteral("首选项"));
    QCOMPARE(t.translate("sl::OverviewDock", "Overview"), QStringLiteral("概览"));
    QCOMPARE(t.translate("OverviewData", "Idle: waiting for the host"), QStringLiteral("空闲：等待主机"));
    QCOMPARE(t.translate("sl::TraceInfoDialog", "Reveal Private Values"), QStringLiteral("显示隐私信息"));
}

void TestTranslations::availableLanguages()
{
    const QVector<Translations::Language> languages = Translations::available();
    QVERIFY(languages.size() >= 2);
    QCOMPARE(languages[0].code, QStringLiteral("en"));
    QCOMPARE(languages[0].nativeName, QStringLiteral("English"));
    const auto zh = std::find_if(
        languages.cbegin(), languages.cend(), [](const auto& l) { return l.code == QStringLiteral("zh_CN"); });
    QVERIFY(zh != languages.cend());
    QCOMPARE(zh->nativeName, QStringLiteral("简体中文"));
}

void TestTranslations::preferencesStoreTheLanguage()
{
    Settings::instance()->setLanguage(QString());
    QSignalSpy changed(Settings::instance(), &Settings::languageChanged);
    PreferencesDialog d;
    QComboBox* box = d.languageBox();
    QCOMPARE(box->currentIndex(), 0); // System
    QCOMPARE(box->currentData().toString(), QString());
    QVERIFY(box->findText(QStringLiteral("English")) > 0);
    const int zh = box->findText(QStringLiteral("简体中文"));
    QVERIFY(zh > 0);
    box->setCurrentIndex(zh);
    QCOMPARE(d.selectedLanguage(), QStringLiteral("zh_CN"));
    QCOMPARE(changed.count(), 0); // nothing stored before OK
    d.accept();
    QCOMPARE(Settings::instance()->language(), QStringLiteral("zh_CN"));
    QCOMPARE(changed.count(), 1);

    PreferencesDialog again;
    QCOMPARE(again.selectedLanguage(), QStringLiteral("zh_CN"));
    again.languageBox()->setCurrentIndex(0);
    again.reject(); // Cancel keeps the stored choice
    QCOMPARE(Settings::instance()->language(), QStringLiteral("zh_CN"));
}

void TestTranslations::installAppliesTheLanguage()
{
    QCOMPARE(Translations::install(QStringLiteral("en")), QStringLiteral("en"));
    QCOMPARE(PreferencesDialog().windowTitle(), QStringLiteral("Preferences"));
    QCOMPARE(Translations::install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    QCOMPARE(PreferencesDialog().windowTitle(), QStringLiteral("首选项"));
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
