import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import Testing
import YAJLModelMacroPlugin

@Suite("@JSONModel expansion of keyword names")
struct JSONModelMacroKeywordNameTests {
    /// Keywords as property names, in backticks: the expansion keeps the backticks wherever
    /// the name is an identifier (`self.`public``, parameters, arguments) and drops them where
    /// it is a key or a label (`"public"`). Checked as valid Swift rather than as exact text, so
    /// that it holds whatever else the generated members become.
    @Test func backtickedNamesExpandToValidSwift() {
        let source: SourceFileSyntax = """
            @JSONModel
            struct Flags {
                var `public`: Bool
                var `default`: Int = 1
                var `self`: String?
                var `Type`: String
                var _self: Int
            }
            """
        let context = BasicMacroExpansionContext()
        let expanded = source.expand(macroSpecs: modelMacroSpecs, contextGenerator: { _ in context }, indentationWidth: .spaces(4))
        let text = expanded.description
        #expect(context.diagnostics.isEmpty)
        #expect(!Parser.parse(source: text).hasError, "the expansion is not valid Swift:\n\(text)")
        #expect(text.contains(#"["public": self.`public` as Any, "default": self.`default` as Any, "self": self.`self` as Any, "Type": self.`Type` as Any, "_self": self._self as Any]"#))
        // `self` as a parameter's name would hide the model being initialized.
        #expect(text.contains("init(`public`: Bool, `default`: Int = 1, `self` __self: String? = nil, `Type`: String, _self: Int)"))
        #expect(text.contains(#"Bool._encode(`public`), at: ["public"]"#))
        #expect(text.contains(#"String?._encode(__self), at: ["self"]"#))
        #expect(text.contains(#"Int._encode(_self), at: ["_self"]"#))
        for (slot, key) in ["public", "default", "self", "Type", "_self"].enumerated() {
            #expect(text.contains(#"_storage._read(_storage.nodes.\#(slot), at: ["\#(key)"]"#), "no getter for `\(key)`")
            #expect(text.contains("var \(key)Cache: Optional<"), "no cache field for `\(key)`")
        }
    }
}
