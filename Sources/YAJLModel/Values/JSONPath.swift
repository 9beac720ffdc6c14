/// A location inside a JSON value, as steps: the one reading of pointer and path
/// text, shared by ``JSONValue/subscript(pointer:)``, ``JSONValue/subscript(path:)``,
/// editing, `YAJLDecoder.decode(_:from:at:)` and streaming targets, so that a
/// string means the same thing to all of them.
///
/// - An RFC 6901 pointer (`""`, `"/a/0/b"`): `~1` stands for `/` and `~0` for `~`.
/// - A dotted path (`a.0.b`): components split at `.`; an index may also be written in
///   brackets (`a[0].b`). A bracketed index names an element only, never a member:
///   in `{"a":{"3":1}}`, `a.3` finds 1 and `a[3]` finds nothing.
///
/// A pointer token or a dotted component names a member of an object, or an element
/// of an array when it is an array index (see ``arrayIndex(_:)``).
struct JSONPath: Hashable, Sendable {
    /// One step down.
    struct Step: Hashable, Sendable {
        /// The member name, unescaped; nil for a bracketed index, which names no member.
        let key: String?
        /// The element index, or nil when the text is not an array index.
        let index: Int?

        /// The step of a pointer token or a dotted component: a member name, or an
        /// element when it reads as an index.
        init(name: String) {
            key = name
            index = JSONPath.arrayIndex(name.utf8)
        }

        /// The step of a bracketed index (`[3]`).
        init(bracketed text: Substring) {
            key = nil
            index = JSONPath.arrayIndex(text.utf8)
        }

        /// A step that names nothing: what an invalid pointer leads to where it cannot fail.
        static let nothing = Step(bracketed: "")

        /// The step as text, for messages and coding paths.
        var name: String { key ?? index.map(String.init) ?? "[]" }
    }

    let steps: [Step]

    /// The steps of an RFC 6901 pointer; nil when it is not one (it does not start
    /// with `/`, or a `~` is not followed by `0` or `1`).
    init?(pointer: String) {
        guard !pointer.isEmpty else {
            steps = []
            return
        }
        guard pointer.utf8.first == UInt8(ascii: "/") else { return nil }
        var steps: [Step] = []
        // Bytes, not Characters: "~" followed by a combining mark is one Character.
        for escaped in pointer.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard let token = Self.unescaped(escaped) else { return nil }
            steps.append(Step(name: token))
        }
        self.steps = steps
    }

    /// The steps of a dotted path; `""` is the value itself.
    init(dotted path: String) {
        var steps: [Step] = []
        if !path.isEmpty {
            for component in path.split(separator: ".", omittingEmptySubsequences: false) {
                var name = component[...]
                var indexes: [Substring] = []
                // Peel "[n]" suffixes off the end, last first (appended, then read reversed:
                // inserting at the front would be quadratic in their number).
                while name.hasSuffix("]"), let open = name.lastIndex(of: "[") {
                    indexes.append(name[name.index(after: open)..<name.index(before: name.endIndex)])
                    name = name[..<open]
                }
                if !name.isEmpty || indexes.isEmpty { steps.append(Step(name: String(name))) }
                steps += indexes.reversed().map(Step.init(bracketed:))
            }
        }
        self.steps = steps
    }

    /// A pointer when `text` is empty or starts with `/`, a dotted path otherwise: how
    /// APIs that take either read their argument. Nil for a pointer that is not valid.
    init?(pointerOrPath text: String) {
        if Self.isPointer(text) {
            self.init(pointer: text)
        } else {
            self.init(dotted: text)
        }
    }

    /// Whether APIs that take a pointer or a dotted path read `text` as a pointer.
    static func isPointer(_ text: String) -> Bool {
        text.isEmpty || text.utf8.first == UInt8(ascii: "/")
    }

    /// The array index that `digits` stand for: a decimal number without leading zeros
    /// (RFC 6901), of at most 18 digits so that it fits any index; nil otherwise. The one
    /// index rule of every pointer and path, the C stream's targets included.
    static func arrayIndex(_ digits: some Collection<UInt8>) -> Int? {
        guard let first = digits.first, digits.count <= 18, first != UInt8(ascii: "0") || digits.count == 1 else {
            return nil
        }
        var value = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    /// A pointer token with `~0` and `~1` replaced; nil for any other `~`.
    private static func unescaped(_ token: Substring.UTF8View.SubSequence) -> String? {
        guard token.contains(UInt8(ascii: "~")) else { return String(Substring(token)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(token.count)
        var afterTilde = false
        for byte in token {
            if afterTilde {
                switch byte {
                case UInt8(ascii: "0"): bytes.append(UInt8(ascii: "~"))
                case UInt8(ascii: "1"): bytes.append(UInt8(ascii: "/"))
                default: return nil
                }
                afterTilde = false
            } else if byte == UInt8(ascii: "~") {
                afterTilde = true
            } else {
                bytes.append(byte)
            }
        }
        return afterTilde ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// The pointer text for `tokens`, escaping `~` as `~0` and `/` as `~1`.
    static func pointer(_ tokens: some Sequence<String>) -> String {
        var pointer = ""
        for token in tokens {
            pointer += "/"
            for scalar in token.unicodeScalars {
                switch scalar {
                case "~": pointer += "~0"
                case "/": pointer += "~1"
                default: pointer.unicodeScalars.append(scalar)
                }
            }
        }
        return pointer
    }
}
