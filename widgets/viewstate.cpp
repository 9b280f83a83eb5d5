// SPDX-License-Identifier: MIT
#include "widgets/viewstate.h"

#include "widgets/settings.h"

#include <QHeaderView>
#include <QMainWindow>

namespace sl {

namespace {
constexpr const char* kKeyProperty = "sightlineHeaderKey"; // dynamic property on a registered header
} // namespace

void ViewState::registerHeader(QHeaderView* header, const QString& key)
{
    if (header)
        header->setProperty(kKeyProperty, key);
}

QString ViewState::headerKey(const QHeaderView* header)
{
    return header ? header->property(kKeyProperty).toString() : QString();
}

void ViewState::save(const QMainWindow& window, int version)
{
    Settings* settings = Settings::instance();
    settings->setWindowGeometry(window.saveGeometry());
    settings->setWindowState(window.saveState(version), version);
    for (const QHeaderView* header : window.findChildren<QHeaderView*>())
        if (const QString key = headerKey(header); !key.isEmpty())
            settings->setHeaderState(key, header->saveState(), version);
}

bool ViewState::restore(QMainWindow& window, int version)
{
    const Settings* settings = Settings::instance();
    if (const QByteArray geometry = settings->windowGeometry(); !geometry.isEmpty())
        window.restoreGeometry(geometry);
    for (QHeaderView* header : window.findChildren<QHeaderView*>())
        if (const QString key = headerKey(header); !key.isEmpty())
            if (const QByteArray state = settings->headerState(key, version); !state.isEmpty())
                header->restoreState(state);
    const QByteArray state = settings->windowState(version);
    return !state.isEmpty() && window.restoreState(state, version);
}

} // namespace sl
