// SPDX-License-Identifier: MIT
#include "core/analysis/design/cublaslogreader.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>

namespace sl {

int GemmCall::elementBytes() const
{
    if (aType.startsWith(QLatin1String("16")))
        return 2;
    if (aType.startsWith(QLatin1String("8")))
        return 1;
    if (aType == QLatin1String("32F"))
        return 4;
    if (aType == QLatin1String("64F"))
        return 8;
    return 0;
}

QString GemmCall::typeLabel(const QString& t)
{
    static const QHash<QString, QString> kLabels { { QStringLiteral("16BF"), QStringLiteral("bf16") },
        { QStringLiteral("16F"), QStringLiteral("fp16") }, { QStringLiteral("8F_E4M3"), QStringLiteral("fp8") },
        { QStringLiteral("8F_E5M2"), QStringLiteral("fp8") }, { QStringLiteral("8I"), QStringLiteral("int8") },
        { QStringLiteral("32F"), QStringLiteral("fp32") }, { QStringLiteral("64F"), QStringLiteral("fp64") },
        { QStringLiteral("32I"), QStringLiteral("int32") } };
    return kLabels.value(t, t);
}

namespace {

/// "CUDA_R_16BF(14)" → "16BF"; "R_16BF" → "16BF"; "CUBLAS_COMPUTE_32F(68)" → "COMPUTE_32F".
QString bareType(QString v)
{
    const qsizetype paren = v.indexOf(QLatin1Char('('));
    if (paren > 0)
        v.truncate(paren);
    for (const char* prefix : { "CUDA_R_", "CUBLAS_", "R_" })
        if (v.startsWith(QLatin1String(prefix)))
            return v.mid(qsizetype(qstrlen(prefix)));
    return v;
}

QChar opOf(const QString& v)
{
    if (v.contains(QLatin1String("OP_T")))
        return QLatin1Char('T');
    if (v.contains(QLatin1String("OP_C")) || v.contains(QLatin1String("OP_HERMITAN")))
        return QLatin1Char('C');
    return QLatin1Char('N');
}

/// "k1=v1 k2=v2" → map.
QHash<QString, QString> keyValues(const QString& s)
{
    QHash<QString, QString> out;
    for (const QString& part : s.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const qsizetype eq = part.indexOf(QLatin1Char('='));
        if (eq > 0)
            out.insert(part.left(eq), part.mid(eq + 1));
    }
    return out;
}

/// Parser state shared by the two formats.
class Parser
{
    Q_DECLARE_TR_FUNCTIONS(CublasLogReader)
public:
    explicit Parser(CublasLog& log)
        : m_log(log)
    {
    }
    void line(const QString& text, int number);
    void finish();

private:
    void endBlock();
    void legacyCall();
    std::optional<GemmCall> ltCall(const QString& function, const QString& args, int number);
    void skip(int number, const QString& why);

