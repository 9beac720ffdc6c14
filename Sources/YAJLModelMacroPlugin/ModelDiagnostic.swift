import SwiftDiagnostics

/// What `@JSONModel` reports about a declaration it cannot expand.
enum ModelDiagnostic: DiagnosticMessage {
    case notAStruct(kind: String)
    case letProperty
    case lazyProperty
    case severalBindings
    case missingType(String)
    case reservedName(String)
    case unsupportedType(String, String)
    case discriminatorOfPath

    var message: String {
        switch self {
        case .notAStruct(let kind):
            "@JSONModel applies to a struct, not to \(kind): a model is a value, copied on write"
        case .letProperty:
            "a 'let' property of a @JSONModel cannot be read from JSON; declare it with 'var' (models stay immutable unless you mutate a copy)"
        case .lazyProperty:
            "a 'lazy' property of a @JSONModel is not read from JSON; every mapped property is already lazy"
        case .severalBindings:
            "declare one property per 'var' in a @JSONModel, so each can have its own key"
        case .missingType(let name):
            "'\(name)' needs an explicit type, such as 'var \(name): Int = …', so @JSONModel knows how to read it"
        case .reservedName(let name):
            "'\(name)' is a name that @JSONModel generates; rename the property and map it with @JSONKey(\"\(name)\")"
        case .unsupportedType(let type, let why):
            "'\(type)' cannot be read from JSON (\(why)); use a type that conforms to JSONConvertible"
        case .discriminatorOfPath:
            "@JSONDiscriminator names a sibling of the property's own key; it cannot be used with a dotted @JSONKey path"
        }
    }

    var diagnosticID: MessageID {
        let id = switch self {
        case .notAStruct: "notAStruct"
        case .letProperty: "letProperty"
        case .lazyProperty: "lazyProperty"
        case .severalBindings: "severalBindings"
        case .missingType: "missingType"
        case .reservedName: "reservedName"
        case .unsupportedType: "unsupportedType"
        case .discriminatorOfPath: "discriminatorOfPath"
        }
        return MessageID(domain: "YAJLModelMacros", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}

struct ModelFixIt: FixItMessage {
    let message: String
    var fixItID: MessageID { MessageID(domain: "YAJLModelMacros", id: message) }
}
