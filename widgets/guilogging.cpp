// SPDX-License-Identifier: MIT
#include "widgets/guilogging.h"

namespace sl {

Q_LOGGING_CATEGORY(lcGui, "sightline.gui", QtWarningMsg)

} // namespace sl
