// SPDX-License-Identifier: MIT
#include "core/report/dataqualityreport.h"
#include "core/synth/synthoptions.h"
#include "core/synth/synthshapes.h"
#include "core/trace/dataquality.h"
#include "core/util/translations.h"
#include "tests/common/settingsisolation.h"
#include "widgets/dialogs/preferencesdialog.h"
#include "widgets/settings.h"

#include <QBuffer>
#include <QComboBox>
#include <QFile>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest>

using namespace sl;

namespace {

/// One <message> of a .ts file: a numerus message has one translation per <numerusform>.
struct TsMessage
{
    QString context;
    QString source;
    QString type; ///< "unfinished", "vanished", "obsolete" or empty (finished)
    QStringList translations;
};

QVector<TsMessage> readTs(QIODevice* in, QString* error)
{
    QVector<TsMessage> out;
    QString context;
    bool numerus = false;
    QXmlStreamReader xml(in);
    while (xml.readNext() != QXmlStreamReader::Invalid && !xml.atEnd()) {
        if (!xml.isStartElement())
            continue;
        const QStringView name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            out.append({ context, {}, {}, {} });
        } else if (out.isEmpty()) {
            continue;
        } else if (name == QLatin1String("source")) {
            out.last().source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            out.last().type = xml.attributes().value(QLatin1String("type")).toString();
            if (!numerus)
                out.last().translations.append(xml.readElementText());
        } else if (name == QLatin1String("numerusform")) {
            out.last().translations.append(xml.readElementText());
        }
    }
    *error = xml.hasError() ? xml.errorString() : QString();
    return out;
}

/// %1..%9 (and %L1..) sorted: a translation may reorder them but must use each as often.
QStringList placeholders(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("%(L?[1-9])"));
    QStringList out;
    for (auto it = re.globalMatch(text); it.hasNext();)
        out.append(it.next().captured(1));
    out.sort();
    return out;
}

/// The keyboard accelerator: "&X" (not "&&"), upper-cased; empty when there is none.
QString accelerator(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("(?<!&)&([^&\\s])"));
    const QRegularExpressionMatch m = re.match(text);
    return m.hasMatch() ? m.captured(1).toUpper() : QString();
}

/// Every live message that is unfinished, empty or whose placeholders (%1..%9, %n) or
/// accelerator differ from its source, as "context | source: what".
QStringList tsProblems(const QVector<TsMessage>& messages)
{
    QStringList out;
    for (const TsMessage& m : messages) {
        if (m.type == QLatin1String("vanished") || m.type == QLatin1String("obsolete"))
            continue; // no longer in the sources: lupdate keeps them for reuse only
        const auto problem = [&](const QString& what) {
            out.append(m.context + QStringLiteral(" | ") + m.source + QStringLiteral(": ") + what);
        };
        if (m.type == QLatin1String("unfinished")) {
            problem(QStringLiteral("unfinished"));
            continue;
        }
        if (m.translations.isEmpty())
            problem(QStringLiteral("no translation"));
        for (const QString& t : m.translations) {
            if (t.trimmed().isEmpty())
                problem(QStringLiteral("empty translation"));
            else if (placeholders(t) != placeholders(m.source))
                problem(
                    QStringLiteral("placeholders %1 in the translation, %2 in the source")
                        .arg(placeholders(t).join(QLatin1Char(',')), placeholders(m.source).join(QLatin1Char(','))));
            else if (t.contains(QLatin1String("%n")) != m.source.contains(QLatin1String("%n")))
                problem(QStringLiteral("%n in one of source and translation only"));
            else if (accelerator(t) != accelerator(m.source))
                problem(QStringLiteral("accelerator &%1 in the translation, &%2 in the source")
                            .arg(accelerator(t), accelerator(m.source)));
        }
    }
    return out;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void chineseIsEmbedded();
    void tsCheckFindsEachProblem();
    void chineseIsComplete();
    void availableLanguages();
    void preferencesStoreTheLanguage();
    void installAppliesTheLanguage(); // last: installs translators for the rest of the process

private:
    QTemporaryDir m_dir;
};

