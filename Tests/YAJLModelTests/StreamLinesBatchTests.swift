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
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            defer { offset += line.utf8.count + 1 }
            guard line.contains(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) else { continue }
            var parseOptions = JSONParseOptions()
            parseOptions.allowComments = options.allowComments
            do {
                let document = try JSONDocument(parsing: String(line), options: parseOptions)
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

    @Test func commentsStayAnErrorOnALineOfTheirOwn() {
        var options = JSONStreamOptions()
        options.allowComments = true
        let (outcome, skipped) = readLines("1 /* one */\n/* nothing */\n2\n", lossy: true, options)
        #expect(outcome.texts == ["1", "2"])
        #expect(skipped.map(\.line) == [2])
    }
}
