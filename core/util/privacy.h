// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace sl {

/// Replaces absolute file-system paths inside free text (NVTX range names often carry Python
/// stack frames such as "/home/alice/.local/lib/.../conv.py:435") by "…/" and their last
/// component, so a report never carries a home folder or user name. ONNX-style names such as
/// "/conv1/Conv" are left alone: only paths under well-known roots are rewritten.
QString scrubPaths(const QString& text);

} // namespace sl
