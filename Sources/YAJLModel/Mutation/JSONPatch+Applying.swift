extension JSONEditable {
    /// Applies `patch` as RFC 6902 says, operation by operation. Not atomic by itself:
    /// when an operation fails, the ones before it have been applied.
    mutating func _apply(_ patch: JSONPatch) throws(JSONEditError) {
        for (index, operation) in patch.operations.enumerated() {
            do throws(JSONEditError) {
                try _apply(operation)
            } catch {
                throw error.inOperation(index, named: operation.name)
            }
        }
    }

    private mutating func _apply(_ operation: JSONPatch.Operation) throws(JSONEditError) {
        switch operation {
        case .add(let path, let value):
            try add(value, at: JSONPointer.tokens(path)[...], pointer: path)
        case .remove(let path):
            try remove(at: JSONPointer.tokens(path)[...], pointer: path)
        case .replace(let path, let value):
            try replace(with: value, at: JSONPointer.tokens(path)[...], pointer: path)
        case .move(let from, let path):
            let source = try JSONPointer.tokens(from)
            let target = try JSONPointer.tokens(path)
            // A value cannot become its own descendant (§4.4); moving onto itself is allowed.
            if source.count < target.count && target.starts(with: source) {
                throw JSONEditError(.moveIntoItself, pointer: path)
            }
            guard let value = value(at: source[...]) else { throw JSONEditError(.missingValue, pointer: from) }
            // Onto itself, remove-then-add would only move an object member to the end.
            if source == target { return }
            try remove(at: source[...], pointer: from)
            try add(value, at: target[...], pointer: path)
        case .copy(let from, let path):
            let source = try JSONPointer.tokens(from)
            guard let value = value(at: source[...]) else { throw JSONEditError(.missingValue, pointer: from) }
            try add(value, at: JSONPointer.tokens(path)[...], pointer: path)
        case .test(let path, let expected):
            let found = value(at: try JSONPointer.tokens(path)[...])
            guard let found, JSONPatchOperations.equal(found, expected) else {
                throw JSONEditError(.testFailed(expected: expected, found: found), pointer: path)
            }
        }
    }
}

/// Helpers of JSON Patch.
enum JSONPatchOperations {
    /// Whether two values are equal as RFC 6902 §4.6 defines it for `test`: numbers by
    /// value (`1`, `1.0` and `1e0` are equal), strings by code points, arrays in order,
    /// objects by their members whatever the order (with repeated keys, the last counts).
    ///
    /// `JSON`'s own `==` is structural instead: it compares number text, and members in order.
    /// This one uses a work list, so any depth is safe.
    static func equal(_ lhs: JSON, _ rhs: JSON) -> Bool {
        var pending = [(lhs, rhs)]
        while let (a, b) = pending.popLast() {
            switch (a, b) {
            case (.null, .null):
                continue
            case (.bool(let x), .bool(let y)):
                guard x == y else { return false }
            case (.number(let x), .number(let y)):
                guard sameValue(x, y) else { return false }
            case (.string(let x), .string(let y)):
                guard JSONPointer.sameKey(x, y) else { return false }
            case (.array(let x), .array(let y)):
                guard x.count == y.count else { return false }
                pending.append(contentsOf: zip(x, y))
            case (.object(let x), .object(let y)):
                let xMembers = lastByKey(x)
                let yMembers = lastByKey(y)
                guard xMembers.count == yMembers.count else { return false }
                for (key, value) in xMembers {
                    guard let other = yMembers[key] else { return false }
                    pending.append((value, other))
                }
            default:
                return false
            }
        }
        return true
    }

    /// The members by key, the last of repeated keys winning. Keys are their UTF-8
    /// bytes, because `String`'s hashing treats canonically equivalent spellings as one.
    private static func lastByKey(_ members: [JSONMember]) -> [[UInt8]: JSON] {
        var byKey: [[UInt8]: JSON] = [:]
        byKey.reserveCapacity(members.count)
        for member in members { byKey[Array(member.key.utf8)] = member.value }
        return byKey
    }

    private static func sameValue(_ x: JSONNumber, _ y: JSONNumber) -> Bool {
        if x.text == y.text { return true }
        var a = x.text
        var b = y.text
        return a.withUTF8 { a in
            b.withUTF8 { b in
                JSONNumberText(UnsafeRawBufferPointer(a)).hasSameValue(as: JSONNumberText(UnsafeRawBufferPointer(b)))
            }
        }
    }
}

extension JSON {
    /// A copy with `patch` applied; see ``apply(_:)``.
    ///
    /// - Throws: ``JSONEditError`` for the first operation that fails, with its
    ///   ``JSONEditError/operationIndex``.
    public func applying(_ patch: JSONPatch) throws(JSONEditError) -> JSON {
        var copy = self
        try copy._apply(patch)
        return copy
    }

    /// Applies an RFC 6902 JSON Patch, all or nothing: when an operation fails, the
    /// value is left as it was.
    ///
    /// `test` compares by JSON value: numbers by value (`1` equals `1.0`), objects
    /// whatever their member order.
    ///
    /// ```swift
    /// var doc: JSON = ["foo": "bar"]
    /// try doc.apply(JSONPatch([.add(path: "/baz", value: "qux")]))  // {"foo": "bar", "baz": "qux"}
    /// ```
    ///
    /// - Throws: ``JSONEditError`` for the first operation that fails, with its
    ///   ``JSONEditError/operationIndex``.
    public mutating func apply(_ patch: JSONPatch) throws(JSONEditError) {
        self = try applying(patch)
    }
}