void TestTranslations::initTestCase() { QVERIFY(test::isolateSettings(m_dir, QStringLiteral("tst_translations"))); }

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
    QCOMPARE(t.translate("sl::MainWindow", "&File"), QStringLiteral("文件(&F)"));
    QCOMPARE(t.translate("sl::FindingsDock", "Findings"), QStringLiteral("诊断结论"));
    QCOMPARE(t.translate("sl::KernelsDock", "%n kernel(s)", nullptr, 3), QStringLiteral("%n 个内核"));
    // Labels that were tr()'d through an alias (`using T = …; T::tr`): lupdate filed them under
    // a nameless context, so the comparison's design figures stayed English.
    QCOMPARE(t.translate("ComparisonDesignFigures", "Kernel time"), QStringLiteral("内核时间"));
    QCOMPARE(t.translate("ComparisonDesignFigures", "GPU time in partial last waves"),
        QStringLiteral("未填满的最后一波中的 GPU 时间"));
}

void TestTranslations::tsCheckFindsEachProblem()
{
    // One message per kind of problem, between a correct one and one lupdate no longer uses.
    QByteArray ts = R"(<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>C</name>
    <message>
        <source>%2 of %1 (%1)</source>
        <translation>%1（%1）中的 %2</translation>
    </message>
    <message>
        <source>Left over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blank</source>
        <translation> </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %1</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Gone</source>
        <translation type="vanished"></translation>
    </message>
</context>
</TS>
)";
    QBuffer buffer(&ts);
    QVERIFY(buffer.open(QIODevice::ReadOnly));
    QString error;
    const QVector<TsMessage> messages = readTs(&buffer, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(messages.size(), 7);
    QCOMPARE(messages[4].translations, QStringList { QStringLiteral("个文件") });
    const QStringList problems = tsProblems(messages);
    const QStringList expected {
        QStringLiteral("C | Left over: unfinished"),
        QStringLiteral("C | Blank: empty translation"),
        QStringLiteral("C | %1 of %2: placeholders 1,1 in the translation, 1,2 in the source"),
        QStringLiteral("C | %n file(s): %n in one of source and translation only"),
        QStringLiteral("C | &Open: accelerator & in the translation, &O in the source"),
    };
    QCOMPARE(problems, expected);
}

void TestTranslations::chineseIsComplete()
{
    // The source .ts, not the embedded .qm: lrelease drops unfinished entries silently, and a
    // string someone adds later arrives here as unfinished after update_translations.
    QFile file(QStringLiteral(SIGHTLINE_ZH_CN_TS));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
    QString error;
    const QVector<TsMessage> messages = readTs(&file, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(messages.size() > 700);
    const QStringList problems = tsProblems(messages);
    QVERIFY2(problems.isEmpty(),
        qPrintable(QStringLiteral("%1 message(s) of sightline_zh_CN.ts need work:\n").arg(problems.size())
            + problems.mid(0, 20).join(QLatin1Char('\n'))));
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
    // Texts made by file-local translate() helpers, whose context must be the one lupdate gives
    // their call sites: report.md's data-quality section and the synth's errors were English.
    DataQuality q;
    q.add(DataQuality::Rule::EndBeforeStart, QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL"), 7);
    q.finish(QStringLiteral("shortName"));
    QVERIFY2(DataQualityReport::markdown(q).startsWith(QStringLiteral("## 数据质量")),
        qPrintable(DataQualityReport::markdown(q)));
    SynthOptions o;
    o.steps = 0;
    QCOMPARE(SynthShapes::write(m_dir.filePath(QStringLiteral("shapes.sqlite")), o).error,
        QStringLiteral("无法写入 %1：选项无效（步数必须至少为 1）。")
            .arg(m_dir.filePath(QStringLiteral("shapes.sqlite"))));
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
