// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QtGlobal>

#include <array>
#include <vector>

namespace sl {

/// One distinct kernel launch configuration.
struct LaunchConfig
{
    quint32 gridX = 0, gridY = 0, gridZ = 0;
    quint32 blockX = 0, blockY = 0, blockZ = 0;
    quint32 registersPerThread = 0;
    quint32 staticSharedMemory = 0; ///< bytes
    quint32 dynamicSharedMemory = 0; ///< bytes

    quint64 threadsPerBlock() const { return quint64(blockX) * blockY * blockZ; }
    friend bool operator==(const LaunchConfig&, const LaunchConfig&) = default;
};

inline size_t qHash(const LaunchConfig& c, size_t seed = 0)
{
    return qHashMulti(seed, c.gridX, c.gridY, c.gridZ, c.blockX, c.blockY, c.blockZ, c.registersPerThread,
        c.staticSharedMemory, c.dynamicSharedMemory);
}

/// Interned launch configurations; kernels store an index into it.
class LaunchConfigTable
{
public:
    quint32 intern(const LaunchConfig& c)
    {
        // Kernels cycle through a few configurations (a layer's GEMMs, norms and attention,
        // again and again): a slot per cheap hash finds most of them without the QHash, whose
        // nine-field hash and lookup were 2 % of a 101 k-kernel analyze.
        quint32& recent = m_recent[recentSlot(c)];
        if (recent < m_configs.size() && m_configs[recent] == c)
            return recent;
        const auto it = m_index.constFind(c);
        if (it != m_index.constEnd())
            return recent = it.value();
        const auto i = quint32(m_configs.size());
        m_configs.push_back(c);
        m_index.insert(c, i);
        return recent = i;
    }
    const LaunchConfig& at(quint32 i) const { return m_configs[i]; }
    qsizetype size() const { return qsizetype(m_configs.size()); }
    /// Every distinct configuration in index order (the trace cache stores them as one column).
    const std::vector<LaunchConfig>& all() const { return m_configs; }
    /// The inverse of all(): the same indices, the lookup index rebuilt.
    void restore(std::vector<LaunchConfig> configs)
    {
        m_configs = std::move(configs);
        m_recent.fill(kNone);
        m_index.clear();
        for (quint32 i = 0; i < quint32(m_configs.size()); ++i)
            m_index.insert(m_configs[i], i);
    }

private:
    static constexpr quint32 kNone = ~quint32(0);
    static constexpr int kRecentBits = 6;
    /// The slot of m_recent for `c`: a multiplicative hash of the fields that set kernels apart.
    static size_t recentSlot(const LaunchConfig& c)
    {
        const quint32 mix = (c.gridX * 0x9E3779B1u) ^ (c.gridY * 0x85EBCA77u) ^ (c.blockX * 0xC2B2AE3Du)
            ^ (c.registersPerThread * 0x27D4EB2Fu) ^ (c.dynamicSharedMemory * 0x165667B1u) ^ c.gridZ;
        return size_t((mix * 0x9E3779B1u) >> (32 - kRecentBits));
    }
    static std::array<quint32, size_t(1) << kRecentBits> noneRecent()
    {
        std::array<quint32, size_t(1) << kRecentBits> a;
        a.fill(kNone);
        return a;
    }

    std::vector<LaunchConfig> m_configs;
    QHash<LaunchConfig, quint32> m_index;
    /// The index last interned in each slot (kNone: none); a hint, checked against m_configs.
    std::array<quint32, size_t(1) << kRecentBits> m_recent = noneRecent();
};

} // namespace sl
