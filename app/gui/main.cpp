// SPDX-License-Identifier: MIT
#include "core/util/filehash.h"
#include "core/util/nativepath.h"
#include "core/util/resourceusage.h"
#include "core/util/translations.h"
#include "core/util/workerpool.h"
#include "widgets/benchmark/clusterbenchmark.h"
#include "widgets/benchmark/guibenchmark.h"
#include "widgets/guilogging.h"
#include "widgets/mainwindow.h"
#include "widgets/screenshotrunner.h"
#include "widgets/settings.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QPixmap>
#include <QSettings>
#include <QTemporaryDir>
#include <QTextStream>

#include <cstdio>
#include <cstring>
#include <thread>

namespace {

/// Names, icon and language; before any text is built, as widgets do not retranslate live.
void setUpApplication()
{
    QApplication::setOrganizationName(QStringLiteral("Sightline"));
    QApplication::setApplicationName(QStringLiteral("Sightline"));
    QApplication::setApplicationVersion(QStringLiteral(SIGHTLINE_VERSION));
    // The desktop entry and the icon share the AppStream id (packaging/).
    QGuiApplication::setDesktopFileName(QStringLiteral("io.sightline.Sightline"));
    QIcon icon;
    for (int size : { 16, 24, 32, 48, 64, 128, 256 })
        icon.addFile(QStringLiteral(":/icons/io.sightline.Sightline-%1.png").arg(size), QSize(size, size));
    QApplication::setWindowIcon(icon);
    // The language chosen in Preferences, else the system locale.
    const QString language = sl::Settings::instance()->language();
    const QString installed = sl::Translations::install(language);
    if (!language.isEmpty() && !language.startsWith(installed)) // the chosen language falls back to English
        qCWarning(sl::lcGui) << "no translation for the chosen language" << language << "- using" << installed;
}

/// The GUI's command line (--help lists it).
struct Options
{
    QCommandLineOption screenshot { QStringLiteral("screenshot"),
        QApplication::translate(
            "main", "Open the traces, wait for their analysis, save a screenshot to <file> and exit."),
        QApplication::translate("main", "file") };
    QCommandLineOption raiseDock { QStringLiteral("raise"),
        QApplication::translate("main",
            "With --screenshot: bring this dock to the front first (timeline, nvtx, kernels, "
            "findings, evidence, processes, overview, comparison, search)."),
        QApplication::translate("main", "dock") };
    QCommandLineOption finding { QStringLiteral("finding"),
        QApplication::translate("main", "With --screenshot: click this finding (0 = the first) to show its evidence."),
        QApplication::translate("main", "index") };
    QCommandLineOption size { QStringLiteral("size"),
        QApplication::translate("main", "The window size, e.g. 1366x768 (default 1600x1000)."),
        QApplication::translate("main", "WIDTHxHEIGHT") };
    QCommandLineOption benchmark { QStringLiteral("benchmark"),
        QApplication::translate("main",
            "Open <trace> offscreen, measure first paint, event-loop stalls, sorting and filtering, print the "
            "figures and exit (see docs/benchmarks.md)."),
        QApplication::translate("main", "trace") };
    QCommandLineOption benchmarkCluster { QStringLiteral("benchmark-cluster"),
        QApplication::translate("main", "Open the Cluster view of <folder> offscreen, time its repaints and exit."),
        QApplication::translate("main", "folder") };
    QCommandLineOption noCache { QStringLiteral("no-cache"),
        QApplication::translate("main", "Neither read nor write the trace cache (Preferences › Trace cache).") };

