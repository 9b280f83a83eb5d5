// SPDX-License-Identifier: MIT
#include "core/analysis/counters/ncumatcher.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <cstdlib>
#include <cxxabi.h>
#include <memory>

namespace sl {

QString NcuMatcher::demangled(const QString& name)
{
    if (!name.startsWith(QLatin1String("_Z")))
        return name;
    int status = 0;
    const QByteArray mangled = name.toUtf8();
    std::unique_ptr<char, decltype(&std::free)> out(
        abi::__cxa_demangle(mangled.constData(), nullptr, nullptr, &status), &std::free);
    return status == 0 && out ? QString::fromUtf8(out.get()) : name;
}

QString NcuMatcher::functionName(const QString& kernelName)
{
    QString name = demangled(kernelName.trimmed());
    // Anonymous namespaces: "(anonymous namespace)" (c++filt, nsys), "<unnamed>" (ncu), and
    // "unnamed>" (ncu 2026 on Windows drops the '<'). Their brackets are not template brackets.
    static const QRegularExpression anonymous(
        QStringLiteral("\\(anonymous namespace\\)|<unnamed>|(?<![\\w<])unnamed>(?=::)"));
    name.replace(anonymous, QStringLiteral("anonymous_namespace"));
    // The parameter list is the first '(' outside any template brackets; the function is the
    // last identifier before it once its own template arguments are dropped. The return type
    // may hold templates too ("enable_if<!T7, void>::type kernel<int, …>(T13)").
    int depth = 0;
    qsizetype end = name.size();
    for (qsizetype i = 0; i < name.size(); ++i) {
        const QChar c = name.at(i);
        if (c == QLatin1Char('(') && depth == 0) {
            end = i;
            break;
        }
        if (c == QLatin1Char('<') || c == QLatin1Char('('))
            ++depth;
        else if ((c == QLatin1Char('>') || c == QLatin1Char(')')) && depth > 0)
            --depth;
    }
    QString head = name.left(end).trimmed();
    if (head.endsWith(QLatin1Char('>'))) {
        // Drop the trailing template argument list: walk back to its matching '<'.
        int open = 0;
        for (qsizetype i = head.size() - 1; i >= 0; --i) {
            if (head.at(i) == QLatin1Char('>'))
                ++open;
            else if (head.at(i) == QLatin1Char('<') && --open == 0) {
                head = head.left(i).trimmed();
                break;
            }
        }
    }
    const qsizetype space = head.lastIndexOf(QLatin1Char(' '));
    if (space >= 0)
        head = head.mid(space + 1); // drop the return type ("void ")
    const qsizetype scope = head.lastIndexOf(QLatin1String("::"));
    return scope >= 0 ? head.mid(scope + 2) : head;
}

namespace {

/// What of a launch's shape a file gives: the grid and block triples, only their totals (blocks
/// and threads per block), or nothing (then launches match by name alone, in order).
enum class Shape : quint8 { Dims, Totals, None };

struct Key
{
    QString name;
    Shape shape = Shape::None;
    quint64 grid[3] = { 0, 0, 0 }, block[3] = { 0, 0, 0 };
    friend bool operator==(const Key& a, const Key& b)
    {
        return a.name == b.name && a.shape == b.shape && std::equal(a.grid, a.grid + 3, b.grid)
            && std::equal(a.block, a.block + 3, b.block);
    }
};
size_t qHash(const Key& k, size_t seed = 0)
{
    return qHashMulti(
        seed, k.name, quint8(k.shape), k.grid[0], k.grid[1], k.grid[2], k.block[0], k.block[1], k.block[2]);
}

Shape shapeOf(const NcuLaunch& l)
{
    const bool dims = l.grid[0] > 0 && l.block[0] > 0;
    return dims ? Shape::Dims : l.gridTotal > 0 && l.blockTotal > 0 ? Shape::Totals : Shape::None;
}

Key keyOf(const QString& name, const NcuLaunch& l)
{
    Key k { name, shapeOf(l), {}, {} };
    if (k.shape == Shape::Dims) {
        std::copy(l.grid, l.grid + 3, k.grid);
        std::copy(l.block, l.block + 3, k.block);
    } else if (k.shape == Shape::Totals) {
        k.grid[0] = l.gridTotal;
        k.block[0] = l.blockTotal;
    }
    return k;
}

Key keyOf(const QString& name, const LaunchConfig& c, Shape shape)
{
    Key k { name, shape, {}, {} };
    if (shape == Shape::Dims) {
        k.grid[0] = c.gridX, k.grid[1] = c.gridY, k.grid[2] = c.gridZ;
        k.block[0] = c.blockX, k.block[1] = c.blockY, k.block[2] = c.blockZ;
    } else if (shape == Shape::Totals) {
        k.grid[0] = quint64(c.gridX) * c.gridY * c.gridZ;
        k.block[0] = quint64(c.blockX) * c.blockY * c.blockZ;
    }
    return k;
}

/// One pass of matching: each unmatched launch whose key (by `nameOfLaunch`) is in the trace
/// takes the next unused kernel of that key (kernels by `nameOfKernel`, in start order).
template <typename LaunchName, typename KernelName>
qint64 matchPass(const Trace& trace, const NcuReport& report, std::vector<qint32>& out, std::vector<quint8>& used,
    qint64* withoutDims, LaunchName nameOfLaunch, KernelName nameOfKernel)
{
    QHash<Key, std::vector<qint32>> wanted; // key → launch indices still unmatched, in ID order
    QSet<QString> names;
    bool shapes[3] = { false, false, false }; // which Shape kinds the launches use
    for (qsizetype i = 0; i < report.launches.size(); ++i) {
        if (out[size_t(i)] >= 0)
            continue;
        const NcuLaunch& l = report.launches[i];
        const Key k = keyOf(nameOfLaunch(l), l);
        names.insert(k.name);
        shapes[size_t(k.shape)] = true;
        wanted[k].push_back(qint32(i));
    }
    if (wanted.isEmpty())
        return 0;
    QHash<quint32, QString> nameCache; // StringTable index → key name, computed once per name
    QHash<Key, size_t> next; // key → how many of its launches are matched so far
    qint64 matched = 0;
    const auto& kt = trace.kernels;
    for (qsizetype k = 0; k < kt.size(); ++k) {
        if (used[size_t(k)])
            continue;
        const quint32 nameId = kt.name[size_t(k)];
        auto it = nameCache.constFind(nameId);
        if (it == nameCache.constEnd())
            it = nameCache.insert(nameId, nameOfKernel(k));
        if (!names.contains(it.value()))
            continue;
        const quint32 config = kt.config[size_t(k)];
        if (config >= quint32(trace.configs.size()))
            continue;
        // A kernel serves the first shape kind (most specific first) with a launch left for it.
        for (const Shape shape : { Shape::Dims, Shape::Totals, Shape::None }) {
            if (!shapes[size_t(shape)])
                continue;
            const Key key = keyOf(it.value(), trace.configs.at(config), shape);
            const auto w = wanted.constFind(key);
            if (w == wanted.constEnd())
                continue;
            size_t& n = next[key];
            if (n >= w.value().size())
                continue;
            out[size_t(w.value()[n++])] = qint32(k);
            used[size_t(k)] = 1;
            ++matched;
            if (shape != Shape::Dims)
                ++*withoutDims;
            break;
        }
    }
    return matched;
}

} // namespace

NcuMatcher::Result NcuMatcher::match(const Trace& trace, const NcuReport& report)
{
    Result r;
    r.kernelOfLaunch.assign(size_t(report.launches.size()), -1);
    std::vector<quint8> used(size_t(trace.kernels.size()), 0);
    const auto nameAt
        = [&](quint32 id) { return id < quint32(trace.strings.size()) ? trace.strings.at(id) : QString(); };
    r.byFullName = matchPass(
        trace, report, r.kernelOfLaunch, used, &r.withoutDims,
        [](const NcuLaunch& l) { return demangled(l.kernelName); },
        [&](qsizetype k) { return nameAt(trace.kernels.name[size_t(k)]); });
    r.byFunctionName = matchPass(
        trace, report, r.kernelOfLaunch, used, &r.withoutDims,
        [](const NcuLaunch& l) { return functionName(l.kernelName); },
        [&](qsizetype k) { return functionName(nameAt(trace.kernels.name[size_t(k)])); });
    r.matched = r.byFullName + r.byFunctionName;
    return r;
}

} // namespace sl
