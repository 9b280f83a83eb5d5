// SPDX-License-Identifier: MIT
#pragma once

#include <QFuture>
#include <QFutureWatcher>
#include <QObject>

#include <utility>

namespace sl {

/// Hands a worker's result to an object on its thread, safely when the object goes first.
///
/// QFuture::then(context, …) asserts (Debug) when the context is destroyed before the worker
/// finishes, and nothing waits for these workers. Here a QFutureWatcher child of `owner` carries
/// the result instead: destroying the owner destroys the watcher, which detaches from the future,
/// and the worker's late result is dropped. The callback runs from the owner's event loop (also
/// when the future had already finished), never inside onResult's caller, and only with a result
/// (not after a cancel). The worker must not capture the owner.
class FutureWatch
{
public:
    template <typename T, typename F> static void onResult(QObject* owner, const QFuture<T>& future, F&& callback)
    {
        auto* watcher = new QFutureWatcher<T>(owner);
        QObject::connect(
            watcher, &QFutureWatcherBase::finished, owner, [watcher, callback = std::forward<F>(callback)]() mutable {
                const QFuture<T> f = watcher->future();
                watcher->deleteLater();
                if (!f.isCanceled() && f.resultCount() > 0)
                    callback(f.result());
            });
        watcher->setFuture(future);
    }
};

} // namespace sl
