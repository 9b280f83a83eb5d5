// SPDX-License-Identifier: MIT
#include "app/cli/processexit.h"

#include "app/cli/clicommands.h"
#include "app/common/sanitizers.h"
#include "core/io/tracecache.h"

#include <QTextStream>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace sl::cli {

namespace {

/// Not under LeakSanitizer, which checks at the ordinary exit.
constexpr bool kEndAtOnce = !SIGHTLINE_ASAN;

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
