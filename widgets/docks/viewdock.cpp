// SPDX-License-Identifier: MIT
#include "widgets/docks/viewdock.h"

#include "widgets/viewcontext.h"

namespace sl {

void ViewDock::attach(ViewContext* context)
{
    attached(context);
    connect(context, &ViewContext::analysisChanged, this, &ViewDock::setAnalysis);
    connect(context, &ViewContext::scopeChanged, this, &ViewDock::setScope);
    connect(this, &ViewDock::evidenceRequested, context, &ViewContext::evidenceRequested);
    setAnalysis(context->analysis());
    setScope(context->scope());
}

} // namespace sl
