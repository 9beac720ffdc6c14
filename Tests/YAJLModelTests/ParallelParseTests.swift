import CYAJLTree
import Foundation
import Testing

@testable import YAJLModel

/// A large document is split at commas inside its largest container, its pieces parsed on
/// several threads and their trees joined. Nothing may show it: the tree is the serial parse's
/// node for node (offsets, counts, subtree ends, decoded strings), and a bad text gets the serial
/// parse's error. Forced piece sizes make small texts split, so that every join is exercised.
@Suite("Parsing in parallel: pieces joined into the serial tree")
struct ParallelParseTests {
    /// What one parse gives: a tree (its words and decoded strings) or an error.
    private struct Outcome: Equatable, CustomStringConvertible {
        var status: yjm_status
        var errorOffset = 0
        var syntax = YJM_SYNTAX_NONE
        var nodes: [UInt64] = []
        var values: UInt32 = 0
        var side: [UInt8] = []

        init(status: yjm_status, error: yjm_error, tree: yjm_tree) {
            self.status = status
            guard status == YJM_OK else {
                errorOffset = Int(error.offset)
                syntax = error.syntax
                return
            }
            nodes = (0..<Int(tree.node_count)).map { UInt64(tree.nodes[$0].head) << 32 | UInt64(tree.nodes[$0].offset) }
            values = tree.value_count
            side = tree.side.map { Array(UnsafeBufferPointer(start: $0, count: Int(tree.side_size))) } ?? []
        }

        var description: String {
            status == YJM_OK ? "a tree of \(nodes.count) words" : "error \(status.rawValue) (syntax \(syntax.rawValue)) at \(errorOffset)"
        }

        /// Where `self` and `other` first differ, for a failure message.
        func difference(from other: Outcome) -> String {
            if let index = nodes.indices.first(where: { $0 < other.nodes.count && nodes[$0] != other.nodes[$0] }) {
                return "word \(index): \(String(nodes[index], radix: 16)) where the serial parse has \(String(other.nodes[index], radix: 16))"
            }
            return "\(self) where the serial parse gives \(other)"
        }
    }

    private static func serial(_ text: [UInt8], options: JSONParseOptions = .init()) -> Outcome {
        var cOptions = options.cOptions
        var tree = yjm_tree()
        var error = yjm_error()
        let status = text.withUnsafeBufferPointer { yjm_parse($0.baseAddress, $0.count, &cOptions, &tree, &error) }
        defer { yjm_tree_free(&tree) }
        return Outcome(status: status, error: error, tree: tree)
    }

    /// The parallel parse's outcome, and whether it joined pieces (rather than parsing serially).
    private static func parallel(_ text: [UInt8], pieceBytes: Int, threads: Int = 2,
                                 options: JSONParseOptions = .init()) -> (Outcome, joined: Bool) {
        var cOptions = options.cOptions
        var parallel = yjm_parallel(threads: threads, piece_size: pieceBytes, joined: 0)
        var tree = yjm_tree()
        var error = yjm_error()
        let status = text.withUnsafeBufferPointer {
            yjm_parse_parallel($0.baseAddress, $0.count, &cOptions, &parallel, &tree, &error)
        }
        defer { yjm_tree_free(&tree) }
        return (Outcome(status: status, error: error, tree: tree), parallel.joined > 0)
    }

    /// Parses `text` split into pieces of each of `pieceSizes` bytes, on two threads, and expects
    /// the serial outcome. Returns how many of the parses joined pieces.
    @discardableResult
    private static func expectSerialOutcome(_ text: [UInt8], pieceSizes: [Int], name: String,
                                            options: JSONParseOptions = .init(),
                                            sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        let expected = serial(text, options: options)
        var joined = 0
        for size in pieceSizes {
            let (found, didJoin) = parallel(text, pieceBytes: size, options: options)
            if didJoin { joined += 1 }
            if found != expected {
                Issue.record("\(name), pieces of \(size) bytes: \(found.difference(from: expected))", sourceLocation: sourceLocation)
            }
        }
        return joined
    }

    /// Piece sizes for a text of `length` bytes: 64, 1 KiB and two drawn from `generator`.
    private static func pieceSizes(length: Int, using generator: inout SplitMix64) -> [Int] {
        [64, 1024, Int(generator.next() % UInt64(max(length, 1))) + 1, Int(generator.next() % 256) + 1]
    }

