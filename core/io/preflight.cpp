// SPDX-License-Identifier: MIT
#include "core/io/preflight.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

namespace sl {

namespace {
// The context lupdate files these calls under (they sit in Preflight::check, a class without
// Q_OBJECT): with any other context the translation would never be found at run time.
QString tr(const char* s)
{
    return QCoreApplication::translate("sl::Preflight", s);
}

quint32 bigEndian32(const uchar* p)
{
    return (quint32(p[0]) << 24) | (quint32(p[1]) << 16) | (quint32(p[2]) << 8) | quint32(p[3]);
}
} // namespace

LoadError Preflight::check(const QString& path, QString* message)
{
    const QFileInfo fi(path);
    const QString name = fi.fileName().isEmpty() ? path : fi.fileName();
    auto fail = [&](LoadError e, const QString& m) {
        if (message)
            *message = m;
        return e;
    };
    if (!fi.exists())
        return fail(LoadError::MissingFile, tr("%1: the file does not exist.").arg(path));
    if (fi.isDir())
        return fail(LoadError::IsDirectory,
                    tr("%1 is a directory. Open the trace.sqlite file inside it, exported with "
                       "'nsys export --type sqlite'.").arg(path));
    const QString suffix = fi.suffix().toLower();
    if (suffix == QLatin1String("nsys-rep") || suffix == QLatin1String("qdrep")) {
        return fail(LoadError::NsysReport,
                    tr("%1 is an Nsight Systems report, not its SQLite export. Export it first with:\n"
                       "  nsys export --type sqlite --output %2.sqlite %1")
                        .arg(name, fi.completeBaseName()));
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return fail(LoadError::Unreadable, tr("%1 cannot be read: %2").arg(path, f.errorString()));
    if (f.size() == 0)
        return fail(LoadError::EmptyFile, tr("%1 is empty (0 bytes): the export did not finish or the copy failed.").arg(name));
    const QByteArray header = f.read(100);
    if (!header.startsWith(QByteArrayLiteral("SQLite format 3\0"))) {
        return fail(LoadError::NotSqlite,
                    tr("%1 is not an SQLite database (it does not start with the SQLite header). "
                       "Sightline opens the output of 'nsys export --type sqlite'.").arg(name));
    }
    if (header.size() < 100)
        return fail(LoadError::Truncated, tr("%1 is truncated: its 100-byte SQLite header is incomplete.").arg(name));
    // The header records the page size (offset 16, 1 means 65536) and the page count (offset 28,
    // valid when offset 92 equals the change counter at 24): a copy cut short is smaller.
    const auto* h = reinterpret_cast<const uchar*>(header.constData());
    quint32 pageSize = (quint32(h[16]) << 8) | h[17];
    if (pageSize == 1)
        pageSize = 65536;
    const quint32 pageCount = bigEndian32(h + 28);
    if (pageCount > 0 && bigEndian32(h + 92) == bigEndian32(h + 24)) {
        const qint64 expected = qint64(pageSize) * pageCount;
        if (f.size() < expected)
            return fail(LoadError::Truncated,
                        tr("%1 is truncated: the database header says %2 bytes but the file has %3. "
                           "Copy the export again.").arg(name).arg(expected).arg(f.size()));
    }
    return LoadError::None;
}

} // namespace sl
