extension JSONValue: CustomStringConvertible, CustomDebugStringConvertible {
    /// The value as compact JSON, re-encoded from the tree (slashes unescaped).
    public var description: String {
        String(decoding: encoded(options: .withoutEscapingSlashes), as: UTF8.self)
    }

    /// The kind, size and place of the value, and the start of its compact JSON.
    public var debugDescription: String {
        let limit = 200
        let text = encoded(options: .withoutEscapingSlashes, limit: limit + 1)
        let shown = String(decoding: text.prefix(limit), as: UTF8.self) + (text.count > limit ? "…" : "")
        let size = switch kind {
        case .array: ", \(count) elements"
        case .object: ", \(count) members"
        default: ""
        }
        return "JSONValue(\(kind)\(size), bytes \(byteRange.lowerBound)..<\(byteRange.upperBound)): \(shown)"
    }
}
