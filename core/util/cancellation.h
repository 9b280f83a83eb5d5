// SPDX-License-Identifier: MIT
#pragma once

#include <QPromise>

#include <atomic>
#include <functional>

namespace sl {

/// A caller's request to stop, polled by long loops of the analyses and comparisons: an atomic
/// flag (the blocking APIs, tests), a future's QPromise::isCanceled (the asynchronous ones), or
/// nothing. Both checks are a relaxed load, but a loop still polls only every kPollInterval
/// items (poll()), as the loaders poll every 4 k rows: a cancel is seen within about a
/// millisecond of work at any trace size, and the per-item cost stays one mask and compare.
/// Cheap to copy; the flag or promise it reads must outlive it.
class Cancellation
{
public:
    /// Items between two checks in poll(): 16 k kernels take well under a millisecond in any
    /// analysis loop, so the cancel latency stays far below the 0.2 s target of the loaders.
    static constexpr qint64 kPollInterval = qint64(1) << 14;

    /// Never cancelled.
    Cancellation() = default;
    /// Cancelled once `*flag` is true; null means never (the old `const std::atomic<bool>*`
    /// parameters convert implicitly).
    Cancellation(const std::atomic<bool>* flag)
        : m_flag(flag)
    {
    }
    /// Cancelled once `requested()` returns true; it must be thread-safe (analyses poll from
    /// several threads at once).
    explicit Cancellation(std::function<bool()> requested)
        : m_requested(std::move(requested))
    {
    }
    /// Cancelled when the future of `promise` is cancelled.
    template <typename T> static Cancellation of(const QPromise<T>& promise)
    {
        return Cancellation([&promise] { return promise.isCanceled(); });
    }

    bool isCancelled() const
    {
        if (m_flag && m_flag->load(std::memory_order_relaxed))
            return true;
        return m_requested && m_requested();
    }
    /// isCancelled() every kPollInterval-th item `i` of a loop, false otherwise.
    bool poll(qint64 i) const { return (i & (kPollInterval - 1)) == 0 && isCancelled(); }

private:
    const std::atomic<bool>* m_flag = nullptr;
    std::function<bool()> m_requested;
};

} // namespace sl
