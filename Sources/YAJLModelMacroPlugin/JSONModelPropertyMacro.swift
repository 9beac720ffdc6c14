import SwiftSyntax
import SwiftSyntaxMacros

/// `@_JSONModelProperty(slot:path:codec:overlapping:)`, written by `@JSONModel` on each
/// stored property.
///
/// The getter returns the property's cache field in the storage once it is published;
/// before that it decodes the value at the node found for `slot` when the model was
/// created, and the first reader to claim the field fills and publishes it. The setter
/// copies the storage first when another model value shares it (copy-on-write), then
/// records the change and caches the new value. A property with an initial value also
/// gets an empty `init` accessor, which lets it keep its initial value in the source:
/// that value is the default for a missing key.
public struct JSONModelPropertyMacro: AccessorMacro {
    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier,
            let arguments = node.arguments?.as(LabeledExprListSyntax.self), arguments.count >= 4
        else { return [] }
        let field = ModelProperty.cacheField(of: name)
        let values = Array(arguments)
        let slot = values[0].expression.trimmedDescription
        let path = values[1].expression.trimmedDescription
        let codec = values[2].expression.trimmedDescription
        let overlapping = values[3].expression.trimmedDescription
        // `choosingBy: "type"`: the value's variant is named by a sibling member.
        let choice = values.count > 4 ? ", choosingBy: \(values[4].expression.trimmedDescription)" : ""
        let defaultValue = binding.initializer?.value.trimmedDescription ?? "nil"

        var accessors: [AccessorDeclSyntax] = []
        if binding.initializer != nil {
            accessors.append("init(initialValue) {}")
        }
        accessors.append(
            """
            get {
                if _storage._isCached(\(raw: slot)) {
                    return _storage.\(raw: field).unsafelyUnwrapped
                }
                let value = _storage._read(_storage.nodes.\(raw: slot), at: \(raw: path)\(raw: choice), codec: \(raw: codec), default: \(raw: defaultValue))
                if _storage._claim(\(raw: slot), for: \(raw: codec)) {
                    _storage.\(raw: field) = value
                    _storage._publish(\(raw: slot))
                }
                return value
            }
            """)
        accessors.append(
            """
            set {
                if !isKnownUniquelyReferenced(&_storage) {
                    _storage = _JSONStorage(copying: _storage)
                }
                _storage._record(newValue, slot: \(raw: slot), at: \(raw: path), codec: \(raw: codec), overlapping: \(raw: overlapping))
                _storage.\(raw: field) = newValue
            }
            """)
        return accessors
    }
}
