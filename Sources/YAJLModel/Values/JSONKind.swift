/// The six kinds of JSON value.
public enum JSONKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case null
    case bool
    case number
    case string
    case array
    case object

    public var description: String { rawValue }
}

extension JSONKind {
    /// The kind as a noun phrase for messages: "an object", "a string", "null".
    var withArticle: String {
        switch self {
        case .null: "null"
        case .array, .object: "an \(rawValue)"
        default: "a \(rawValue)"
        }
    }
}