    @Test(.enabled(if: SharedData.isAvailable, SharedData.unavailableReason))
    func everyCorpusFileGivesTheSerialTree() throws {
        var generator = SplitMix64(seed: 0x7061_7273)
        for name in SharedData.corpusFiles {
            let text = try SharedData.corpusBytes(name)
            let joined = Self.expectSerialOutcome(text, pieceSizes: Self.pieceSizes(length: text.count, using: &generator), name: name)
            #expect(joined > 0, "\(name) was never split")
        }
    }

    @Test(.enabled(if: SharedData.isAvailable, SharedData.unavailableReason))
    func everyConformanceFileGivesTheSerialTreeOrError() throws {
        var generator = SplitMix64(seed: 0x636f_6e66)
        var joined = 0
        for name in SharedData.conformanceFiles {
            let text = try SharedData.conformanceBytes(name)
            // Pieces of a byte split at every comma: the files are small.
            let sizes = [1, 2] + Self.pieceSizes(length: text.count, using: &generator)
            joined += Self.expectSerialOutcome(text, pieceSizes: sizes, name: name)
            // The file as the elements of an array, each a piece of its own when pieces are small:
            // a text that parses is joined from them.
            let elements = Array("[".utf8) + text + Array(",\n".utf8) + text + Array(", ".utf8) + text + Array("]".utf8)
            let split = Self.expectSerialOutcome(elements, pieceSizes: [1, text.count + 1], name: name + " three times")
            if Self.serial(elements).status == YJM_OK { #expect(split == 2, "\(name) three times was not split") }
            joined += split
        }
        #expect(joined > 100, "only \(joined) parses split")
    }

    /// The fuzzers' saved inputs: the leak-check seeds and every target's regressions.
    @Test func fuzzCorpusGivesTheSerialTreeOrError() throws {
        let fuzz = SharedData.packageRoot.appendingPathComponent("Tests/Fuzz")
        let files = FileManager.default.enumerator(at: fuzz, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { !$0.hasDirectoryPath && $0.pathExtension != "md" } ?? []
        #expect(files.count > 20)
        var generator = SplitMix64(seed: 0x6675_7a7a)
        var joined = 0
        for file in files {
            let text = [UInt8](try Data(contentsOf: file))
            joined += Self.expectSerialOutcome(text, pieceSizes: [1, 7] + Self.pieceSizes(length: text.count, using: &generator),
                                               name: file.lastPathComponent)
        }
        #expect(joined > 0)
    }

    /// `{"meta": …, "data": {"items": [ … ]}}`: the split is inside the nested array.
    private static func nestedFeed(items: Int, item: (Int) -> String = { #"{"id":\#($0),"name":"item \#($0)","tags":["a","b"]}"# }) -> [UInt8] {
        let elements = (0..<items).map(item).joined(separator: ",\n    ")
        return Array(#"{"meta": {"source": "test", "count": \#(items)}, "data": {"items": [\#(elements)], "next": null}, "v": 2}"#.utf8)
    }

    @Test func nestedArraySplitsAndJoins() {
        let text = Self.nestedFeed(items: 500)
        let joined = Self.expectSerialOutcome(text, pieceSizes: [64, 200, 1024, 4096], name: "nested feed")
        #expect(joined == 4)
    }

    @Test func objectSplitsAtMembers() {
        let members = (0..<300).map { #""key \#($0)": {"n": \#($0), "s": "v\u00e9 \#($0)"}"# }.joined(separator: ", ")
        let text = Array(#"{"outer": {\#(members)}}"#.utf8)
        #expect(Self.expectSerialOutcome(text, pieceSizes: [1, 64, 1000], name: "object") == 3)
    }

    /// The split pass scans parts of a text on several threads, each from a guess at whether it
    /// starts inside a string. Long strings full of brackets, commas, escaped quotes before a
    /// colon, and strings that start with a colon make the guesses wrong; the parse still splits
    /// the text and gives the serial tree, on one thread and on two.
    @Test func partsThatStartInsideStringsGiveTheSerialTree() {
        let long = String(repeating: #"[{\":1}, :\":x\\ "#, count: 300)
        let items = (0..<40).map { #"{"text":"\#($0 % 3 == 0 ? ":" : "")\#(long)","n":\#($0),"tags":[":","[","]"]}"# }
        let text = Array(("[" + items.joined(separator: ",") + "]").utf8)
        #expect(text.count > 150_000) // parts of the split pass start inside the strings
        #expect(Self.expectSerialOutcome(text, pieceSizes: [64, 5000, 60_000], name: "long strings") == 3)
        let expected = Self.serial(text)
        for pieceBytes in [64, 5000] {
            let (found, joined) = Self.parallel(text, pieceBytes: pieceBytes, threads: 1)
            #expect(joined)
            #expect(found == expected, "one thread, pieces of \(pieceBytes) bytes: \(found.difference(from: expected))")
        }
    }

    /// Escaped strings before, inside and after the pieces: their decoded text is joined in order.
    @Test func escapedStringsKeepTheirDecodedText() {
        let text = Self.nestedFeed(items: 200) { #"{"t":"tab\there \#($0)","u":"\u00e9\ud83d\ude00","k\n":[\#($0)]}"# }
        #expect(Self.expectSerialOutcome(text, pieceSizes: [1, 50, 333], name: "escapes") == 3)
    }

    /// Numbers end pieces (yajl hands a number at the end of a chunk over late), and literals,
    /// empty containers and white space of every kind sit at the splits.
    @Test func valuesOfEveryKindAtTheSplits() {
        let values = ["1", "-2.5e3", "true", "false", "null", #""s""#, "[]", "{}", #"[[1],{"a":[]}]"#, "0"]
        for gap in ["", " ", "\n\t ", "\r\n"] {
            let text = Array(("[" + (0..<200).map { values[$0 % values.count] }.joined(separator: gap + "," + gap) + "]").utf8)
            #expect(Self.expectSerialOutcome(text, pieceSizes: [1, 3, 16, 100], name: "gap \(Array(gap.utf8))") == 4)
        }
    }

    /// Each broken text gives the serial parse's error, wherever the break is: before, in, or
    /// after the pieces.
    @Test func badTextGivesTheSerialError() {
        let good = String(decoding: Self.nestedFeed(items: 120), as: UTF8.self)
        let breaks: [(String, String)] = [
            (#""name":"item 60""#, #""name":"item 60"#),  // a string left open in a middle piece
            (#""id":60"#, #""id":6x"#),                    // a bad literal in a piece
            (#""id":61,"#, #""id":61,,"#),                 // a comma too many
            (",\n    {\"id\":62", "\n    {\"id\":62"),            // a comma missing
            (#""id":63"#, "\"id\":\u{0C}63"),             // a form feed
            (#""id":64"#, #""id":"\u{01}""#),             // a control byte in a string
            (#""id":65"#, #""id":"\uD800""#),             // a lone surrogate
            (#""name":"item 66""#, "\"name\":\"\u{FF}\""), // not UTF-8 (replaced below)
            (#""source""#, #""source"#),                  // before the pieces
            (#""next": null"#, #""next": nul"#),           // after them
            (#", "v": 2}"#, #", "v": 2}]"#),              // trailing data
            (#", "v": 2}"#, #", "v": 2"#),                // the end of the text missing
            (#""id":119,"name":"item 119","tags":["a","b"]}"#, #""id":119,"name":"item 119","tags":["a","b"]},"#),
        ]
        for (found, broken) in breaks {
            var text = Array(good.replacingOccurrences(of: found, with: broken).utf8)
            if let invalid = text.firstIndex(of: 0xC3), broken.contains("\u{FF}") { text[invalid + 1] = 0xFF } // ÿ's second byte made bad
            #expect(Self.serial(text).status != YJM_OK, "\(broken) parses")
            Self.expectSerialOutcome(text, pieceSizes: [1, 64, 256, 1024], name: broken)
        }
    }

    /// Limits hold inside pieces as in the serial parse: depth counts the containers around the
    /// split one, and strings keep their length limit.
    @Test func limitsHoldInsidePieces() {
        let deep = Array(("{\"a\": [" + (0..<100).map { _ in "[[[[1]]]]" }.joined(separator: ",") + "]}").utf8)
        for maxDepth in [4, 5, 6, 7, 8, 100] {
            var options = JSONParseOptions()
            options.maxDepth = maxDepth
            Self.expectSerialOutcome(deep, pieceSizes: [1, 64], name: "max depth \(maxDepth)", options: options)
        }
        var options = JSONParseOptions()
        options.maxStringBytes = 7
        Self.expectSerialOutcome(Self.nestedFeed(items: 100), pieceSizes: [1, 64], name: "max string bytes", options: options)
    }

    @Test func byteOrderMarkIsSkippedOrRejectedAsSerially() {
        let text = [0xEF, 0xBB, 0xBF] + Self.nestedFeed(items: 50)
        for skips in [true, false] {
            var options = JSONParseOptions()
            options.skipsByteOrderMark = skips
            Self.expectSerialOutcome(text, pieceSizes: [1, 64], name: "byte-order mark, skipped: \(skips)", options: options)
        }
    }

    /// Text that does not split (no large container, comments allowed, too few commas) is
    /// parsed serially, with the same result.
    @Test func unsplittableTextIsParsedSerially() {
        var comments = JSONParseOptions()
        comments.allowComments = true
        for (text, options) in [(#""just a string""#, JSONParseOptions()), ("[1, 2]", .init()), ("[1, /* , */ 2, 3, 4]", comments),
                                ("[[1,2,3,4,5], [6,7,8,9,10]]", .init())] {
            let (found, joined) = Self.parallel(Array(text.utf8), pieceBytes: 1, options: options)
            #expect(found == Self.serial(Array(text.utf8), options: options), "\(text)")
            #expect(!joined || text.hasPrefix("[["), "\(text) split")
        }
    }

    /// Through `JSONDocument`: forced pieces, and the threshold, give the serial document.
    @Test func documentsParsedInParallelReadAsSerialOnes() throws {
        let text = Self.nestedFeed(items: 2000)
        var forced = JSONParseOptions()
        forced.forcedPieceBytes = 100
        var threshold = JSONParseOptions()
        threshold.parallelThresholdBytes = 1024
        threshold.parsingThreads = 3
        let serial = try JSONDocument(parsing: text)
        for options in [forced, threshold] {
            let document = try JSONDocument(parsing: text, options: options)
            #expect(document.root == serial.root)
            #expect(document.nodeCount == serial.nodeCount && document.treeByteCount == serial.treeByteCount)
            #expect(document.root[pointer: "/data/items/1999/name"]?.string == "item 1999")
            #expect(document.root["data"]?["items"]?.count == 2000)
            #expect(document.root[pointer: "/data/items/1234"]?.byteRange == serial.root[pointer: "/data/items/1234"]?.byteRange)
        }
        var broken = text
        broken[text.count / 2] = UInt8(ascii: "]")
        let serialResult = Result { () throws(JSONError) in try JSONDocument(parsing: broken) }
        let parallelResult = Result { () throws(JSONError) in try JSONDocument(parsing: broken, options: forced) }
        guard case .failure(let expected) = serialResult, case .failure(let found) = parallelResult else {
            Issue.record("the broken text parses: \(serialResult), \(parallelResult)")
            return
        }
        #expect(found == expected)
    }

    /// Small inputs never start a thread: below the threshold, or with one thread, the parse is serial.
    @Test func smallInputsAreParsedSerially() {
        let options = JSONParseOptions()
        #expect(options.parallelThresholdBytes == JSONParseOptions.defaultParallelThresholdBytes)
        #expect(options.parallel(length: 631_515) == nil) // twitter.json's size
        #expect(options.parallel(length: options.parallelThresholdBytes - 1) == nil)
        var one = JSONParseOptions()
        one.parsingThreads = 1
        #expect(one.parallel(length: 1 << 28) == nil)
        var two = JSONParseOptions()
        two.parsingThreads = 2
        #expect(two.parallel(length: two.parallelThresholdBytes)?.threads == 2)
        two.forcedPieceBytes = 0
        #expect(two.parallel(length: 10)?.piece_size == 1)
    }

    /// Parses on several threads from several tasks at once (ThreadSanitizer runs this suite).
    @Test func parsesFromManyTasksAtOnce() async throws {
        let text = Self.nestedFeed(items: 3000)
        let expected = try JSONDocument(parsing: text)
        var options = JSONParseOptions()
        options.parallelThresholdBytes = 1024
        options.parsingThreads = 4
        let parsedOptions = options
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                group.addTask { try JSONDocument(parsing: text, options: parsedOptions).root == expected.root }
            }
            for try await same in group { #expect(same) }
        }
    }
}