    void parse(QCommandLineParser& parser, int argc, char** argv) const
    {
        parser.setApplicationDescription(
            QApplication::translate("main", "Explore Nsight Systems SQLite exports of LLM inference servers."));
        parser.addHelpOption();
        parser.addVersionOption();
        for (const QCommandLineOption* o :
            { &screenshot, &raiseDock, &finding, &size, &benchmark, &benchmarkCluster, &noCache })
            parser.addOption(*o);
        parser.addPositionalArgument(QStringLiteral("traces"),
            QApplication::translate("main", "Nsight Systems SQLite exports to open."),
            QApplication::translate("main", "[trace.sqlite...]"));
        // argv's bytes as they are, so that a trace whose name is not UTF-8 opens (Qt's own
        // arguments() turn such bytes into U+FFFD). Qt's platform options were already taken out.
        QStringList rawArgs;
        for (int i = 0; i < argc; ++i)
            rawArgs << sl::NativePath::decode(QByteArray(argv[i]));
        parser.process(rawArgs);
    }
};

int runBenchmark(QApplication& app, const QString& trace)
{
    sl::MainWindow window;
    window.show();
    sl::GuiBenchmark bench(&window, trace);
    QObject::connect(&bench, &sl::GuiBenchmark::finished, &app, &QApplication::exit, Qt::QueuedConnection);
    bench.start();
    return app.exec();
}

/// --size WIDTHxHEIGHT; false (after a message) when it does not parse or is too small.
bool applySize(sl::MainWindow& window, const QString& value)
{
    const QStringList wh = value.toLower().split(QLatin1Char('x'));
    bool okW = false, okH = false;
    const int w = wh.size() == 2 ? wh[0].toInt(&okW) : 0, h = wh.size() == 2 ? wh[1].toInt(&okH) : 0;
    if (!okW || !okH || w < 320 || h < 240) {
        QTextStream(stderr) << QApplication::translate("main", "--size takes WIDTHxHEIGHT, e.g. 1366x768.") << "\n";
        return false;
    }
    window.resize(w, h);
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    sl::ResourceUsage::tuneAllocator(sl::ResourceUsage::Heaps::PerThread);
    // The benchmark measures the application without a display (and the same on every machine).
    for (int i = 1; i < argc; ++i)
        if (std::strncmp(argv[i], "--benchmark", 11) == 0 && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
    // libcrypto (FileHash) loads on first use: here on the core that Qt's set-up leaves idle.
    // After the environment is set: loading a library reads it (setenv is not thread-safe).
    const std::jthread preload(&sl::FileHash::preload);
    QApplication app(argc, argv);
    // Qt fills this cache unsynchronised on first use; worker threads would race on it and leak.
    QApplication::applicationFilePath();
    setUpApplication();
    sl::lowerWorkerPoolPriority(); // the GUI thread first when it competes for a core
    const Options options;
    QCommandLineParser parser;
    options.parse(parser, argc, argv);

    // Benchmarks and screenshots get their own settings: they must neither depend on the user's
    // layout nor add to the recent files.
    QTemporaryDir settings;
    if (parser.isSet(options.benchmark) || parser.isSet(options.screenshot)) {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settings.path());
    }
    if (parser.isSet(options.benchmarkCluster))
        return sl::ClusterBenchmark::run(parser.value(options.benchmarkCluster));
    if (parser.isSet(options.benchmark))
        return runBenchmark(app, parser.value(options.benchmark));

    sl::MainWindow window;
    if (parser.isSet(options.size) && !applySize(window, parser.value(options.size)))
        return 2;
    window.setTraceCacheAllowed(!parser.isSet(options.noCache) && !parser.isSet(options.screenshot));
    window.show();
    const QStringList traces = parser.positionalArguments();
    if (parser.isSet(options.screenshot)) {
        sl::ScreenshotRunner::Options shot;
        shot.output = parser.value(options.screenshot);
        shot.raiseDock = parser.value(options.raiseDock);
        shot.finding = parser.isSet(options.finding) ? parser.value(options.finding).toInt() : -1;
        sl::ScreenshotRunner runner(&window, shot);
        QObject::connect(&runner, &sl::ScreenshotRunner::finished, &app, &QApplication::exit, Qt::QueuedConnection);
        runner.start(traces);
        return app.exec();
    }
    window.openFiles(traces);
    return app.exec();
}
