import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing
import YAJLModelMacroPlugin

@Suite("@JSONModel diagnostics")
struct JSONModelMacroDiagnosticsTests {
    static let notAStructPrefix = "@JSONModel applies to a struct, not to "
    static let notAStructSuffix = ": a model is a value, copied on write"

    @Test func onAnEnum() {
        assertModelExpansion(
            """
            @JSONModel
            enum Kind {
                case photo
            }
            """,
            expandedSource: """
            enum Kind {
                case photo
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: Self.notAStructPrefix + "an enum (for a choice of models, conform it to JSONPolymorphic)" + Self.notAStructSuffix,
                    line: 1, column: 1)
            ])
    }

    @Test func onAClassWithAFixIt() {
        assertModelExpansion(
            """
            @JSONModel
            class Photo {
                var title: String
            }
            """,
            expandedSource: """
            class Photo {
                var title: String
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: Self.notAStructPrefix + "a class" + Self.notAStructSuffix, line: 1, column: 1,
                    fixIts: [FixItSpec(message: "make it a struct")])
            ],
            fixedSource: """
            @JSONModel
            struct Photo {
                var title: String
            }
            """)
    }

    /// The fix-it must leave valid Swift: a struct cannot be `final`.
    @Test func onAFinalClassTheFixItDropsFinal() {
        assertModelExpansion(
            """
            @JSONModel
            final class Photo {
                var title: String
            }
            """,
            expandedSource: """
            final class Photo {
                var title: String
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: Self.notAStructPrefix + "a class" + Self.notAStructSuffix, line: 1, column: 1,
                    fixIts: [FixItSpec(message: "make it a struct")])
            ],
            fixedSource: """
            @JSONModel
            struct Photo {
                var title: String
            }
            """)
    }

    @Test func onAnActor() {
        assertModelExpansion(
            """
            @JSONModel
            actor Cache {
                var title: String
            }
            """,
            expandedSource: """
            actor Cache {
                var title: String
            }
            """,
            diagnostics: [DiagnosticSpec(message: Self.notAStructPrefix + "an actor" + Self.notAStructSuffix, line: 1, column: 1)])
    }

    @Test func letPropertyWithAFixIt() {
        assertModelExpansion(
            """
            @JSONModel
            struct Photo {
                let title: String
            }
            """,
            expandedSource: """
            struct Photo {
                let title: String
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "a 'let' property of a @JSONModel cannot be read from JSON; declare it with 'var' (models stay immutable unless you mutate a copy)",
                    line: 3, column: 5, fixIts: [FixItSpec(message: "replace 'let' with 'var'")])
            ],
            fixedSource: """
            @JSONModel
            struct Photo {
                var title: String
            }
            """)
    }

    @Test func lazyProperty() {
        assertModelExpansion(
            """
            @JSONModel
            struct Photo {
                lazy var title: String = "x"
            }
            """,
            expandedSource: """
            struct Photo {
                lazy var title: String = "x"
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "a 'lazy' property of a @JSONModel is not read from JSON; every mapped property is already lazy",
                    line: 3, column: 5)
            ])
    }

    @Test func missingTypeAnnotation() {
        assertModelExpansion(
            """
            @JSONModel
            struct Photo {
                var views = 0
            }
            """,
            expandedSource: """
            struct Photo {
                var views = 0
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'views' needs an explicit type, such as 'var views: Int = …', so @JSONModel knows how to read it",
                    line: 3, column: 9)
            ])
    }

    @Test(arguments: [
        ("(Int, Int)", "a tuple"),
        ("() -> Void", "a function"),
        ("((String) -> Int)?", "a function"),
        ("String!", "implicitly unwrapped; use '?'"),
        ("any Error", "an opaque or existential type"),
    ])
    func unsupportedTypes(type: String, why: String) {
        assertModelExpansion(
            """
            @JSONModel
            struct Photo {
                var value: \(type)
            }
            """,
            expandedSource: """
            struct Photo {
                var value: \(type)
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "'\(type)' cannot be read from JSON (\(why)); use a type that conforms to JSONConvertible", line: 3, column: 16)
            ])
    }

    @Test(arguments: ["json", "_storage", "_jsonStorage", "_propertyValues"])
    func reservedNames(name: String) {
        assertModelExpansion(
            """
            @JSONModel
            struct Photo {
                var \(name): String
            }
            """,
            expandedSource: """
            struct Photo {
                var \(name): String
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'\(name)' is a name that @JSONModel generates; rename the property and map it with @JSONKey(\"\(name)\")",
                    line: 3, column: 9)
            ])
    }

    @Test func severalBindingsInOneDeclaration() {
        assertModelExpansion(
            """
            @JSONModel
            struct Point {
                var x: Int, y: Int
            }
            """,
            expandedSource: """
            struct Point {
                var x: Int, y: Int
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "declare one property per 'var' in a @JSONModel, so each can have its own key", line: 3, column: 5)
            ])
    }

    /// Every problem is reported at once, and no members are generated (the conformance
    /// extension still is).
    @Test func allProblemsAreReported() {
        assertModelExpansion(
            """
            @JSONModel
            struct Photo {
                let a: Int
                var json: String
                var c = 1
            }
            """,
            expandedSource: """
            struct Photo {
                let a: Int
                var json: String
                var c = 1
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "a 'let' property of a @JSONModel cannot be read from JSON; declare it with 'var' (models stay immutable unless you mutate a copy)",
                    line: 3, column: 5, fixIts: [FixItSpec(message: "replace 'let' with 'var'")]),
                DiagnosticSpec(
                    message: "'json' is a name that @JSONModel generates; rename the property and map it with @JSONKey(\"json\")",
                    line: 4, column: 9),
                DiagnosticSpec(
                    message: "'c' needs an explicit type, such as 'var c: Int = …', so @JSONModel knows how to read it",
                    line: 5, column: 9),
            ])
    }

    /// Computed, static and observed properties and methods are not mapped, and are not errors.
    @Test func computedAndStaticPropertiesAreLeftAlone() {
        assertModelExpansion(
            """
            @JSONModel
            struct Counter {
                static var shared: Int = 0
                static let name = "counter"
                var doubled: Int { 2 }
                var named: String {
                    get { "n" }
                }
                func reset() {}
            }
            """,
            expandedSource: """
            struct Counter {
                static var shared: Int = 0
                static let name = "counter"
                var doubled: Int { 2 }
                var named: String {
                    get { "n" }
                }
                func reset() {}

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

            extension Counter: JSONModel, Codable {
            }
            """)
    }
}
