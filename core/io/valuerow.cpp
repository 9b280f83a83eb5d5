// SPDX-License-Identifier: MIT
#include "core/io/valuerow.h"

namespace sl {

QString ValueRow::textOf(sqlite3_value* v)
{
    const auto* p = reinterpret_cast<const char*>(sqlite3_value_text(v));
    if (!p)
        return {};
    const QByteArrayView bytes(p, sqlite3_value_bytes(v));
    if (bytes.isValidUtf8())
        return QString::fromUtf8(bytes);
    // Not UTF-8: SQLite's own UTF-16 reading of the bytes (invalid sequences become U+FFFD).
    const auto* u = static_cast<const char16_t*>(sqlite3_value_text16(v));
    return QString::fromUtf16(u, sqlite3_value_bytes16(v) / 2);
}

QByteArray ValueRow::utf8Of(sqlite3_value* v)
{
    const auto* p = reinterpret_cast<const char*>(sqlite3_value_text(v));
    if (!p)
        return {};
    const QByteArray bytes = QByteArray::fromRawData(p, sqlite3_value_bytes(v));
    return QByteArrayView(bytes).isValidUtf8() ? bytes : textOf(v).toUtf8();
}

} // namespace sl
