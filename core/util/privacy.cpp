// SPDX-License-Identifier: MIT
#include "core/util/privacy.h"

#include <QRegularExpression>
#include <QSet>

namespace sl {

namespace {

/// First components that mark a real file system, never a graph-node name.
bool isFileSystemRoot(const QString& first)
{
    static const QSet<QString> roots = {
        QStringLiteral("home"),
        QStringLiteral("users"),
        QStringLiteral("root"),
        QStringLiteral("nethome"),
        QStringLiteral("homes"),
        QStringLiteral("u"),
        QStringLiteral("srv"),
        QStringLiteral("scratch"),
        QStringLiteral("lustre"),
        QStringLiteral("gpfs"),
        QStringLiteral("mnt"),
        QStringLiteral("media"),
        QStringLiteral("data"),
        QStringLiteral("tmp"),
        QStringLiteral("opt"),
        QStringLiteral("usr"),
        QStringLiteral("var"),
        QStringLiteral("private"),
        QStringLiteral("workspace"),
        QStringLiteral("work"),
        QStringLiteral("nfs"),
        QStringLiteral("net"),
        QStringLiteral("global"),
        QStringLiteral("sw"),
        QStringLiteral("apps"),
        QStringLiteral("shared"),
        QStringLiteral("projects"),
        QStringLiteral("cluster"),
        QStringLiteral("etc"),
        QStringLiteral("proc"),
        QStringLiteral("dev"),
        QStringLiteral("run"),
        QStringLiteral("volumes"),
        QStringLiteral("documents and settings"),
    };
    return roots.contains(first.toLower());
}

bool isHomeRoot(const QString& first)
{
    static const QSet<QString> homes = { QStringLiteral("home"), QStringLiteral("users"), QStringLiteral("nethome"),
        QStringLiteral("homes"), QStringLiteral("u"), QStringLiteral("documents and settings") };
    return homes.contains(first.toLower());
}

/// The ONNX operator types (ai.onnx up to opset 21, plus the common com.microsoft fused ops).
bool isOnnxOperator(const QString& component)
{
    static const QRegularExpression suffix(QStringLiteral("^([A-Za-z][A-Za-z0-9]*)(?:_\\d+)*(?:_output(?:_\\d+)?)?$"));
    const auto m = suffix.match(component);
    if (!m.hasMatch())
        return false;
    static const QSet<QString> ops = [] {
        const char* names[] = { "Abs", "Acos", "Acosh", "Add", "And", "ArgMax", "ArgMin", "Asin", "Asinh", "Atan",
            "Atanh", "AveragePool", "BatchNormalization", "Bernoulli", "BitShift", "BitwiseAnd", "BitwiseNot",
            "BitwiseOr", "BitwiseXor", "BlackmanWindow", "Cast", "CastLike", "Ceil", "Celu", "CenterCropPad", "Clip",
            "Col2Im", "Compress", "Concat", "ConcatFromSequence", "Constant", "ConstantOfShape", "Conv", "ConvInteger",
            "ConvTranspose", "Cos", "Cosh", "CumSum", "DFT", "DeformConv", "DepthToSpace", "DequantizeLinear", "Det",
            "Div", "Dropout", "DynamicQuantizeLinear", "Einsum", "Elu", "Equal", "Erf", "Exp", "Expand", "EyeLike",
            "Flatten", "Floor", "GRU", "Gather", "GatherElements", "GatherND", "Gelu", "Gemm", "GlobalAveragePool",
            "GlobalLpPool", "GlobalMaxPool", "Greater", "GreaterOrEqual", "GridSample", "GroupNormalization",
            "HammingWindow", "HannWindow", "HardSigmoid", "HardSwish", "Hardmax", "Identity", "If",
            "InstanceNormalization", "IsInf", "IsNaN", "LRN", "LSTM", "LayerNormalization", "LeakyRelu", "Less",
            "LessOrEqual", "Log", "LogSoftmax", "Loop", "LpNormalization", "LpPool", "MatMul", "MatMulInteger", "Max",
            "MaxPool", "MaxRoiPool", "MaxUnpool", "Mean", "MeanVarianceNormalization", "MelWeightMatrix", "Min", "Mish",
            "Mod", "Mul", "Multinomial", "Neg", "NegativeLogLikelihoodLoss", "NonMaxSuppression", "NonZero", "Not",
            "OneHot", "Optional", "OptionalGetElement", "OptionalHasElement", "Or", "PRelu", "Pad", "Pow",
            "QLinearConv", "QLinearMatMul", "QuantizeLinear", "RNN", "RandomNormal", "RandomNormalLike",
            "RandomUniform", "RandomUniformLike", "Range", "Reciprocal", "ReduceL1", "ReduceL2", "ReduceLogSum",
            "ReduceLogSumExp", "ReduceMax", "ReduceMean", "ReduceMin", "ReduceProd", "ReduceSum", "ReduceSumSquare",
            "Relu", "Reshape", "Resize", "ReverseSequence", "RoiAlign", "RotaryEmbedding", "Round", "STFT", "Scan",
            "Scatter", "ScatterElements", "ScatterND", "Selu", "SequenceAt", "SequenceConstruct", "SequenceEmpty",
            "SequenceErase", "SequenceInsert", "SequenceLength", "SequenceMap", "Shape", "Shrink", "Sigmoid", "Sign",
            "Sin", "Sinh", "Size", "Slice", "Softmax", "SoftmaxCrossEntropyLoss", "Softplus", "Softsign",
            "SpaceToDepth", "Split", "SplitToSequence", "Sqrt", "Squeeze", "StringNormalizer", "Sub", "Sum", "Tan",
            "Tanh", "TfIdfVectorizer", "ThresholdedRelu", "Tile", "TopK", "Transpose", "Trilu", "Unique", "Unsqueeze",
            "Upsample", "Where", "Xor",
            // com.microsoft contrib ops that exporters fuse into transformer graphs
            "Attention", "MultiHeadAttention", "GroupQueryAttention", "SkipLayerNormalization",
            "SimplifiedLayerNormalization", "SkipSimplifiedLayerNormalization", "EmbedLayerNormalization", "FastGelu",
            "BiasGelu", "QuickGelu", "FusedMatMul", "FusedConv", "MatMulNBits", "BiasAdd", "BiasSoftmax" };
        QSet<QString> s;
        for (const char* n : names)
            s.insert(QString::fromLatin1(n));
        return s;
    }();
    return ops.contains(m.captured(1));
}

QString scrubOne(const QString& path)
{
    // The root marker ("", "~", "~user", "C:", or the UNC server) and the separator it uses.
    const bool unc = path.startsWith(QStringLiteral("\\\\"));
    const bool drive = !unc && path.size() >= 2 && path.at(1) == QLatin1Char(':');
    const QChar sep
        = unc || (drive && path.size() > 2 && path.at(2) == QLatin1Char('\\')) ? QLatin1Char('\\') : QLatin1Char('/');
    QStringList parts = path.split(QRegularExpression(QStringLiteral("[/\\\\]")), Qt::SkipEmptyParts);
    if (!path.startsWith(QLatin1Char('/')) && !unc)
        parts.removeFirst(); // "~", "~alice" or "C:"
    if (parts.isEmpty())
        return path;
    const bool posix = path.startsWith(QLatin1Char('/'));
    if (posix && !isFileSystemRoot(parts.front()) && isOnnxOperator(parts.back()))
        return path; // an ONNX/TensorRT node name
    if (parts.size() <= 2 && !unc && isHomeRoot(parts.front()))
        return QStringLiteral("…"); // "/home/alice": the last component is the user
    return QStringLiteral("…") + sep + parts.back();
}

} // namespace

QString scrubPaths(const QString& text)
{
    if (!text.contains(QLatin1Char('/')) && !text.contains(QLatin1Char('\\')))
        return text;
        // A path starts where no word, dot, dash, tilde or separator precedes it (so "a/b/c" and
        // "tokens/s" are relative text, not paths); a component is anything up to a separator,
        // white space, quote, ',', ':', ';', ')' or ']'.
#define SL_COMPONENT "[^/\\\\\\s'\",:;\\)\\]]+"
    static const QRegularExpression path(
        QStringLiteral("(?<![\\w.~/\\\\-])(?:"
                       "\\\\\\\\" SL_COMPONENT "(?:\\\\" SL_COMPONENT ")+" // \\server\share\...
                       "|[A-Za-z]:(?:[\\\\/]" SL_COMPONENT ")+" // C:\... or C:/...
                       "|~[\\w.-]*(?:/" SL_COMPONENT ")+" // ~/... or ~alice/...
                       "|(?:/" SL_COMPONENT "){2,}" // /any/root/...
                       ")"));
#undef SL_COMPONENT
    QString result;
    qsizetype last = 0;
    auto it = path.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        result += QStringView(text).mid(last, m.capturedStart(0) - last);
        result += scrubOne(m.captured(0));
        last = m.capturedEnd(0);
    }
    if (last == 0)
        return text;
    result += QStringView(text).mid(last);
    return result;
}

} // namespace sl
