import CYAJLTree

extension JSONValue: Equatable {
    /// Whether two values are the same JSON, semantically: numbers compare by value
    /// (`1`, `1.0` and `1e0` are equal), strings by their decoded text, arrays in order,
    /// and objects as sets of members whatever their key order (with repeated keys, the
    /// last one counts, as in lookup). Values from different documents compare too.
    ///
    /// The comparison uses an explicit work list, so any depth is safe.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        var pending = [(lhs, rhs)]
        while let (a, b) = pending.popLast() {
            if a.document === b.document && a.node == b.node { continue }
            let kind = a.kind
            guard kind == b.kind else { return false }
            switch kind {
            case .null:
                continue
            case .bool:
                guard a.bool == b.bool else { return false }
            case .number:
                let same = a.document.withNumberText(a.node) { x in
                    b.document.withNumberText(b.node) { y in JSONNumberText(x).hasSameValue(as: JSONNumberText(y)) }
                }
                guard same else { return false }
            case .string:
                guard a.stringView == b.stringView else { return false }
            case .array:
                guard a.count == b.count, let x = a.array, let y = b.array else { return false }
                pending.append(contentsOf: zip(x, y))
            case .object:
                guard let pairs = matchingMembers(a, b) else { return false }
                pending.append(contentsOf: pairs)
            }
        }
        return true
    }

    /// Pairs each member of `a` with the member of `b` under the same key, or nil
    /// when the two have different keys. Only the last of repeated keys counts.
    private static func matchingMembers(_ a: JSONValue, _ b: JSONValue) -> [(JSONValue, JSONValue)]? {
        guard let members = a.object else { return nil }
        var pairs: [(JSONValue, JSONValue)] = []
        pairs.reserveCapacity(members.count)
        for index in members.indices {
            let value = JSONValue(document: a.document, node: a.document.subtreeEnd(index.key))
            let key = members.keyView(at: index)
            guard key.withUnsafeBytes({ a.member(named: $0)?.node == value.node }) else { continue }  // shadowed
            guard let other = key.withUnsafeBytes({ b.member(named: $0) }) else { return nil }
            pairs.append((value, other))
        }
        // Every key of `a` is in `b`; the two match if `b` has no other distinct keys.
        return distinctKeyCount(b) == pairs.count ? pairs : nil
    }

    private static func distinctKeyCount(_ object: JSONValue) -> Int {
        guard let members = object.object else { return 0 }
        var count = 0
        for index in members.indices {
            let valueNode = object.document.subtreeEnd(index.key)
            if members.keyView(at: index).withUnsafeBytes({ object.member(named: $0)?.node == valueNode }) { count += 1 }
        }
        return count
    }
}
