// SPDX-License-Identifier: MIT
#include "core/util/nativepath.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sl {

namespace {
constexpr char16_t kEscapeBase = 0xDC00; // U+DC80..U+DCFF stand for the bytes 0x80..0xFF

/// Length of the valid UTF-8 sequence starting at p[i], or 0 when it is not one (overlong
/// forms, surrogates and code points above U+10FFFF are not valid either).
int utf8SequenceLength(const uchar* p, qsizetype i, qsizetype n)
{
    const uchar c = p[i];
    if (c < 0x80)
        return 1;
    int len;
    char32_t cp;
    if ((c & 0xE0) == 0xC0)
        len = 2, cp = c & 0x1F;
    else if ((c & 0xF0) == 0xE0)
        len = 3, cp = c & 0x0F;
    else if ((c & 0xF8) == 0xF0)
        len = 4, cp = c & 0x07;
    else
        return 0;
    if (i + len > n)
        return 0;
    for (int k = 1; k < len; ++k) {
        if ((p[i + k] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (p[i + k] & 0x3F);
    }
    static constexpr char32_t minimum[] = { 0, 0, 0x80, 0x800, 0x10000 };
    if (cp < minimum[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}
} // namespace

QString NativePath::decode(const QByteArray& bytes)
{
    const auto* p = reinterpret_cast<const uchar*>(bytes.constData());
    const qsizetype n = bytes.size();
    QString out;
    out.reserve(n);
    qsizetype i = 0;
    while (i < n) {
        const int len = utf8SequenceLength(p, i, n);
        if (len == 0) {
            out.append(QChar(char16_t(kEscapeBase + p[i]))); // p[i] >= 0x80 here
            ++i;
        } else {
            out.append(QString::fromUtf8(bytes.constData() + i, len));
            i += len;
        }
    }
    return out;
}

QByteArray NativePath::encode(const QString& path)
{
    QByteArray out;
    out.reserve(path.size());
    qsizetype runStart = 0;
    auto flush = [&](qsizetype end) {
        if (end > runStart)
            out.append(QStringView(path).mid(runStart, end - runStart).toUtf8());
    };
    for (qsizetype i = 0; i < path.size(); ++i) {
        const char16_t u = path.at(i).unicode();
        // A lone low surrogate in 0xDC80..0xDCFF is an escaped byte (a valid pair never starts
        // with a low surrogate, and the high half before it would make it part of a pair).
        const bool pairedLow = i > 0 && QChar::isHighSurrogate(path.at(i - 1).unicode());
        if (u >= kEscapeBase + 0x80 && u <= kEscapeBase + 0xFF && !pairedLow) {
            flush(i);
            out.append(char(u - kEscapeBase));
            runStart = i + 1;
        }
    }
    flush(path.size());
    return out;
}

QString NativePath::displayName(const QString& path)
{
    QString name = QFileInfo(path).fileName();
    if (name.isEmpty())
        name = path;
    for (qsizetype i = 0; i < name.size(); ++i) {
        const char16_t u = name.at(i).unicode();
        if (u >= kEscapeBase + 0x80 && u <= kEscapeBase + 0xFF && !(i > 0 && name.at(i - 1).isHighSurrogate()))
            name[i] = QChar::ReplacementCharacter;
    }
    return name;
}

NativePath::Kind NativePath::kind(const QString& path)
{
    struct stat st
    {
    };
    if (path.isEmpty() || ::stat(encode(path).constData(), &st) != 0)
        return Kind::Missing;
    return S_ISREG(st.st_mode) ? Kind::File : S_ISDIR(st.st_mode) ? Kind::Dir : Kind::Other;
}

bool NativePath::openReadOnly(QFile& file, const QString& path, QString* error)
{
    const int fd = ::open(encode(path).constData(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        *error = QString::fromLocal8Bit(std::strerror(errno));
        return false;
    }
    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        *error = QCoreApplication::translate("NativePath", "it is not a regular file");
        return false;
    }
    // Reads of a regular file never block; clear O_NONBLOCK anyway so QFile sees a plain descriptor.
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    if (!file.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        *error = file.errorString();
        return false;
    }
    return true;
}

} // namespace sl
