// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace sl {

/// Replaces absolute file-system paths inside free text (NVTX range names often carry Python
/// stack frames such as "/home/alice/.local/lib/.../conv.py:435") by "…/" and their last
/// component, so a report never carries a home folder, a user, server or share name. Whatever
/// the root: any POSIX absolute path of two or more components, "~/…" and "~user/…", UNC
/// "\\server\share\…" and drive letters ("C:\…", "C:/…"). A path's extent ends at white space,
/// a quote, ',', ':', ';', ')' or ']' (so "file.py:12" keeps its line number).
///
/// ONNX and TensorRT node names ("/conv1/Conv", "/model/layers.0/attn/MatMul_output_0") look
/// like POSIX paths; they stay readable when their last component is an ONNX operator type
/// (optionally with "_N" and "_output_N" suffixes) and their first component is not a usual
/// file-system root (home, Users, srv, mnt, tmp, …). A path directly under a home root
/// ("/home/alice") loses its last component too, since that is the user name. The rule is
/// documented in docs/analysis.md ("Privacy: paths inside names").
QString scrubPaths(const QString& text);

} // namespace sl
