import Foundation

/// UTF-8 text inside a ``JSONDocument``, read in place.
///
/// ``JSONValue/stringView`` gives the decoded bytes of a string, and
/// ``JSONValue/rawJSON`` the original text of any value. Comparing with a
/// `String` compares bytes and allocates nothing:
///
/// ```swift
/// if status["lang"]?.stringView == "en" { … }
/// ```
public struct JSONUTF8View: Sendable {
    let document: JSONDocument
    let source: Source

    enum Source: Sendable {
        /// Bytes of the document's input.
        case input(Range<Int>)
        /// Bytes of the tree's side buffer (decoded escaped strings).
        case side(Range<Int>)
    }

    /// Calls `body` with the bytes. The pointer is valid only during the call.
    // Unsafe: `document` is held strongly, so its input and side buffer outlive the call; `source`'s range came from one of its nodes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        switch source {
        case .input(let range):
            return try document.input.withBytes { try body(UnsafeRawBufferPointer(rebasing: $0[range])) }
        case .side(let range):
            let base = document.tree.side.map { UnsafeRawPointer($0 + range.lowerBound) }
            return try body(UnsafeRawBufferPointer(start: base, count: range.count))
        }
    }

    /// The text as a `String` (this copies).
    public var string: String { withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }
}

extension JSONUTF8View: RandomAccessCollection {
    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch source {
        case .input(let range), .side(let range): range.count
        }
    }

    /// The byte at `position`, which must be in `indices`.
    public subscript(position: Int) -> UInt8 {
        precondition(indices.contains(position), "JSONUTF8View index out of range")
        return withUnsafeBytes { $0[position] }
    }
}

extension JSONUTF8View: Hashable {
    public static func == (lhs: JSONUTF8View, rhs: JSONUTF8View) -> Bool {
        lhs.withUnsafeBytes { a in rhs.withUnsafeBytes { b in _bytesEqual(a, b) } }
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// Whether the view holds exactly the UTF-8 of `string`.
    public static func == (lhs: JSONUTF8View, rhs: String) -> Bool {
        var rhs = rhs
        return rhs.withUTF8 { text in lhs.withUnsafeBytes { _bytesEqual($0, UnsafeRawBufferPointer(text)) } }
    }

    /// Whether the view holds exactly the UTF-8 of `string`.
    public static func == (lhs: String, rhs: JSONUTF8View) -> Bool { rhs == lhs }

    public static func != (lhs: JSONUTF8View, rhs: String) -> Bool { !(lhs == rhs) }

    public static func != (lhs: String, rhs: JSONUTF8View) -> Bool { !(rhs == lhs) }
}

extension JSONUTF8View: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { string }
    public var debugDescription: String { string.debugDescription }
}

// `value["lang"]?.stringView == "en"` compares an optional view, so these are
// free functions: nil equals no string.

/// Whether the view exists and holds exactly the UTF-8 of `rhs`.
public func == (lhs: JSONUTF8View?, rhs: String) -> Bool { lhs.map { $0 == rhs } ?? false }

/// Whether the view exists and holds exactly the UTF-8 of `lhs`.
public func == (lhs: String, rhs: JSONUTF8View?) -> Bool { rhs == lhs }

/// Whether the view is missing or holds other text than `rhs`.
public func != (lhs: JSONUTF8View?, rhs: String) -> Bool { !(lhs == rhs) }

/// Whether the view is missing or holds other text than `lhs`.
public func != (lhs: String, rhs: JSONUTF8View?) -> Bool { !(rhs == lhs) }
