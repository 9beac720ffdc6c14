import Foundation
import SwiftSyntax

/// A stored property that `@JSONModel` maps, as read from the struct's source.
struct ModelProperty {
    /// The property's name, without backticks: its key, and its label in descriptions.
    let name: String
    /// The name as a Swift identifier, backticked when written so (`` `public` ``).
    let identifier: String
    /// The declared type, as written (`URL?`, `[Photo]`, `JSONArray<Photo>`).
    let type: TypeSyntax
    /// The initial value, used when the key is missing.
    let defaultValue: ExprSyntax?
    /// The JSON keys from the model to the value: one, or several for a dotted path.
    let path: [String]
    /// The codec type that reads and writes the value.
    let codec: String
    let isOptional: Bool
    let slot: Int
    /// The sibling key whose string chooses the value's variant (`@JSONDiscriminator("type")`).
    let discriminator: String?
}

/// A reason a member cannot be mapped, found while collecting properties.
struct PropertyProblem {
    let node: Syntax
    let message: ModelDiagnostic
    let fixIt: FixItRecipe?
}

enum FixItRecipe {
    case replaceLetWithVar(TokenSyntax)
}

extension ModelProperty {
    /// The mapped properties of a struct, in declaration order, and the members that
    /// cannot be mapped. Static and computed properties are left alone.
    static func collect(in members: MemberBlockItemListSyntax, keys strategy: KeyStrategy) -> ([ModelProperty], [PropertyProblem]) {
        var properties: [ModelProperty] = []
        var problems: [PropertyProblem] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) { continue }
            if variable.bindings.contains(where: { $0.accessorBlock != nil }) { continue }  // computed, or observed
            if variable.modifiers.contains(where: { $0.name.text == "lazy" }) {
                problems.append(PropertyProblem(node: Syntax(variable), message: .lazyProperty, fixIt: nil))
                continue
            }
            if variable.bindingSpecifier.tokenKind == .keyword(.let) {
                problems.append(PropertyProblem(node: Syntax(variable.bindingSpecifier), message: .letProperty, fixIt: .replaceLetWithVar(variable.bindingSpecifier)))
                continue
            }
            guard variable.bindings.count == 1, let binding = variable.bindings.first else {
                problems.append(PropertyProblem(node: Syntax(variable), message: .severalBindings, fixIt: nil))
                continue
            }
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else {
                problems.append(PropertyProblem(node: Syntax(binding.pattern), message: .severalBindings, fixIt: nil))
                continue
            }
            let name = unescaped(identifier.identifier)
            guard let type = binding.typeAnnotation?.type else {
                problems.append(PropertyProblem(node: Syntax(binding), message: .missingType(name), fixIt: nil))
                continue
            }
            if ["json", "_storage", "_JSONStorage", "_jsonStorage", "_propertyValues"].contains(name) {
                problems.append(PropertyProblem(node: Syntax(identifier), message: .reservedName(name), fixIt: nil))
                continue
            }
            if let unsupported = unsupportedType(type) {
                problems.append(PropertyProblem(node: Syntax(type), message: .unsupportedType(type.trimmedDescription, unsupported), fixIt: nil))
                continue
            }

            let key = stringArgument(of: "JSONKey", in: variable.attributes)
            let path = key.map(Self.path(for:)) ?? [strategy.key(for: name)]
            let isOptional = type.is(OptionalTypeSyntax.self)
                || type.as(IdentifierTypeSyntax.self)?.name.text == "Optional"
            let codec: String
            if let transformer = transformerArgument(in: variable.attributes) {
                codec = isOptional ? "_JSONOptionalTransform<\(transformer)>" : transformer
            } else {
                codec = type.trimmedDescription
            }
            let discriminator = stringArgument(of: "JSONDiscriminator", in: variable.attributes)
            if discriminator != nil && path.count > 1 {
                problems.append(PropertyProblem(node: Syntax(variable), message: .discriminatorOfPath, fixIt: nil))
                continue
            }
            properties.append(ModelProperty(
                name: name, identifier: identifier.identifier.text, type: type.trimmed, defaultValue: binding.initializer?.value.trimmed,
                path: path, codec: codec, isOptional: isOptional, slot: properties.count, discriminator: discriminator))
        }
        return (properties, problems)
    }

    /// A name as written, without the backticks that let a keyword be one (`` `public` `` → `public`).
    static func unescaped(_ token: TokenSyntax) -> String {
        token.text.filter { $0 != "`" }
    }

    /// The name of a property's cache field in the model's storage class: `titleCache`.
    /// A suffix keeps names that are keywords (`` `self` ``, `` `Type` ``) or the storage's
    /// own members (`json`, `nodes`) from meaning anything else there.
    static func cacheField(named name: String) -> String { name + "Cache" }

    static func cacheField(of identifier: TokenSyntax) -> String { cacheField(named: unescaped(identifier)) }

    /// `media.m` → ["media", "m"]; `/a.b/c~1d` (a JSON Pointer) → ["a.b", "c/d"].
    static func path(for key: String) -> [String] {
        if key.hasPrefix("/") {
            return key.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            }
        }
        return key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// Why a type can never be read from JSON, if it is a kind of type that never can.
    private static func unsupportedType(_ type: TypeSyntax) -> String? {
        // `(T)` is T in parentheses, not a tuple: `((String) -> Int)?` is a function.
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
            let only = tuple.elements.first, only.firstName == nil
        {
            return unsupportedType(only.type)
        }
        if type.is(FunctionTypeSyntax.self) { return "a function" }
        if type.is(TupleTypeSyntax.self) { return "a tuple" }
        if type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return "implicitly unwrapped; use '?'" }
        if type.is(SomeOrAnyTypeSyntax.self) { return "an opaque or existential type" }
        if let optional = type.as(OptionalTypeSyntax.self) { return unsupportedType(optional.wrappedType) }
        return nil
    }

    private static func attribute(named name: String, in attributes: AttributeListSyntax) -> AttributeSyntax? {
        for element in attributes {
            if let attribute = element.as(AttributeSyntax.self), attribute.attributeName.trimmedDescription == name {
                return attribute
            }
        }
        return nil
    }

    private static func stringArgument(of name: String, in attributes: AttributeListSyntax) -> String? {
        guard let argument = attribute(named: name, in: attributes)?.arguments?.as(LabeledExprListSyntax.self)?.first,
            let literal = argument.expression.as(StringLiteralExprSyntax.self)
        else { return nil }
        return literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
    }

    /// `@JSONTransform(EpochSeconds.self)` → "EpochSeconds".
    private static func transformerArgument(in attributes: AttributeListSyntax) -> String? {
        guard let argument = attribute(named: "JSONTransform", in: attributes)?.arguments?.as(LabeledExprListSyntax.self)?.first
        else { return nil }
        let text = argument.expression.trimmedDescription
        return text.hasSuffix(".self") ? String(text.dropLast(5)) : text
    }
}
