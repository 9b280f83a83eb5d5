// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QtGlobal>

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
        const auto it = m_index.constFind(c);
        if (it != m_index.constEnd())
            return it.value();
        const auto i = quint32(m_configs.size());
        m_configs.push_back(c);
        m_index.insert(c, i);
        return i;
    }
    const LaunchConfig& at(quint32 i) const { return m_configs[i]; }
    qsizetype size() const { return qsizetype(m_configs.size()); }
    /// Every distinct configuration in index order (the trace cache stores them as one column).
    const std::vector<LaunchConfig>& all() const { return m_configs; }
    /// The inverse of all(): the same indices, the lookup index rebuilt.
    void restore(std::vector<LaunchConfig> configs)
    {
        m_configs = std::move(configs);
        m_index.clear();
        for (quint32 i = 0; i < quint32(m_configs.size()); ++i)
            m_index.insert(m_configs[i], i);
    }

private:
    std::vector<LaunchConfig> m_configs;
    QHash<LaunchConfig, quint32> m_index;
};

} // namespace sl
