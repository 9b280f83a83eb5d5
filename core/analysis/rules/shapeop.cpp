// SPDX-License-Identifier: MIT
#include "core/analysis/rules/shapeop.h"

#include <QStringView>

namespace sl {

namespace {
/// Parses "[[a, b], [], [c]]" from the start of `s`; false on anything else.
bool parseSizes(QStringView s, QVector<QVector<qint64>>* out)
{
    qsizetype i = 0;
    auto skipSpaces = [&] {
        while (i < s.size() && s[i] == QLatin1Char(' '))
            ++i;
    };
    auto expect = [&](QChar c) {
        skipSpaces();
        if (i < s.size() && s[i] == c) {
            ++i;
            return true;
        }
        return false;
    };
    if (!expect(QLatin1Char('[')))
        return false;
    if (expect(QLatin1Char(']')))
        return true;
    for (;;) {
        if (!expect(QLatin1Char('[')))
            return false;
        QVector<qint64> dims;
        if (!expect(QLatin1Char(']'))) {
            for (;;) {
                skipSpaces();
                const qsizetype from = i;
                while (i < s.size() && (s[i].isDigit() || (i == from && s[i] == QLatin1Char('-'))))
                    ++i;
                bool ok = false;
                const qint64 v = s.mid(from, i - from).toLongLong(&ok);
                if (!ok)
                    return false;
                dims.append(v);
                if (expect(QLatin1Char(']')))
                    break;
                if (!expect(QLatin1Char(',')))
                    return false;
            }
        }
        out->append(dims);
        if (expect(QLatin1Char(']')))
            return true;
        if (!expect(QLatin1Char(',')))
            return false;
    }
}

double product(const QVector<qint64>& v, qsizetype from, qsizetype to)
{
    double p = 1;
    for (qsizetype i = from; i < to; ++i)
        p *= double(v[i]);
    return p;
}

bool allPositive(const QVector<QVector<qint64>>& sizes, qsizetype first, qsizetype count)
{
    if (sizes.size() < first + count)
        return false;
    for (qsizetype i = first; i < first + count; ++i) {
        if (sizes[i].isEmpty())
            return false;
        for (qint64 d : sizes[i])
            if (d <= 0)
                return false;
    }
    return true;
}

/// 2·M·K·N for A[M,K] · B[K,N].
std::optional<double> mm(const QVector<qint64>& a, const QVector<qint64>& b)
{
    if (a.size() != 2 || b.size() != 2 || a[1] != b[0])
        return std::nullopt;
    return 2.0 * double(a[0]) * double(a[1]) * double(b[1]);
}

/// 2·B·M·K·N for A[B,M,K] · B[B,K,N].
std::optional<double> bmm(const QVector<qint64>& a, const QVector<qint64>& b)
{
    if (a.size() != 3 || b.size() != 3 || a[0] != b[0] || a[2] != b[1])
        return std::nullopt;
    return 2.0 * double(a[0]) * double(a[1]) * double(a[2]) * double(b[2]);
}

/// torch.matmul semantics: 1-D operands are promoted and the batch dimensions broadcast.
std::optional<double> matmul(QVector<qint64> a, QVector<qint64> b)
{
    if (a.isEmpty() || b.isEmpty())
        return std::nullopt;
    if (a.size() == 1)
        a.prepend(1);
    if (b.size() == 1)
        b.append(1);
    const qint64 m = a[a.size() - 2], k = a.back(), k2 = b[b.size() - 2], n = b.back();
    if (k != k2)
        return std::nullopt;
    // Broadcast batch dimensions, aligned from the right.
    const qsizetype ab = a.size() - 2, bb = b.size() - 2, batchDims = std::max(ab, bb);
    double batch = 1;
    for (qsizetype d = 0; d < batchDims; ++d) {
        const qint64 x = d < ab ? a[ab - 1 - d] : 1, y = d < bb ? b[bb - 1 - d] : 1;
        if (x != y && x != 1 && y != 1)
            return std::nullopt;
        batch *= double(std::max(x, y));
    }
    return 2.0 * batch * double(m) * double(k) * double(n);
}
} // namespace

std::optional<double> ShapeOp::flopsOf(const QString& opName, const QVector<QVector<qint64>>& s, bool* counted)
{
    const QString op = opName.startsWith(QLatin1String("aten::")) ? opName.mid(6) : opName;
    static const QStringList kAttention
        = { QStringLiteral("scaled_dot_product_attention"), QStringLiteral("_scaled_dot_product_flash_attention"),
              QStringLiteral("_scaled_dot_product_efficient_attention"),
              QStringLiteral("_scaled_dot_product_cudnn_attention") };
    static const QStringList kConvolution = { QStringLiteral("conv1d"), QStringLiteral("conv2d"),
        QStringLiteral("conv3d"), QStringLiteral("convolution"), QStringLiteral("_convolution"),
        QStringLiteral("cudnn_convolution"), QStringLiteral("conv_transpose1d"), QStringLiteral("conv_transpose2d"),
        QStringLiteral("conv_transpose3d"), QStringLiteral("cudnn_convolution_transpose") };
    const bool isCounted = op == QLatin1String("mm") || op == QLatin1String("addmm") || op == QLatin1String("bmm")
        || op == QLatin1String("baddbmm") || op == QLatin1String("matmul") || op == QLatin1String("linear")
        || kAttention.contains(op) || kConvolution.contains(op);
    if (counted)
        *counted = isCounted;
    if (op == QLatin1String("mm") && allPositive(s, 0, 2))
        return mm(s[0], s[1]);
    if (op == QLatin1String("addmm") && allPositive(s, 1, 2)) // bias, A, B: the bias add is not counted
        return mm(s[1], s[2]);
    if (op == QLatin1String("bmm") && allPositive(s, 0, 2))
        return bmm(s[0], s[1]);
    if (op == QLatin1String("baddbmm") && allPositive(s, 1, 2))
        return bmm(s[1], s[2]);
    if (op == QLatin1String("matmul") && allPositive(s, 0, 2))
        return matmul(s[0], s[1]);
    if (op == QLatin1String("linear") && allPositive(s, 0, 2)) {
        // input [..., K], weight [N, K]: 2 · rows · K · N (the bias add is not counted).
        const auto& x = s[0];
        const auto& w = s[1];
        if (w.size() != 2 || x.back() != w[1])
            return std::nullopt;
        return 2.0 * product(x, 0, x.size() - 1) * double(x.back()) * double(w[0]);
    }
    if (kAttention.contains(op) && allPositive(s, 0, 3)) {
        // q [..., L, E], k [..., S, E], v [..., S, Ev]: Q·Kᵀ is 2·batch·L·S·E, P·V is 2·batch·L·S·Ev.
        const auto& q = s[0];
        const auto& k = s[1];
        const auto& v = s[2];
        if (q.size() < 2 || k.size() != q.size() || v.size() != q.size() || q.back() != k.back()
            || k[k.size() - 2] != v[v.size() - 2])
            return std::nullopt;
        const double batch = product(q, 0, q.size() - 2);
        const double l = double(q[q.size() - 2]), sLen = double(k[k.size() - 2]);
        return 2.0 * batch * l * sLen * double(q.back()) + 2.0 * batch * l * sLen * double(v.back());
    }
    // Convolutions: the sizes omit stride, padding and dilation, so the output size and the
    // FLOPs cannot be derived without guessing.
    return std::nullopt;
}

std::optional<ShapeOp> ShapeOp::parse(const QString& text)
{
    const qsizetype at = text.indexOf(QLatin1String(", sizes = "));
    if (at <= 0)
        return std::nullopt;
    ShapeOp s;
    const qsizetype comma = text.indexOf(QLatin1Char(','));
    s.op = text.left(comma).trimmed();
    if (s.op.isEmpty() || !parseSizes(QStringView(text).mid(at + 10), &s.sizes))
        return std::nullopt;
    s.flops = flopsOf(s.op, s.sizes, &s.counted);
    return s;
}

} // namespace sl
