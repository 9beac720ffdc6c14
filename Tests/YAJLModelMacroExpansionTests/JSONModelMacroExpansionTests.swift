import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing
import YAJLModelMacroPlugin

/// The macros as the compiler sees them. `JSONModel` declares the `JSONModel` conformance,
/// so its extension is only written when the conformance is asked for.
let modelMacroSpecs: [String: MacroSpec] = [
    "JSONModel": MacroSpec(type: JSONModelMacro.self, conformances: ["JSONModel", "Codable"]),
    "_JSONModelProperty": MacroSpec(type: JSONModelPropertyMacro.self),
    "JSONKey": MacroSpec(type: MarkerMacro.self),
    "JSONTransform": MacroSpec(type: MarkerMacro.self),
    "JSONDiscriminator": MacroSpec(type: MarkerMacro.self),
]

/// `assertMacroExpansion` from SwiftSyntaxMacrosTestSupport reports through `XCTFail`,
/// which Swift Testing does not see; this reports its failures as Swift Testing issues.
func assertModelExpansion(
    _ source: String, expandedSource: String, diagnostics: [DiagnosticSpec] = [],
    applyFixIts: [String]? = nil, fixedSource: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source, expandedSource: expandedSource, diagnostics: diagnostics, macroSpecs: modelMacroSpecs,
        applyFixIts: applyFixIts, fixedSource: fixedSource,
        failureHandler: { Issue.record(Comment(rawValue: $0.message), sourceLocation: sourceLocation) })
}

