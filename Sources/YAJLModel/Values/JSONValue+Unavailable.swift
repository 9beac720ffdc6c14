import Foundation

// Names a reader reaches for on the wrong one of ``JSON`` and ``JSONValue``: compile errors
// that say which to use, and point to the article that tells the two apart.

extension JSONValue {
    /// Unavailable: a view is read from a parsed ``JSONDocument``; see <doc:JSONTypes>.
    @available(*, unavailable, message: "a JSONValue is a view into a JSONDocument: parse with JSONDocument(parsing:) and read its root (see the YAJLModel article 'JSON, JSONValue, json and jsonRepresentation')")
    public init(parsing text: String) { fatalError("unavailable") }

    /// Unavailable: a view is read from a parsed ``JSONDocument``; see <doc:JSONTypes>.
    @available(*, unavailable, message: "a JSONValue is a view into a JSONDocument: parse with JSONDocument(parsing:) and read its root (see the YAJLModel article 'JSON, JSONValue, json and jsonRepresentation')")
    public init(parsing data: Data) { fatalError("unavailable") }

    /// Unavailable: a view does not change; see <doc:JSONTypes>.
    @available(*, unavailable, message: "a JSONValue does not change: edit its document with JSONDocument.setting(_:at:), or an owned copy, JSON(value) (see the YAJLModel article 'JSON, JSONValue, json and jsonRepresentation')")
    public func set(_ value: JSON, at pointer: String) { fatalError("unavailable") }

    /// Unavailable: a view does not change; see <doc:JSONTypes>.
    @available(*, unavailable, message: "a JSONValue does not change: edit its document with JSONDocument.setting(_:at:), or an owned copy, JSON(value) (see the YAJLModel article 'JSON, JSONValue, json and jsonRepresentation')")
    public func setting(_ value: JSON, at pointer: String) -> JSONValue { fatalError("unavailable") }

    /// Unavailable: a view does not change; see <doc:JSONTypes>.
    @available(*, unavailable, message: "a JSONValue does not change: edit its document with JSONDocument.removing(at:), or an owned copy, JSON(value) (see the YAJLModel article 'JSON, JSONValue, json and jsonRepresentation')")
    public func remove(at pointer: String) { fatalError("unavailable") }
}

extension JSON {
    /// Unavailable: text is parsed into a ``JSONDocument``; see <doc:JSONTypes>.
    @available(*, unavailable, message: "JSON is an owned value you build: parse text into a JSONDocument and read its root as a view, or copy it, JSON(try JSONDocument(parsing: text).root) (see the YAJLModel article 'JSON, JSONValue, json and jsonRepresentation')")
    public init(parsing text: String) { fatalError("unavailable") }

    /// Unavailable: text is parsed into a ``JSONDocument``; see <doc:JSONTypes>.
    @available(*, unavailable, message: "JSON is an owned value you build: parse text into a JSONDocument and read its root as a view, or copy it, JSON(try JSONDocument(parsing: data).root) (see the YAJLModel article 'JSON, JSONValue, json and jsonRepresentation')")
    public init(parsing data: Data) { fatalError("unavailable") }
}

extension JSONModel {
    /// Unavailable: a model's object, as a view, is ``json``; see <doc:JSONTypes>.
    @available(*, unavailable, renamed: "json", message: "a model's JSON object, as a JSONValue view, is `json`; `jsonRepresentation` is an owned JSON copy (see the YAJLModel article 'JSON, JSONValue, json and jsonRepresentation')")
    public var jsonValue: JSONValue { fatalError("unavailable") }
}
