import Foundation

/// An owned JSON value that you build and edit in Swift.
///
/// Where ``JSONValue`` is a read-only view into a parsed document, `JSON` holds its
/// contents itself. Literals build it directly:
///
/// ```swift
/// var photo: JSON = ["title": "Bridge", "tags": ["sea", nil, 1.5]]
/// photo["title"] = "Harbour"
/// let document = try photo.document()   // its text, parsed into a JSONDocument
/// ```
///
/// Objects keep their members in the order they were written. Numbers keep exact text
/// (see ``JSONNumber``). <doc:JSONTypes> says when to use `JSON` and when ``JSONValue``.
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSON])
    /// Members in order; a key written twice keeps both, and lookup finds the last.
    case object([JSONMember])

    /// The member named `key` of an object (the last, with repeated keys). Setting
    /// replaces the value in place, appends a new member, or, with `nil`, removes it.
    /// On a non-object, reading gives nil and setting does nothing.
    public subscript(key: String) -> JSON? {
        get {
            guard case .object(let members) = self else { return nil }
            return members.last { $0.key == key }?.value
        }
        set {
            guard case .object(var members) = self else { return }
            if let index = members.lastIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(JSONMember(key: key, value: newValue))
            }
            self = .object(members)
        }
    }

    /// The element at `index` of an array, or nil when out of range or not an array.
    public subscript(index: Int) -> JSON? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// What kind of value this is.
    public var kind: JSONKind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// A copy of a parsed value (without recursion, however deep it is).
    public init(_ value: JSONValue) {
        self = JSON.copying(value)
    }
}

/// One member of a ``JSON`` object.
public struct JSONMember: Sendable, Hashable {
    public var key: String
    public var value: JSON

    public init(key: String, value: JSON) {
        self.key = key
        self.value = value
    }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(floatLiteral value: Double) { self = JSONNumber(value).map(JSON.number) ?? .null }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral members: (String, JSON)...) {
        self = .object(members.map { JSONMember(key: $0.0, value: $0.1) })
    }
}

extension JSON {
    private static func copying(_ root: JSONValue) -> JSON {
        root.fold(
            scalar: { value in
                switch value.kind {
                case .bool: .bool(value.bool ?? false)
                case .number: .number(JSONNumber(uncheckedText: value.numberText ?? "0"))
                case .string: .string(value.string ?? "")
                default: .null
                }
            },
            array: { .array($0) },
            object: { keys, values in .object(zip(keys, values).map { JSONMember(key: $0, value: $1) }) }
        )
    }
}
