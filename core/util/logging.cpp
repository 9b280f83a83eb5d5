// SPDX-License-Identifier: MIT
#include "core/util/logging.h"

namespace sl {

// Warnings and above are on by default (Qt's default for a category): a swallowed error shows
// on stderr; debug lines only when asked for.
Q_LOGGING_CATEGORY(lcIo, "sightline.io", QtWarningMsg)
Q_LOGGING_CATEGORY(lcAnalysis, "sightline.analysis", QtWarningMsg)

} // namespace sl
