// SPDX-License-Identifier: MIT
#include "core/util/resourceusage.h"
#include "core/util/translations.h"
#include "widgets/benchmark/guibenchmark.h"
#include "widgets/mainwindow.h"
#include "widgets/settings.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QPixmap>
#include <QSettings>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

#include <cstdio>
#include <cstring>

int main(int argc, char** argv)
{
    sl::ResourceUsage::tuneAllocator();
    // The benchmark measures the application without a display (and the same on every machine).
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--benchmark") == 0 && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Sightline"));
    QApplication::setApplicationName(QStringLiteral("Sightline"));
    QApplication::setApplicationVersion(QStringLiteral(SIGHTLINE_VERSION));

    // The language chosen in Preferences, else the system locale; before any text is built, as
    // widgets do not retranslate live.
    sl::Translations::install(sl::Settings::instance()->language());

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Explore Nsight Systems SQLite exports of LLM inference servers."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
        QApplication::translate(
            "main", "Open the traces, wait for their analysis, save a screenshot to <file> and exit."),
        QApplication::translate("main", "file"));
    parser.addOption(screenshot);
    const QCommandLineOption benchmark(QStringLiteral("benchmark"),
        QApplication::translate("main",
            "Open <trace> offscreen, measure first paint, event-loop stalls, sorting and filtering, print the "
            "figures and exit (see docs/benchmarks.md)."),
        QApplication::translate("main", "trace"));
    parser.addOption(benchmark);
    parser.addPositionalArgument(QStringLiteral("traces"),
        QApplication::translate("main", "Nsight Systems SQLite exports to open."),
        QApplication::translate("main", "[trace.sqlite...]"));
    parser.process(app);

    if (parser.isSet(benchmark)) {
        // Own settings: the run must neither read the user's layout nor add to recent files.
        QTemporaryDir settings;
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settings.path());
        sl::MainWindow window;
        window.show();
        sl::GuiBenchmark bench(&window, parser.value(benchmark));
        QObject::connect(&bench, &sl::GuiBenchmark::finished, &app, &QApplication::exit, Qt::QueuedConnection);
        bench.start();
        return app.exec();
    }

    sl::MainWindow window;
    window.show();

    const QStringList traces = parser.positionalArguments();
    if (parser.isSet(screenshot)) {
        const QString out = parser.value(screenshot);
        QStringList errors;
        QObject::connect(&window, &sl::MainWindow::loadFailed, &window,
            [&errors](const QString&, const QString& message) { errors << message; });
        QObject::connect(&window, &sl::MainWindow::idle, &window, [&window, &errors, out] {
            if (!errors.isEmpty()) {
                QTextStream(stderr) << errors.join(QLatin1Char('\n')) << '\n';
                QApplication::exit(3);
                return;
            }
            // Let the docks lay out what the analysis just filled in before grabbing.
            QTimer::singleShot(
                200, &window, [&window, out] {
                    if (!window.grab().save(out)) {
                        QTextStream(stderr)
                            << QApplication::translate("main", "Cannot write the screenshot to %1.").arg(out) << '\n';
                        QApplication::exit(1);
                        return;
                    }
                    QApplication::exit(0);
                });
        });
        if (traces.isEmpty()) {
            QTextStream(stderr) << QApplication::translate("main", "--screenshot needs at least one trace.") << '\n';
            return 2;
        }
    }
    window.openFiles(traces);
    return app.exec();
}
