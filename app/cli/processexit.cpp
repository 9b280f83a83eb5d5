// SPDX-License-Identifier: MIT
#include "app/cli/processexit.h"

#include "app/cli/clicommands.h"
#include "core/io/tracecache.h"

#include <QTextStream>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace sl::cli {

namespace {

// GCC defines __SANITIZE_ADDRESS__, clang only __has_feature(address_sanitizer);
// SIGHTLINE_SANITIZED comes from the build (SIGHTLINE_SANITIZE).
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(leak_sanitizer)
#define SIGHTLINE_ASAN_FEATURE 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(SIGHTLINE_ASAN_FEATURE) || defined(SIGHTLINE_SANITIZED)
constexpr bool kEndAtOnce = false;
#else
constexpr bool kEndAtOnce = true;
#endif

/// Never destroyed: what it holds is freed by the process's end.
std::vector<std::shared_ptr<const void>>& kept()
{
    static auto* objects = new std::vector<std::shared_ptr<const void>>;
    return *objects;
}

} // namespace

void ProcessExit::keep(std::shared_ptr<const void> object)
{
    if (kEndAtOnce)
        kept().push_back(std::move(object));
}

int ProcessExit::finish(int code)
{
    TraceCache::waitForWrites();
    out().flush();
    err().flush();
    std::fflush(nullptr);
    if (kEndAtOnce)
        std::_Exit(code);
    return code;
}

} // namespace sl::cli
