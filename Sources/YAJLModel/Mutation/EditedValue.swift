/// A JSON value made by editing a parsed one: the edits, kept apart from the
/// original document, which stays as it was.
///
/// Untouched parts stay `JSONValue`s of the original document (written back as
/// their original bytes); only the containers on the way to an edit are recorded,
/// each as its original plus what changed. An edit therefore costs what its path
/// costs (the depth, plus a walk along an array that had elements inserted or
/// removed), never a copy of the document, and copying an edited value copies only
/// the edits.
indirect enum EditedValue: Sendable {
    /// An original value, unchanged.
    case original(JSONValue)
    /// A value given by the program.
    case new(JSON)
    /// An original array or object with some children changed, added or removed.
    case patched(PatchedContainer)
    /// A new array whose elements may be original or edited values.
    case array([EditedValue])
    /// A new object whose member values may be original or edited values.
    case object([EditedMember])
}

/// A member of an edited object.
struct EditedMember: Sendable {
    var key: String
    var value: EditedValue
}

/// An original container and its changes, keyed by the node of each original child
/// value, so that unchanged children are not listed at all.
struct PatchedContainer: Sendable {
    let original: JSONValue
    /// Original children whose values were replaced (or edited inside).
    var replaced: [UInt32: EditedValue] = [:]
    /// Original children left out.
    var removed: Set<UInt32> = []
    /// New elements inserted before an original element (arrays only).
    var inserted: [UInt32: [EditedValue]] = [:]
    /// New members or elements after the original ones.
    var appended: [EditedMember] = []

    var isObject: Bool { original.kind == .object }
}

// MARK: - Reading

extension EditedValue {
    var kind: JSONKind {
        switch self {
        case .original(let value): value.kind
        case .new(let json): json.kind
        case .patched(let container): container.original.kind
        case .array: .array
        case .object: .object
        }
    }

    /// The child named by a pointer token, or nil when there is none.
    func child(_ token: String) -> EditedValue? {
        switch self {
        case .original(let value):
            let child = value.kind == .array ? EditedValue.index(token, count: value.count).flatMap { value[$0] } : value[token]
            return child.map(EditedValue.original)
        case .new(let json):
            switch json {
            case .object(let members): return members.last { JSONPointer.sameKey($0.key, token) }.map { .new($0.value) }
            case .array(let elements):
                return EditedValue.index(token, count: elements.count).map { .new(elements[$0]) }
            default: return nil
            }
        case .patched(let container):
            return container.child(token)
        case .array(let elements):
            return EditedValue.index(token, count: elements.count).map { elements[$0] }
        case .object(let members):
            return members.last { JSONPointer.sameKey($0.key, token) }?.value
        }
    }

    /// The value at `tokens`, or nil when nothing is there.
    func edited(at tokens: ArraySlice<String>) -> EditedValue? {
        var current = self
        for token in tokens {
            guard let next = current.child(token) else { return nil }
            current = next
        }
        return current
    }

    /// The keys of an object, in the order they are written.
    var memberKeys: [String]? {
        switch self {
        case .original(let value): value.keys.map(Array.init)
        case .new(let json):
            if case .object(let members) = json { members.map(\.key) } else { nil }
        case .patched(let container):
            container.isObject ? container.members().map(\.key) : nil
        case .array: nil
        case .object(let members): members.map(\.key)
        }
    }

    /// An owned copy.
    var json: JSON {
        switch self {
        case .original(let value): JSON(value)
        case .new(let json): json
        case .patched(let container):
            container.isObject
                ? .object(container.members().map { JSONMember(key: $0.key, value: $0.value.json) })
                : .array(container.elements().map(\.json))
        case .array(let elements): .array(elements.map(\.json))
        case .object(let members): .object(members.map { JSONMember(key: $0.key, value: $0.value.json) })
        }
    }

    /// The index an array token names, when it is a canonical decimal below `count`.
    static func index(_ token: String, count: Int) -> Int? {
        guard let first = token.utf8.first, first != UInt8(ascii: "0") || token.utf8.count == 1,
            token.utf8.count <= 18, token.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let index = Int(token), index < count
        else { return nil }
        return index
    }
}

extension PatchedContainer {
    /// One child of the edited container, in order.
    enum Slot {
        case original(key: UInt32?, value: UInt32)
        case inserted(before: UInt32, offset: Int)
        case appended(Int)
    }

    /// The children in order. Costs the container's width: used only for arrays with
    /// inserted or removed elements, and for listing members.
    func slots() -> [Slot] {
        let document = original.document
        var slots: [Slot] = []
        slots.reserveCapacity(original.count + appended.count)
        var child = document.firstChild(original.node)
        let end = document.subtreeEnd(original.node)
        while child < end {
            let key: UInt32? = isObject ? child : nil
            let value = isObject ? document.subtreeEnd(child) : child
            for offset in (inserted[value] ?? []).indices { slots.append(.inserted(before: value, offset: offset)) }
            if !removed.contains(value) { slots.append(.original(key: key, value: value)) }
            child = document.subtreeEnd(value)
        }
        slots += appended.indices.map(Slot.appended)
        return slots
    }

    /// The value in a slot.
    func value(of slot: Slot) -> EditedValue {
        switch slot {
        case .original(_, let node): replaced[node] ?? .original(JSONValue(document: original.document, node: node))
        case .inserted(let before, let offset): inserted[before]?[offset] ?? .new(.null)  // slots come from this container
        case .appended(let index): appended[index].value
        }
    }

    func members() -> [EditedMember] {
        slots().map { slot in
            switch slot {
            case .original(let key?, _):
                let name = original.document.withStringBytes(key) { String(validatedUTF8: $0) }
                return EditedMember(key: name, value: value(of: slot))
            case .appended(let index): return appended[index]
            case .original, .inserted: return EditedMember(key: "", value: value(of: slot))  // arrays only
            }
        }
    }

    func elements() -> [EditedValue] { slots().map(value(of:)) }

    var hasStructuralEdits: Bool { !removed.isEmpty || !inserted.isEmpty || !appended.isEmpty }

    /// The number of children after the edits.
    var count: Int {
        original.count - removed.count + inserted.values.reduce(0) { $0 + $1.count } + appended.count
    }

    /// The original member named `key` that lookups see (the last), unless it was removed.
    func visibleOriginalMember(_ key: String) -> UInt32? {
        guard let value = original[key], !removed.contains(value.node) else { return nil }
        return value.node
    }

    /// The slot of element `index`, when it is in range.
    func elementSlot(_ index: Int) -> Slot? {
        guard index >= 0, index < count else { return nil }
        if !hasStructuralEdits {
            return .original(key: nil, value: original.document.element(index, of: original.node))
        }
        return slots()[index]
    }

    func child(_ token: String) -> EditedValue? {
        if isObject {
            if let index = appended.lastIndex(where: { JSONPointer.sameKey($0.key, token) }) { return appended[index].value }
            return visibleOriginalMember(token).map { value(of: .original(key: nil, value: $0)) }
        }
        return EditedValue.index(token, count: count).flatMap(elementSlot).map(value(of:))
    }
}
