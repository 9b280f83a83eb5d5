// SPDX-License-Identifier: MIT
#include "core/util/translations.h"
#include "widgets/mainwindow.h"
#include "widgets/settings.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QPixmap>
#include <QTextStream>
#include <QTimer>

#include <cstdio>

int main(int argc, char** argv)
{
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
    parser.addPositionalArgument(QStringLiteral("traces"),
        QApplication::translate("main", "Nsight Systems SQLite exports to open."),
        QApplication::translate("main", "[trace.sqlite...]"));
    parser.process(app);

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
