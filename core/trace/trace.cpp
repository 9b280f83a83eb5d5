// SPDX-License-Identifier: MIT
#include "core/trace/trace.h"

#include "core/trace/tablenames.h"
#include "core/util/filehash.h"
#include "core/util/logging.h"

namespace sl {

QString Trace::memcpyKindLabel(int kind)
{
    // ENUM_CUDA_MEMCPY_OPER is exported only from 2022.4 on; its values never changed since.
    static const char* const builtIn[] = { "Unknown", "HtoD", "DtoH", "HtoA", "AtoH", "AtoA", "AtoD", "DtoA", "DtoD",
        "HtoH", "PtoP", "UVM HtoD", "UVM DtoH", "UVM DtoD" };
    if (kind >= 0 && kind < int(std::size(builtIn)))
        return QString::fromLatin1(builtIn[kind]);
    return QStringLiteral("kind %1").arg(kind);
}

void Trace::adoptHash(std::shared_ptr<FileHash> running)
{
    const std::lock_guard<std::mutex> lock(m_hash.mutex);
    m_hash.running = std::move(running);
}

QString Trace::knownSha256() const
{
    if (!info.sha256.isEmpty())
        return info.sha256;
    const std::lock_guard<std::mutex> lock(m_hash.mutex);
    if (m_hash.running) {
        const FileHash::Result& r = m_hash.running->result();
        m_hash.value = r.sha256;
        if (!r.ok()) // the report goes on without it
            qCWarning(lcIo).noquote() << r.error;
        m_hash.running.reset(); // joined; sha256() reads the file again after a failure
    }
    return m_hash.value;
}

QString Trace::sha256() const
{
    if (QString known = knownSha256(); !known.isEmpty())
        return known;
    const std::lock_guard<std::mutex> lock(m_hash.mutex);
    QString error;
    if (m_hash.value.isEmpty())
        m_hash.value = FileHash::sha256(info.filePath, {}, &error);
    if (m_hash.value.isEmpty()) // the report goes on without it
        qCWarning(lcIo).noquote() << error;
    return m_hash.value;
}

const RowidColumn* Trace::rowidsOf(const QString& exportTable) const
{
    if (exportTable == tables::kKernel)
        return &kernels.rowid;
    if (exportTable == tables::kRuntime)
        return &api.rowid;
    if (exportTable == tables::kNvtxEvents)
        return &nvtx.rowid;
    if (exportTable == tables::kMemcpy)
        return &memcpy.rowid;
    if (exportTable == tables::kMemset)
        return &memset.rowid;
    if (exportTable == tables::kGraphTrace)
        return &graphs.rowid;
    return nullptr;
}

qint64 Trace::memoryBytes() const
{
    qint64 b = strings.memoryBytes() + kernels.memoryBytes() + api.memoryBytes() + nvtx.memoryBytes();
    b += memcpy.opBytes() + qint64(memcpy.size()) * 11 + memset.opBytes() + qint64(memset.size()) * 8;
    b += graphs.opBytes() + qint64(graphs.size()) * 4;
    for (const auto& [dev, idx] : kernelsByDevice)
        b += qint64(idx.capacity()) * 4;
    for (const auto& [lane, idx] : kernelsByStream)
        b += qint64(idx.capacity()) * 4;
    b += configs.size() * qint64(sizeof(LaunchConfig) + 48);
    b += counters.memoryBytes() + profilerOverhead.memoryBytes();
    return b;
}

} // namespace sl
