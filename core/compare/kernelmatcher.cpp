// SPDX-License-Identifier: MIT
#include "core/compare/kernelmatcher.h"

#include "core/compare/kernelnamenormalizer.h"

#include <QHash>

#include <bit>

namespace sl {

namespace {
struct Candidate
{
    int trace;
    const KernelSummary* kernel;
    QString key; ///< category + normalised name
};

void add(KernelMatch& m, int trace, const KernelSummary& k)
{
    auto& side = m.sides[trace];
    side.names.append(k.name);
    side.count += k.count;
    side.totalNs += k.totalNs;
}
} // namespace

QVector<KernelMatch> KernelMatcher::match(const QVector<AnalysisPtr>& analyses, const Cancellation& cancel)
{
    // Names are few next to kernels but each costs a hash lookup and a normalisation: poll
    // every 1 k names (a few ms at most).
    constexpr qint64 kNamesPerPoll = 1024;
    qint64 names = 0;
    auto cancelled = [&] { return ++names % kNamesPerPoll == 0 && cancel.isCancelled(); };
    const int n = int(analyses.size());
    // Trace bitmask per name (at most 8 traces, so a byte would do; 32 bits leave room).
    QHash<QString, quint32> tracesOfName;
    for (int i = 0; i < n; ++i)
        for (const auto& k : analyses[i]->kernels) {
            if (cancelled())
                return {};
            tracesOfName[analyses[i]->trace->strings.at(k.name)] |= 1u << i;
        }

    QVector<KernelMatch> groups;
    QHash<QString, int> groupOfName;
    QVector<Candidate> rest;
    QHash<QString, quint32> tracesOfKey;
    // r.kernels is sorted by total time, so names are appended to a side largest first.
    for (int i = 0; i < n; ++i) {
        const Trace& t = *analyses[i]->trace;
        for (const auto& k : analyses[i]->kernels) {
            if (cancelled())
                return {};
            const QString& name = t.strings.at(k.name);
            if (std::popcount(tracesOfName.value(name)) >= 2) {
                auto it = groupOfName.find(name);
                if (it == groupOfName.end()) {
                    KernelMatch m;
                    m.method = KernelMatch::Method::Name;
                    m.key = name;
                    m.category = k.category;
                    m.sides.resize(n);
                    groups.append(m);
                    it = groupOfName.insert(name, int(groups.size()) - 1);
                }
                add(groups[it.value()], i, k);
                continue;
            }
            // The unit separator cannot occur in a category name: the key is unambiguous.
            const QString key = k.category + QChar(0x1f) + KernelNameNormalizer::normalize(name);
            tracesOfKey[key] |= 1u << i;
            rest.append({ i, &k, key });
        }
    }

    QHash<QString, int> groupOfKey;
    for (const auto& c : rest) {
        auto it = groupOfKey.find(c.key);
        if (it == groupOfKey.end()) {
            KernelMatch m;
            m.method = std::popcount(tracesOfKey.value(c.key)) >= 2 ? KernelMatch::Method::Normalised
                                                                    : KernelMatch::Method::Unmatched;
            m.key = c.key.mid(c.key.indexOf(QChar(0x1f)) + 1);
            m.category = c.kernel->category;
            m.sides.resize(n);
            groups.append(m);
            it = groupOfKey.insert(c.key, int(groups.size()) - 1);
        }
        add(groups[it.value()], c.trace, *c.kernel);
    }
    if (cancel.isCancelled())
        return {};
    return groups;
}

} // namespace sl
