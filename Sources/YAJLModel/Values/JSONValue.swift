import CYAJLTree

/// A zero-copy view of one value in a ``JSONDocument``.
///
/// A `JSONValue` is a reference to its document plus a node index: creating
/// one, or moving to a child, allocates nothing. Strings and numbers are read
/// from the input bytes only when an accessor asks for them.
///
/// ```swift
/// let document = try JSONDocument(parsing: #"{"items": [{"title": "a"}, {"title": "b"}]}"#)
/// let items = document.root["items"]
/// items?.count                       // 2
/// items?[1]?["title"]?.string        // "b"
/// document.root[path: "items.0.title"]?.stringView == "a"   // true, without allocating
/// ```
///
/// Accessors return `nil` on a kind mismatch, an index out of range, or a number
/// that does not fit the requested type; they never trap. A view does not change: edit its
/// document, or an owned copy, ``JSON``; <doc:JSONTypes> says which is which.
public struct JSONValue: Sendable {
    /// The document this value belongs to. The value keeps it alive.
    public let document: JSONDocument
    /// The value's node in the document's tree.
    @usableFromInline let node: UInt32

    @usableFromInline
    init(document: JSONDocument, node: UInt32) {
        self.document = document
        self.node = node
    }

    /// What kind of value this is.
    @inlinable @inline(__always)  // so that `kind == .string` becomes a test of the tag
    public var kind: JSONKind {
        switch document.tag(node) {
        case UInt32(YJM_NULL): .null
        case UInt32(YJM_FALSE), UInt32(YJM_TRUE): .bool
        case UInt32(YJM_NUMBER): .number
        case UInt32(YJM_STRING), UInt32(YJM_ESCAPED_STRING): .string
        case UInt32(YJM_ARRAY): .array
        default: .object
        }
    }

    /// Whether this is `null`.
    public var isNull: Bool { document.tag(node) == UInt32(YJM_NULL) }

    /// Where the value's text sits in the document's input, in bytes.
    public var byteRange: Range<Int> { document.byteRange(node) }

    /// The value's exact original text (for a container, everything between its
    /// brackets as written, white space included), without copying.
    public var rawJSON: JSONUTF8View { JSONUTF8View(document: document, source: .input(byteRange)) }
}
