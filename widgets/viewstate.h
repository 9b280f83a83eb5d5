// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

class QHeaderView;
class QMainWindow;

namespace sl {

/// Persists the window's view state through Settings: geometry, dock layout, and the column
/// widths/order/sort of every table header a dock registered. Docks register their own headers
/// (registerHeader in their constructor), so the window needs no knowledge of a dock's views and a
/// new dock's tables are saved by registering them. Blobs carry the layout version (Settings).
class ViewState
{
public:
    /// Marks `header` to be saved and restored under `key` (e.g. "kernels.summary"); unique per window.
    static void registerHeader(QHeaderView* header, const QString& key);
    /// The key `header` was registered under, or empty.
    static QString headerKey(const QHeaderView* header);

    /// Saves the geometry, the dock state and every registered header below `window`.
    static void save(const QMainWindow& window, int version);
    /// Restores what save() stored under the same version; false when no dock state was restored.
    static bool restore(QMainWindow& window, int version);
};

} // namespace sl
