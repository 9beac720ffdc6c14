import Foundation

/// A struct read lazily from JSON. Declare one with the `@JSONModel` macro (from the
/// `YAJLModelMacros` product), which writes the requirements below.
///
/// A model is a view over a ``JSONValue``. Creating one validates the JSON reachable
/// through its declared properties (every required key present, every value of the
/// right kind, every conversion successful) without building any values; each
/// property is then decoded on first read and cached. A model that exists is valid,
/// so its getters never throw.
public protocol JSONModel: JSONConvertible, Hashable, CustomStringConvertible, CustomDebugStringConvertible, Sendable {
    /// The model's backing JSON object, unmapped keys included (with any changes made to the
    /// model), as a ``JSONValue`` view; ``JSONConvertible/jsonRepresentation`` is an owned
    /// ``JSON`` copy (see <doc:JSONTypes>).
    var json: JSONValue { get }

    /// The model's storage: its original JSON, cached property values and changes. Generated.
    var _jsonStorage: _JSONModelStorage { get }

    /// Wraps JSON that `_validateProperties(of:into:)` accepted. Generated.
    init(_validatedJSON json: JSONValue)

    /// Checks every declared property of `json`. Generated.
    static func _validateProperties(of json: JSONValue, into validation: inout JSONValidation)

    /// The declared properties and their values, for descriptions. Generated.
    var _propertyValues: KeyValuePairs<String, Any> { get }

    /// Rewrites the raw bytes before they are parsed by `init(parsing:)`; the default
    /// returns them unchanged. A feed that escapes `'` as `\'` (invalid JSON) can be
    /// repaired here with ``JSONPreprocessing/unescapingSingleQuotes(_:)``.
    ///
    /// Declare it in the model's own body: `@JSONModel` sees it there. A model without one
    /// gets the identity from the macro, so `init(parsing:)` parses `Data` where it lies,
    /// and a `preprocess` declared in another extension is then a redeclaration error
    /// rather than a step silently skipped.
    static func preprocess(_ bytes: [UInt8]) throws -> [UInt8]

    /// Whether `init(parsing:)` must pass the input through ``preprocess(_:)``, which takes
    /// it as `[UInt8]` (a copy of `Data`). Generated: false when the macro knows `preprocess`
    /// is its identity; true by default.
    static var _preprocessesInput: Bool { get }

    /// Rewrites the parsed JSON before the model reads it (ICJSONMapper's
    /// `transformJSONRepresentationBeforeMapping`); the default returns it unchanged.
    static func transform(_ json: JSONValue) throws -> JSONValue
}

extension JSONModel {
    // The defaults and the nested-model checks below are inlinable: a model nested in
    // another, or held in a typed array, is checked and built once per element, and
    // specializing these calls removes a witness-table hop and a transform call from each.
    @inlinable
    public static func preprocess(_ bytes: [UInt8]) throws -> [UInt8] { bytes }
    @inlinable
    public static func transform(_ json: JSONValue) throws -> JSONValue { json }
    public static var _preprocessesInput: Bool { true }

    /// Reads a model from `json`, checking everything its properties reach first.
    /// - Throws: ``JSONModelError`` listing every problem, each with its path and offset.
    public init(json: JSONValue) throws(JSONModelError) {
        self = try Self.checked(json)
    }

    private static func checked(_ json: JSONValue) throws(JSONModelError) -> Self {
        let transformed = try applyingTransform(json)
        var validation = JSONValidation()
        validateObject(transformed, into: &validation)
        guard validation.isValid else { throw JSONModelError(issues: validation.issues(relativeTo: transformed)) }
        return Self(_validatedJSON: transformed)
    }

    /// Parses `data` (after ``preprocess(_:)``) and reads a model from it.
    ///
    /// Without a `preprocess` step, the document keeps `data` itself as its input: no copy.
    public init(parsing data: Data, options: JSONParseOptions = .init()) throws(JSONModelError) {
        guard Self._preprocessesInput else {
            self = try Self.checked(Self.parsed { () throws(JSONError) in try JSONDocument(parsing: data, options: options) }.root)
            return
        }
        try self.init(parsing: Array(data), options: options)
    }

    /// Parses `text` (after ``preprocess(_:)``) and reads a model from it.
    public init(parsing text: String, options: JSONParseOptions = .init()) throws(JSONModelError) {
        try self.init(parsing: Array(text.utf8), options: options)
    }

    /// Parses `bytes` (after ``preprocess(_:)``) and reads a model from it.
    public init(parsing bytes: [UInt8], options: JSONParseOptions = .init()) throws(JSONModelError) {
        let prepared: [UInt8]
        do {
            prepared = try Self.preprocess(bytes)
        } catch {
            throw JSONModelError(issues: [.init(path: "", offset: 0, reason: .invalidValue("preprocessing failed: \(error)"))])
        }
        self = try Self.checked(Self.parsed { () throws(JSONError) in try JSONDocument(parsing: prepared, options: options) }.root)
    }

