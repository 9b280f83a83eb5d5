// SPDX-License-Identifier: MIT
#pragma once

#include <QLoggingCategory>

namespace sl {

/// The desktop explorer's category (`sightline.gui`): state that could not be restored or
/// applied and is silently replaced by a default. See core/util/logging.h for the others.
Q_DECLARE_LOGGING_CATEGORY(lcGui)

} // namespace sl
