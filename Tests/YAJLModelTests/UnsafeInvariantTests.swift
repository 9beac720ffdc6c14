import Foundation
import Testing
@testable import YAJLModel

/// The invariants that the `// Unsafe:` comments in `Sources/` name, each exercised at the boundary
/// it protects. Every test checks the values it reads, so it fails on a wrong result; under
/// AddressSanitizer (`.ci/test` runs the suite so), a broken invariant is also reported as the
/// overflow or use after free it causes, since the inputs sit in blocks of exactly their size.
@Suite struct UnsafeInvariantTests {
    /// `bytes` in a `malloc` block of exactly their size, handed to `Data` without a copy: a read
    /// one byte before or after them is outside the block. More than 64 bytes, so that
    /// `JSONInput` keeps the `Data` rather than copying it into an array.
    static func exactData(_ bytes: [UInt8]) -> Data {
        precondition(bytes.count > 64)
        let block = malloc(bytes.count)!
        bytes.withUnsafeBytes { block.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        return Data(bytesNoCopy: block, count: bytes.count, deallocator: .free)
    }

    static func exactData(_ text: String) -> Data { exactData(Array(text.utf8)) }

    /// Other documents of the same size, so that memory freed too early is reused and a value read
    /// from it shows.
    static func churn(_ size: Int) -> [JSONDocument] {
        (0..<8).compactMap { _ in try? JSONDocument(parsing: Data(repeating: UInt8(ascii: " "), count: size) + Data("0".utf8)) }
    }

    // MARK: Documents, inputs and views

    /// Invariant: `JSONUTF8View` holds its document strongly, so that the document's input and
    /// side buffer (`JSONUTF8View.withUnsafeBytes`) outlive its other owners: only views are kept.
    @Test func viewsKeepTheirDocumentAfterItIsDropped() throws {
        let text = #"{"plain": "in the input \#(String(repeating: "x", count: 60))", "escaped": "side\nbuffer \u00e9", "n": 12}"#
        let (plain, escaped, raw) = try { () throws -> (JSONUTF8View, JSONUTF8View, JSONUTF8View) in
            let root = try JSONDocument(parsing: Self.exactData(text)).root
            return (try #require(root["plain"]?.stringView), try #require(root["escaped"]?.stringView), try #require(root["n"]?.rawJSON))
        }()
        let others = Self.churn(text.utf8.count)
        #expect(plain == "in the input " + String(repeating: "x", count: 60))
        #expect(escaped.string == "side\nbuffer é")
        #expect(raw.string == "12")
        #expect(others.count == 8)
    }

    /// Invariant: a `JSONValue` holds its document strongly: only values are kept.
    @Test func valuesKeepTheirDocumentAfterItIsDropped() throws {
        let text = #"{"plain": "in the input \#(String(repeating: "x", count: 60))", "escaped": "side\nbuffer \u00e9", "n": 12}"#
        let (plain, escaped, number) = try { () throws -> (JSONValue, JSONValue, JSONValue) in
            let root = try JSONDocument(parsing: Self.exactData(text)).root
            return (try #require(root["plain"]), try #require(root["escaped"]), try #require(root["n"]))
        }()
        let others = Self.churn(text.utf8.count)
        #expect(plain.string == "in the input " + String(repeating: "x", count: 60))
        #expect(escaped.string == "side\nbuffer é")
        #expect(number.int == 12)
        #expect(others.count == 8)
    }

    /// Invariant: `JSONInput` holds the `Data` (or array) its `bytes` point into; the caller's
    /// `Data` may go as soon as the document is made.
    @Test func inputOutlivesTheCallersData() throws {
        let strings = (0..<20).map { "string number \($0) " + String(repeating: "s", count: $0) }
        let text = "[" + strings.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        var documents: [JSONDocument] = []
        for _ in 0..<4 {
            documents.append(try JSONDocument(parsing: Self.exactData(text)))  // the `Data` goes here
            documents.append(try JSONDocument(parsing: Array(text.utf8)))
        }
        let others = Self.churn(text.utf8.count)
        for document in documents {
            #expect(document.root.array?.map { $0.string } == strings)
            #expect(try YAJLDecoder().decode([String].self, from: document.root) == strings)
        }
        #expect(others.count == 8)
    }

    /// Invariant: `JSONNumberText.plainInteger(in:start:count:)` loads whole words only when
    /// `end >= 8` (`>= 16`), so a number at the very start of an exactly sized input is read
    /// without reading before it; and its words end at `end`, so one at the very end is read
    /// without reading past it.
    @Test func integersAtTheEdgesOfAnExactInput() throws {
        let padding = String(repeating: " ", count: 70)
        for digits in 1...18 {
            for negative in [false, true] {
                let number = (negative ? "-" : "") + String((1...digits).map { Character(String($0 % 10)) })
                let expected = try #require(Int(number))
                for text in [number + padding, padding + number] {
                    let document = try JSONDocument(parsing: Self.exactData(text))
                    #expect(document.root.int == expected, "\(text.debugDescription)")
                    #expect(Int._decode(validated: document.root) == expected, "\(text.debugDescription)")
                    #expect(try YAJLDecoder().decode(Int.self, from: Self.exactData(text)) == expected, "\(text.debugDescription)")
                }
            }
        }
    }

    /// Invariant: `DecimalSignificand(shortDecimalIn:start:count:)` loads its word only when
    /// `start + count >= 8`, and `readDigits` only while eight bytes remain: decimals at the very
    /// start and end of an exactly sized input.
    @Test func decimalsAtTheEdgesOfAnExactInput() throws {
        let padding = String(repeating: " ", count: 70)
        let numbers = ["1.5", "-0.5", "19.99", "-19.99", "123.456", "1234.567", "-1234.567", "12345.678", "0.1234567",
                       "1234567.8", "12345678.9", "1234567890.123456789", "-0.000000012345678912345"]
        for number in numbers {
            let expected = try #require(Double(number))
            for text in [number + padding, padding + number] {
                let document = try JSONDocument(parsing: Self.exactData(text))
                #expect(document.root.double == expected, "\(text.debugDescription)")
                #expect(Double._decode(validated: document.root) == expected, "\(text.debugDescription)")
                #expect(try YAJLDecoder().decode(Double.self, from: Self.exactData(text)) == expected, "\(text.debugDescription)")
            }
        }
    }

    /// Invariant: `EiselLemire.binary` indexes the powers of five only for exponents the table
    /// holds (-342...308); beyond them the value is zero or out of range without a lookup.
    @Test func powersOfTenAtTheEndsOfTheTable() throws {
        let cases: [(String, Double)] = [
            ("1e-342", 0), ("1e-343", 0), ("5e-324", .leastNonzeroMagnitude), ("2.2250738585072014e-308", 2.2250738585072014e-308),
            ("1e308", 1e308), ("1.7976931348623157e308", .greatestFiniteMagnitude), ("1e-325", 0), ("9e-324", 2 * .leastNonzeroMagnitude),
        ]
        for (text, expected) in cases {
            #expect(try JSONDocument(parsing: text).root.double == expected, "\(text)")
            // The decoder refuses a number that underflows to zero, as `JSONDecoder` does.
            if expected != 0 { #expect(try YAJLDecoder().decode([Double].self, from: Data("[\(text)]".utf8)) == [expected], "\(text)") }
        }
        #expect(try JSONDocument(parsing: "1e309").root.double == nil)
    }

    // MARK: Decoding

    private struct Item: Decodable, Equatable {
        let id: Int
        let name: String
        let tags: [String]
        let value: JSONValue?
    }

    /// Invariant: `elements(of:)` initializes only below the array's count, and the path step it
    /// rewrites in place (`path.count > depth`) was pushed by the first element; the decoders the
    /// elements are decoded with free their state once (`JSONValueDecoder`, `DecodingScope`).
    @Test func arraysOfObjectsDecodeRepeatedly() throws {
        for count in [1, 2, 15, 16, 17, 64] {
            let text = "[" + (0..<count).map { #"{"id": \#($0), "name": "item \#($0)", "tags": ["a", "b\n"], "value": {"k": [\#($0)]}}"# }.joined(separator: ",") + "]"
            for _ in 0..<5 {
                let items = try YAJLDecoder().decode([Item].self, from: Data(text.utf8))
                #expect(items.map(\.id) == Array(0..<count))
                #expect(items.map(\.name) == (0..<count).map { "item \($0)" })
                #expect(items.allSatisfy { $0.tags == ["a", "b\n"] })
                #expect(items.map { $0.value?["k"]?[0]?.int } == (0..<count).map { $0 })
            }
        }
        // An element that fails part-way leaves the elements before it initialized and counted.
        let bad = #"[{"id": 1, "name": "a", "tags": []}, {"id": 2, "name": 3, "tags": []}]"#
        #expect(throws: DecodingError.self) { try YAJLDecoder().decode([Item].self, from: Data(bad.utf8)) }
    }

    /// Invariant: `JSONArray` and the array and dictionary codecs pass their document unretained
    /// (`Unmanaged._withUnsafeGuaranteedRef`) only while they hold it; an element that keeps a
    /// value retains the document itself, so the retains and releases balance.
    @Test func unretainedElementsBalanceTheirDocumentsReferences() throws {
        let text = #"[{"name": "first \#(String(repeating: "f", count: 40))"}, [1, 2], {"name": "third", "more": {"deep": "a\tb"}}]"#
        for _ in 0..<50 {
            let (elements, members, viaArray) = try { () throws -> ([JSONValue], [String: JSONValue], [JSONValue]) in
                let root = try JSONDocument(parsing: Self.exactData(text)).root
                var validation = JSONValidation()
                [JSONValue]._validate(root, into: &validation)
                [String: JSONValue]._validate(try #require(root[2]), into: &validation)
                #expect(validation.isValid)
                let array = try JSONArray<JSONValue>(json: root)
                return ([JSONValue]._decode(validated: root), [String: JSONValue]._decode(validated: try #require(root[2])), Array(array))
            }()
            let others = Self.churn(text.utf8.count)
            #expect(elements[0]["name"]?.string == "first " + String(repeating: "f", count: 40))
            #expect(elements[1][1]?.int == 2 && viaArray[1][0]?.int == 1)
            #expect(members["more"]?["deep"]?.string == "a\tb" && viaArray[2]["more"]?["deep"]?.stringView == "a\tb")
            #expect(others.count == 8)
        }
    }

    /// Nested one object per level, to `depth`.
    private struct Nest: Decodable {
        let level: Int
        let inner: Box?
        final class Box: Decodable {
            let nest: Nest
            init(from decoder: any Decoder) throws { nest = try Nest(from: decoder) }
        }
        var depth: Int { 1 + (inner?.nest.depth ?? 0) }
    }

    /// Invariant: `LookupHints` holds `count` initialized hints and grows to a slot it does not
    /// have before a lookup uses it (from the sixteenth depth on).
    @Test func lookupHintsGrowWithTheNesting() throws {
        for depth in [15, 16, 17, 33, 40] {
            var text = ""
            for level in 0..<depth { text += #"{"level": \#(level)"# + (level < depth - 1 ? #", "inner": "# : "") }
            text += String(repeating: "}", count: depth)
            let nest = try YAJLDecoder().decode(Nest.self, from: Data(text.utf8))
            #expect(nest.depth == depth && nest.level == 0)
        }
    }

    private struct Keys: Decodable, Equatable {
        let a: Int
        let ab: Int
        let abc: Int
    }

    /// Invariant: a hinted lookup (`plainValue`) reads a key's bytes only after its length matched
    /// the name's: a shorter name that is a prefix of the key must not match it.
    @Test func keysThatArePrefixesOfOthers() throws {
        for text in [#"{"ab": 2, "a": 1, "abc": 3}"#, #"{"abc": 3, "ab": 2, "a": 1}"#, #"{"a": 1, "ab": 2, "abc": 3}"#] {
            #expect(try YAJLDecoder().decode(Keys.self, from: Data(text.utf8)) == Keys(a: 1, ab: 2, abc: 3), "\(text)")
        }
    }

    /// A keyed type distinct for every `Inner`, so that a decode meets as many key types as it likes.
    private struct Level<Inner: Decodable>: Decodable {
        enum CodingKeys: String, CodingKey { case depth, next }
        let depth: Int
        let next: Inner?
    }

    private struct Bottom: Decodable {
        let depth: Int
    }

    /// `Level<Level<…<Bottom>…>>`, `levels` deep, made at run time.
    private static func levelType(_ levels: Int) -> any Decodable.Type {
        func wrap<T: Decodable>(_: T.Type) -> any Decodable.Type { Level<T>.self }
        var type: any Decodable.Type = Bottom.self
        for _ in 0..<levels { type = wrap(type) }
        return type
    }

    private static func depths(of value: Any) -> [Int] {
        var depths: [Int] = []
        var current: Any? = value
        while let value = current {
            let mirror = Mirror(reflecting: value)
            guard let depth = mirror.children.first(where: { $0.label == "depth" })?.value as? Int else { break }
            depths.append(depth)
            current = mirror.children.first(where: { $0.label == "next" }).flatMap { child -> Any? in
                let inner = Mirror(reflecting: child.value)
                return inner.displayStyle == .optional ? inner.children.first?.value : child.value
            }
        }
        return depths
    }

    /// Invariant: `DecodedTypes.containerMaker(for:)` downcasts (`unsafeDowncast`) only the maker
    /// made for the entry's own key type: an entry taken over by another type starts afresh. Two
    /// hundred key types in one decode share its 128 entries.
    @Test func manyKeyTypesShareTheDecodedTypesCache() throws {
        let levels = 200
        var text = ""
        for level in 0..<levels { text += #"{"depth": \#(level), "next": "# }
        text += #"{"depth": \#(levels)}"# + String(repeating: "}", count: levels)
        func decode<T: Decodable>(_: T.Type) throws -> Any {
            var options = JSONParseOptions()
            options.maxDepth = 1000
            let decoder = YAJLDecoder()
            decoder.parseOptions = options
            return try decoder.decode(T.self, from: Data(text.utf8))
        }
        for _ in 0..<3 {
            let value = try decode(Self.levelType(levels))
            #expect(Self.depths(of: value) == Array(0...levels))
        }
    }

    // MARK: Streaming

    /// `count` bytes of one JSON string document, `"xxx…x"`.
    private static func stringDocument(_ count: Int) -> [UInt8] {
        [UInt8(ascii: "\"")] + [UInt8](repeating: UInt8(ascii: "x"), count: count - 2) + [UInt8(ascii: "\"")]
    }

    /// `bytes` cut at `sizes` (the rest in one last chunk).
    private static func cut(_ bytes: [UInt8], _ sizes: [Int]) -> [ArraySlice<UInt8>] {
        var chunks: [ArraySlice<UInt8>] = []
        var start = 0
        for size in sizes where start < bytes.count {
            chunks.append(bytes[start..<min(start + size, bytes.count)])
            start += size
        }
        if start < bytes.count { chunks.append(bytes[start...]) }
        return chunks
    }

    static let straddlingSizes = [[65_535, 2, 1, 65_534], [65_536, 1, 65_535], [1, 65_534, 1, 65_536], [65_535, 65_537]]

    /// Invariant: `StreamBuffer.reserve` grows so that `capacity - count >= extra` before a chunk
    /// is copied in; the chunks here fill the first block to one byte short, then cross it by
    /// one, and end exactly at the doubled capacity (131,072 bytes).
    @Test func streamParserBufferGrowsAcrossChunks() throws {
        let bytes = Self.stringDocument(131_072)
        for sizes in Self.straddlingSizes {
            let parser = JSONStreamParser()
            for chunk in Self.cut(bytes, sizes) { try parser.feed(chunk) }
            let document = try parser.finish()
            #expect(document.inputByteCount == bytes.count, "\(sizes)")
            #expect(document.root.stringView?.count == bytes.count - 2, "\(sizes)")
            #expect(document.root.stringView?.last == UInt8(ascii: "x"), "\(sizes)")
        }
    }

    /// Invariant: `StreamBuffer.takeData` hands its block to the `Data` and clears `base`, so that
    /// neither the buffer's `deinit` nor the parser's next document frees or writes it; the
    /// document reads it after the parser and its buffer are gone.
    @Test func takenDataOutlivesTheParser() throws {
        var documents: [JSONDocument] = []
        for count in [3, 64, 65, 66, 131_072, 200_000] {
            let parser = JSONStreamParser()
            try parser.feed(Self.stringDocument(count))
            documents.append(try parser.finish())
            try parser.feed(Array(#"["next"]"#.utf8))  // the parser's next document, in a new buffer
            #expect(try parser.finish().root[0]?.string == "next")
        }
        let others = (0..<4).map { _ in [UInt8](repeating: 0x55, count: 131_072) }
        for (document, count) in zip(documents, [3, 64, 65, 66, 131_072, 200_000]) {
            let view = try #require(document.root.stringView)
            #expect(view.count == count - 2 && view.allSatisfy { $0 == UInt8(ascii: "x") })
        }
        #expect(others.count == 4)
    }

    /// The streaming readers' records, one JSON string each, with the invariant of
    /// `streamParserBufferGrowsAcrossChunks` (a record straddles the buffer's growth and ends
    /// at its capacity), and `YAJLStream.takeBatch`'s: the batch's text is owned by its document.
    @Test func streamingReadersAcrossBufferGrowth() throws {
        // Lines: a first record that fills the first block to the byte, then one across the growth.
        var lines = Self.stringDocument(65_535) + [UInt8(ascii: "\n")]
        lines += Self.stringDocument(65_535) + [UInt8(ascii: "\n")]
        for sizes in Self.straddlingSizes + [[65_535, 1, 65_534, 2]] {
            var reader = JSONLinesReader(chunks: Self.cut(lines, sizes))
            var counts: [Int] = []
            while let record = try reader.nextRecord() { counts.append(record.value.stringView?.count ?? -1) }
            #expect(counts == [65_533, 65_533], "\(sizes)")
        }
        // Elements of one array: `[` then two strings that straddle the growth.
        var array = [UInt8(ascii: "[")] + Self.stringDocument(65_533) + [UInt8(ascii: ",")]
        array += Self.stringDocument(65_536) + [UInt8(ascii: "]")]
        #expect(array.count == 131_072)
        for sizes in Self.straddlingSizes {
            var reader = try JSONElementReader(chunks: Self.cut(array, sizes), at: "")
            var records: [JSONRecord] = []
            while let record = try reader.nextRecord() { records.append(record) }
            let others = Self.churn(1000)
            #expect(records.map { $0.value.stringView?.count ?? -1 } == [65_531, 65_534], "\(sizes)")
            #expect(records.allSatisfy { $0.value.stringView?.last == UInt8(ascii: "x") })
            #expect(others.count == 8)
        }
    }

    /// Invariant: `YAJLStream.takeBatch` hands the batch's text (`malloc`ed) to `MallocedBytes`,
    /// which the batch's document holds: small records, many to a feed, read after their readers go.
    @Test func batchedRecordsOwnTheirText() throws {
        let small = (0..<200).map { #"{"i": \#($0), "s": "value \#($0)"}"# }
        var records: [JSONRecord] = []
        do {
            var elements = try JSONElementReader(chunks: [Array(("[" + small.joined(separator: ",") + "]").utf8)], at: "")
            while let record = try elements.nextRecord() { records.append(record) }
            var lines = JSONLinesReader(chunks: [Array(small.joined(separator: "\n").utf8)])
            while let record = try lines.nextRecord() { records.append(record) }
        }
        let others = Self.churn(1000)
        #expect(records.map { $0.value["s"]?.stringView?.string } == (0..<400).map { "value \($0 % 200)" })
        #expect(records.map { $0.value["i"]?.int } == (0..<400).map { $0 % 200 })
        #expect(others.count == 8)
    }

    /// Invariant: `MappedFile`'s `Data` owns the file's mapping, unmapped only when the `Data`
    /// goes; the parallel reader reads its records from it, here a file of exactly one page
    /// whose last record ends at the page's (and the mapping's) last byte, without a line feed.
    @Test func mappedFileRecordsReadToTheLastByte() async throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var lines = (0..<40).map { #"{"n": \#($0), "s": "\#(String(repeating: "m", count: $0))"}"# }
        let used = lines.reduce(0) { $0 + $1.utf8.count + 1 }
        lines.append(#"""# + String(repeating: "z", count: page - used - 2) + #"""#)
        let text = lines.joined(separator: "\n")
        #expect(text.utf8.count == page)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("yajlmodel-unsafe-\(UUID().uuidString).jsonl")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        for concurrency in [1, 2] {
            var values: [JSONValue] = []
            try await JSONLinesReader.forEachRecord(contentsOf: url, options: .with(readSize: 512), concurrency: concurrency) { values.append($0.value) }
            #expect(values.count == 41)
            #expect(values.prefix(40).map { $0["n"]?.int } == (0..<40).map { $0 })
            #expect(values.last?.stringView?.count == page - used - 2)
        }
    }

    /// Invariant: `StreamBuffer.append(upTo:_:)` reserves `size` bytes before the file is read
    /// into its spare room: reads of one byte more than the first block, and of exactly it.
    @Test func fileReadsFillTheBufferToItsEnd() throws {
        let lines = (0..<3).map { String(repeating: Character(String($0)), count: 50_000) }
        let text = lines.map { "\"\($0)\"" }.joined(separator: "\n")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("yajlmodel-unsafe-\(UUID().uuidString).jsonl")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        for readSize in [65_535, 65_536, 65_537, 131_073] {
            var reader = try JSONLinesReader(contentsOf: url, options: .with(readSize: readSize))
            var strings: [String] = []
            while let record = try reader.nextRecord() { strings.append(record.value.string ?? "") }
            #expect(strings == lines, "read size \(readSize)")
        }
    }

    // MARK: Encoding

    /// Invariant: `JSONByteBuffer` grows before a write would pass `capacity` (its first block is
    /// 4,096 bytes): outputs that end just before, exactly at, and just after each doubling,
    /// whose last byte is written by a single-byte append or by a copy.
    @Test func encoderOutputAroundTheBuffersGrowth() throws {
        for total in [4_094, 4_095, 4_096, 4_097, 4_098, 8_191, 8_192, 8_193, 16_384, 16_385] {
            // A string alone: `"` + text + `"`, its last byte appended alone.
            let string = String(repeating: "y", count: total - 2)
            let data = try YAJLEncoder().encode(string)
            #expect(data.count == total)
            #expect(try JSONDecoder().decode(String.self, from: data) == string)
            // An array of two strings: the second string copied across the boundary.
            let pair = [String(repeating: "a", count: total / 2), String(repeating: "b", count: total - total / 2 - 7)]
            let pairData = try YAJLEncoder().encode(pair)
            #expect(pairData.count == total)
            #expect(pairData == (try JSONEncoder().encode(pair)))
        }
    }

    /// An array nested `n` deep around an integer, each level in a container of its own.
    private indirect enum Nested: Encodable {
        case leaf(Int)
        case wrap(Nested)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .leaf(let value):
                var container = encoder.singleValueContainer()
                try container.encode(value)
            case .wrap(let inner):
                var container = encoder.unkeyedContainer()
                try container.encode(inner)
            }
        }
    }

    /// Invariant: `UnsafeStack` grows before `append` writes at `capacity` (frames from 16, member
    /// records from 64), and its elements are read only below `count` (sorting reads every record).
    @Test func encoderStacksGrowWithDepthAndMembers() throws {
        for depth in [15, 16, 17, 31, 32, 33, 64, 65] {
            var value = Nested.leaf(depth)
            for _ in 0..<depth { value = .wrap(value) }
            let expected = String(repeating: "[", count: depth) + "\(depth)" + String(repeating: "]", count: depth)
            #expect(String(decoding: try YAJLEncoder().encode(value), as: UTF8.self) == expected)
        }
        for count in [63, 64, 65, 128, 129, 200] {
            let object = Dictionary(uniqueKeysWithValues: (0..<count).map { ("key\($0)", $0) })
            let nested = ["outer": object, "other": ["z": 1, "a": 2]]
            let encoder = YAJLEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let reference = JSONEncoder()
            reference.outputFormatting = [.sortedKeys]
            #expect(try encoder.encode(nested) == reference.encode(nested), "\(count) members")
        }
    }

    /// Invariant: the number writers' temporary buffers hold the longest text they write: 24
    /// bytes for an integer's 20 digits and sign; 64 for a shortest decimal's 17 digits with its
    /// point, leading zeros, sign and exponent. And escapes index `hexDigits` by a nibble.
    @Test func numberAndEscapeTextAtItsLongest() throws {
        let integers: [Int64] = [.min, .max, -1, 0, -9_999_999_999_999_999]
        #expect(try YAJLEncoder().encode(integers) == (try JSONEncoder().encode(integers)))
        let unsigned: [UInt64] = [.max, 10_000_000_000_000_000_000]
        #expect(try YAJLEncoder().encode(unsigned) == (try JSONEncoder().encode(unsigned)))
        let doubles: [Double] = [
            -0.00012345678901234567, -1.2345678901234567e-5, -2.2250738585072014e-308, -.leastNonzeroMagnitude,
            -1.7976931348623157e308, 123_456_789.12345678, -0.1, 1e-7, 1e16, 1.2345678901234567e16, 1e22,
        ]
        #expect(try YAJLEncoder().encode(doubles) == (try JSONEncoder().encode(doubles)))
        let floats: [Float] = [-.leastNormalMagnitude, -3.40282347e38, -.leastNonzeroMagnitude, -0.000123456789, 16_777_216]
        #expect(try YAJLEncoder().encode(floats) == (try JSONEncoder().encode(floats)))
        let controls = String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) }) + "\"\\/"
        #expect(try YAJLEncoder().encode([controls]) == (try JSONEncoder().encode([controls])))
    }

    /// `body` with `bytes` in a `malloc` block of exactly their size (none for no bytes).
    static func withExactBytes<R>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let block = malloc(max(bytes.count, 1))!
        defer { free(block) }
        bytes.withUnsafeBytes { if let base = $0.baseAddress { block.copyMemory(from: base, byteCount: bytes.count) } }
        return body(UnsafeRawBufferPointer(start: block, count: bytes.count))
    }

    /// Invariant: the word-at-a-time key and string scans (`keyEndsHash`, `_keyBytesEqual`,
    /// `MemberKeyScan`, `JSONEscaping.firstEscape`) load only within the bytes' count: each reads
    /// keys of every length to 20 in blocks of exactly their size, and must see their last byte.
    @Test func wordScansStayWithinTheirBytes() throws {
        for length in 1...20 {
            let key = (0..<length).map { UInt8(ascii: "a") + UInt8($0) }
            let lastDiffers = Array(key.dropLast()) + [UInt8(ascii: "Z")]
            let quoteLast = Array(key.dropLast()) + [UInt8(ascii: "\"")]
            let hash = Self.withExactBytes(key) { keyEndsHash($0) }
            #expect(hash == key.withUnsafeBytes { keyEndsHash($0) }, "\(length)")
            #expect(hash != Self.withExactBytes(lastDiffers) { keyEndsHash($0) }, "\(length)")
            Self.withExactBytes(key) { a in
                #expect(Self.withExactBytes(key) { _keyBytesEqual(a, $0) }, "\(length)")
                #expect(!Self.withExactBytes(lastDiffers) { _keyBytesEqual(a, $0) }, "\(length)")
                #expect(!MemberKeyScan(a, escapingSlashes: true).needsEscaping, "\(length)")
                #expect(JSONEscaping.firstEscape(in: a, from: 0, escapingSlashes: true) == length, "\(length)")
            }
            // A byte to escape at any place, the tail's four, two and one bytes included.
            for place in 0..<length {
                var escaped = key
                escaped[place] = UInt8(ascii: "\\")
                #expect(Self.withExactBytes(escaped) { MemberKeyScan($0, escapingSlashes: false).needsEscaping }, "\(length) \(place)")
            }
            let bits = Self.withExactBytes(key) { MemberKeyScan($0, escapingSlashes: true).filterBits }
            #expect(bits == key.withUnsafeBytes { MemberKeyScan($0, escapingSlashes: true).filterBits }, "\(length)")
            Self.withExactBytes(quoteLast) { text in
                #expect(MemberKeyScan(text, escapingSlashes: true).needsEscaping, "\(length)")
                #expect(JSONEscaping.firstEscape(in: text, from: 0, escapingSlashes: true) == length - 1, "\(length)")
            }
            // Through the coders and a document too.
            let name = String(decoding: key, as: UTF8.self)
            let object = [name: length, String(decoding: lastDiffers, as: UTF8.self): -length]
            let data = try YAJLEncoder().encode(object)
            #expect(try JSONDecoder().decode([String: Int].self, from: data) == object)
            #expect(try YAJLDecoder().decode([String: Int].self, from: data) == object)
            let document = try JSONDocument(parsing: Self.exactData(String(repeating: " ", count: 70) + #"{"\#(name)": "\#(name)"}"#))
            #expect(document.root[name]?.stringView == name)
        }
    }
}