@Suite("@JSONModel expansion")
struct JSONModelMacroExpansionTests {
    @Test func smallStruct() {
        assertModelExpansion(
            #"""
            @JSONModel
            struct Photo {
                var title: String
                @JSONKey("media.m") var imageURL: URL
                @JSONTransform(EpochSeconds.self) var taken: Date?
                var views: Int = 0
            }
            """#,
            expandedSource: #"""
            struct Photo {
                var title: String {
                    get {
                        if _storage._isCached(0) {
                            return _storage.titleCache.unsafelyUnwrapped
                        }
                        let value = _storage._read(_storage.nodes.0, at: ["title"], codec: String.self, default: nil)
                        if _storage._claim(0, for: String.self) {
                            _storage.titleCache = value
                            _storage._publish(0)
                        }
                        return value
                    }
                    set {
                        if !isKnownUniquelyReferenced(&_storage) {
                            _storage = _JSONStorage(copying: _storage)
                        }
                        _storage._record(newValue, slot: 0, at: ["title"], codec: String.self, overlapping: 0)
                        _storage.titleCache = newValue
                    }
                }
                var imageURL: URL {
                    get {
                        if _storage._isCached(1) {
                            return _storage.imageURLCache.unsafelyUnwrapped
                        }
                        let value = _storage._read(_storage.nodes.1, at: ["media", "m"], codec: URL.self, default: nil)
                        if _storage._claim(1, for: URL.self) {
                            _storage.imageURLCache = value
                            _storage._publish(1)
                        }
                        return value
                    }
                    set {
                        if !isKnownUniquelyReferenced(&_storage) {
                            _storage = _JSONStorage(copying: _storage)
                        }
                        _storage._record(newValue, slot: 1, at: ["media", "m"], codec: URL.self, overlapping: 0)
                        _storage.imageURLCache = newValue
                    }
                }
                var taken: Date? {
                    get {
                        if _storage._isCached(2) {
                            return _storage.takenCache.unsafelyUnwrapped
                        }
                        let value = _storage._read(_storage.nodes.2, at: ["taken"], codec: _JSONOptionalTransform<EpochSeconds>.self, default: nil)
                        if _storage._claim(2, for: _JSONOptionalTransform<EpochSeconds>.self) {
                            _storage.takenCache = value
                            _storage._publish(2)
                        }
                        return value
                    }
                    set {
                        if !isKnownUniquelyReferenced(&_storage) {
                            _storage = _JSONStorage(copying: _storage)
                        }
                        _storage._record(newValue, slot: 2, at: ["taken"], codec: _JSONOptionalTransform<EpochSeconds>.self, overlapping: 0)
                        _storage.takenCache = newValue
                    }
                }
                var views: Int {
                    init(initialValue) {
                    }
                    get {
                        if _storage._isCached(3) {
                            return _storage.viewsCache.unsafelyUnwrapped
                        }
                        let value = _storage._read(_storage.nodes.3, at: ["views"], codec: Int.self, default: 0)
                        if _storage._claim(3, for: Int.self) {
                            _storage.viewsCache = value
                            _storage._publish(3)
                        }
                        return value
                    }
                    set {
                        if !isKnownUniquelyReferenced(&_storage) {
                            _storage = _JSONStorage(copying: _storage)
                        }
                        _storage._record(newValue, slot: 3, at: ["views"], codec: Int.self, overlapping: 0)
                        _storage.viewsCache = newValue
                    }
                }

                private var _storage: _JSONStorage

                /// The model's JSON object, unmapped keys included.
                var json: JSONValue {
                    _storage.json
                }

                var _jsonStorage: _JSONModelStorage {
                    _storage
                }

                init(_validatedJSON json: JSONValue) {
                    _storage = _JSONStorage(json: json)
                }

                /// A new model built from values.
                init(title: String, imageURL: URL, taken: Date? = nil, views: Int = 0) {
                    var object: JSON = [:]
                    _JSONModelSupport.set(String._encode(title), at: ["title"], in: &object, omittingNull: false)
                    _JSONModelSupport.set(URL._encode(imageURL), at: ["media", "m"], in: &object, omittingNull: false)
                    _JSONModelSupport.set(_JSONOptionalTransform<EpochSeconds>._encode(taken), at: ["taken"], in: &object, omittingNull: true)
                    _JSONModelSupport.set(Int._encode(views), at: ["views"], in: &object, omittingNull: false)
                    self.init(_validatedJSON: _JSONModelSupport.document(for: object))
                }

                static func _validateProperties(of json: JSONValue, into validation: inout JSONValidation) {
                    _JSONModelSupport.withMembers(of: json, table: _jsonKeys) { found in
                        _JSONModelSupport.validate(found[0], key: "title", in: json, codec: String.self, hasDefault: false, into: &validation)
                        _JSONModelSupport.validate(found[1], path: ["media", "m"], in: json, codec: URL.self, hasDefault: false, into: &validation)
                        _JSONModelSupport.validate(found[2], key: "taken", in: json, codec: _JSONOptionalTransform<EpochSeconds>.self, hasDefault: false, into: &validation)
                        _JSONModelSupport.validate(found[3], key: "views", in: json, codec: Int.self, hasDefault: true, into: &validation)
                    }
                }

                var _propertyValues: KeyValuePairs<String, Any> {
                    ["title": self.title as Any, "imageURL": self.imageURL as Any, "taken": self.taken as Any, "views": self.views as Any]
                }

                final class _JSONStorage: _JSONModelStorage, @unchecked Sendable {
                    /// Where each property's value is in the JSON (0: missing), found when the model is created.
                    @exclusivity(unchecked) var nodes: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
                    @exclusivity(unchecked) var titleCache: Optional<String> = nil
                    @exclusivity(unchecked) var imageURLCache: Optional<URL> = nil
                    @exclusivity(unchecked) var takenCache: Optional<Date?> = nil
                    @exclusivity(unchecked) var viewsCache: Optional<Int> = nil

                    override init(json: JSONValue) {
                        super.init(json: json)
                        withUnsafeMutableBytes(of: &nodes) {
                            _JSONModelSupport.findNodes(of: json, table: Photo._jsonKeys, into: $0)
                        }
                    }

                    init(copying other: _JSONStorage) {
                        nodes = other.nodes
                        super.init(copying: other)
                        if _isCached(0) {
                            titleCache = other.titleCache
                        }
                        if _isCached(1) {
                            imageURLCache = other.imageURLCache
                        }
                        if _isCached(2) {
                            takenCache = other.takenCache
                        }
                        if _isCached(3) {
                            viewsCache = other.viewsCache
                        }
                    }
                }

                private static let _jsonKeys = _JSONKeyTable([["title"], ["media", "m"], ["taken"], ["views"]])

                /// No preprocessing: `init(parsing:)` parses `Data` in place, without a copy.
                static func preprocess(_ bytes: [UInt8]) throws -> [UInt8] {
                    bytes
                }

                static var _preprocessesInput: Bool {
                    false
                }
            }

            extension Photo: JSONModel, Codable {
            }
            """#)
    }

    /// A public struct gets public members; snake_case keys, a pointer key, and the
    /// members that are not mapped (computed, static, methods) are left as written.
    @Test func publicStructWithSnakeCaseAndUnmappedMembers() {
        assertModelExpansion(
            #"""
            @JSONModel(keys: .snakeCase)
            public struct User {
                public var firstName: String
                @JSONKey("/a.b/c") var dotted: Int
                static let kind = "user"
                var display: String { firstName }
                func greet() -> String { "hi" }
            }
            """#,
            expandedSource: #"""
            public struct User {
                public var firstName: String {
                    get {
                        if _storage._isCached(0) {
                            return _storage.firstNameCache.unsafelyUnwrapped
                        }
                        let value = _storage._read(_storage.nodes.0, at: ["first_name"], codec: String.self, default: nil)
                        if _storage._claim(0, for: String.self) {
                            _storage.firstNameCache = value
                            _storage._publish(0)
                        }
                        return value
                    }
                    set {
                        if !isKnownUniquelyReferenced(&_storage) {
                            _storage = _JSONStorage(copying: _storage)
                        }
                        _storage._record(newValue, slot: 0, at: ["first_name"], codec: String.self, overlapping: 0)
                        _storage.firstNameCache = newValue
                    }
                }
                var dotted: Int {
                    get {
                        if _storage._isCached(1) {
                            return _storage.dottedCache.unsafelyUnwrapped
                        }
                        let value = _storage._read(_storage.nodes.1, at: ["a.b", "c"], codec: Int.self, default: nil)
                        if _storage._claim(1, for: Int.self) {
                            _storage.dottedCache = value
                            _storage._publish(1)
                        }
                        return value
                    }
                    set {
                        if !isKnownUniquelyReferenced(&_storage) {
                            _storage = _JSONStorage(copying: _storage)
                        }
                        _storage._record(newValue, slot: 1, at: ["a.b", "c"], codec: Int.self, overlapping: 0)
                        _storage.dottedCache = newValue
                    }
                }
                static let kind = "user"
                var display: String { firstName }
                func greet() -> String { "hi" }

                private var _storage: _JSONStorage

                /// The model's JSON object, unmapped keys included.
                public var json: JSONValue {
                    _storage.json
                }

                public var _jsonStorage: _JSONModelStorage {
                    _storage
                }

                public init(_validatedJSON json: JSONValue) {
                    _storage = _JSONStorage(json: json)
                }

                /// A new model built from values.
                public init(firstName: String, dotted: Int) {
                    var object: JSON = [:]
                    _JSONModelSupport.set(String._encode(firstName), at: ["first_name"], in: &object, omittingNull: false)
                    _JSONModelSupport.set(Int._encode(dotted), at: ["a.b", "c"], in: &object, omittingNull: false)
                    self.init(_validatedJSON: _JSONModelSupport.document(for: object))
                }

                public static func _validateProperties(of json: JSONValue, into validation: inout JSONValidation) {
                    _JSONModelSupport.withMembers(of: json, table: _jsonKeys) { found in
                        _JSONModelSupport.validate(found[0], key: "first_name", in: json, codec: String.self, hasDefault: false, into: &validation)
                        _JSONModelSupport.validate(found[1], path: ["a.b", "c"], in: json, codec: Int.self, hasDefault: false, into: &validation)
                    }
                }

                public var _propertyValues: KeyValuePairs<String, Any> {
                    ["firstName": self.firstName as Any, "dotted": self.dotted as Any]
                }

                final class _JSONStorage: _JSONModelStorage, @unchecked Sendable {
                    /// Where each property's value is in the JSON (0: missing), found when the model is created.
                    @exclusivity(unchecked) var nodes: (UInt32, UInt32) = (0, 0)
                    @exclusivity(unchecked) var firstNameCache: Optional<String> = nil
                    @exclusivity(unchecked) var dottedCache: Optional<Int> = nil

                    override init(json: JSONValue) {
                        super.init(json: json)
                        withUnsafeMutableBytes(of: &nodes) {
                            _JSONModelSupport.findNodes(of: json, table: User._jsonKeys, into: $0)
                        }
                    }

                    init(copying other: _JSONStorage) {
                        nodes = other.nodes
                        super.init(copying: other)
                        if _isCached(0) {
                            firstNameCache = other.firstNameCache
                        }
                        if _isCached(1) {
                            dottedCache = other.dottedCache
                        }
                    }
                }

                private static let _jsonKeys = _JSONKeyTable([["first_name"], ["a.b", "c"]])

                /// No preprocessing: `init(parsing:)` parses `Data` in place, without a copy.
                public static func preprocess(_ bytes: [UInt8]) throws -> [UInt8] {
                    bytes
                }

                public static var _preprocessesInput: Bool {
                    false
                }
            }

            extension User: JSONModel, Codable {
            }
            """#)
    }

    @Test func emptyStruct() {
        assertModelExpansion(
            """
            @JSONModel
            struct Empty {
            }
            """,
            expandedSource: """
            struct Empty {

                private var _storage: _JSONStorage

                /// The model's JSON object, unmapped keys included.
                var json: JSONValue {
                    _storage.json
                }

                var _jsonStorage: _JSONModelStorage {
                    _storage
                }

                init(_validatedJSON json: JSONValue) {
                    _storage = _JSONStorage(json: json)
                }

                /// A new model built from values.
                init() {
                    let object: JSON = [:]

                    self.init(_validatedJSON: _JSONModelSupport.document(for: object))
                }

                static func _validateProperties(of json: JSONValue, into validation: inout JSONValidation) {
                    _ = (json, validation)
                }

                var _propertyValues: KeyValuePairs<String, Any> {
                    [:]
                }

                final class _JSONStorage: _JSONModelStorage, @unchecked Sendable {
                    init(copying other: _JSONStorage) {
                        super.init(copying: other)
                    }
                }

                /// No preprocessing: `init(parsing:)` parses `Data` in place, without a copy.
                static func preprocess(_ bytes: [UInt8]) throws -> [UInt8] {
                    bytes
                }

                static var _preprocessesInput: Bool {
                    false
                }
            }

            extension Empty: JSONModel, Codable {
            }
            """)
    }

    /// The helper reports a mismatch as a test issue (and so can fail).
    @Test func aWrongExpectationIsReported() {
        var failures: [String] = []
        assertMacroExpansion(
            "@JSONModel struct A { var x: Int }", expandedSource: "struct A { var x: Int }", macroSpecs: modelMacroSpecs,
            failureHandler: { failures.append($0.message) })
        #expect(failures.count == 1)
        #expect(failures.first?.contains("did not produce the expected expanded source") == true)
    }
}
