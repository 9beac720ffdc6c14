extension JSONValue {
    /// The value at an RFC 6901 JSON Pointer, or nil when nothing is there.
    ///
    /// `""` is this value; `"/a/0/b"` steps into member `a`, element 0, member `b`.
    /// In a token, `~1` stands for `/` and `~0` for `~`. An array index is a
    /// decimal number without leading zeros; `-` (past the end) finds nothing.
    ///
    /// ```swift
    /// document.root[pointer: "/statuses/0/user/screen_name"]?.string
    /// ```
    public subscript(pointer pointer: String) -> JSONValue? {
        guard let tokens = Self.pointerTokens(pointer) else { return nil }
        var current = self
        for token in tokens {
            guard let next = current.child(pointerToken: token) else { return nil }
            current = next
        }
        return current
    }

    /// The reference tokens of a JSON Pointer, still escaped; nil when it is not a pointer.
    static func pointerTokens(_ pointer: String) -> [Substring.UTF8View.SubSequence]? {
        guard !pointer.isEmpty else { return [] }
        guard pointer.utf8.first == UInt8(ascii: "/") else { return nil }
        return pointer.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    }

    /// The value at a dotted path, or nil when nothing is there.
    ///
    /// Components are separated by `.`; in an array a component is an index.
    /// An index may also be written in brackets: `items.3.title` and `items[3].title`
    /// are the same path. Keys that contain `.` or `[` need ``subscript(pointer:)``.
    public subscript(path path: String) -> JSONValue? {
        var current = self
        for step in Self.pathSteps(path) {
            guard let next = current.child(pathStep: step) else { return nil }
            current = next
        }
        return current
    }

    /// One step of a dotted path: a component (a key, or an index in an array) or a bracketed index.
    enum PathStep {
        case component(Substring)
        case index(Substring)
    }

    /// The steps of a dotted path, in order.
    static func pathSteps(_ path: String) -> [PathStep] {
        var steps: [PathStep] = []
        for component in path.split(separator: ".", omittingEmptySubsequences: false) {
            var name = component[...]
            var indexes: [Substring] = []
            // Peel "[n]" suffixes off the end of the component, last first (appending and
            // reading back reversed: inserting at the front was quadratic in their number).
            while name.hasSuffix("]"), let open = name.lastIndex(of: "[") {
                indexes.append(name[name.index(after: open)..<name.index(before: name.endIndex)])
                name = name[..<open]
            }
            if !name.isEmpty || indexes.isEmpty { steps.append(.component(name)) }
            steps += indexes.reversed().map(PathStep.index)
        }
        return steps
    }

    func child(pathStep step: PathStep) -> JSONValue? {
        switch step {
        case .component(let name): child(pathComponent: name)
        case .index(let index): Int(index).flatMap { self[$0] }
        }
    }

    private func child(pathComponent name: Substring) -> JSONValue? {
        if kind == .array {
            guard let index = Int(name) else { return nil }
            return self[index]
        }
        return self[String(name)]
    }

    func child(pointerToken token: Substring.UTF8View.SubSequence) -> JSONValue? {
        switch kind {
        case .object:
            var key: [UInt8] = []
            key.reserveCapacity(token.count)
            var escaped = false
            for byte in token {
                if escaped {
                    switch byte {
                    case UInt8(ascii: "0"): key.append(UInt8(ascii: "~"))
                    case UInt8(ascii: "1"): key.append(UInt8(ascii: "/"))
                    default: return nil  // "~" must be followed by 0 or 1
                    }
                    escaped = false
                } else if byte == UInt8(ascii: "~") {
                    escaped = true
                } else {
                    key.append(byte)
                }
            }
            guard !escaped else { return nil }
            return key.withUnsafeBytes { member(named: $0) }
        case .array:
            guard let first = token.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9"),
                first != UInt8(ascii: "0") || token.count == 1,
                token.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                token.count <= 18, let index = Int(String(decoding: token, as: UTF8.self))
            else { return nil }
            return self[index]
        default:
            return nil
        }
    }
}
