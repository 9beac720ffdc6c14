import Foundation
import Testing
@testable import YAJLModel

@Suite("Deep nesting: limits without crashes, and no recursion on deep documents")
struct DeepNestingTests {
    static let depth = 100_000
    static let options = JSONParseOptions.with(maxDepth: 100_000)

    @Test func aMillionOpeningBracketsIsTooDeep() {
        let text = String(repeating: "[", count: 1_000_000)
        #expect(parseError(text) == .tooDeep(limit: 512, at: JSONSourceLocation(offset: 512, line: 1, column: 513)))
        let objects = String(repeating: #"{"a":"#, count: 200_000)
        #expect(parseError(objects) == .tooDeep(limit: 512, at: JSONSourceLocation(offset: 512 * 5, line: 1, column: 512 * 5 + 1)))
    }

    @Test func aMillionOpeningBracketsPastARaisedLimit() {
        let text = String(repeating: "[", count: 1_000_000)
        #expect(parseError(text, Self.options)?.caseName == "tooDeep")
        #expect(parseError(text, Self.options)?.offset == Self.depth)
        // Exactly at the raised limit but unclosed: the text ends first.
        #expect(parseError(String(repeating: "[", count: Self.depth), Self.options)?.caseName == "unexpectedEndOfInput")
    }

    @Test func deepArrays() throws {
        let text = nestedArrays(Self.depth, innermost: "1")
        let document = try parse(text, Self.options)
        #expect(document.nodeCount == Self.depth + 1)
        #expect(parseError(nestedArrays(Self.depth + 1), Self.options)?.caseName == "tooDeep")

        // Walking down it, and pointers and paths deep into it.
        var value = document.root
        for _ in 0..<Self.depth { value = try #require(value[0]) }
        #expect(value.int == 1)
        #expect(document.root[pointer: String(repeating: "/0", count: Self.depth)]?.int == 1)
        #expect(document.root[pointer: String(repeating: "/0", count: 1000)]?.count == 1)

        // Writing, equality, hashing and descriptions, none of which may recurse per level.
        #expect(document.root.description == text)
        #expect(document.jsonString(options: .sortedKeys) == text)
        #expect(document.jsonString() == text)
        let other = try parse(text, Self.options)
        #expect(document.root == other.root)
        #expect(document.root.hashValue == other.root.hashValue)
        let different = try parse(nestedArrays(Self.depth, innermost: "2"), Self.options)
        #expect(document.root != different.root)
        let debug = document.root.debugDescription
        #expect(debug.utf8.count < 1000)
        #expect(debug.contains("array"))
    }

    @Test func deepObjects() throws {
        let text = nestedObjects(Self.depth)
        let document = try parse(text, Self.options)
        #expect(document.nodeCount == 2 * Self.depth - 1)
        #expect(parseError(nestedObjects(Self.depth + 1), Self.options)?.caseName == "tooDeep")
        #expect(document.root[path: Array(repeating: "a", count: Self.depth - 1).joined(separator: ".")]?.count == 0)
        #expect(document.root.description == text)
        #expect(document.jsonString(options: [.sortedKeys, .withoutEscapingSlashes]) == text)
        let other = try parse(text, Self.options)
        #expect(document.root == other.root)
        #expect(document.root.hashValue == other.root.hashValue)
        #expect(document.root.debugDescription.utf8.count < 1000)
        // Writing and reparsing the whole thing.
        #expect(try parse(document.jsonString(options: .sortedKeys), Self.options).root == document.root)
    }

    @Test func deepMixedNesting() throws {
        let text = String(repeating: #"[{"k":"#, count: Self.depth / 2) + "null" + String(repeating: "}]", count: Self.depth / 2)
        let document = try parse(text, Self.options)
        #expect(document.root.description == text)
        #expect(document.root == (try parse(text, Self.options)).root)
    }

    /// Pretty-printed output of a document d levels deep holds about d² spaces of indentation
    /// (20 GB at 100,000 levels), so this writes a deep document that is still printable; the
    /// writer runs the same iterative loop at any depth.
    @Test func prettyPrintingADeepDocument() throws {
        let depth = 2_000
        let document = try parse(nestedArrays(depth, innermost: "1"), .with(maxDepth: depth))
        let pretty = document.jsonString(options: .prettyPrinted)
        let lines = pretty.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 * depth + 1)
        #expect(lines[depth] == Substring(String(repeating: " ", count: 2 * depth) + "1"))
        #expect(lines.last == "]")
        #expect(try parse(pretty, .with(maxDepth: depth)).root == document.root)
        // At the full depth, the pretty writer's output begins as expected (cut at 1 MB).
        let deep = try parse(nestedObjects(Self.depth), Self.options)
        let prefix = deep.root.encoded(options: .prettyPrinted, limit: 1 << 20)
        #expect(prefix.count >= 1 << 20)
        #expect(String(decoding: prefix.prefix(19), as: UTF8.self) == "{\n  \"a\" : {\n    \"a\"")
    }
}
