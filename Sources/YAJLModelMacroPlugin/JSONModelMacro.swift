import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@JSONModel`: adds the storage, initializers and validation to a struct, marks each
/// stored property for `@_JSONModelProperty`, and declares the `JSONModel` conformance.
public struct JSONModelMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
    // MARK: Members

    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let structDecl = declaration.as(StructDeclSyntax.self) else {
            diagnoseNotAStruct(declaration, node: node, in: context)
            return []
        }
        let (properties, problems) = ModelProperty.collect(in: structDecl.memberBlock.members, keys: keyStrategy(node))
        for problem in problems { diagnose(problem, in: context) }
        guard problems.isEmpty else { return [] }

        let access = accessLevel(of: structDecl)
        // One pass over the object's members through a per-type key table; a generic
        // struct cannot hold the table (no static stored properties), so it looks up each key.
        let usesKeyTable = structDecl.genericParameterClause == nil && !properties.isEmpty
        let typeName = structDecl.name.trimmedDescription
        let validations = properties.map { property in
            let hasDefault = property.defaultValue != nil
            if let discriminator = property.discriminator {
                let node = usesKeyTable ? "found[\(property.slot)]" : "_JSONModelSupport.node(of: json, key: \(StringLiteralExprSyntax(content: property.path[0])))"
                return "_JSONModelSupport.validate(\(node), \(keyArgument(property.path)), in: json, choosingBy: \(StringLiteralExprSyntax(content: discriminator)), codec: \(property.codec).self, hasDefault: \(hasDefault), into: &validation)"
            }
            return usesKeyTable
                ? "_JSONModelSupport.validate(found[\(property.slot)], \(keyArgument(property.path)), in: json, codec: \(property.codec).self, hasDefault: \(hasDefault), into: &validation)"
                : "_JSONModelSupport.validate(json, \(keyArgument(property.path)), codec: \(property.codec).self, hasDefault: \(hasDefault), into: &validation)"
        }
        let validationBody = if properties.isEmpty {
            "_ = (json, validation)"
        } else if usesKeyTable {
            "_JSONModelSupport.withMembers(of: json, table: _jsonKeys) { found in\n" + validations.joined(separator: "\n") + "\n}"
        } else {
            validations.joined(separator: "\n")
        }
        let descriptions = properties.map { "\(literal([$0.name]).dropFirst().dropLast()): self.\($0.identifier) as Any" }
        // A parameter named `self` would hide `self` in the initializer, so inside it takes another name.
        var selfParameter = "_self"
        while properties.contains(where: { $0.name == selfParameter }) { selfParameter = "_" + selfParameter }
        let arguments = properties.map { $0.name == "self" ? selfParameter : $0.identifier }
        let parameters = zip(properties, arguments).map { property, argument in
            let defaultValue = property.defaultValue.map { " = \($0)" } ?? (property.isOptional ? " = nil" : "")
            let name = argument == property.identifier ? argument : "\(property.identifier) \(argument)"
            return "\(name): \(property.type)\(defaultValue)"
        }
        let assignments = zip(properties, arguments).map { property, argument in
            "_JSONModelSupport.set(\(property.codec)._encode(\(argument)), at: \(literal(property.path)), in: &object, omittingNull: \(property.isOptional))"
        }

        var members: [DeclSyntax] = [
            "private var _storage: _JSONStorage",
            """
            /// The model's JSON object, unmapped keys included.
            \(raw: access)var json: JSONValue { _storage.json }
            """,
            "\(raw: access)var _jsonStorage: _JSONModelStorage { _storage }",
            """
            \(raw: access)init(_validatedJSON json: JSONValue) {
                _storage = _JSONStorage(json: json)
            }
            """,
            """
            /// A new model built from values.
            \(raw: access)init(\(raw: parameters.joined(separator: ", "))) {
                \(raw: properties.isEmpty ? "let" : "var") object: JSON = [:]
                \(raw: assignments.joined(separator: "\n"))
                self.init(_validatedJSON: _JSONModelSupport.document(for: object))
            }
            """,
            """
            \(raw: access)static func _validateProperties(of json: JSONValue, into validation: inout JSONValidation) {
                \(raw: validationBody)
            }
            """,
            """
            \(raw: access)var _propertyValues: KeyValuePairs<String, Any> {
                [\(raw: descriptions.isEmpty ? ":" : descriptions.joined(separator: ", "))]
            }
            """,
            storageClass(for: properties, keys: usesKeyTable ? "\(typeName)._jsonKeys" : nil),
        ]
        if usesKeyTable {
            members.append("private static let _jsonKeys = _JSONKeyTable(\(raw: literal(properties.map { literal($0.path) }, quoted: false)))")
        }
        if hasIdentityPreprocess(structDecl) {
            // Declared here, so that a `preprocess` in another extension is a redeclaration
            // error instead of a step that `_preprocessesInput` would skip.
            members.append("""
                /// No preprocessing: `init(parsing:)` parses `Data` in place, without a copy.
                \(raw: access)static func preprocess(_ bytes: [UInt8]) throws -> [UInt8] { bytes }
                """)
            members.append("\(raw: access)static var _preprocessesInput: Bool { false }")
        }
        return members
    }

    /// Protocols known not to supply a `preprocess` of their own.
    private static let protocolsWithoutPreprocess: Set<String> = [
        "JSONModel", "JSONConvertible", "JSONCodec", "Sendable", "Hashable", "Equatable", "Codable", "Encodable",
        "Decodable", "CustomStringConvertible", "CustomDebugStringConvertible", "Identifiable",
    ]

    /// Whether the model's `preprocess` is surely the identity: its body declares none, and
    /// it conforms to no protocol that could supply one (then the default, a copy, stays).
    private static func hasIdentityPreprocess(_ structDecl: StructDeclSyntax) -> Bool {
        let declaresPreprocess = structDecl.memberBlock.members.contains { member in
            member.decl.as(FunctionDeclSyntax.self)?.name.text == "preprocess"
        }
        let inherited = structDecl.inheritanceClause?.inheritedTypes ?? []
        let onlyKnownProtocols = inherited.allSatisfy { type in
            let name = type.type.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
            return protocolsWithoutPreprocess.contains(name)
        }
        return !declaresPreprocess && onlyKnownProtocols
    }

    /// The model's storage class: a cache field per property, typed `Optional<T>` (filled
    /// once read), and the nodes of the properties' values, found when the model is created
    /// through the key table `keys` (nil for a generic model: a lookup per property).
    private static func storageClass(for properties: [ModelProperty], keys: String?) -> DeclSyntax {
        guard !properties.isEmpty else {
            return """
                final class _JSONStorage: _JSONModelStorage, @unchecked Sendable {
                    init(copying other: _JSONStorage) {
                        super.init(copying: other)
                    }
                }
                """
        }
        // At least two nodes, so that `nodes` is a tuple and `nodes.0` reads the first.
        // Unsafe: the generated `nodes` tuple holds a `UInt32` per property (two at least), all `findNodes` writes through its bytes.
        let nodeCount = max(2, properties.count)
        let nodeType = "(" + Array(repeating: "UInt32", count: nodeCount).joined(separator: ", ") + ")"
        let zeros = "(" + Array(repeating: "0", count: nodeCount).joined(separator: ", ") + ")"
        let fields = properties.map { "@exclusivity(unchecked) var \(ModelProperty.cacheField(named: $0.name)): Optional<\($0.type)> = nil" }
        let copies = properties.filter { $0.slot < 64 }.map { property in
            let field = ModelProperty.cacheField(named: property.name)
            return "if _isCached(\(property.slot)) { \(field) = other.\(field) }"
        }
        let finding = if let keys {
            "_JSONModelSupport.findNodes(of: json, table: \(keys), into: $0)"
        } else {
            "_JSONModelSupport.findNodes(of: json, paths: \(literal(properties.map { literal($0.path) }, quoted: false)), into: $0)"
        }
        return """
            final class _JSONStorage: _JSONModelStorage, @unchecked Sendable {
                /// Where each property's value is in the JSON (0: missing), found when the model is created.
                @exclusivity(unchecked) var nodes: \(raw: nodeType) = \(raw: zeros)
                \(raw: fields.joined(separator: "\n"))

                override init(json: JSONValue) {
                    super.init(json: json)
                    withUnsafeMutableBytes(of: &nodes) { \(raw: finding) }
                }

                init(copying other: _JSONStorage) {
                    nodes = other.nodes
                    super.init(copying: other)
                    \(raw: copies.joined(separator: "\n"))
                }
            }
            """
    }

    // MARK: Member attributes

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        guard let structDecl = declaration.as(StructDeclSyntax.self),
            let variable = member.as(VariableDeclSyntax.self),
            let identifier = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier
        else { return [] }
        // Problems are reported once, by the member expansion; here they just mean "no accessors".
        let (properties, problems) = ModelProperty.collect(in: structDecl.memberBlock.members, keys: keyStrategy(node))
        guard problems.isEmpty, let property = properties.first(where: { $0.name == ModelProperty.unescaped(identifier) }) else { return [] }
        // The slots whose values lie under the same first key: a change to one may change the others.
        let overlapping = properties.filter { $0.slot != property.slot && $0.slot < 64 && $0.path.first == property.path.first }
            .reduce(UInt64(0)) { $0 | 1 << UInt64($1.slot) }
        let choice = property.discriminator.map { ", choosingBy: \(StringLiteralExprSyntax(content: $0))" } ?? ""
        return ["@_JSONModelProperty(slot: \(raw: property.slot), path: \(raw: literal(property.path)), codec: \(raw: property.codec).self, overlapping: \(raw: overlapping)\(raw: choice))"]
    }

    // MARK: Conformance

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let structDecl = declaration.as(StructDeclSyntax.self), !protocols.isEmpty else { return [] }
        // A model the member expansion rejected gets no conformance, which would only add errors.
        guard ModelProperty.collect(in: structDecl.memberBlock.members, keys: keyStrategy(node)).1.isEmpty else { return [] }
        // JSONModel, and Codable unless the struct already declares it.
        let conformances = protocols.map(\.trimmedDescription).joined(separator: ", ")
        return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: conformances) {}")]
    }

    // MARK: Helpers

    private static func keyStrategy(_ node: AttributeSyntax) -> KeyStrategy {
        guard let arguments = node.arguments?.as(LabeledExprListSyntax.self),
            let keys = arguments.first(where: { $0.label?.text == "keys" })
        else { return .useDefaultKeys }
        return keys.expression.trimmedDescription.hasSuffix("snakeCase") ? .snakeCase : .useDefaultKeys
    }

    /// `public ` or `package ` when the struct is, so the generated members satisfy the conformance.
    private static func accessLevel(of structDecl: StructDeclSyntax) -> String {
        for modifier in structDecl.modifiers where ["public", "package", "open"].contains(modifier.name.text) {
            return modifier.name.text == "open" ? "public " : "\(modifier.name.text) "
        }
        return ""
    }

    /// `key: "title"` for one key (a string literal: nothing to allocate per read), or
    /// `path: ["media", "m"]` for a dotted path.
    static func keyArgument(_ path: [String]) -> String {
        path.count == 1 ? "key: \(StringLiteralExprSyntax(content: path[0]))" : "path: \(literal(path))"
    }

    /// A Swift array literal of string literals, `["media", "m"]`, or with `quoted` false,
    /// of the expressions given.
    private static func literal(_ strings: [String], quoted: Bool = true) -> String {
        "[" + strings.map { quoted ? StringLiteralExprSyntax(content: $0).description : $0 }.joined(separator: ", ") + "]"
    }

    private static func diagnoseNotAStruct(_ declaration: some DeclGroupSyntax, node: AttributeSyntax, in context: some MacroExpansionContext) {
        let kind: String
        var fixIts: [FixIt] = []
        if let classDecl = declaration.as(ClassDeclSyntax.self) {
            kind = "a class"
            // `final` means nothing on a struct, so it goes with `class`.
            var modifiers = classDecl.modifiers.filter { $0.name.tokenKind != .keyword(.final) }
            var keyword = classDecl.classKeyword.with(\.tokenKind, .keyword(.struct))
            // Whatever preceded a removed leading `final` (a line break after the attribute) stays.
            if let first = classDecl.modifiers.first, first.name.tokenKind == .keyword(.final) {
                if let kept = modifiers.first, let index = modifiers.index(of: kept) {
                    modifiers[index] = kept.with(\.leadingTrivia, first.leadingTrivia)
                } else {
                    keyword = keyword.with(\.leadingTrivia, first.leadingTrivia)
                }
            }
            var changes: [FixIt.Change] = [.replace(oldNode: Syntax(classDecl.classKeyword), newNode: Syntax(keyword))]
            if modifiers.count != classDecl.modifiers.count {
                changes.append(.replace(oldNode: Syntax(classDecl.modifiers), newNode: Syntax(modifiers)))
            }
            fixIts.append(FixIt(message: ModelFixIt(message: "make it a struct"), changes: changes))
        } else if declaration.is(EnumDeclSyntax.self) {
            kind = "an enum (for a choice of models, conform it to JSONPolymorphic)"
        } else if declaration.is(ActorDeclSyntax.self) {
            kind = "an actor"
        } else {
            kind = "this declaration"
        }
        context.diagnose(Diagnostic(node: node, message: ModelDiagnostic.notAStruct(kind: kind), fixIts: fixIts))
    }

    private static func diagnose(_ problem: PropertyProblem, in context: some MacroExpansionContext) {
        var fixIts: [FixIt] = []
        if case .replaceLetWithVar(let token) = problem.fixIt {
            fixIts.append(FixIt(message: ModelFixIt(message: "replace 'let' with 'var'"),
                                changes: [.replace(oldNode: Syntax(token), newNode: Syntax(token.with(\.tokenKind, .keyword(.var))))]))
        }
        context.diagnose(Diagnostic(node: problem.node, message: problem.message, fixIts: fixIts))
    }
}
