import Foundation
import Testing
@testable import YAJLModel

/// The elements that a ``JSONElementReader`` reads from one feed of its stream share
/// one small document, the array of their texts (`[e1,e2,…]`): each element is a
/// value of it. What that means for the values, and for the memory they keep.
@Suite struct StreamElementBatchTests {
    /// Log records of about 140 bytes each.
    static func logRecords(_ count: Int) -> [String] {
        (0..<count).map { index in
            #"{"ts":"2026-11-21T12:00:\#(10 + index % 50)Z","level":"\#(["info", "warn", "error"][index % 3])","#
                + #""msg":"request \#(index) handled in \#(index % 997) ms","path":"/api/v1/items/\#(index)","#
                + #""status":\#([200, 404][index % 2]),"user":\#(index * 7)}"#
        }
    }

    /// A feed with the records as its `items`, one per line.
    static func feed(_ records: [String]) -> [UInt8] {
        Array(("{\"title\": \"log\", \"items\": [\n  " + records.joined(separator: ",\n  ") + "\n]}\n").utf8)
    }

    struct LogRecord: Decodable, Equatable {
        let ts: String
        let level: String
        let status: Int
        let user: Int
    }

    @Test func theElementsOfAFeedAreTheValuesOfTheArrayOfTheirTexts() throws {
        let records = Self.logRecords(40)  // 5.8 kB: one feed
        let outcome = readElements(Self.feed(records), at: "/items")
        #expect(outcome.error == nil)
        #expect(outcome.texts == records)  // each element's rawJSON is exactly its text
        let document = try #require(outcome.records.first?.value.document)
        #expect(outcome.records.allSatisfy { $0.value.document === document })
        let text = "[" + records.joined(separator: ",") + "]"
        #expect(document.input.withBytes { Array($0) } == Array(text.utf8))
        #expect(eachRecordIsItsOwnWholeParse(outcome))  // node for node the parse of that text
        #expect(document.root.count == records.count)

        var start = 1  // byteRange counts from the start of the document's text
        for (index, record) in outcome.records.enumerated() {
            let value = record.value
            #expect(value.node == document.root[index]?.node)
            #expect(value.byteRange == start..<start + records[index].utf8.count)
            start += records[index].utf8.count + 1
            #expect(value.jsonData() == Data(records[index].utf8))
            let whole = try JSONDocument(parsing: records[index]).root
            #expect(value == whole)
            #expect(value.hashValue == whole.hashValue)
            #expect(value.jsonString(options: .sortedKeys) == whole.jsonString(options: .sortedKeys))
            #expect(value["user"]?.int == index * 7)
        }
        // Each element's offset and line in the stream.
        #expect(outcome.records.map(\.line) == Array(2..<2 + records.count))
        let feed = Self.feed(records)
        #expect(outcome.records.allSatisfy { feed[$0.offset...].starts(with: $0.value.rawJSON) })
    }

    @Test func decodingAndBuildingFromEachElement() throws {
        let records = Self.logRecords(300)
        let expected = try records.map { try JSONDecoder().decode(LogRecord.self, from: Data($0.utf8)) }
        let decoder = YAJLDecoder()
        for readSize in [100, 4096, 64 << 10] {
            var reader = try JSONElementReader(chunks: [Self.feed(records)], at: "/items", options: .with(readSize: readSize))
            var decoded: [LogRecord] = []
            while let record = try reader.next(as: { try decoder.decode(LogRecord.self, from: $0) }) { decoded.append(record) }
            #expect(decoded == expected, "read size \(readSize)")
        }
    }

    @Test func aRetainedElementKeepsOnlyItsFeedsElementsAlive() throws {
        // 5,000 records (700 kB) in 64 kB reads: many feeds, one document each.
        let records = Self.logRecords(5000)
        var kept: [(index: Int, record: JSONRecord)] = []
        do {
            var reader = try JSONElementReader(chunks: chunks(of: Self.feed(records), first: 0, period: 64 << 10), at: "/items")
            var index = 0
            while let record = try reader.nextRecord() {
                if index % 997 == 0 { kept.append((index, record)) }
                index += 1
            }
            #expect(index == records.count)
        }  // the reader is gone; the kept elements still read
        #expect(kept.count == 6)
        let longest = records.map(\.utf8.count).max() ?? 0
        for (index, record) in kept {
            #expect(String(decoding: record.value.rawJSON, as: UTF8.self) == records[index])
            #expect(record.value["user"]?.int == index * 7)
            #expect(try record.value == JSONDocument(parsing: records[index]).root)
            // What it keeps alive: the elements completed by one feed of at most
            // 16 kB of new bytes (after the one that began before it).
            let document = record.value.document
            #expect(document.inputByteCount <= ElementSorter.sliceBytes + longest + 2)
            #expect(document.root.count < 130)
            #expect(document.treeByteCount < 4 * document.inputByteCount)
        }
        #expect(Set(kept.map { ObjectIdentifier($0.record.value.document) }).count == kept.count)
    }

