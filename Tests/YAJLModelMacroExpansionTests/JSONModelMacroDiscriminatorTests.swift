import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing
import YAJLModelMacroPlugin

@Suite("@JSONModel expansion of @JSONDiscriminator")
struct JSONModelMacroDiscriminatorTests {
    /// The property reads and validates through its sibling.
    @Test func theSiblingIsPassedAndOverlaps() throws {
        let source: SourceFileSyntax = """
            @JSONModel
            struct Event {
                var type: String
                @JSONDiscriminator("type") var payload: EventPayload
            }
            """
        let text = expandedText(source)
        #expect(text.contains(#"_storage._record(newValue, slot: 0, at: ["type"], codec: String.self, overlapping: 0)"#))
        #expect(text.contains(#"_storage._record(newValue, slot: 1, at: ["payload"], codec: EventPayload.self, overlapping: 0)"#))
        #expect(text.contains(#"_storage._read(_storage.nodes.1, at: ["payload"], choosingBy: "type", codec: EventPayload.self, default: nil)"#))
        #expect(text.contains(#"_JSONModelSupport.validate(found[1], key: "payload", in: json, choosingBy: "type", codec: EventPayload.self, hasDefault: false, into: &validation)"#))
    }

    @Test func aDottedPathCannotHaveASiblingDiscriminator() {
        assertModelExpansion(
            """
            @JSONModel
            struct Event {
                @JSONKey("a.payload") @JSONDiscriminator("type") var payload: EventPayload
            }
            """,
            expandedSource: """
            struct Event {
                var payload: EventPayload
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@JSONDiscriminator names a sibling of the property's own key; it cannot be used with a dotted @JSONKey path",
                    line: 3, column: 5)
            ])
    }

    private func expandedText(_ source: SourceFileSyntax) -> String {
        let context = BasicMacroExpansionContext()
        let expanded = source.expand(macroSpecs: modelMacroSpecs, contextGenerator: { _ in context }, indentationWidth: .spaces(4))
        #expect(context.diagnostics.isEmpty)
        return expanded.description
    }
}
