// SPDX-License-Identifier: MIT
#include "core/io/sqliteconnection.h"

#include "core/io/rowfunction.h"
#include "core/io/valuerow.h"
#include "core/util/logging.h"
#include "core/util/nativepath.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QVariant>

#include <atomic>
#include <climits>
#include <cmath>

#if __has_include(<dlfcn.h>)
#include <dlfcn.h>
#define SIGHTLINE_HAVE_DLADDR 1
#endif

namespace sl {

namespace {

QString nextConnectionName()
{
    static std::atomic<int> s_seq { 0 };
    return QStringLiteral("sightline-%1").arg(++s_seq);
}

int primaryCode(const QSqlError& e)
{
    bool ok = false;
    const int code = e.nativeErrorCode().toInt(&ok);
    return ok ? (code & 0xFF) : SQLITE_ERROR;
}

QString sqlErrorText(const QSqlError& e) { return e.databaseText().isEmpty() ? e.text() : e.databaseText(); }

/// The library the QSQLITE plugin calls: the object that defines the driver's vtable (the
/// plugin, or the executable in a static Qt), asked through dlsym for `sqlite3_libversion`,
/// which searches that object and then its own dependencies in load order, exactly the
/// objects its calls bind to. Returns the function or null.
using LibVersionFn = const char* (*)();
LibVersionFn driverLibVersion(const QSqlDriver* driver, QString* where)
{
#ifdef SIGHTLINE_HAVE_DLADDR
    Dl_info info {};
    const void* vtable = *reinterpret_cast<const void* const*>(driver);
    if (dladdr(vtable, &info) == 0 || !info.dli_fname) {
        *where = QStringLiteral("?");
        return nullptr;
    }
    *where = QString::fromLocal8Bit(info.dli_fname);
    void* self = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
    if (!self)
        return nullptr;
    auto fn = reinterpret_cast<LibVersionFn>(dlsym(self, "sqlite3_libversion"));
    dlclose(self); // RTLD_NOLOAD took one more reference; the plugin stays loaded by Qt
    return fn;
#else
    Q_UNUSED(driver);
    *where = QStringLiteral("?");
    return nullptr;
#endif
}

// The default unix VFS limits a path to 512 bytes (MAX_PATHNAME, after resolving symlinks),
// although the kernel accepts 4096: a copy of it with a larger mxPathname opens longer paths.
// Every method is the unix VFS's own (they take the vfs pointer only to reach pAppData, which
// the copy keeps). Registered in the linked library, so usable only when it is the driver's.
constexpr int kLongPathMax = 4096;
sqlite3_vfs s_longPathVfs {};

bool registerLongPathVfs()
{
    sqlite3_vfs* base = sqlite3_vfs_find(nullptr);
    if (!base || base->mxPathname >= kLongPathMax)
        return base != nullptr && sqlite3_vfs_find(SqliteLibrary::longPathVfsName()) != nullptr;
    s_longPathVfs = *base;
    s_longPathVfs.pNext = nullptr;
    s_longPathVfs.zName = SqliteLibrary::longPathVfsName();
    s_longPathVfs.mxPathname = kLongPathMax;
    return sqlite3_vfs_register(&s_longPathVfs, 0) == SQLITE_OK;
}

// SQLite's own text-to-integer rule (sqlite3Atoi64 as used by sqlite3_column_int64): leading
// spaces, a sign, digits up to the first non-digit; out of range saturates.
qint64 sqliteTextToInt64(const QByteArray& s)
{
    qsizetype i = 0;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
        ++i;
    bool negative = false;
    if (i < s.size() && (s[i] == '-' || s[i] == '+'))
        negative = s[i++] == '-';
    constexpr quint64 limit = quint64(1) << 63; // |LLONG_MIN|
    quint64 v = 0;
    bool overflow = false;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
        const quint64 d = quint64(s[i] - '0');
        if (v > (limit - d) / 10)
            overflow = true;
        else
            v = v * 10 + d;
    }
    if (overflow || (!negative && v == limit))
        return negative ? LLONG_MIN : LLONG_MAX;
    return negative ? qint64(0 - v) : qint64(v);
}

// sqlite3's double-to-integer rule: truncation, saturating at the int64 range.
qint64 sqliteRealToInt64(double r)
{
    if (std::isnan(r))
        return 0;
    if (r <= double(LLONG_MIN))
        return LLONG_MIN;
    if (r >= double(LLONG_MAX))
        return LLONG_MAX;
    return qint64(r);
}

} // namespace

