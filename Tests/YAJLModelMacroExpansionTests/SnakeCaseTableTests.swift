import Foundation
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import Testing
import YAJLModelMacroPlugin
import YAJLModelMacros

/// The table of snake-case mappings in the Models article (section "Snake case"), checked
/// column by column: the macro's keys, the encoders' keys (`YAJLEncoder` and `JSONEncoder`),
/// and what the decoders (`YAJLDecoder` and `JSONDecoder`) make of those keys.
@Suite("The snake-case table of the Models article")
struct SnakeCaseTableTests {
    struct Row: CustomStringConvertible {
        let name: String
        let macroKey: String
        let coderKey: String
        let decodedName: String
        var description: String { name.isEmpty ? "(empty)" : name }
    }

    static let rows: [Row] = {
        let article = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/YAJLModelMacros/YAJLModelMacros.docc/Models.md")
        guard let text = try? String(contentsOf: article, encoding: .utf8) else { return [] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| Name | `@JSONModel(keys: .snakeCase)`") }) else { return [] }
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            let cells = line.split(separator: "|").map { cell in
                let trimmed = cell.trimmingCharacters(in: .whitespaces)
                return trimmed == "(empty)" ? "" : trimmed.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            }
            return Row(name: cells[0], macroKey: cells[1], coderKey: cells[2], decodedName: cells[3])
        }
    }()

    @Test func theTableIsThere() {
        let names = Self.rows.map(\.name)
        for required in ["myURL", "URLString", "profileImageURL", "a_b", "x1Y", "_leading", "trailing_", "__double", "ALLCAPS", "a1B2", "ÄÖÜ", ""] {
            #expect(names.contains(required), "no row for \(required.debugDescription)")
        }
    }

    struct OneKey: Encodable {
        let name: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: NameKey.self)
            try container.encode(1, forKey: NameKey(stringValue: name))
        }
    }

    struct KeyNames: Decodable {
        let names: [String]
        init(from decoder: any Decoder) throws {
            names = try decoder.container(keyedBy: NameKey.self).allKeys.map(\.stringValue)
        }
    }

    struct NameKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    static func onlyKey(of data: Data) throws -> String? {
        (try JSONSerialization.jsonObject(with: data) as? [String: Int])?.keys.first
    }

    @Test(arguments: rows)
    func encodersWriteTheCoderColumn(row: Row) throws {
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        let yajl = YAJLEncoder()
        yajl.keyEncodingStrategy = .convertToSnakeCase
        #expect(try Self.onlyKey(of: foundation.encode(OneKey(name: row.name))) == row.coderKey)
        #expect(try Self.onlyKey(of: yajl.encode(OneKey(name: row.name))) == row.coderKey)
    }

    @Test(arguments: rows)
    func decodersReadTheCoderKeyAsTheLastColumn(row: Row) throws {
        let object = Data("{\(String(decoding: try JSONEncoder().encode(row.coderKey), as: UTF8.self)): 1}".utf8)
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let yajl = YAJLDecoder()
        yajl.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try foundation.decode(KeyNames.self, from: object).names == [row.decodedName])
        #expect(try yajl.decode(KeyNames.self, from: object).names == [row.decodedName])
    }

    /// The keys the macro writes for properties of these names (every name that can be a
    /// property's).
    @Test func theMacroWritesTheMacroColumn() throws {
        let rows = Self.rows.filter { !$0.name.isEmpty }
        let source = Parser.parse(source: """
            @JSONModel(keys: .snakeCase)
            struct Names {
            \(rows.map { "    var \($0.name): Int" }.joined(separator: "\n"))
            }
            """)
        let structDecl = try #require(source.statements.first?.item.as(StructDeclSyntax.self))
        let attribute = try #require(structDecl.attributes.first?.as(AttributeSyntax.self))
        let context = BasicMacroExpansionContext()
        let members = structDecl.memberBlock.members.map(\.decl)
        #expect(members.count == rows.count)
        for (row, member) in zip(rows, members) {
            let attributes = try JSONModelMacro.expansion(of: attribute, attachedTo: structDecl, providingAttributesFor: member, in: context)
            let written = attributes.first?.trimmedDescription ?? ""
            #expect(written.contains("path: [\(StringLiteralExprSyntax(content: row.macroKey).description)],"), "\(row.name): \(written)")
        }
        #expect(context.diagnostics.isEmpty)
    }
}
