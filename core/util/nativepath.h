// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

class QFile;

namespace sl {

/// File names are bytes on Linux, and not every name is UTF-8 (an old Latin-1 archive, a name
/// from another system). Qt decodes such bytes to U+FFFD, which no longer names the file, so a
/// trace called `r\xE9sum\xE9.sqlite` was reported as "does not exist". decode() keeps the
/// bytes that are not UTF-8 as lone surrogates U+DC80..U+DCFF (Python's "surrogateescape",
/// PEP 383) and encode() turns them back into the same bytes, so a QString carries any name
/// losslessly from argv to open(). Valid UTF-8 decodes exactly like QString::fromUtf8.
class NativePath
{
public:
    static QString decode(const QByteArray& bytes);
    static QByteArray encode(const QString& path);
    /// The name for messages: the file name with escaped bytes shown as U+FFFD.
    static QString displayName(const QString& path);

    /// What `path` names, asked of the system by its bytes (QFileInfo would ask by the U+FFFD form).
    enum class Kind { Missing, File, Dir, Other };
    static Kind kind(const QString& path);
    /// Opens a regular file read-only by its bytes (O_NONBLOCK: a FIFO given by mistake cannot
    /// block); false with `error` set (the system's reason, translated by Qt) otherwise.
    static bool openReadOnly(QFile& file, const QString& path, QString* error);
};

} // namespace sl
