import Foundation

/// A value behind a lock, for state that many threads share.
///
/// This plays the part of `Synchronization.Mutex`, with a `pthread` mutex underneath
/// (through `NSLock`): ThreadSanitizer understands `pthread` locking, while the
/// prebuilt Synchronization library's atomics are invisible to it, which made every
/// correct use of `Mutex` a reported race under `swift test --sanitize thread`.
public final class _Locked<State>: @unchecked Sendable {
    // @unchecked: `state` is only touched with `lock` held.
    @usableFromInline let lock = NSLock()
    @usableFromInline var state: State

    public init(_ state: State) { self.state = state }

    /// Runs `body` with the state, the lock held.
    @inlinable
    public func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
