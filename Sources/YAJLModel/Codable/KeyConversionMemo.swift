/// The keys a coder has converted by its key strategy (`.convertFromSnakeCase`, `.custom`,
/// `.convertToSnakeCase`), kept for as long as the coder and its strategy: each distinct key
/// is converted once, not once per object or per call. Coders used from several tasks share
/// it behind a lock; a decode or encode reads it once at its start (``KeyConversions``).
///
/// - Maps: a key, as a `String`, to the key converted (a `Dictionary`, with its seeded hash).
/// - Bounded: 4,096 keys; later ones are converted but not remembered.
/// - Invalidated: a new strategy gives the coder a new memo.
/// - Hostile keys: the dictionary's hash is seeded per process, so input cannot make keys
///   collide; input with ever new keys fills it up to its bound, then pays a conversion per key.
final class KeyConversionMemo: Sendable {
    private let conversions = _Locked<[String: String]>([:])

    /// Keys beyond this many are converted but not remembered, so that input with ever new
    /// keys cannot grow a long-lived coder without bound.
    static let capacity = 4096

    var snapshot: [String: String] { conversions.withLock { $0 } }

    func remember(_ new: [String: String]) {
        conversions.withLock { known in
            for (key, converted) in new where known.count < Self.capacity { known[key] = converted }
        }
    }
}

/// The key conversions of one decode or encode: the memo's, read once at the start, and the
/// ones made meanwhile, which ``save()`` hands to the memo at the end.
struct KeyConversions {
    private let memo: KeyConversionMemo?
    private var known: [String: String]
    private var added: [String: String] = [:]

    init(memo: KeyConversionMemo?) {
        self.memo = memo
        known = memo?.snapshot ?? [:]
    }

    /// `key` converted, by `convert` if this coder has not converted it before.
    mutating func converted(_ key: String, by convert: (String) -> String) -> String {
        if let converted = known[key] { return converted }
        let converted = convert(key)
        if known.count < KeyConversionMemo.capacity {
            known[key] = converted
            added[key] = converted
        }
        return converted
    }

    func save() {
        if !added.isEmpty { memo?.remember(added) }
    }
}
