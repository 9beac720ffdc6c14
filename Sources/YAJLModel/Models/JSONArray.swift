/// An array property whose elements are built on access, not when the model is:
/// NTJsonModel's lazy model arrays.
///
/// ```swift
/// @JSONModel struct Feed {
///     var items: JSONArray<Photo>
/// }
/// feed.items.count        // no Photo built yet
/// feed.items[3].title     // builds the fourth Photo only
/// ```
///
/// Every element was validated with the model that holds the array, so reading an
/// element cannot fail. Elements are not cached: each access builds a fresh (cheap)
/// view; models cache their own properties.
public struct JSONArray<Element: JSONCodec>: RandomAccessCollection, Sendable {
    /// The backing JSON array.
    public let json: JSONValue

    init(validated json: JSONValue) { self.json = json }

    public var startIndex: Int { 0 }
    public var endIndex: Int { json.count }

    /// The element at `position`, which must be in `indices`.
    public subscript(position: Int) -> Element.Decoded {
        precondition(indices.contains(position), "JSONArray index out of range")
        return Element.decode(validated: JSONValue(document: json.document, node: json.document.element(position, of: json.node)))
    }
}

extension JSONArray: JSONCodec {
    public static func validate(_ json: JSONValue, into validation: inout JSONValidation) {
        guard let elements = json.array else { return validation.reportKind("array", at: json) }
        for element in elements {
            Element.validate(element, into: &validation)
        }
    }

    public static func decode(validated json: JSONValue) -> JSONArray<Element> { JSONArray(validated: json) }

    public static func encode(_ value: JSONArray<Element>) -> JSON { JSON(value.json) }
}

/// So that `JSONArray<T>?`, `[JSONArray<T>]` and converters can hold one too.
extension JSONArray: JSONConvertible {
    /// Checks every element, then wraps the array.
    /// - Throws: ``JSONModelError`` with every problem, paths relative to the array.
    public init(json: JSONValue) throws {
        var validation = JSONValidation()
        Self.validate(json, into: &validation)
        guard validation.isValid else { throw JSONModelError(issues: validation.issues(relativeTo: json)) }
        self.init(validated: json)
    }

    public var jsonRepresentation: JSON { JSON(json) }
}

extension JSONArray: Equatable, Hashable {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.json == rhs.json }
    public func hash(into hasher: inout Hasher) { hasher.combine(json) }
}