// ---------------------------------------------------------------------------------------------
// Which library. Using the driver's sqlite3* with our own sqlite3_* functions is only sound when
// both are one copy of SQLite in the process: a second copy (Qt's own builds bundle SQLite in
// the plugin; a build may link another libsqlite3) has its own globals (mutexes, allocator,
// VFS list, interrupt flags) and possibly another struct layout, so it would corrupt memory
// silently. Two checks, both required:
//  1. One copy: the plugin's sqlite3_libversion (dlsym on the plugin's own handle, which
//     searches the plugin and then its dependencies, the objects its calls bind to) returns
//     the same pointer as the linked sqlite3_libversion(). The function returns the address of
//     the library's static `sqlite3_version` string, so equal pointers mean one loaded object,
//     whatever the symbol canonicalisation (PLT) of the executable. A plugin with SQLite
//     built in (hidden symbols: dlsym finds none; exported: it finds the plugin's own) fails.
//  2. The same build, asked through the driver itself: SELECT sqlite_source_id() through a
//     QSqlQuery equals the linked sqlite3_sourceid(). This catches what dlsym cannot see
//     (an LD_PRELOADed or interposed copy the driver actually calls), and a plugin whose
//     symbols are hidden behind the same version.
// Either failing means QSqlQuery scans (SqliteStatement's second path), never a mixed call.
// ---------------------------------------------------------------------------------------------
const SqliteLibrary::Check& SqliteLibrary::check()
{
    static const Check s_check = [] {
        Check c;
        c.linkedVersion = QString::fromLatin1(sqlite3_libversion());
        const QString name = nextConnectionName();
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            if (!db.isValid() || !db.driver()) {
                c.reason = QCoreApplication::translate("sl::SqliteLibrary", "the QSQLITE driver is not available");
            } else {
                QString where;
                const LibVersionFn fn = driverLibVersion(db.driver(), &where);
                const bool oneCopy = fn && fn() == sqlite3_libversion();
                db.setDatabaseName(QStringLiteral(":memory:")); // no file
                QString driverSource;
                if (db.open()) {
                    QSqlQuery q(db);
                    if (q.exec(QStringLiteral("SELECT sqlite_source_id(), sqlite_version()")) && q.next()) {
                        driverSource = q.value(0).toString();
                        c.driverVersion = q.value(1).toString();
                    }
                }
                const bool sameSource = driverSource == QString::fromLatin1(sqlite3_sourceid());
                c.same = oneCopy && sameSource;
                if (c.same)
                    c.reason = QCoreApplication::translate(
                        "sl::SqliteLibrary", "QSQLITE (%1) calls the linked libsqlite3 %2")
                                   .arg(where, c.linkedVersion);
                else if (!oneCopy)
                    c.reason = QCoreApplication::translate("sl::SqliteLibrary",
                        "QSQLITE (%1) does not call the linked libsqlite3 %2 (another copy of SQLite)")
                                   .arg(where, c.linkedVersion);
                else
                    c.reason
                        = QCoreApplication::translate(
                            "sl::SqliteLibrary", "QSQLITE runs SQLite %1, the linked library is %2")
                              .arg(c.driverVersion.isEmpty() ? QStringLiteral("?") : c.driverVersion, c.linkedVersion);
                db.close();
            }
        }
        QSqlDatabase::removeDatabase(name);
        return c;
    }();
    return s_check;
}

bool SqliteLibrary::useCApi()
{
    return check().same && qEnvironmentVariable("SIGHTLINE_SQLITE_SCAN") != QLatin1String("query");
}

const char* SqliteLibrary::longPathVfsName() { return "sightline-longpath"; }

bool SqliteLibrary::hasLongPathVfs()
{
    static const bool s_registered = check().same && registerLongPathVfs();
    return s_registered;
}

// ---------------------------------------------------------------------------------------------

