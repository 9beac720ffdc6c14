import Foundation
import Testing
@testable import YAJLModel

@Suite struct StreamLinesReaderTests {
    static let log = "{\"level\": \"info\", \"n\": 1}\r\n\n  \n[2, \"two\"]\r\n\"three\"\n\t\n4\n{\"level\": \"é😀\"}"

    @Test func recordsWithTheirLinesAndOffsets() {
        let (outcome, _) = readLines(Self.log)
        #expect(outcome.error == nil)
        #expect(outcome.texts == [#"{"level": "info", "n": 1}"#, #"[2, "two"]"#, #""three""#, "4", #"{"level": "é😀"}"#])
        #expect(outcome.records.map(\.line) == [1, 4, 5, 7, 8])
        let bytes = Array(Self.log.utf8)
        for record in outcome.records {
            #expect(bytes[record.offset...].starts(with: record.value.rawJSON))
        }
        #expect(eachRecordIsItsOwnWholeParse(outcome))
    }

    @Test func everySplitGivesTheSameRecords() {
        let bytes = Array(Self.log.utf8)
        let whole = readLines(Self.log).outcome
        for split in 0...bytes.count {
            let outcome = readLines([bytes[..<split], bytes[split...]]).outcome
            #expect(outcome.texts == whole.texts && outcome.records.map(\.offset) == whole.records.map(\.offset), "split at \(split)")
        }
        for period in 1...3 {
            #expect(readLines(chunks(of: bytes, first: 0, period: period), .with(readSize: period)).outcome.texts == whole.texts)
        }
    }

    @Test func aMalformedRecordInTheMiddleNamesItsLine() throws {
        let text = "{\"a\": 1}\n{\"b\": 2}\n{\"c\" 3}\n{\"d\": 4}\n"
        let (outcome, _) = readLines(text)
        #expect(outcome.texts == [#"{"a": 1}"#, #"{"b": 2}"#])
        let error = try #require(outcome.error)
        #expect(error.line == 3)
        #expect(error.offset == 18 + 5)  // the line starts at byte 18; the 3 at column 6
        #expect(error.column == 6)
        #expect(error.caseName == "syntax")
    }

    @Test func lossyModeSkipsAndReportsBadRecords() {
        let text = "1\n{\"c\" 3}\n[2]\n[1] [2]\n\"\\ud800\"\n{\"e\": 5}\n{\"truncated\": "
        let (outcome, skipped) = readLines(text, lossy: true)
        #expect(outcome.error == nil)
        #expect(outcome.texts == ["1", "[2]", #"{"e": 5}"#])
        #expect(skipped.map(\.line) == [2, 4, 5, 7])
        #expect(skipped.map(\.caseName) == ["syntax", "trailingData", "invalidEscape", "unexpectedEndOfInput"])
        #expect(skipped.last?.offset == text.utf8.count)
    }

    @Test func aTruncatedLastRecord() {
        let (outcome, _) = readLines("[1]\n[2]\n{\"a\": [3")
        #expect(outcome.texts == ["[1]", "[2]"])
        #expect(outcome.error?.caseName == "unexpectedEndOfInput")
        #expect(outcome.error?.line == 3)
    }

    @Test func edgeCasesOfLines() {
        #expect(readLines("").outcome.records.isEmpty)
        #expect(readLines("\n\r\n \t\n").outcome.records.isEmpty)
        #expect(readLines("1").outcome.texts == ["1"])
        #expect(readLines("\u{FEFF}[1]\n[2]").outcome.texts == ["[1]", "[2]"])   // a byte-order mark starts the stream only
        #expect(readLines("[1]\n\u{FEFF}[2]").outcome.error?.line == 2)
        #expect(readLines("\"a\rb\"").outcome.error?.caseName == "syntax")        // a lone \r is no line end
    }

    @Test func limitsApplyToEachLine() {
        let text = "\"short\"\n\"a line that is much too long for the limit\"\n[[[1]]]\n\"ok\"\n"
        let strict = readLines(text, .with(maxRecordBytes: 12, readSize: 4))
        #expect(strict.outcome.texts == [#""short""#])
        #expect(strict.outcome.error == .tooLarge(.inputBytes, limit: 12, at: JSONSourceLocation(offset: 8 + 12, line: 2, column: 13)))

        let lossy = readLines(text, lossy: true, .with(maxRecordBytes: 12, maxDepth: 2, readSize: 4))
        #expect(lossy.outcome.texts == [#""short""#, #""ok""#])
        #expect(lossy.skipped.map(\.caseName) == ["tooLarge", "tooDeep"])
        #expect(lossy.skipped.map(\.line) == [2, 3])

        let strings = readLines(text, lossy: true, .with(maxStringBytes: 5))
        #expect(strings.outcome.texts == [#""short""#, "[[[1]]]", #""ok""#])
        #expect(strings.skipped == [.tooLarge(.tokenBytes, limit: 5, at: JSONSourceLocation(offset: 8, line: 2, column: 1))])
    }

    @Test func fromAFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("yajlmodel-lines-\(UUID().uuidString).jsonl")
        try Data(Self.log.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var reader = try JSONLinesReader(contentsOf: url, options: .with(readSize: 5))
        var values: [String] = []
        while let value = try reader.next(as: { String(decoding: $0.rawJSON, as: UTF8.self) }) { values.append(value) }
        #expect(values == readLines(Self.log).outcome.texts)
    }
}
