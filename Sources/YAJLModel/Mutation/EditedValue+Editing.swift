/// Edits by JSON Pointer tokens. Every edit walks from this value down its path,
/// turning each container it passes through into an edited one; nothing off the
/// path is touched or copied.
extension EditedValue {
    /// Runs `body` on the value at `tokens`, in place. With `creatingObjects`, a
    /// missing or `null` member on the way becomes an empty object (model paths such
    /// as `media.m` create `media`).
    mutating func modify<R>(
        at tokens: ArraySlice<String>, pointer: String, creatingObjects: Bool = false,
        _ body: (inout EditedValue) throws(JSONEditError) -> R
    ) throws(JSONEditError) -> R {
        guard let token = tokens.first else { return try body(&self) }
        if creatingObjects, kind == .object, child(token).map({ $0.kind != .object }) ?? true {
            try add(.new([:]), token: token, pointer: pointer)
        }
        return try modifyChild(token, pointer: pointer) { (child) throws(JSONEditError) -> R in
            try child.modify(at: tokens.dropFirst(), pointer: pointer, creatingObjects: creatingObjects, body)
        }
    }

    /// RFC 6902 "add" of `value` as child `token`: an object member is set (added
    /// at the end, or replaced where it is); an array element is inserted before
    /// `token`, or appended for `-` or the count.
    mutating func add(_ value: EditedValue, token: String, pointer: String) throws(JSONEditError) {
        try withEditableContainer(pointer: pointer) { (container) throws(JSONEditError) in
            try container.add(value, token: token, pointer: pointer)
        }
    }

    /// RFC 6902 "remove" of child `token`, which must exist.
    mutating func removeChild(_ token: String, pointer: String) throws(JSONEditError) {
        try withEditableContainer(pointer: pointer) { (container) throws(JSONEditError) in
            try container.remove(token, pointer: pointer)
        }
    }

    /// Runs `body` on the existing child `token`.
    mutating func modifyChild<R>(
        _ token: String, pointer: String, _ body: (inout EditedValue) throws(JSONEditError) -> R
    ) throws(JSONEditError) -> R {
        try withEditableContainer(pointer: pointer) { (container) throws(JSONEditError) -> R in
            try container.modifyChild(token, pointer: pointer, body)
        }
    }

    /// Gives `body` this container in a form that can change, and keeps the result.
    /// The value is moved out while `body` runs so that its storage stays uniquely
    /// referenced and is changed in place.
    private mutating func withEditableContainer<R>(
        pointer: String, _ body: (inout EditableContainer) throws(JSONEditError) -> R
    ) throws(JSONEditError) -> R {
        var container: EditableContainer
        switch self {
        case .original(let value) where value.kind == .array || value.kind == .object:
            container = .patched(PatchedContainer(original: value))
        case .new(.array(let elements)):
            container = .array(elements.map(EditedValue.new))
        case .new(.object(let members)):
            container = .object(members.map { EditedMember(key: $0.key, value: .new($0.value)) })
        case .patched(let patched): container = .patched(patched)
        case .array(let elements): container = .array(elements)
        case .object(let members): container = .object(members)
        default: throw JSONEditError(.notAContainer, pointer: pointer)
        }
        self = .new(.null)
        defer {
            switch container {
            case .patched(let patched): self = .patched(patched)
            case .array(let elements): self = .array(elements)
            case .object(let members): self = .object(members)
            }
        }
        return try body(&container)
    }
}

/// A container while it is being edited.
enum EditableContainer {
    case patched(PatchedContainer)
    case array([EditedValue])
    case object([EditedMember])

    mutating func modifyChild<R>(
        _ token: String, pointer: String, _ body: (inout EditedValue) throws(JSONEditError) -> R
    ) throws(JSONEditError) -> R {
        switch self {
        case .patched(var container):
            self = .array([])
            defer { self = .patched(container) }
            return try container.modifyChild(token, pointer: pointer, body)
        case .array(var elements):
            guard let index = EditedValue.index(token, count: elements.count) else {
                throw JSONEditError(.invalidIndex, pointer: pointer)
            }
            self = .array([])
            defer { self = .array(elements) }
            return try body(&elements[index])
        case .object(var members):
            guard let index = members.lastIndex(where: { JSONPointer.sameKey($0.key, token) }) else {
                throw JSONEditError(.missingValue, pointer: pointer)
            }
            self = .array([])
            defer { self = .object(members) }
            return try body(&members[index].value)
        }
    }

    mutating func add(_ value: EditedValue, token: String, pointer: String) throws(JSONEditError) {
        switch self {
        case .patched(var container):
            try container.add(value, token: token, pointer: pointer)
            self = .patched(container)
        case .array(var elements):
            let index = try EditableContainer.insertionIndex(token, count: elements.count, pointer: pointer)
            self = .array([])
            elements.insert(value, at: index)
            self = .array(elements)
        case .object(var members):
            self = .array([])
            if let index = members.lastIndex(where: { JSONPointer.sameKey($0.key, token) }) {
                members[index].value = value
            } else {
                members.append(EditedMember(key: token, value: value))
            }
            self = .object(members)
        }
    }

