import Foundation
import Testing
@testable import YAJLModel

/// Inputs sized to hurt: deep, wide, long and many. Each must parse (or fail with the right
/// error) in work and memory linear in its size. Without timing assertions, that is shown by
/// structure: the parse completes at a depth where recursion would overflow the stack; the
/// tree's size is an exact function of the input's shape (never more than 8 bytes per input
/// byte, the cost of `[]`); lookups go through one hash index built once, of bounded size; and
/// the whole suite runs in seconds in a debug build, which a quadratic step at these sizes
/// (10^10 operations and more) would not.
@Suite("Hostile sizes: deep, wide, long and many, all linear and bounded")
struct HostileSizeTests {
    /// `[` × depth then `]` × depth, built as bytes.
    static func nested(_ depth: Int) -> [UInt8] {
        [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
    }

    /// An object of `count` members, `member(i)` each.
    static func object(_ count: Int, member: (Int) -> String) -> String {
        "{" + (0..<count).map(member).joined(separator: ",") + "}"
    }

    @Test func aMillionLevelsDeep() throws {
        let depth = 1_000_000
        let bytes = Self.nested(depth)
        // The default limit stops it at once, at level 513.
        #expect(parseError(bytes) == .tooDeep(limit: 512, at: JSONSourceLocation(offset: 512, line: 1, column: 513)))

        // Raised, it parses: the builder and yajl keep explicit stacks, nothing recurses.
        let options = JSONParseOptions.with(maxDepth: depth)
        let document = try JSONDocument(parsing: bytes, options: options)
        #expect(document.nodeCount == depth)
        #expect(document.treeByteCount == 16 * depth)  // two words per container: 8 bytes per input byte
        #expect(parseError(Self.nested(depth + 1), options)?.caseName == "tooDeep")

        // Writing (re-encoded, through the iterative writer), equality and hashing walk it
        // without recursion; freeing the document frees two flat arrays.
        #expect(document.jsonData(options: .sortedKeys).elementsEqual(bytes))
        let other = try JSONDocument(parsing: bytes, options: options)
        #expect(document.root == other.root)
        #expect(document.root.hashValue == other.root.hashValue)
        var innermost = document.root
        while let next = innermost[0] { innermost = next }
        #expect(innermost.count == 0 && innermost.byteRange == depth - 1..<depth + 1)
    }

    @Test func aHundredThousandKeys() throws {
        let count = 100_000
        let document = try parse(Self.object(count) { "\"k\($0)\":\($0)" })
        let root = document.root
        #expect(root.count == count)
        #expect(document.treeByteCount == 16 + 16 * count)  // the object's two words, then a key and a value per member

        // The first lookup builds the object's hash index; every later one uses it.
        #expect(document.indexes.withLock { $0.objects.isEmpty })
        var found = 0
        for key in 0..<count where root["k\(key)"]?.int == key { found += 1 }
        #expect(found == count)
        #expect(root["k\(count)"] == nil)
        let index = try #require(document.indexes.withLock { $0.objects[root.node] })
        #expect(document.indexes.withLock { $0.objects.count } == 1)
        #expect(index.slots.count >= 2 * count && index.slots.count < 4 * count)

        // Equality pairs members through the index; sorting keys is one sort.
        let sorted = document.jsonData(options: .sortedKeys)
        #expect(try JSONDocument(parsing: sorted).root == root)
    }

    @Test func aHundredThousandDuplicateKeys() throws {
        let count = 100_000
        let text = Self.object(count) { "\"a\":\($0)" }
        let document = try parse(text)
        let root = document.root
        #expect(root.count == count)  // every member is kept, in order
        #expect(root["a"]?.int == count - 1)  // lookup: the last one wins
        #expect(root.object?.reduce(0) { $0 + ($1.key == "a" ? 1 : 0) } == count)
        // A repeat is found at its first probe: the index holds the key once.
        let index = try #require(document.indexes.withLock { $0.objects[root.node] })
        #expect(index.slots.count(where: { $0 != 0 }) == 1)

        // Equality sees one key, with the last value; a document with only that member is equal.
        #expect(root == (try parse("{\"a\": \(count - 1)}")).root)
        #expect(root != (try parse("{\"a\": 0}")).root)
        let rewritten = document.jsonData(options: .sortedKeys)  // a stable sort of equal keys
        #expect(rewritten.elementsEqual(text.utf8))
        #expect(try JSONDocument(parsing: rewritten).root == root)
    }

    @Test func aNumberWithAMillionDigits() throws {
        let digits = 1_000_000
        var bytes = [UInt8](repeating: UInt8(ascii: "7"), count: digits)
        let document = try JSONDocument(parsing: bytes)
        let root = document.root
        #expect(document.treeByteCount == 8)  // one node; the digits stay in the input
        #expect(root.numberText?.utf8.count == digits)
        #expect(root.int64 == nil && root.uint64 == nil && root.integer(Int128.self) == nil)
        #expect(root.decimal == nil)
        #expect(root.double == nil)  // 7.7…e999999 is beyond Double
        #expect(root == (try JSONDocument(parsing: bytes)).root)

        // The same value spelled another way is equal: exact comparison, at any length.
        bytes = [UInt8]("1".utf8) + [UInt8](repeating: UInt8(ascii: "0"), count: digits)
        #expect(try JSONDocument(parsing: bytes).root == (try parse("1e\(digits)")).root)
        #expect(try JSONDocument(parsing: bytes).root.double == nil)

        // A million digits after the point: the nearest Double, computed from the text.
        bytes = [UInt8]("0.".utf8) + [UInt8](repeating: UInt8(ascii: "3"), count: digits)
        #expect(try JSONDocument(parsing: bytes).root.double == 1.0 / 3.0)

        // A million-digit exponent saturates instead of overflowing.
        bytes = [UInt8]("1e-".utf8) + [UInt8](repeating: UInt8(ascii: "9"), count: digits)
        #expect(try JSONDocument(parsing: bytes).root.double == 0)
        #expect(try JSONDocument(parsing: bytes).root.int == nil)
    }

    @Test func aHundredMegabyteString() throws {
        let length = 100 << 20
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length + 2)
        bytes[0] = UInt8(ascii: "\"")
        bytes[length + 1] = UInt8(ascii: "\"")
        let document = try JSONDocument(parsing: bytes)
        #expect(document.treeByteCount == 8)  // one node pointing into the input: no copy
        #expect(document.root.stringView?.count == length)
        #expect(document.jsonData().count == length + 2)  // the verbatim copy

        // With escapes, it is decoded once into the side buffer, no larger than the text.
        for position in stride(from: 1, to: length, by: 1 << 20) {  // 100 escaped backslashes
            bytes[position] = UInt8(ascii: "\\")
            bytes[position + 1] = UInt8(ascii: "\\")
        }
        let escaped = try JSONDocument(parsing: bytes)
        let decodedLength = length - 100
        #expect(escaped.treeByteCount == 16 + decodedLength)
        #expect(escaped.root.stringView?.count == decodedLength)

        // Invalid UTF-8 at the very end is found, with its offset.
        bytes[length] = 0xC0
        #expect(parseError(bytes) == .invalidUTF8(at: JSONSourceLocation(offset: length, line: 1, column: length + 1)))
    }

