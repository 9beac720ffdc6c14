import SwiftSyntax
import SwiftSyntaxMacros

/// `@_JSONModelProperty(slot:key:codec:)` or `(slot:path:codec:)`, written by `@JSONModel` on each stored
/// property: the getter reads through the model's storage (decoded once, then
/// cached); the setter records the change there, copying the storage first when
/// another model value shares it. A property with an initial value also gets an empty `init` accessor,
/// which lets it keep its initial value in the source: that value is the default
/// for a missing key.
public struct JSONModelPropertyMacro: AccessorMacro {
    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
            let arguments = node.arguments?.as(LabeledExprListSyntax.self), arguments.count == 3
        else { return [] }
        let values = Array(arguments)
        let slot = values[0].expression.trimmedDescription
        let location = "\(values[1].label?.text ?? "key"): \(values[1].expression.trimmedDescription)"
        let codec = values[2].expression.trimmedDescription
        let defaultValue = binding.initializer?.value.trimmedDescription ?? "nil"

        var accessors: [AccessorDeclSyntax] = []
        if binding.initializer != nil {
            accessors.append("init(initialValue) {}")
        }
        accessors.append(
            """
            get {
                _storage.value(slot: \(raw: slot), \(raw: location), codec: \(raw: codec), default: \(raw: defaultValue))
            }
            """)
        accessors.append(
            """
            set {
                _JSONModelStorage.set(newValue, in: &_storage, slot: \(raw: slot), \(raw: location), codec: \(raw: codec))
            }
            """)
        return accessors
    }
}
