/// Editing a ``JSON`` value in place by RFC 6901 JSON Pointer.
///
/// Each step takes the container's payload out of the enum and leaves `.null` there
/// while the payload is edited, so the payload's storage stays uniquely referenced and
/// copy-on-write copies nothing: an edit costs the length of the path (and the shifting
/// of array elements), not the size of the value.
extension JSON: JSONEditable {
    func kind(at tokens: ArraySlice<String>) -> JSONKind? {
        value(at: tokens)?.kind
    }

    func memberKeys(at tokens: ArraySlice<String>) -> [String]? {
        guard case .object(let members)? = value(at: tokens) else { return nil }
        return members.map(\.key)
    }

    func value(at tokens: ArraySlice<String>) -> JSON? {
        var current = self  // copies share storage: nothing is copied but references
        for token in tokens {
            switch current {
            case .object(let members):
                guard let member = members.last(where: { JSONPointer.sameKey($0.key, token) }) else { return nil }
                current = member.value
            case .array(let elements):
                guard let index = try? JSONPointer.arrayIndex(token, count: elements.count, allowingEnd: false) else {
                    return nil
                }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    mutating func add(_ value: JSON, at tokens: ArraySlice<String>, pointer: String) throws(JSONEditError) {
        try place(value, at: tokens, pointer: pointer, .insert)
    }

    mutating func remove(at tokens: ArraySlice<String>, pointer: String) throws(JSONEditError) {
        _ = try removeValue(at: tokens, pointer: pointer)
    }

    mutating func replace(with value: JSON, at tokens: ArraySlice<String>, pointer: String) throws(JSONEditError) {
        try place(value, at: tokens, pointer: pointer, .replace)
    }
}

extension JSON {
    /// The value at an RFC 6901 JSON Pointer, or nil when nothing is there or the pointer is malformed.
    ///
    /// `""` is the whole value and `"/a/0"` is element 0 of member `a`; in a token `~1`
    /// stands for `/` and `~0` for `~`. With repeated keys, the last member counts.
    ///
    /// ```swift
    /// let photo: JSON = ["tags": ["sea", "sky"]]
    /// photo[pointer: "/tags/1"]  // "sky"
    /// ```
    public subscript(pointer pointer: String) -> JSON? {
        guard let tokens = try? JSONPointer.tokens(pointer) else { return nil }
        return value(at: tokens[...])
    }

    /// Sets the value at `pointer`: adds or replaces an object member, replaces an existing
    /// array element (or appends, for `-`), or, for `""`, replaces the whole value.
    ///
    /// ```swift
    /// var photo: JSON = ["tags": ["sea"]]
    /// try photo.set("Bridge", at: "/title")  // adds member "title"
    /// try photo.set("sky", at: "/tags/-")    // appends: ["sea", "sky"]
    /// try photo.set("lake", at: "/tags/0")   // replaces: ["lake", "sky"]
    /// ```
    ///
    /// - Throws: ``JSONEditError`` when the pointer is malformed, its parent is missing or
    ///   not a container, or an array index is out of range. The value is then unchanged.
    public mutating func set(_ value: JSON, at pointer: String) throws(JSONEditError) {
        try place(value, at: JSONPointer.tokens(pointer)[...], pointer: pointer, .set)
    }

    /// Inserts `value` at `pointer` as RFC 6902 `add` does: adds or replaces an object
    /// member, inserts into an array before the index (`-` or the count appends), or, for
    /// `""`, replaces the whole value.
    ///
    /// ```swift
    /// var list: JSON = [1, 3]
    /// try list.insert(2, at: "/1")  // [1, 2, 3]
    /// ```
    ///
    /// - Throws: ``JSONEditError`` when the pointer is malformed, its parent is missing or
    ///   not a container, or an array index is past the end. The value is then unchanged.
    public mutating func insert(_ value: JSON, at pointer: String) throws(JSONEditError) {
        try place(value, at: JSONPointer.tokens(pointer)[...], pointer: pointer, .insert)
    }

    /// Removes the value at `pointer` and returns it. Removing an object member removes
    /// every member with that key; removing an array element closes the gap.
    ///
    /// ```swift
    /// var photo: JSON = ["title": "Bridge", "tags": ["sea", "sky"]]
    /// try photo.remove(at: "/tags/0")  // "sea"; photo is now {"title": "Bridge", "tags": ["sky"]}
    /// ```
    ///
    /// - Throws: ``JSONEditError`` when nothing is there, the pointer is malformed, or it
    ///   is `""` (``JSONEditError/Reason/cannotRemoveRoot``). The value is then unchanged.
    @discardableResult
    public mutating func remove(at pointer: String) throws(JSONEditError) -> JSON {
        try removeValue(at: JSONPointer.tokens(pointer)[...], pointer: pointer)
    }

    /// A copy with the value at `pointer` set; see ``set(_:at:)``.
    public func setting(_ value: JSON, at pointer: String) throws(JSONEditError) -> JSON {
        var copy = self
        try copy.set(value, at: pointer)
        return copy
    }

    /// A copy with `value` inserted at `pointer`; see ``insert(_:at:)``.
    public func inserting(_ value: JSON, at pointer: String) throws(JSONEditError) -> JSON {
        var copy = self
        try copy.insert(value, at: pointer)
        return copy
    }

    /// A copy without the value at `pointer`; see ``remove(at:)``.
    public func removing(at pointer: String) throws(JSONEditError) -> JSON {
        var copy = self
        try copy.remove(at: pointer)
        return copy
    }
}

extension JSON {
    /// How ``place(_:at:pointer:_:)`` treats the last token.
    private enum Placement {
        /// RFC 6902 "add": array positions may be the count or `-`, and elements shift.
        case insert
        /// RFC 6902 "replace": the target must exist.
        case replace
        /// ``JSON/set(_:at:)``: members are added or replaced, array elements replaced or appended with `-`.
        case set
    }

    private mutating func place(
        _ value: JSON, at tokens: ArraySlice<String>, pointer: String, _ placement: Placement
    ) throws(JSONEditError) {
        guard let token = tokens.last else {
            self = value
            return
        }
        try withValue(at: tokens.dropLast(), pointer: pointer) { (parent: inout JSON) throws(JSONEditError) in
            if var members = parent.takeMembers() {
                defer { parent = .object(members) }
                if let index = members.lastIndex(where: { JSONPointer.sameKey($0.key, token) }) {
                    members[index].value = value
                } else if placement == .replace {
                    throw JSONEditError(.missingValue, pointer: pointer)
                } else {
                    members.append(JSONMember(key: token, value: value))
                }
            } else if var elements = parent.takeElements() {
                defer { parent = .array(elements) }
                let allowingEnd = placement == .insert || (placement == .set && token == "-")
                let index = try JSONPointer.arrayIndex(
                    token, count: elements.count, allowingEnd: allowingEnd, pointer: pointer)
                if placement == .insert || index == elements.count {
                    elements.insert(value, at: index)
                } else {
                    elements[index] = value
                }
            } else {
                throw JSONEditError(.notAContainer, pointer: pointer)
            }
        }
    }

    private mutating func removeValue(at tokens: ArraySlice<String>, pointer: String) throws(JSONEditError) -> JSON {
        guard let token = tokens.last else { throw JSONEditError(.cannotRemoveRoot, pointer: pointer) }
        return try withValue(at: tokens.dropLast(), pointer: pointer) { (parent: inout JSON) throws(JSONEditError) in
            if var members = parent.takeMembers() {
                defer { parent = .object(members) }
                guard let index = members.lastIndex(where: { JSONPointer.sameKey($0.key, token) }) else {
                    throw JSONEditError(.missingValue, pointer: pointer)
                }
                let removed = members[index].value
                // All of them: removing only the last would bring an earlier repeat back into view.
                members.removeAll { JSONPointer.sameKey($0.key, token) }
                return removed
            } else if var elements = parent.takeElements() {
                defer { parent = .array(elements) }
                let index = try JSONPointer.arrayIndex(
                    token, count: elements.count, allowingEnd: false, pointer: pointer)
                return elements.remove(at: index)
            } else {
                throw JSONEditError(.notAContainer, pointer: pointer)
            }
        }
    }

    /// Calls `body` with the value at `tokens`, in place. Each level puts its payload back
    /// on the way out, so when anything throws before `body` changes something, nothing has changed.
    private mutating func withValue<Result>(
        at tokens: ArraySlice<String>, pointer: String, _ body: (inout JSON) throws(JSONEditError) -> Result
    ) throws(JSONEditError) -> Result {
        guard let token = tokens.first else { return try body(&self) }
        if var members = takeMembers() {
            defer { self = .object(members) }
            guard let index = members.lastIndex(where: { JSONPointer.sameKey($0.key, token) }) else {
                throw JSONEditError(.missingValue, pointer: pointer)
            }
            return try members[index].value.withValue(at: tokens.dropFirst(), pointer: pointer, body)
        } else if var elements = takeElements() {
            defer { self = .array(elements) }
            let index = try JSONPointer.arrayIndex(token, count: elements.count, allowingEnd: false, pointer: pointer)
            return try elements[index].withValue(at: tokens.dropFirst(), pointer: pointer, body)
        } else {
            throw JSONEditError(.notAContainer, pointer: pointer)
        }
    }

    // Taking the payload out and leaving `.null` behind makes the caller's copy the only
    // reference to the storage, so mutating it copies nothing. (Binding it with
    // `switch self { case .array(var elements): ... }` keeps a second reference alive for the
    // whole switch, and every edit then copied the array: quadratic.)

    /// The elements of an array, leaving `.null` in its place; nil (and no change) otherwise.
    private mutating func takeElements() -> [JSON]? {
        guard case .array(let elements) = self else { return nil }
        self = .null
        return elements
    }

    /// The members of an object, leaving `.null` in its place; nil (and no change) otherwise.
    private mutating func takeMembers() -> [JSONMember]? {
        guard case .object(let members) = self else { return nil }
        self = .null
        return members
    }
}
