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
