extension JSONValue: Hashable {
    /// Hashes the value consistently with `==`.
    ///
    /// Scalars hash by value. Containers hash their kind; arrays also their count and
    /// the scalars directly inside them, objects their members' keys and scalar values, so hashing costs no more than one level and
    /// cannot recurse, while distinct documents still spread well.
    public func hash(into hasher: inout Hasher) {
        hashShallow(into: &hasher)
        if let elements = array {
            for element in elements { element.hashShallow(into: &hasher) }
        } else if let members = object {
            // Order-independent, and only the last of repeated keys counts: as in `==`.
            var sum = 0
            for index in members.indices {
                let valueNode = document.subtreeEnd(index.key)
                let key = members.keyView(at: index)
                guard key.withUnsafeBytes({ member(named: $0)?.node == valueNode }) else { continue }
                var memberHasher = Hasher()
                memberHasher.combine(key)
                JSONValue(document: document, node: valueNode).hashShallow(into: &memberHasher)
                sum &+= memberHasher.finalize()
            }
            hasher.combine(sum)
        }
    }

    private func hashShallow(into hasher: inout Hasher) {
        let kind = kind
        hasher.combine(kind)
        switch kind {
        case .null: break
        case .bool: hasher.combine(bool)
        case .number: document.withNumberText(node) { JSONNumberText($0).hash(into: &hasher) }
        case .string: hasher.combine(stringView)
        case .array: hasher.combine(count)
        case .object: break  // its count includes repeated keys, which equality ignores
        }
    }
}
