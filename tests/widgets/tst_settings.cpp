// SPDX-License-Identifier: MIT
#include "tests/common/settingsisolation.h"
#include "widgets/settings.h"

#include <QDir>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace sl;

class TestSettings : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init() { QSettings().clear(); }
    void defaults();
    void recentFiles();
    void lastDirectoryAndLanguage();
    void layoutIsVersioned();
    void storedInQSettings();

private:
    QTemporaryDir m_dir;
};

void TestSettings::initTestCase() { QVERIFY(test::isolateSettings(m_dir, QStringLiteral("tst_settings"))); }

void TestSettings::defaults()
{
    Settings* s = Settings::instance();
    QCOMPARE(Settings::instance(), s); // one instance
    QVERIFY(s->recentFiles().isEmpty());
    QCOMPARE(s->lastDirectory(), QDir::homePath());
    QCOMPARE(s->language(), QString()); // follow the system
    QVERIFY(s->windowGeometry().isEmpty());
    QVERIFY(s->windowState(1).isEmpty());
    QVERIFY(s->headerState(QStringLiteral("kernels.summary"), 1).isEmpty());
}

void TestSettings::recentFiles()
{
    Settings* s = Settings::instance();
    QSignalSpy changed(s, &Settings::recentFilesChanged);
    s->addRecentFile(QStringLiteral("/t/a.sqlite"));
    s->addRecentFile(QStringLiteral("/t/b.sqlite"));
    s->addRecentFile(QStringLiteral("/t/a.sqlite")); // moves to the front, no duplicate
    QCOMPARE(s->recentFiles(), QStringList({ QStringLiteral("/t/a.sqlite"), QStringLiteral("/t/b.sqlite") }));
    QCOMPARE(changed.count(), 3);
    QCOMPARE(changed.last().at(0).toStringList(), s->recentFiles());

    s->addRecentFile(QStringLiteral("/t/a.sqlite")); // already first: nothing changes, no signal
    QCOMPARE(changed.count(), 3);

    for (int i = 0; i < 15; ++i)
        s->addRecentFile(QStringLiteral("/t/%1.sqlite").arg(i));
    const QStringList recent = s->recentFiles();
    QCOMPARE(recent.size(), Settings::kMaxRecentFiles);
    QCOMPARE(recent.first(), QStringLiteral("/t/14.sqlite"));
    QCOMPARE(recent.last(), QStringLiteral("/t/5.sqlite"));

    s->clearRecentFiles();
    QVERIFY(s->recentFiles().isEmpty());
    QVERIFY(changed.last().at(0).toStringList().isEmpty());
}

void TestSettings::lastDirectoryAndLanguage()
{
    Settings* s = Settings::instance();
    QSignalSpy dirChanged(s, &Settings::lastDirectoryChanged);
    QSignalSpy languageChanged(s, &Settings::languageChanged);
    s->setLastDirectory(QStringLiteral("/data/traces"));
    s->setLastDirectory(QStringLiteral("/data/traces"));
    QCOMPARE(s->lastDirectory(), QStringLiteral("/data/traces"));
    QCOMPARE(dirChanged.count(), 1);
    s->setLanguage(QStringLiteral("zh_CN"));
    QCOMPARE(s->language(), QStringLiteral("zh_CN"));
    s->setLanguage(QString());
    QCOMPARE(s->language(), QString());
    QCOMPARE(languageChanged.count(), 2);
    QCOMPARE(languageChanged.first().at(0).toString(), QStringLiteral("zh_CN"));
}

void TestSettings::layoutIsVersioned()
{
    Settings* s = Settings::instance();
    QSignalSpy stateChanged(s, &Settings::windowStateChanged);
    QSignalSpy headerChanged(s, &Settings::headerStateChanged);
    QSignalSpy geometryChanged(s, &Settings::windowGeometryChanged);
    const QByteArray state("state-v3"), header("header-v3"), geometry("geometry");
    s->setWindowGeometry(geometry);
    s->setWindowState(state, 3);
    s->setHeaderState(QStringLiteral("findings"), header, 3);
    QCOMPARE(s->windowGeometry(), geometry);
    QCOMPARE(s->windowState(3), state);
    QCOMPARE(s->headerState(QStringLiteral("findings"), 3), header);
    // A build with another layout version starts from its default layout.
    QVERIFY(s->windowState(4).isEmpty());
    QVERIFY(s->headerState(QStringLiteral("findings"), 4).isEmpty());
    // Headers are per table.
    QVERIFY(s->headerState(QStringLiteral("processes"), 3).isEmpty());
    QCOMPARE(geometryChanged.count(), 1);
    QCOMPARE(stateChanged.count(), 1);
    QCOMPARE(headerChanged.count(), 1);
    QCOMPARE(headerChanged.first().at(0).toString(), QStringLiteral("findings"));
    s->setWindowState(state, 3); // unchanged
    QCOMPARE(stateChanged.count(), 1);
    s->setWindowState(state, 4); // same bytes, new version: stored again
    QCOMPARE(stateChanged.count(), 2);
    QCOMPARE(s->windowState(4), state);
    QVERIFY(s->windowState(3).isEmpty());
}

void TestSettings::storedInQSettings()
{
    // What the facade writes is what the next run reads: check through a separate QSettings,
    // synced to disk and read back.
    Settings* s = Settings::instance();
    s->addRecentFile(QStringLiteral("/t/x.sqlite"));
    s->setLanguage(QStringLiteral("zh_CN"));
    s->setWindowState(QByteArray("abc"), 2);
    {
        QSettings writer;
        writer.sync();
    }
    QSettings reader;
    QCOMPARE(reader.value(QStringLiteral("mainwindow/recentFiles")).toStringList(),
        QStringList({ QStringLiteral("/t/x.sqlite") }));
    QCOMPARE(reader.value(QStringLiteral("ui/language")).toString(), QStringLiteral("zh_CN"));
    QCOMPARE(reader.value(QStringLiteral("mainwindow/state")).toByteArray(), QByteArray("abc"));
    QCOMPARE(reader.value(QStringLiteral("mainwindow/stateVersion")).toInt(), 2);
}

QTEST_MAIN(TestSettings)
#include "tst_settings.moc"