    mutating func remove(_ token: String, pointer: String) throws(JSONEditError) {
        switch self {
        case .patched(var container):
            try container.remove(token, pointer: pointer)
            self = .patched(container)
        case .array(var elements):
            guard let index = EditedValue.index(token, count: elements.count) else {
                throw JSONEditError(.invalidIndex, pointer: pointer)
            }
            self = .array([])
            elements.remove(at: index)
            self = .array(elements)
        case .object(var members):
            guard members.contains(where: { JSONPointer.sameKey($0.key, token) }) else { throw JSONEditError(.missingValue, pointer: pointer) }
            self = .array([])
            members.removeAll { JSONPointer.sameKey($0.key, token) }
            self = .object(members)
        }
    }

    /// Where `add` puts a new element: before `token`, or at the end for `-`.
    static func insertionIndex(_ token: String, count: Int, pointer: String) throws(JSONEditError) -> Int {
        if token == "-" { return count }
        guard let index = EditedValue.index(token, count: count + 1) else { throw JSONEditError(.invalidIndex, pointer: pointer) }
        return index
    }
}

extension PatchedContainer {
    mutating func modifyChild<R>(
        _ token: String, pointer: String, _ body: (inout EditedValue) throws(JSONEditError) -> R
    ) throws(JSONEditError) -> R {
        let slot: Slot
        if isObject {
            if let index = appended.lastIndex(where: { JSONPointer.sameKey($0.key, token) }) {
                slot = .appended(index)
            } else if let node = visibleOriginalMember(token) {
                slot = .original(key: nil, value: node)
            } else {
                throw JSONEditError(.missingValue, pointer: pointer)
            }
        } else {
            guard let found = EditedValue.index(token, count: count).flatMap(elementSlot) else {
                throw JSONEditError(.invalidIndex, pointer: pointer)
            }
            slot = found
        }
        return try modify(slot, body)
    }

    /// Runs `body` on the value in `slot`, moved out of the container meanwhile.
    private mutating func modify<R>(_ slot: Slot, _ body: (inout EditedValue) throws(JSONEditError) -> R) throws(JSONEditError) -> R {
        switch slot {
        case .original(_, let node):
            var value = replaced.removeValue(forKey: node) ?? .original(JSONValue(document: original.document, node: node))
            defer { replaced[node] = value }
            return try body(&value)
        case .inserted(let before, let offset):
            var list = inserted.removeValue(forKey: before) ?? []
            defer { inserted[before] = list }
            return try body(&list[offset])
        case .appended(let index):
            var value = appended[index].value
            appended[index].value = .new(.null)
            defer { appended[index].value = value }
            return try body(&value)
        }
    }

    mutating func add(_ value: EditedValue, token: String, pointer: String) throws(JSONEditError) {
        if isObject {
            if let index = appended.lastIndex(where: { JSONPointer.sameKey($0.key, token) }) {
                appended[index].value = value
            } else if let node = original[token]?.node {
                // Replaced where it stands, even if it had been removed: its place is kept.
                removed.remove(node)
                replaced[node] = value
            } else {
                appended.append(EditedMember(key: token, value: value))
            }
            return
        }
        let index = try EditableContainer.insertionIndex(token, count: count, pointer: pointer)
        switch index < count ? elementSlot(index) : nil {
        case .original(_, let node)?: inserted[node, default: []].append(value)
        case .inserted(let before, let offset)?: inserted[before, default: []].insert(value, at: offset)
        case .appended(let position)?: appended.insert(EditedMember(key: "", value: value), at: position)
        case nil: appended.append(EditedMember(key: "", value: value))
        }
    }

    mutating func remove(_ token: String, pointer: String) throws(JSONEditError) {
        if isObject {
            var found = false
            if appended.contains(where: { JSONPointer.sameKey($0.key, token) }) {
                appended.removeAll { JSONPointer.sameKey($0.key, token) }
                found = true
            }
            // Every original member with the key goes, so that no earlier duplicate shows through.
            if visibleOriginalMember(token) != nil {
                var key = token
                key.withUTF8 { name in
                    for keyNode in original.document.memberKeys(of: original.node)
                    where original.document.withStringBytes(keyNode, { _bytesEqual($0, UnsafeRawBufferPointer(name)) }) {
                        let value = original.document.subtreeEnd(keyNode)
                        removed.insert(value)
                        replaced[value] = nil
                    }
                }
                found = true
            }
            if !found { throw JSONEditError(.missingValue, pointer: pointer) }
            return
        }
        guard let slot = EditedValue.index(token, count: count).flatMap(elementSlot) else {
            throw JSONEditError(.invalidIndex, pointer: pointer)
        }
        switch slot {
        case .original(_, let node):
            removed.insert(node)
            replaced[node] = nil
        case .inserted(let before, let offset):
            inserted[before]?.remove(at: offset)
            if inserted[before]?.isEmpty == true { inserted[before] = nil }
        case .appended(let index):
            appended.remove(at: index)
        }
    }
}
