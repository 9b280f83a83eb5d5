// SPDX-License-Identifier: MIT
#include "core/analysis/rules/gpupeaks.h"

#include "core/util/logging.h"
#include "core/util/resources.h"

#include <QDataStream>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sl {

GpuPeaks GpuPeaks::defaultTable()
{
    // Parsed once per process: AnalysisOptions{} takes a copy for every analysis (the GUI one
    // per window change), which shares the parsed rules and their compiled patterns.
    static const GpuPeaks parsed = [] {
        GpuPeaks t;
        QString error;
        const bool ok = t.parse(readCoreResource(QStringLiteral(":/sightline/gpu-peaks.json")), &t.m_entries, &error);
        Q_ASSERT_X(ok, "GpuPeaks::defaultTable", qPrintable(error));
        if (!ok) // a release build goes on without peaks (no MFU): say why
            qCCritical(lcAnalysis) << "the built-in GPU peak table is invalid:" << error;
        return t;
    }();
    return parsed;
}

bool GpuPeaks::parse(const QByteArray& json, QVector<Entry>* entries, QString* error) const
{
    QJsonParseError pe;
    const auto doc = QJsonDocument::fromJson(json, &pe);
    if (!doc.isObject()) {
        *error = doc.isNull() ? tr("Invalid GPU peak table: %1 at offset %2").arg(pe.errorString()).arg(pe.offset)
                              : tr("Invalid GPU peak table: expected an object with a \"gpus\" array.");
        return false;
    }
    for (const auto& v : doc.object().value(QLatin1String("gpus")).toArray()) {
        const auto o = v.toObject();
        Entry e;
        e.model = o.value(QLatin1String("model")).toString();
        e.source = o.value(QLatin1String("source")).toString();
        if (e.model.isEmpty() || e.source.isEmpty()) {
            *error = tr("Invalid GPU peak table: every entry needs a \"model\" and a \"source\".");
            return false;
        }
        for (const auto& p : o.value(QLatin1String("match")).toArray())
            if (!e.match.add(p.toString(), error))
                return false;
        const auto flops = o.value(QLatin1String("tflops")).toObject();
        for (auto it = flops.begin(); it != flops.end(); ++it) {
            const double value = it.value().toDouble(-1);
            if (!(value > 0)) {
                *error = tr("Invalid GPU peak table: %1 %2 needs a positive number.").arg(e.model, it.key());
                return false;
            }
            e.tflops.insert(it.key(), value);
        }
        entries->append(e);
    }
    return true;
}

bool GpuPeaks::extendFromJson(const QByteArray& json, QString* error)
{
    QVector<Entry> user;
    if (!parse(json, &user, error))
        return false;
    m_entries = user + m_entries;
    return true;
}

bool GpuPeaks::extendFromFile(const QString& path, QString* error)
{
    return extendFromUserFile(
        path, tr("Cannot read the GPU peak table %1: %2"),
        [this](const QByteArray& json, QString* e) { return extendFromJson(json, e); }, error);
}

const GpuPeaks::Entry* GpuPeaks::find(const QString& gpuName) const
{
    if (gpuName.isEmpty())
        return nullptr;
    for (const auto& e : m_entries)
        if (e.match.matches(gpuName))
            return &e;
    return nullptr;
}

void GpuPeaks::fingerprint(QDataStream& s) const
{
    s << qint64(m_entries.size());
    for (const Entry& e : m_entries) {
        QStringList keys = e.tflops.keys();
        keys.sort(); // a hash's order is not its content
        s << e.model << e.source << keys;
        for (const QString& k : keys)
            s << e.tflops.value(k);
        e.match.fingerprint(s);
    }
}

} // namespace sl