    @Test func anElementLargerThanAFeedIsInADocumentWithNoOthersBeforeIt() throws {
        let big = "[" + (0..<20_000).map(String.init).joined(separator: ",") + "]"  // 109 kB
        let text = Array("[1, \(big), {\"after\": 2}]".utf8)
        for readSize in [4096, 1 << 20] {
            let outcome = readElements(chunks(of: text, first: 0, period: readSize), at: "", .with(readSize: readSize))
            #expect(outcome.texts == ["1", big, #"{"after": 2}"#])
            #expect(eachRecordIsItsOwnWholeParse(outcome))
            let element = try #require(outcome.records.dropFirst().first?.value)
            #expect(element.count == 20_000)
            #expect(element[19_999]?.int == 19_999)
            #expect(element.byteRange.lowerBound == 1)  // the first of its document
            #expect(element.document !== outcome.records[0].value.document)
        }
    }

    @Test func afterAnErrorTheDocumentHoldsOnlyTheElementsBeforeIt() throws {
        // yajl takes a form feed for white space; the stream finds it once the feed
        // is parsed, and the elements after it, parsed too, leave the document.
        let text = Array("[\"a\\n\", 20, \"b\\t\",\u{0C} \"c\\u0041\", {\"d\": \"\\u00e9\"}, 50]".utf8)
        let formFeed = try #require(text.firstIndex(of: 0x0C))
        let outcome = readElements(text)
        #expect(outcome.texts == [#""a\n""#, "20", #""b\t""#])
        #expect(outcome.error?.offset == formFeed)
        let document = try #require(outcome.records.first?.value.document)
        #expect(document.input.withBytes { Array($0) } == Array(#"["a\n",20,"b\t"]"#.utf8))
        #expect(eachRecordIsItsOwnWholeParse(outcome))  // and its decoded strings, no more
        #expect(document.treeByteCount == (try JSONDocument(parsing: #"["a\n",20,"b\t"]"#).treeByteCount))
        #expect(outcome.records.map(\.value.string) == ["a\n", nil, "b\t"])
        for split in 0...text.count {
            let outcome = readElements([text[..<split], text[split...]])
            #expect(outcome.texts == [#""a\n""#, "20", #""b\t""#] && outcome.error?.offset == formFeed, "split at \(split)")
            #expect(eachRecordIsItsOwnWholeParse(outcome), "split at \(split)")
        }
    }

    @Test func topLevelValuesAndCommentsToo() throws {
        let values = readElements(Array(" {\"a\": 1}{\"b\": [2]}\n3 \"x\" ".utf8), at: .values)
        #expect(values.texts == [#"{"a": 1}"#, #"{"b": [2]}"#, "3", #""x""#])
        #expect(eachRecordIsItsOwnWholeParse(values))
        let document = try #require(values.records.first?.value.document)
        #expect(document.input.withBytes { Array($0) } == Array(#"[{"a": 1},{"b": [2]},3,"x"]"#.utf8))

        // With comments allowed, an element's text keeps its comments, and writing
        // it with no options leaves them out (the document's text is not plain JSON).
        let commented = readElements(Array("[{\"a\": /* one */ 1}, 2 // two\n, 3]".utf8), at: "", .with(allowComments: true))
        #expect(commented.texts == [#"{"a": /* one */ 1}"#, "2", "3"])
        #expect(commented.records.first?.value.jsonString() == #"{"a":1}"#)
        #expect(commented.records.last?.value.jsonString() == "3")
        #expect(eachRecordIsItsOwnWholeParse(commented, { var options = JSONParseOptions(); options.allowComments = true; return options }()))
    }
}
