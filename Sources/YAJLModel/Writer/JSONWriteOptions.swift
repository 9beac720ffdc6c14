/// How ``JSONValue/jsonData(options:)`` and ``JSONValue/jsonString(options:)`` format their output.
///
/// With no options, a value is written as its original bytes: a copy of its span
/// of the input, exactly as parsed. Any option re-encodes the value from the tree:
/// compact unless pretty-printed, numbers always with their original text, and
/// strings escaped like `JSONEncoder` does (`"`, `\`, control characters, and `/`
/// unless ``withoutEscapingSlashes``).
public struct JSONWriteOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Indents nested values by two spaces and writes `"key" : value`, as `JSONEncoder` does.
    public static let prettyPrinted = JSONWriteOptions(rawValue: 1 << 0)

    /// Writes object members ordered by the UTF-8 bytes of their keys (Unicode scalar
    /// order); members with the same key keep their document order.
    public static let sortedKeys = JSONWriteOptions(rawValue: 1 << 1)

    /// Writes `/` as itself instead of `\/`.
    public static let withoutEscapingSlashes = JSONWriteOptions(rawValue: 1 << 2)
}
