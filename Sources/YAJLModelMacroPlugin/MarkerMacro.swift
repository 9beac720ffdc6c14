import SwiftSyntax
import SwiftSyntaxMacros

/// `@JSONKey`, `@JSONTransform` and `@JSONDiscriminator` only mark a property; `@JSONModel` reads them.
public struct MarkerMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
