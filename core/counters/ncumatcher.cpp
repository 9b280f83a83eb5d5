// SPDX-License-Identifier: MIT
#include "core/counters/ncumatcher.h"

#include <QHash>
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
    const QString name = demangled(kernelName.trimmed());
    // The identifier that ends where the first '<' or '(' opens at depth 0, after its last "::".
    int depth = 0;
    qsizetype end = name.size();
    for (qsizetype i = 0; i < name.size(); ++i) {
        const QChar c = name.at(i);
        if ((c == QLatin1Char('<') || c == QLatin1Char('(')) && depth == 0) {
            // "operator<" and friends are not kernels; a template or parameter list starts here.
            end = i;
            break;
        }
        if (c == QLatin1Char('<') || c == QLatin1Char('('))
            ++depth;
        else if (c == QLatin1Char('>') || c == QLatin1Char(')'))
            --depth;
    }
    QString head = name.left(end).trimmed();
    const qsizetype space = head.lastIndexOf(QLatin1Char(' '));
    if (space >= 0)
        head = head.mid(space + 1); // drop the return type ("void ")
    const qsizetype scope = head.lastIndexOf(QLatin1String("::"));
    return scope >= 0 ? head.mid(scope + 2) : head;
}

namespace {

struct Key
{
    QString name;
    quint32 grid[3], block[3];
    friend bool operator==(const Key& a, const Key& b)
    {
        return a.name == b.name && std::equal(a.grid, a.grid + 3, b.grid) && std::equal(a.block, a.block + 3, b.block);
    }
};
size_t qHash(const Key& k, size_t seed = 0)
{
    return qHashMulti(seed, k.name, k.grid[0], k.grid[1], k.grid[2], k.block[0], k.block[1], k.block[2]);
}

Key keyOf(const QString& name, const LaunchConfig& c)
{
    return Key { name, { c.gridX, c.gridY, c.gridZ }, { c.blockX, c.blockY, c.blockZ } };
}

/// One pass of matching: each unmatched launch whose key (by `nameOfLaunch`) is in the trace
/// takes the next unused kernel of that key (kernels by `nameOfKernel`, in start order).
template <typename LaunchName, typename KernelName>
qint64 matchPass(const Trace& trace, const NcuReport& report, std::vector<qint32>& out, std::vector<quint8>& used,
    LaunchName nameOfLaunch, KernelName nameOfKernel)
{
    QHash<Key, std::vector<qint32>> wanted; // key → launch indices still unmatched, in ID order
    QSet<QString> names;
    for (qsizetype i = 0; i < report.launches.size(); ++i) {
        if (out[size_t(i)] >= 0)
            continue;
        const NcuLaunch& l = report.launches[i];
        Key k { nameOfLaunch(l), {}, {} };
        std::copy(l.grid, l.grid + 3, k.grid);
        std::copy(l.block, l.block + 3, k.block);
        names.insert(k.name);
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
        const Key key = keyOf(it.value(), trace.configs.at(config));
        const auto w = wanted.constFind(key);
        if (w == wanted.constEnd())
            continue;
        size_t& n = next[key];
        if (n >= w.value().size())
            continue;
        out[size_t(w.value()[n++])] = qint32(k);
        used[size_t(k)] = 1;
        ++matched;
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
        trace, report, r.kernelOfLaunch, used, [](const NcuLaunch& l) { return demangled(l.kernelName); },
        [&](qsizetype k) { return nameAt(trace.kernels.name[size_t(k)]); });
    r.byFunctionName = matchPass(
        trace, report, r.kernelOfLaunch, used, [](const NcuLaunch& l) { return functionName(l.kernelName); },
        [&](qsizetype k) { return functionName(nameAt(trace.kernels.name[size_t(k)])); });
    r.matched = r.byFullName + r.byFunctionName;
    return r;
}

} // namespace sl
