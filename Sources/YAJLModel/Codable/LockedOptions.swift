
/// The options of a coder, behind a lock, so that a ``YAJLDecoder`` or ``YAJLEncoder`` can be
/// shared between tasks and still be configured like `JSONDecoder`, one property at a time.
final class LockedOptions<Value: Sendable>: Sendable {
    private let mutex: _Locked<Value>

    init(_ value: Value) { mutex = _Locked(value) }

    /// All the options at once, for one decode or encode.
    var snapshot: Value { mutex.withLock { $0 } }

    subscript<T: Sendable>(_ keyPath: WritableKeyPath<Value, T> & Sendable) -> T {
        get { mutex.withLock { $0[keyPath: keyPath] } }
        set { mutex.withLock { $0[keyPath: keyPath] = newValue } }
    }
}
