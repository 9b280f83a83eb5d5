// SPDX-License-Identifier: MIT
// sightline-cli: the analyses of the desktop explorer, headless, for CI and scripts.
#include "app/cli/benchcommand.h"
#include "app/cli/clicommands.h"
#include "app/cli/clustercommands.h"
#include "app/cli/processexit.h"
#include "core/util/filehash.h"
#include "core/util/nativepath.h"
#include "core/util/resourceusage.h"
#include "core/util/translations.h"

#include <QCoreApplication>
#include <QTextStream>

#include <thread>

namespace {

/// Runs the command `args` names; its exit code.
int runCommand(const QStringList& args)
{
    QTextStream err(stderr);
    if (args.isEmpty()) {
        err << sl::cli::Commands::usage();
        return sl::cli::Usage;
    }
    const QString command = args.front();
    if (command == QLatin1String("--help") || command == QLatin1String("-h") || command == QLatin1String("help")) {
        QTextStream(stdout) << sl::cli::Commands::usage();
        return sl::cli::Ok;
    }
    if (command == QLatin1String("--version")) {
        QTextStream(stdout) << "sightline-cli " << SIGHTLINE_VERSION << "\n";
        return sl::cli::Ok;
    }
    if (command == QLatin1String("analyze"))
        return sl::cli::Commands::analyze(args);
    if (command == QLatin1String("compare"))
        return sl::cli::Commands::compare(args);
    if (command == QLatin1String("info"))
        return sl::cli::Commands::info(args);
    if (command == QLatin1String("synth"))
        return args.contains(QLatin1String("--per-rank")) ? sl::cli::ClusterCommands::synthRanks(args)
                                                          : sl::cli::Commands::synth(args);
    if (command == QLatin1String("digest"))
        return sl::cli::ClusterCommands::digest(args);
    if (command == QLatin1String("cluster"))
        return sl::cli::ClusterCommands::cluster(args);
    if (command == QLatin1String("bench"))
        return sl::cli::BenchCommand::run(args);
    err << QCoreApplication::translate("main", "Unknown command '%1'.").arg(command) << "\n\n"
        << sl::cli::Commands::usage();
    return sl::cli::Usage;
}

} // namespace

int main(int argc, char* argv[])
{
    sl::ResourceUsage::tuneAllocator(sl::ResourceUsage::Heaps::Shared);
    // libcrypto (FileHash) loads on first use: here on the core that Qt's set-up leaves idle.
    std::jthread preload(&sl::FileHash::preload);
    QCoreApplication app(argc, argv);
    // Qt fills this cache unsynchronised on first use, and worker threads (trace cache keys, the
    // SQLite plugin's library paths) would race on it and leak: fill it before any thread that
    // uses Qt starts (the preload above does not).
    QCoreApplication::applicationFilePath();
    QCoreApplication::setOrganizationName(QStringLiteral("Sightline"));
    QCoreApplication::setApplicationName(QStringLiteral("sightline-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SIGHTLINE_VERSION));
    // A command-line tool follows the locale (LANG, LC_MESSAGES) like any other; the GUI's
    // language preference is the GUI's.
    sl::Translations::install(QString());
    sl::cli::installInterruptHandler();

    // Arguments from argv's bytes as they are: a trace whose name is not UTF-8 must still open
    // (QCoreApplication::arguments() turns such bytes into U+FFFD, which names no file).
    QStringList args;
    for (int i = 1; i < argc; ++i)
        args << sl::NativePath::decode(QByteArray(argv[i]));
    // A trace cached by this run is written in the background while the analysis goes on; the
    // process ends once the file is complete (an unfinished one would only be a temporary file).
    const int code = runCommand(args);
    preload.join();
    return sl::cli::ProcessExit::finish(code);
}
