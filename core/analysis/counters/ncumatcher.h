// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/ncureport.h"
#include "core/trace/trace.h"

#include <vector>

namespace sl {

/// Lines up Nsight Compute's profiled launches with the trace's kernels.
///
/// A launch matches a kernel with the same name **and** the same grid and block, in launch
/// order (when the file gives only the totals — blocks per grid, threads per block — those must
/// agree; when it gives neither, the name alone): the k-th profiled launch of a (name, grid, block) is the k-th kernel
/// of that key in the trace. Names are compared as written first (ncu prints demangled names by default), then by the
/// bare function name (`--print-kernel-base function`, or the trace's short name); a mangled ncu name (`_Z…`) is
/// demangled first. ncu usually profiles a separate run with
/// --launch-skip/--launch-count, so "k-th" is the best alignment the two files allow; the match
/// count says how well it went.
class NcuMatcher
{
public:
    struct Result
    {
        std::vector<qint32> kernelOfLaunch; ///< per NcuReport launch: KernelTable index, -1 when unmatched
        qint64 matched = 0, byFullName = 0, byFunctionName = 0;
        /// Matched although the file gave no grid and block triple: by their totals, or by name
        /// alone when it gave neither (each such launch is the k-th of its name).
        qint64 withoutDims = 0;
    };
    static Result match(const Trace& trace, const NcuReport& report);
    /// "void at::native::foo<float, 4>(int, float*)" → "foo"; "_ZN2at6native3fooEv" → "foo".
    static QString functionName(const QString& kernelName);
    /// A mangled name demangled (the C++ ABI's demangler); anything else unchanged.
    static QString demangled(const QString& name);
};

} // namespace sl