    @Test func tenMillionTinyValues() throws {
        let count = 10_000_000
        // "[0,1,2,…,9,0,1,…]": one digit and one comma per value.
        var bytes = [UInt8](repeating: UInt8(ascii: ","), count: 2 * count + 1)
        bytes.withUnsafeMutableBufferPointer { text in
            text[0] = UInt8(ascii: "[")
            for value in 0..<count { text[2 * value + 1] = UInt8(ascii: "0") + UInt8(value % 10) }
            text[2 * count] = UInt8(ascii: "]")
        }
        let document = try JSONDocument(parsing: bytes)
        let root = document.root
        #expect(document.nodeCount == count + 1)
        #expect(document.treeByteCount == 16 + 8 * count)  // one word per value: 4 bytes per input byte
        #expect(root.count == count)
        // Elements of one word each are indexed by arithmetic: no element index is built.
        #expect(root[count - 1]?.int == (count - 1) % 10)
        #expect(root[count / 2]?.int == (count / 2) % 10)
        #expect(document.indexes.withLock { $0.arrays.isEmpty })
        #expect(root.array?.reduce(0) { $0 + ($1.kind == .number ? 1 : 0) } == count)
        #expect(document.jsonData().count == bytes.count)
    }

    /// Paths and pointers are caller input too: each step costs O(1), however many there are.
    @Test func pathsAndPointersWithAHundredThousandSteps() throws {
        let depth = 100_000
        let document = try JSONDocument(parsing: Self.nested(depth), options: .with(maxDepth: depth))
        let innermost = depth - 1..<depth + 1
        #expect(document.root[path: String(repeating: "[0]", count: depth - 1)]?.byteRange == innermost)
        #expect(document.root[path: "0" + String(repeating: ".0", count: depth - 2)]?.byteRange == innermost)
        #expect(document.root[pointer: String(repeating: "/0", count: depth - 1)]?.byteRange == innermost)
        #expect(document.root[path: String(repeating: "[0]", count: depth)] == nil)
        #expect(document.root[pointer: String(repeating: "/0", count: depth)] == nil)
    }
}
