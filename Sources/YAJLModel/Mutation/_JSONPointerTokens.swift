import Foundation

/// RFC 6901 JSON Pointer text to reference tokens and back, for editing.
enum JSONPointer {
    /// The unescaped reference tokens of `pointer`; `""` (the whole value) gives `[]`.
    static func tokens(_ pointer: String) throws(JSONEditError) -> [String] {
        guard !pointer.isEmpty else { return [] }
        guard pointer.utf8.first == UInt8(ascii: "/") else { throw JSONEditError(.invalidPointer, pointer: pointer) }
        // Bytes, not Characters: "~" followed by a combining mark is one Character.
        var tokens: [String] = []
        for escaped in pointer.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard escaped.contains(UInt8(ascii: "~")) else {
                tokens.append(String(Substring(escaped)))
                continue
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(escaped.count)
            var afterTilde = false
            for byte in escaped {
                if afterTilde {
                    switch byte {
                    case UInt8(ascii: "0"): bytes.append(UInt8(ascii: "~"))
                    case UInt8(ascii: "1"): bytes.append(UInt8(ascii: "/"))
                    default: throw JSONEditError(.invalidPointer, pointer: pointer)
                    }
                    afterTilde = false
                } else if byte == UInt8(ascii: "~") {
                    afterTilde = true
                } else {
                    bytes.append(byte)
                }
            }
            guard !afterTilde else { throw JSONEditError(.invalidPointer, pointer: pointer) }
            tokens.append(String(decoding: bytes, as: UTF8.self))
        }
        return tokens
    }

    /// The pointer text for `tokens`, escaping `~` as `~0` and `/` as `~1`.
    static func string(_ tokens: some Sequence<String>) -> String {
        var pointer = ""
        for token in tokens {
            pointer += "/"
            pointer += token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }
        return pointer
    }

    /// The array index that `token` stands for in an array of `count` elements: a decimal
    /// without leading zeros below `count`, or, when `allowingEnd` (for insertion), also
    /// `count` itself, written as a number or as `-`. `pointer` is the text for the error.
    static func arrayIndex(_ token: String, count: Int, allowingEnd: Bool, pointer: String? = nil) throws(JSONEditError)
        -> Int
    {
        let end = allowingEnd ? count : count - 1
        if token == "-", allowingEnd { return count }
        let digits = token.utf8
        guard let first = digits.first, first != UInt8(ascii: "0") || digits.count == 1,
            digits.count <= 18, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let index = Int(token), index <= end
        else { throw JSONEditError(.invalidIndex, pointer: pointer ?? string(CollectionOfOne(token))) }
        return index
    }

    /// Whether two object keys are the same, compared by code points as RFC 6901 asks
    /// (Swift's `==` would also match canonically equivalent spellings).
    static func sameKey(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }
}