QString SqliteConnection::uriFor(const QString& path, bool longPathVfs)
{
    // Percent-encoding every byte outside [A-Za-z0-9-._~/] keeps the URI ASCII, so QSQLITE's
    // toUtf8() cannot alter it, and '?', '#' and '%' in a name stay part of the name.
    const QByteArray native = NativePath::encode(QFileInfo(path).absoluteFilePath());
    QString uri = QStringLiteral("file://") + QString::fromLatin1(native.toPercentEncoding("/"))
        + QStringLiteral("?mode=ro&immutable=1");
    if (longPathVfs)
        uri += QStringLiteral("&vfs=") + QLatin1String(SqliteLibrary::longPathVfsName());
    return uri;
}

SqliteConnection::SqliteConnection(const QString& path)
    : m_name(nextConnectionName())
{
    const bool cApi = SqliteLibrary::useCApi();
    auto db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
    if (!db.isValid()) {
        m_error = QStringLiteral("the QSQLITE driver is not available");
        m_code = SQLITE_ERROR;
        return;
    }
    db.setDatabaseName(uriFor(path, cApi && SqliteLibrary::hasLongPathVfs()));
    // Busy timeout 0: the file is opened immutable (no locks are taken), so SQLITE_BUSY cannot
    // come from waiting; QSQLITE's default would wait 5 s before reporting it.
    db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_OPEN_URI;QSQLITE_BUSY_TIMEOUT=0"));
    if (!db.open()) {
        m_error = sqlErrorText(db.lastError());
        m_code = primaryCode(db.lastError());
        return;
    }
    m_open = true;
    if (cApi) {
        const QVariant v = db.driver()->handle();
        if (v.isValid() && qstrcmp(v.typeName(), "sqlite3*") == 0)
            m_handle = *static_cast<sqlite3* const*>(v.data());
        if (m_handle)
            m_rowSlot = RowFunction::install(m_handle);
    }
    // Belt and braces: even a bug in our SQL cannot modify the user's file. The file is opened
    // read-only and immutable already, so a pragma that did not take is logged, not fatal.
    SqliteStatement(*this, QStringLiteral("PRAGMA query_only=1")).next();
    if (scalar(QStringLiteral("PRAGMA query_only"), 0) != 1)
        qCWarning(lcIo) << "PRAGMA query_only did not take on" << QFileInfo(path).fileName()
                        << "(the export stays opened read-only)";
}

void SqliteConnection::limitPageCacheForScans() const
{
    // 512 KiB of page cache (SQLite's default: 2 MiB): the load scans each table once in rowid
    // order, so a page is read once and only the b-trees' few interior pages are read again.
    // Every cached page is memory first touched (a page fault), per connection. SQLite sizes its
    // sorter's in-memory runs from this cache too (at least 250 pages): not for the digester,
    // whose fallback sorts the kernel table.
    SqliteStatement(*this, QStringLiteral("PRAGMA cache_size=-512")).next();
}

SqliteConnection::~SqliteConnection()
{
    {
        auto db = QSqlDatabase::database(m_name, false);
        if (db.isValid())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_name);
}

qint64 SqliteConnection::scalar(const QString& sql, qint64 fallback) const
{
    if (!m_open)
        return fallback;
    SqliteStatement st(*this, sql);
    if (st.isValid() && st.next() && !st.isNull(0))
        return st.int64(0);
    return fallback;
}

QStringList SqliteConnection::tableNames() const
{
    QStringList out;
    if (!m_open)
        return out;
    SqliteStatement st(*this, QStringLiteral("SELECT name FROM sqlite_master WHERE type='table' ORDER BY rowid"));
    while (st.next())
        out << st.text(0);
    return out;
}

QStringList SqliteConnection::columnNames(const QString& table) const
{
    QStringList out;
    if (!m_open)
        return out;
    // Table names come from sqlite_master; quote them anyway.
    QString quoted = table;
    quoted.replace(QLatin1Char('"'), QLatin1String("\"\""));
    SqliteStatement st(*this, QStringLiteral("PRAGMA table_info(\"%1\")").arg(quoted));
    while (st.next())
        out << st.text(1);
    return out;
}

bool SqliteConnection::interrupt() const
{
    if (!m_handle)
        return false;
    sqlite3_interrupt(m_handle);
    return true;
}

// ---------------------------------------------------------------------------------------------