    /// The document `parse` makes, its `JSONError` reported as the model's.
    private static func parsed(_ parse: () throws(JSONError) -> JSONDocument) throws(JSONModelError) -> JSONDocument {
        do throws(JSONError) {
            return try parse()
        } catch {
            throw JSONModelError(issues: [.init(path: "", offset: error.offset, reason: .invalidJSON(error), location: error.location)])
        }
    }

    // MARK: JSONCodec, so models nest in models, arrays and dictionaries

    @inlinable
    public static func _validate(_ json: JSONValue, into validation: inout JSONValidation) {
        do {
            validateObject(try applyingTransform(json), into: &validation)
        } catch {
            for issue in error.issues { validation.report(issue, inside: json) }
        }
    }

    @inlinable
    public static func _decode(validated json: JSONValue) -> Self {
        // The transform succeeded on this same value during validation.
        Self(_validatedJSON: (try? applyingTransform(json)) ?? json)
    }

    public var jsonRepresentation: JSON { JSON(json) }

    @inlinable
    static func validateObject(_ json: JSONValue, into validation: inout JSONValidation) {
        guard json.kind == .object else { return validation.reportKind("object", at: json) }
        _validateProperties(of: json, into: &validation)
    }

    @inlinable
    static func applyingTransform(_ json: JSONValue) throws(JSONModelError) -> JSONValue {
        do {
            return try transform(json)
        } catch {
            throw JSONModelError(transformFailed: error, at: json)
        }
    }

    // MARK: Equality, writing and interop

    /// Models are equal when their JSON is (see ``JSONValue``'s `==`), unmapped keys included.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.json == rhs.json }

    public func hash(into hasher: inout Hasher) { hasher.combine(json) }

    /// The model's JSON; see ``JSONValue/jsonData(options:)``.
    ///
    /// With no options, a model read from a whole document (`init(parsing:)`, or a
    /// document's ``JSONDocument/root``) writes that document's text exactly, white space
    /// around the root and a final newline included; a model read from a value inside one
    /// writes the value's text. A changed model is written from its changes: every unmapped
    /// key, the key order, every untouched value's original text and the text around the
    /// root are kept; new keys go at the end of their object, spaced as its members are.
    /// See <doc:Mutation>.
    public func jsonData(options: JSONWriteOptions = []) -> Data {
        let storage = _jsonStorage
        if options.isEmpty, let text = storage.editedText { return Data(text) }
        if options.isEmpty, storage.isDocumentRoot { return storage.original.document.jsonData() }
        return json.jsonData(options: options)
    }

    /// The model's JSON as a string; see ``jsonData(options:)``.
    public func jsonString(options: JSONWriteOptions = []) -> String {
        let storage = _jsonStorage
        if options.isEmpty, let text = storage.editedText { return String(decoding: text, as: UTF8.self) }
        if options.isEmpty, storage.isDocumentRoot { return storage.original.document.jsonString() }
        return json.jsonString(options: options)
    }

    /// A copy of this model with the changes `body` makes, after NTJsonModel's `mutate:`.
    ///
    /// ```swift
    /// let older = user.mutating { $0.age += 1 }
    /// ```
    public func mutating(_ body: (inout Self) throws -> Void) rethrows -> Self {
        var copy = self
        try body(&copy)
        return copy
    }

    /// The model's JSON as Foundation objects (`[String: Any]`), as JAGPropertyConverter returned.
    public var foundationObject: [String: Any] { json.foundationObject as? [String: Any] ?? [:] }

    // MARK: Descriptions

    /// `Photo(title: "Bridge", link: https://…, media: Media(…))`: the declared
    /// properties, with nested models abbreviated.
    public var description: String {
        let fields = _propertyValues.map { "\($0.key): \(JSONModelDescription.short($0.value))" }
        return "\(Self.self)(\(fields.joined(separator: ", ")))"
    }

    /// Every declared property, nested models and arrays of models in full, one per line.
    public var debugDescription: String { JSONModelDescription.full(self, indent: 0) }
}

enum JSONModelDescription {
    static func short(_ value: Any) -> String {
        switch value {
        case let model as any JSONModel: "\(type(of: model))(…)"
        case let text as String: text.debugDescription
        case let array as any Collection where !(value is any StringProtocol): "[\(array.count) elements]"
        default: "\(value)"
        }
    }

    static func full(_ value: Any, indent: Int) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        switch value {
        case let model as any JSONModel:
            let fields = model._propertyValues.map { "\(pad)\($0.key): \(full($0.value, indent: indent + 1))" }
            return "\(type(of: model)) {\n\(fields.joined(separator: "\n"))\n\(String(repeating: "  ", count: indent))}"
        case let text as String:
            return text.debugDescription
        case let elements as any RandomAccessCollection where value is any Sequence && !(value is JSONValue):
            let items = (elements as any Sequence).map { "\(pad)\(full($0, indent: indent + 1))" }
            return items.isEmpty ? "[]" : "[\n\(items.joined(separator: "\n"))\n\(String(repeating: "  ", count: indent))]"
        default:
            return "\(value)"
        }
    }
}