    CublasLog& m_log;
    // The open cuBLAS block: function, first line, arguments, Process/Thread.
    QString m_function;
    int m_blockLine = 0;
    QHash<QString, QString> m_args;
    quint64 m_pid = 0, m_thread = 0;
    // cuBLASLt calls: [Trace] lines (one per kernel-launching call) and, for logs at a level
    // without them, [Api] lines of cublasLtMatmul with their descriptors spelled out.
    QVector<GemmCall> m_ltTrace, m_ltApi;
    int m_legacyBlocks = 0, m_ltLines = 0, m_skipped = 0;
};

void Parser::skip(int number, const QString& why)
{
    // The first ten say where and why; the rest are counted in one note.
    if (++m_skipped <= 10)
        m_log.notes << tr("%1 line %2: %3; the call is left out.").arg(m_log.fileName).arg(number).arg(why);
}

void Parser::line(const QString& text, int number)
{
    static const QRegularExpression kHeader(QStringLiteral(R"(^I! cuBLAS \([^)]*\) function \S+ (\w+)\()"));
    static const QRegularExpression kArg(QStringLiteral(R"(^i!\s+(\w+): type=[^;]*; val=(.*)$)"));
    static const QRegularExpression kWhere(QStringLiteral(R"(^i!Process=(\d+); Thread=(\d+);)"));
    static const QRegularExpression kLt(
        QStringLiteral(R"(^(?:\[[^\]]*\])?\[cublasLt\]\[(\d+)\]\[(\w+)\]\[(\w+)\]\s?(.*)$)"));
    if (text.startsWith(QLatin1String("I! "))) {
        endBlock();
        if (const auto h = kHeader.match(text); h.hasMatch()) {
            ++m_legacyBlocks;
            m_function = h.captured(1);
            m_blockLine = number;
        }
    } else if (text.startsWith(QLatin1String("i!"))) {
        if (m_function.isEmpty())
            return;
        if (const auto a = kArg.match(text); a.hasMatch())
            m_args.insert(a.captured(1), a.captured(2).trimmed());
        else if (const auto w = kWhere.match(text); w.hasMatch())
            m_pid = w.captured(1).toULongLong(), m_thread = w.captured(2).toULongLong();
    } else if (const auto l = kLt.match(text); l.hasMatch()) {
        endBlock();
        ++m_ltLines;
        const QString level = l.captured(2), function = l.captured(3);
        const bool trace = level == QLatin1String("Trace");
        if (!function.endsWith(QLatin1String("Matmul")) || !(trace || level == QLatin1String("Api")))
            return;
        if (!l.captured(4).contains(QLatin1String("Adesc=[")))
            return; // an [Api] line whose descriptors are pointers: its [Trace] line follows
        if (auto c = ltCall(function, l.captured(4), number)) {
            c->pid = c->thread = l.captured(1).toULongLong();
            (trace ? m_ltTrace : m_ltApi).append(*c);
        }
    }
}

void Parser::endBlock()
{
    if (!m_function.isEmpty())
        legacyCall();
    m_function.clear();
    m_args.clear();
    m_pid = m_thread = 0;
}

void Parser::legacyCall()
{
    static const QRegularExpression kGemm(QStringLiteral(R"(^cublas(?:([SDHCZ])gemm\w*|Gemm\w*Ex)$)"));
    const auto g = kGemm.match(m_function);
    if (!g.hasMatch() || m_function.contains(QLatin1String("Grouped")))
        return;
    const QString letter = g.captured(1);
    if (letter == QLatin1String("C") || letter == QLatin1String("Z")) {
        skip(m_blockLine, tr("%1 is a complex GEMM, whose FLOPs Sightline does not count").arg(m_function));
        return;
    }
    GemmCall c;
    c.function = m_function;
    c.line = m_blockLine;
    c.pid = m_pid, c.thread = m_thread;
    c.m = m_args.value(QStringLiteral("m")).toLongLong();
    c.n = m_args.value(QStringLiteral("n")).toLongLong();
    c.k = m_args.value(QStringLiteral("k")).toLongLong();
    c.batch
        = m_args.contains(QStringLiteral("batchCount")) ? m_args.value(QStringLiteral("batchCount")).toLongLong() : 1;
    if (c.m <= 0 || c.n <= 0 || c.k <= 0 || c.batch <= 0) {
        skip(m_blockLine, tr("%1 without positive m, n, k and batchCount").arg(m_function));
        return;
    }
    c.transA = opOf(m_args.value(QStringLiteral("transa")));
    c.transB = opOf(m_args.value(QStringLiteral("transb")));
    if (letter.isEmpty()) {
        c.aType = bareType(m_args.value(QStringLiteral("Atype")));
        c.bType = bareType(m_args.value(QStringLiteral("Btype")));
        c.cType = bareType(m_args.value(QStringLiteral("Ctype")));
        c.computeType = bareType(m_args.value(QStringLiteral("computeType")));
    } else {
        // The typed entry points fix the types: S = fp32, D = fp64, H = fp16 (fp16 compute).
        const QString t = letter == QLatin1String("S") ? QStringLiteral("32F")
            : letter == QLatin1String("D")             ? QStringLiteral("64F")
                                                       : QStringLiteral("16F");
        c.aType = c.bType = c.cType = t;
        c.computeType = QStringLiteral("COMPUTE_") + t;
    }
    m_log.calls.append(c);
}

std::optional<GemmCall> Parser::ltCall(const QString& function, const QString& args, int number)
{
    static const QRegularExpression kDesc(QStringLiteral(R"(\b([ABCD])desc=\[([^\]]*)\])"));
    static const QRegularExpression kCompute(QStringLiteral(R"(computeDesc=\[([^\]]*)\])"));
    static const QRegularExpression kTile(QStringLiteral(R"(tile=MATMUL_TILE_(\d+)x(\d+))"));
    QHash<QString, QHash<QString, QString>> desc;
    for (auto it = kDesc.globalMatch(args); it.hasNext();) {
        const auto d = it.next();
        desc.insert(d.captured(1), keyValues(d.captured(2)));
    }
    const auto compute = keyValues(kCompute.match(args).captured(1));
    const auto& a = desc[QStringLiteral("A")];
    const auto& b = desc[QStringLiteral("B")];
    const auto& d = desc.contains(QStringLiteral("D")) ? desc[QStringLiteral("D")] : desc[QStringLiteral("C")];
    GemmCall c;
    c.lt = true;
    c.function = function;
    c.line = number;
    c.transA = opOf(compute.value(QStringLiteral("transa")));
    c.transB = opOf(compute.value(QStringLiteral("transb")));
    c.m = d.value(QStringLiteral("rows")).toLongLong();
    c.n = d.value(QStringLiteral("cols")).toLongLong();
    // op(A) is m × k: A is stored m × k, or k × m when transposed; op(B) likewise k × n.
    c.k = (c.transA == QLatin1Char('N') ? a.value(QStringLiteral("cols")) : a.value(QStringLiteral("rows")))
              .toLongLong();
    const qint64 kOfB
        = (c.transB == QLatin1Char('N') ? b.value(QStringLiteral("rows")) : b.value(QStringLiteral("cols")))
              .toLongLong();
    c.batch = d.value(QStringLiteral("batchCount"), QStringLiteral("1")).toLongLong();
    if (c.m <= 0 || c.n <= 0 || c.k <= 0 || c.batch <= 0 || kOfB != c.k) {
        skip(number, tr("%1 whose descriptors do not give one m × n × k product").arg(function));
        return std::nullopt;
    }
    c.aType = bareType(a.value(QStringLiteral("type")));
    c.bType = bareType(b.value(QStringLiteral("type")));
    c.cType = bareType(d.value(QStringLiteral("type")));
    c.computeType = bareType(compute.value(QStringLiteral("computeType")));
    if (const auto t = kTile.match(args); t.hasMatch())
        c.tileM = t.captured(1).toInt(), c.tileN = t.captured(2).toInt();
    return c;
}

void Parser::finish()
{
    endBlock();
    // A cuBLASLt log at level 5 has both an [Api] and a [Trace] line per call: count one.
    const QVector<GemmCall>& lt = m_ltTrace.isEmpty() ? m_ltApi : m_ltTrace;
    m_log.calls += lt;
    if (m_skipped > 10)
        m_log.notes << tr("%1: %2 more calls left out.").arg(m_log.fileName).arg(m_skipped - 10);
    if (m_legacyBlocks > 0)
        m_log.notes << tr("%1: cuBLAS API log, %2 calls, %3 of them GEMMs.")
                           .arg(m_log.fileName)
                           .arg(m_legacyBlocks)
                           .arg(m_log.calls.size() - lt.size());
    if (m_ltLines > 0)
        m_log.notes << tr("%1: cuBLASLt log, %2 GEMM calls from its %3 lines.")
                           .arg(m_log.fileName)
                           .arg(lt.size())
                           .arg(m_ltTrace.isEmpty() ? QStringLiteral("[Api]") : QStringLiteral("[Trace]"));
    if (m_legacyBlocks == 0 && m_ltLines == 0) {
        m_log.error = tr("%1 is not a cuBLAS or cuBLASLt log: no line starts with \"I! cuBLAS\" or carries "
                         "\"[cublasLt]\" (write one with CUBLAS_LOGINFO_DBG=1 CUBLAS_LOGDEST_DBG=FILE, or "
                         "CUBLASLT_LOG_LEVEL=2 CUBLASLT_LOG_FILE=FILE).")
                          .arg(m_log.fileName);
    } else if (m_log.calls.isEmpty()) {
        m_log.error = tr("%1 holds no GEMM call with its shape (cuBLAS GEMM calls, or cuBLASLt [Trace] matmul "
                         "lines: CUBLASLT_LOG_LEVEL 2 or more).")
                          .arg(m_log.fileName);
    }
    m_log.ok = m_log.error.isEmpty();
}

} // namespace

CublasLog CublasLogReader::parse(const QByteArray& text, const QString& fileName)
{
    CublasLog log;
    log.fileName = fileName;
    Parser parser(log);
    int number = 0;
    qsizetype from = 0;
    while (from < text.size()) {
        qsizetype to = text.indexOf('\n', from);
        if (to < 0)
            to = text.size();
        QString line = QString::fromUtf8(text.constData() + from, to - from);
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        parser.line(line, ++number);
        from = to + 1;
    }
    parser.finish();
    return log;
}

CublasLog CublasLogReader::read(const QString& path)
{
    const QString name = QFileInfo(path).fileName();
    QFile f(path);
    CublasLog failed;
    failed.fileName = name;
    if (!f.open(QIODevice::ReadOnly)) {
        failed.error = tr("Cannot read the cuBLAS log %1: %2").arg(name, f.errorString());
        return failed;
    }
    if (f.size() > kMaxBytes) {
        failed.error = tr("The cuBLAS log %1 is larger than 1 GiB; log fewer iterations.").arg(name);
        return failed;
    }
    return parse(f.readAll(), name);
}

} // namespace sl