SqliteStatement::SqliteStatement(const SqliteConnection& db, const QString& sql, Access access)
    : m_db(db.handle())
    , m_perCell(access == Access::PerCell)
{
    if (!db.isOpen()) {
        m_error = db.errorText();
        m_code = db.errorCode() ? db.errorCode() : SQLITE_MISUSE;
        return;
    }
    if (m_db) {
        const QByteArray utf8 = sql.toUtf8();
        m_code = sqlite3_prepare_v2(m_db, utf8.constData(), int(utf8.size()), &m_stmt, nullptr);
        if (m_code != SQLITE_OK) {
            m_error = QString::fromUtf8(sqlite3_errmsg(m_db));
            m_code &= 0xFF;
            sqlite3_finalize(m_stmt);
            m_stmt = nullptr;
        }
        return;
    }
    m_query = std::make_unique<QSqlQuery>(QSqlDatabase::database(db.connectionName(), false));
    m_query->setForwardOnly(true);
    m_queryValid = m_query->exec(sql);
    if (!m_queryValid) {
        m_error = sqlErrorText(m_query->lastError());
        m_code = primaryCode(m_query->lastError());
    }
}

SqliteStatement::~SqliteStatement() { sqlite3_finalize(m_stmt); }

bool SqliteStatement::next()
{
    if (m_stmt) {
        const int rc = sqlite3_step(m_stmt);
        if (rc == SQLITE_ROW) {
            if (m_perCell)
                return true;
            m_cells.resize(size_t(sqlite3_data_count(m_stmt)));
            for (size_t c = 0; c < m_cells.size(); ++c)
                m_cells[c] = sqlite3_column_value(m_stmt, int(c));
            return true;
        }
        m_cells.clear(); // no row: every column reads as NULL
        if (rc != SQLITE_DONE) {
            m_code = rc & 0xFF;
            m_error = QString::fromUtf8(sqlite3_errmsg(m_db));
        }
        return false;
    }
    if (!m_queryValid)
        return false;
    if (m_query->next())
        return true;
    if (m_query->lastError().isValid()) {
        m_code = primaryCode(m_query->lastError());
        m_error = sqlErrorText(m_query->lastError());
    }
    return false;
}

// Text that is not valid UTF-8 (a damaged byte, a Latin-1 name) is decoded the way SQLite
// decodes it (sqlite3_value_text16), which is what QSQLITE does on the QSqlQuery path: both
// paths then give the same characters. Valid UTF-8, nearly all text, takes the direct way.
QString SqliteStatement::text(int col) const
{
    if (m_stmt)
        return ValueRow::textOf(cell(col));
    const QVariant v = m_query->value(col);
    if (v.isNull())
        return {};
    if (v.typeId() == QMetaType::QByteArray)
        return QString::fromUtf8(v.toByteArray());
    return v.toString();
}

QByteArray SqliteStatement::utf8(int col) const
{
    if (m_stmt)
        return ValueRow::utf8Of(cell(col));
    const QVariant v = m_query->value(col);
    if (v.isNull())
        return {};
    if (v.typeId() == QMetaType::QByteArray)
        return v.toByteArray();
    return v.toString().toUtf8();
}

qint64 SqliteStatement::queryInt64(int col) const
{
    const QVariant v = m_query->value(col);
    if (v.isNull())
        return 0;
    switch (v.typeId()) {
    case QMetaType::Double:
        return sqliteRealToInt64(v.toDouble());
    case QMetaType::QString:
        return sqliteTextToInt64(v.toString().toUtf8());
    case QMetaType::QByteArray:
        return sqliteTextToInt64(v.toByteArray());
    default:
        return v.toLongLong();
    }
}

bool SqliteStatement::queryIsNull(int col) const { return m_query->isNull(col); }

int SqliteStatement::queryType(int col) const
{
    const QVariant v = m_query->value(col);
    if (v.isNull())
        return SQLITE_NULL;
    switch (v.typeId()) {
    case QMetaType::Double:
        return SQLITE_FLOAT;
    case QMetaType::QString:
        return SQLITE_TEXT;
    case QMetaType::QByteArray:
        return SQLITE_BLOB;
    default:
        return SQLITE_INTEGER;
    }
}

double SqliteStatement::queryReal(int col) const
{
    const QVariant v = m_query->value(col);
    if (v.isNull())
        return 0;
    if (v.typeId() == QMetaType::QString || v.typeId() == QMetaType::QByteArray) {
        bool ok = false;
        const double d = v.toString().trimmed().toDouble(&ok);
        return ok ? d : double(sqliteTextToInt64(v.toByteArray()));
    }
    return v.toDouble();
}

} // namespace sl
