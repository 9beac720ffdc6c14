import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct YAJLModelMacroPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [
        JSONModelMacro.self,
        JSONModelPropertyMacro.self,
        MarkerMacro.self,
    ]
}
