import Testing
import YAJLModel

/// Lines are parsed a block at a time as top-level values; whatever that shortcut
/// does not fit (two values on a line, one across lines, comments, errors) must come
/// out exactly as parsing each line on its own gives it.
@Suite struct StreamLinesBatchTests {
    /// The records and errors of parsing each line on its own, in lossy mode.
    func lineByLine(_ text: String, _ options: JSONStreamOptions = .init()) -> (texts: [String], lines: [Int], offsets: [Int], errors: [JSONError]) {
        var texts: [String] = [], lines: [Int] = [], offsets: [Int] = [], errors: [JSONError] = []
        var offset = 0
        // Split as bytes: as Characters, "\r\n" is one, and no "\n".
        for (index, line) in Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            defer { offset += line.count + 1 }
            guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }) else { continue }
            var parseOptions = JSONParseOptions()
            parseOptions.allowComments = options.allowComments
            do {
                let document = try JSONDocument(parsing: Array(line), options: parseOptions)
                texts.append(String(decoding: document.root.rawJSON, as: UTF8.self))
                lines.append(index + 1)
                offsets.append(offset)
            } catch {
                errors.append(.syntax("", at: JSONSourceLocation(offset: offset + error.offset, line: index + 1, column: error.column)))
            }
        }
        return (texts, lines, offsets, errors)
    }

    @Test(arguments: [
        "1 2\n3\n", "[1,\n2]\n3\n", "[1,\n2] 3\n4\n", "{\"a\": 1}\n{\"b\": 2} {\"c\": 3}\n5\n",
        "  {\"a\": 1}\n\t[2]\n", "1\n\n\n2\n", "\"x\"\n  \n{}", "1\n}\n2\n", "1\n[\n2\n", "\u{0C}1\n2\n",
    ])
    func lossyReadingMatchesLineByLine(_ text: String) {
        let expected = lineByLine(text)
        let bytes = Array(text.utf8)
        for split in 0...bytes.count {
            let (outcome, skipped) = readLines([bytes[..<split], bytes[split...]], lossy: true)
            #expect(outcome.error == nil)
            #expect(outcome.texts == expected.texts, "split at \(split)")
            #expect(outcome.records.map(\.line) == expected.lines, "split at \(split)")
            #expect(outcome.records.map(\.offset) == expected.offsets, "split at \(split)")
            #expect(skipped.map(\.location) == expected.errors.map(\.location), "split at \(split)")
        }
    }

    /// The blocks share one stream of values, which a block that must be read line by
    /// line ends and the next one starts again: chunks of every size from 1 byte put
    /// the blocks' edges, and the bad lines, everywhere.
    @Test func blocksOfEverySizeMatchLineByLine() {
        var lines: [String] = []
        for index in 0..<40 {
            switch index % 10 {
            case 3: lines.append("{\"a\": [\(index),")      // a value left open at its line's end
            case 4: lines.append("\(index)]}")
            case 6: lines.append("\(index) \(index)")       // two values on a line
            case 7: lines.append("  ")
            case 8: lines.append("{\"text\": \"line \(index)\"}\r")
            case 9: lines.append("[\(index), tru]")          // a syntax error
            default: lines.append("{\"n\": \(index), \"s\": \"\(String(repeating: "x", count: index))\"}")
            }
        }
        let text = lines.joined(separator: "\n") + "\n12"
        let expected = lineByLine(text)
        let bytes = Array(text.utf8)
        for size in 1...(bytes.count / 2) {
            let chunks = stride(from: 0, to: bytes.count, by: size).map { bytes[$0..<min($0 + size, bytes.count)] }
            let (outcome, skipped) = readLines(chunks, lossy: true)
            #expect(outcome.error == nil)
            #expect(outcome.texts == expected.texts, "chunks of \(size)")
            #expect(outcome.records.map(\.line) == expected.lines, "chunks of \(size)")
            #expect(outcome.records.map(\.offset) == expected.offsets, "chunks of \(size)")
            #expect(skipped.map(\.location) == expected.errors.map(\.location), "chunks of \(size)")
        }
    }

    /// Well-formed blocks are read as values: the lines of a block share a document,
    /// before and after a block that had to be read line by line, each line of which has its own.
    @Test func blocksAfterABadOneAreReadAsValuesAgain() {
        let blocks = ["{\"a\": 1}\n[2]\n3\n", "4\n5 6\n7\n", "\"8\"\n {}\n[]\n", "10\n11\n12\n"]
        let (outcome, skipped) = readLines(blocks.map { Array($0.utf8)[...] }, lossy: true)
        #expect(outcome.texts == [#"{"a": 1}"#, "[2]", "3", "4", "7", #""8""#, "{}", "[]", "10", "11", "12"])
        #expect(outcome.records.map(\.line) == [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12])
        #expect(outcome.records.map(\.offset) == [0, 9, 13, 15, 21, 23, 27, 31, 34, 37, 40])
        #expect(skipped.map(\.line) == [5])
        let documents = outcome.records.map { ObjectIdentifier($0.value.document) }
        let sharing = [[0, 1, 2], [3], [4], [5, 6, 7], [8, 9, 10]]
        #expect(Set(documents).count == sharing.count)
        for group in sharing {
            #expect(Set(group.map { documents[$0] }).count == 1, "records \(group)")
        }
    }

    /// The rest of a line over the limit is skipped as it arrives, unread: the lines
    /// after it are still read as values, by a stream that starts after it.
    @Test func blocksAfterASkippedLineAreReadAsValues() {
        let chunks = ["1\n2\n", "[1, 2, 3, 4, 5, 6", ", 7]\n3\n4\n"]
        let (outcome, skipped) = readLines(chunks.map { Array($0.utf8)[...] }, lossy: true, .with(maxRecordBytes: 12))
        #expect(outcome.texts == ["1", "2", "3", "4"])
        #expect(outcome.records.map(\.line) == [1, 2, 4, 5])
        #expect(outcome.records.map(\.offset) == [0, 2, 26, 28])
        #expect(skipped.map(\.line) == [3])
        let documents = outcome.records.map { ObjectIdentifier($0.value.document) }
        #expect(documents[0] == documents[1] && documents[2] == documents[3] && documents[1] != documents[2])
    }

    /// The record limit bounds a line, white space included, whether the line arrives
    /// in one chunk (and is read with the lines around it) or byte by byte.
    @Test func aLineOverTheRecordLimitIsTooLargeHoweverItArrives() {
        let text = "1" + String(repeating: " ", count: 20) + "\n2\n"
        let bytes = Array(text.utf8)
        let tooLarge = JSONError.tooLarge(.inputBytes, limit: 12, at: JSONSourceLocation(offset: 12, line: 1, column: 13))
        for chunks in [[bytes[...]], bytes.indices.map { bytes[$0...$0] }] {
            let strict = readLines(chunks, .with(maxRecordBytes: 12))
            #expect(strict.outcome.texts.isEmpty)
            #expect(strict.outcome.error == tooLarge)
            let lossy = readLines(chunks, lossy: true, .with(maxRecordBytes: 12))
            #expect(lossy.outcome.texts == ["2"])
            #expect(lossy.skipped == [tooLarge])
        }
    }

    @Test func commentsStayAnErrorOnALineOfTheirOwn() {
        var options = JSONStreamOptions()
        options.allowComments = true
        let (outcome, skipped) = readLines("1 /* one */\n/* nothing */\n2\n", lossy: true, options)
        #expect(outcome.texts == ["1", "2"])
        #expect(skipped.map(\.line) == [2])
    }
}
