import Foundation
import Testing
@testable import YAJLModel

@Suite struct StreamElementReaderTests {
    /// A feed: a header before the items, a trailer after them, and items of every kind.
    static let feed = Array(#"""
        {"title": "Uploads", "count": 5, "tags": ["a", "b"],
         "items": [
          {"title": "Bridge", "id": 18446744073709551615, "media": {"m": "https://example.com/b.jpg"}},
          {"title": "Harbour \"at night\" \u00e9\ud83d\ude00", "id": 42, "tags": ["sea", "boats"]},
          "a string é", 12.5e-3, true, null, [], {},
          [1, [2, [3]]]
         ],
         "modified": "2026-11-21T12:00:00Z", "more": {"next": null}}
        """#.utf8)

    static let wholeItems: [String] = {
        let document = try? JSONDocument(parsing: feed)
        return document?.root["items"]?.array.map { $0.map { String(decoding: $0.rawJSON, as: UTF8.self) } } ?? []
    }()

    @Test func itemsBetweenAHeaderAndATrailer() throws {
        var reader = try JSONElementReader(chunks: [Self.feed], at: "/items")
        #expect(reader.header == nil)
        let outcome = readAll(&reader)
        #expect(outcome.error == nil)
        #expect(outcome.texts == Self.wholeItems)
        #expect(outcome.texts.count == 9)
        #expect(eachRecordIsItsOwnWholeParse(outcome))

        // The elements read from one feed are the values of a small document of their
        // own, the array of their texts (here, all nine; see StreamElementBatchTests).
        let first = try #require(outcome.records.first)
        #expect(first.value["id"]?.uint64 == 18446744073709551615)
        #expect(first.value.byteRange.lowerBound == 1)  // just after its "["
        #expect(first.value.document.inputByteCount == Self.wholeItems.joined(separator: ",").utf8.count + 2)
        #expect(outcome.records.allSatisfy { $0.value.document === first.value.document })
        #expect(outcome.records[1].value["title"]?.string == "Harbour \"at night\" é😀")

        // Where each starts in the stream.
        let text = String(decoding: Self.feed, as: UTF8.self)
        for record in outcome.records {
            let prefix = Self.feed[..<record.offset]
            #expect(record.line == prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1)
            #expect(text.utf8.dropFirst(record.offset).starts(with: record.value.rawJSON))
        }

        // The values around the array.
        #expect(reader.header?["title"]?.string == "Uploads")
        #expect(reader.header?["items"]?.count == 0)
        #expect(reader.header?["modified"] == nil)
        let envelope = try #require(reader.envelope)
        #expect(envelope["title"]?.string == "Uploads")
        #expect(envelope["modified"]?.string == "2026-11-21T12:00:00Z")
        #expect(envelope[path: "more.next"]?.isNull == true)
        #expect(envelope["items"]?.count == 0)
        let items = try #require(try JSONDocument(parsing: Self.feed).root["items"]?.byteRange)
        let emptied = Array(Self.feed[..<(items.lowerBound + 1)] + Self.feed[(items.upperBound - 1)...])
        #expect(envelope.document.input.withBytes { Array($0) } == emptied)
        #expect(try reader.next() == nil)  // and stays at the end
    }

    @Test func everySplitOfTheFeedGivesTheSameElements() {
        for split in 0...Self.feed.count {
            let outcome = readElements([Self.feed[..<split], Self.feed[split...]], at: "/items")
            #expect(outcome.error == nil && outcome.texts == Self.wholeItems, "split at \(split): \(String(describing: outcome.error))")
            #expect(eachRecordIsItsOwnWholeParse(outcome), "split at \(split)")
        }
        for period in 1...5 {
            let outcome = readElements(chunks(of: Self.feed, first: 0, period: period), at: "/items")
            #expect(outcome.error == nil && outcome.texts == Self.wholeItems, "\(period)-byte chunks")
            #expect(eachRecordIsItsOwnWholeParse(outcome))
        }
    }

    @Test func theTargetByPointerOrPath() {
        let text = Array(#"{"a/b": {"~x": [{"pages": [[1, 2], [3, 4]]}]}, "p": [[0], [5, 6]]}"#.utf8)
        #expect(readElements(text, at: "/a~1b/~0x/0/pages/1").texts == ["3", "4"])
        #expect(readElements(text, at: .pointer("/p/1")).texts == ["5", "6"])
        #expect(readElements(text, at: .path("p[1]")).texts == ["5", "6"])
        #expect(readElements(text, at: .path("p.0")).texts == ["0"])
        #expect(readElements(text, at: "/a~1b/~0x").texts == [#"{"pages": [[1, 2], [3, 4]]}"#])
        // A string without a leading slash is a dotted path, as `[path:]` reads it.
        #expect(readElements(text, at: "p").texts == ["[0]", "[5, 6]"])
        #expect(readElements(text, at: "p.1").texts == ["5", "6"])
        #expect(readElements(text, at: "p[1]").texts == ["5", "6"])
    }

    @Test func aTopLevelArray() throws {
        let text = Array(#" [1, "two", {"three": [3]}, [4], null] "#.utf8)
        for split in 0...text.count {
            let outcome = readElements([text[..<split], text[split...]])
            #expect(outcome.texts == ["1", "\"two\"", #"{"three": [3]}"#, "[4]", "null"], "split at \(split)")
        }
        var reader = try JSONElementReader(chunks: [text])
        _ = readAll(&reader)
        #expect(reader.envelope?.count == 0)
    }

    @Test func repeatedKeysStreamEveryArray() {
        let text = Array(#"{"items": [1, 2], "x": 0, "items": [3]}"#.utf8)
        #expect(readElements(text, at: "/items").texts == ["1", "2", "3"])
    }

    @Test func concatenatedValues() {
        let text = Array(" {\"a\": 1}{\"b\": [2]}\n3 \"x\"[4]-5.0e1\r\n\ntrue\n".utf8)
        let expected = [#"{"a": 1}"#, #"{"b": [2]}"#, "3", #""x""#, "[4]", "-5.0e1", "true"]
        for split in 0...text.count {
            let outcome = readElements([text[..<split], text[split...]], at: .values)
            #expect(outcome.error == nil && outcome.texts == expected, "split at \(split): \(String(describing: outcome.error))")
        }
        #expect(readElements(text, at: .values).records.map(\.line) == [1, 1, 2, 2, 2, 2, 4])
        #expect(readElements(Array("  \n ".utf8), at: .values).records.isEmpty)
        #expect(readElements([ArraySlice<UInt8>](), at: .values).error == nil)
    }
}

extension StreamElementReaderTests {
    @Test func aMalformedElementEndsTheStreamAfterTheOnesBefore() throws {
        let text = Array("[{\"a\": 1},\n {\"b\": 2},\n {\"c\" 3}, {\"d\": 4}]".utf8)
        let whole = try #require(parseError(text))
        for split in 0...text.count {
            let outcome = readElements([text[..<split], text[split...]])
            #expect(outcome.texts == [#"{"a": 1}"#, #"{"b": 2}"#], "split at \(split)")
            #expect(outcome.error == whole, "split at \(split)")
        }
        #expect(whole.line == 3)
        var reader = try JSONElementReader(chunks: [text])
        _ = readAll(&reader)
        #expect(throws: whole) { try reader.next() }  // and again
    }

    @Test func errorsCountFromTheStartOfTheStream() throws {
        // Far into a long stream, after the buffer has dropped most of it.
        let items = (0..<2000).map { #"{"n": \#($0)}"# }.joined(separator: ",\n")
        let text = Array("[\(items),\n{\"bad\": tru}]".utf8)
        let whole = try #require(parseError(text))
        let outcome = readElements(chunks(of: text, first: 0, period: 100), at: "", .with(readSize: 100))
        #expect(outcome.records.count == 2000)
        #expect(outcome.error == whole)
        #expect(whole.line == 2001)
    }

    @Test func aTruncatedFeedIsAnEndOfInputError() {
        let text = Array(#"{"items": [1, 2, {"a": "#.utf8)
        let outcome = readElements(text, at: "/items")
        #expect(outcome.texts == ["1", "2"])
        #expect(outcome.error == .unexpectedEndOfInput(at: JSONSourceLocation(offset: text.count, line: 1, column: text.count + 1)))
    }

    @Test func trailingDataAfterTheTopLevelValue() {
        let outcome = readElements(Array("[1, 2] x".utf8))
        #expect(outcome.texts == ["1", "2"])
        #expect(outcome.error?.caseName == "trailingData")
        #expect(outcome.error?.offset == 7)
    }

    @Test func limitsApplyToEachRecord() {
        let text = Array(#"["short", "a much longer string", [[[1]]], 123456789]"#.utf8)
        let big = readElements(text, at: "", .with(maxRecordBytes: 10))
        #expect(big.texts == [#""short""#])
        let start = 10
        #expect(big.error == .tooLarge(.inputBytes, limit: 10, at: JSONSourceLocation(offset: start + 10, line: 1, column: start + 11)))

        let string = readElements(text, at: "", .with(maxStringBytes: 8))
        #expect(string.texts == [#""short""#])
        #expect(string.error == .tooLarge(.tokenBytes, limit: 8, at: JSONSourceLocation(offset: start, line: 1, column: start + 1)))

        let deep = readElements(text, at: "", .with(maxDepth: 3))  // the array counts
        #expect(deep.texts == [#""short""#, #""a much longer string""#])
        #expect(deep.error?.caseName == "tooDeep")

        // The text kept around the array is a record too.
        let header = readElements(Array(#"{"header": "h", "items": [1]}"#.utf8), at: "/items", .with(maxRecordBytes: 12))
        #expect(header.records.isEmpty && header.error?.caseName == "tooLarge")
    }

    @Test func memoryStaysBoundedByTheLargestElement() throws {
        // 3 MB of small elements in 4 kB chunks: the buffer holds a chunk and a partial element.
        let element = Array(#"{"id": 123456, "name": "a name of some length", "tags": ["x", "y", "z"]}"#.utf8)
        let count = 40_000
        let chunks = (0..<count).lazy.map { index in (index == 0 ? Array("[".utf8) : Array(",".utf8)) + element + (index == count - 1 ? Array("]".utf8) : []) }
        var reader = try JSONElementReader(chunks: chunks, options: .with(readSize: 4096))
        var seen = 0
        var largestBuffer = 0
        while let item = try reader.next() {
            #expect(item["id"]?.int == 123456)
            seen += 1
            largestBuffer = max(largestBuffer, reader.engine.framer.buffer.capacity)
        }
        #expect(seen == count)
        #expect(largestBuffer <= 64 << 10)  // its first allocation: it never had to grow
    }

    @Test func aFormFeedBeforeAnotherErrorIsTheErrorHoweverTheChunksEnd() throws {
        // yajl takes a form feed as white space and fails at the ']' after it; the form feed is the first error.
        for text in ["\u{0C}]", "[1,\u{0C}]", "[1,\u{0B}[[[[{]"] {
            let bytes = Array(text.utf8)
            let expected = bytes.firstIndex { $0 == 0x0C || $0 == 0x0B }!
            for size in 1...bytes.count {
                let read = readElements(pieces(bytes, size))
                #expect(read.error?.location.offset == expected, "\(text.debugDescription) in chunks of \(size): \(String(describing: read.error))")
            }
        }
    }

    @Test func anErrorAtTheEndOfADroppedTokenCountsItsColumn() throws {
        // The error after a string is placed on its closing quote. Read a few bytes at a time, the
        // string's bytes have been dropped by then, and the column is worked out back from the buffer.
        let text = Array(("        {\n          \"page_name\": \"Home\",\n          \"html_url\": "
            + "\"https://github.com/GaryMcNabb/HVSTAT/wiki/Home\"71344066560\"}").utf8)
        for size in [1000, 64, 28, 7, 1] {
            let read = readElements(pieces(text, size), at: "", .with(readSize: size))
            #expect(read.error?.location == JSONSourceLocation(offset: 110, line: 3, column: 70), "reads of \(size)")
        }
    }

    @Test func aSyntaxErrorIsWordedAsTheWholeTextWordsIt() throws {
        // Found by the gzip fuzz target: a number that ends a read is an element only once the
        // next byte is read, and then the error after it is still one after an element.
        let text = Array("[123e-12false00000".utf8)
        let whole = readElements(pieces(text, 1000), at: "", .with(readSize: 1000))
        #expect(whole.error?.description.contains("expected ',' or ']' after an array element") == true)
        for size in 1...text.count {
            let read = readElements(pieces(text, size), at: "", .with(readSize: size))
            #expect(read.error == whole.error, "reads of \(size)")
        }
        // The same after an element that a read ends with, and after a container element.
        for other in ["[true false]", "[1 ,]", "[{} 2]", "[[1],]", "[1, {\"a\": [2]} \"x\"]"] {
            let bytes = Array(other.utf8)
            let reference = try #require(parseError(bytes))
            for size in 1...bytes.count {
                let read = readElements(pieces(bytes, size), at: "", .with(readSize: size))
                #expect(read.error == reference, "\(other.debugDescription) in reads of \(size)")
            }
        }
    }

    @Test func aMissingCommaBeforeAFormFeedIsTheErrorHoweverTheReadsEnd() throws {
        // After an object member's value, the missing comma is placed on the value's last byte,
        // before the form feed that follows it, as the whole text (and a document parse) has it.
        let formFeed = Array("{\n\"id\": 1\u{0C}\n\"name\": 2}".utf8)
        let reference = try #require(parseError(formFeed))
        #expect(reference.location.offset == 8)
        #expect(reference.description.contains("expected ',' or '}' after an object member"))
        for size in 1...formFeed.count {
            let read = readElements(pieces(formFeed, size), at: "", .with(readSize: size))
            #expect(read.error == reference, "reads of \(size)")
        }
        // Where the next token is a comma or the object's end, or the text ends, the form feed is the error.
        for text in ["[{\"a\": 1\u{0C},\"b\": 2}]", "[{\"a\": 1 \u{0B}}]", "[{\"a\": 1\u{0C}  ", "[{\"a\": 1\u{0C} x}]"] {
            let bytes = Array(text.utf8)
            let expected = try #require(bytes.firstIndex { $0 == 0x0C || $0 == 0x0B })
            for size in 1...bytes.count {
                let read = readElements(pieces(bytes, size), at: "", .with(readSize: size))
                #expect(read.error?.location.offset == expected, "\(text.debugDescription) in reads of \(size)")
                #expect(read.error?.description.contains("form feed and vertical tab") == true)
            }
        }
    }

    @Test func aMissingCommaPlacedOnALineFeedIsOnTheLineItEnds() throws {
        // Found by the gzip fuzz target: after an object member's value, the missing comma is
        // placed on the byte before the next token, here the line feed that ends line 1. Read in
        // pieces, that white space was dropped by then, and its place was counted as line 2's start.
        let text = Array("{\"a\": [1]\n6}".utf8)
        let reference = try #require(parseError(text))
        #expect(reference.location == JSONSourceLocation(offset: 9, line: 1, column: 10))
        for size in 1...text.count {
            let read = readElements(pieces(text, size), at: "", .with(readSize: size))
            #expect(read.error == reference, "reads of \(size)")
        }
    }

    @Test func whiteSpaceAfterAnElementIsNotKept() throws {
        // 4 MB of white space after an element and after the last, read 4 KiB at a time, with a
        // record limit of 64 KiB: the white space is dropped as it is read, and the places still
        // count every line of it.
        let gap = String(repeating: " \n\t\r\n", count: 1 << 20)
        let text = Array(("[1" + gap + ",2, \"x\"" + gap + "]").utf8)
        var reader = try JSONElementReader(chunks: pieces(text, 4096), options: .with(maxRecordBytes: 64 << 10, readSize: 4096))
        var records: [JSONRecord] = []
        var largestBuffer = 0
        while let record = try reader.nextRecord() {
            records.append(record)
            largestBuffer = max(largestBuffer, reader.engine.framer.buffer.capacity)
        }
        #expect(records.map { String(decoding: $0.value.rawJSON, as: UTF8.self) } == ["1", "2", #""x""#])
        #expect(records[1].offset == 3 + gap.utf8.count && records[1].line == 1 + (2 << 20))
        #expect(records[1].start.column == 2)
        #expect(records[2].offset == records[1].offset + 3)
        #expect(largestBuffer <= 64 << 10, "held \(largestBuffer) bytes")
    }

    @Test func anElementOfManyReadsIsReadInTimeLinearInItsSize() throws {
        // 4 MB in one element, on lines of their own, read 4 KiB at a time: locations are worked
        // out once per byte, not again over the partial element at every read (which would
        // scan gigabytes here). Then a small element, and an error, whose places count every line.
        let line = "\"" + String(repeating: "x", count: 62) + "\",\n"
        let big = "[\n" + String(repeating: line, count: 65_536) + "0]"
        let text = Array(("[" + big + ",\n  [1],\n  }").utf8)
        let outcome = readElements(chunks(of: text, first: 0, period: 4096), at: "", .with(readSize: 4096))
        #expect(outcome.records.count == 2)
        #expect(outcome.records.first?.value.count == 65_537)
        #expect(outcome.records.last.map { [$0.start.line, $0.start.column] } == [65_539, 3])
        #expect(outcome.error.map { [$0.location.line, $0.location.column, $0.location.offset] } == [65_540, 3, text.count - 1])
    }

    @Test func fromAFileAndAFileDescriptor() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("yajlmodel-stream-\(UUID().uuidString).json")
        try Data(Self.feed).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var reader = try JSONElementReader(contentsOf: url, at: "/items", options: .with(readSize: 7))
        #expect(readAll(&reader).texts == Self.wholeItems)

        let descriptor = open(url.path, O_RDONLY)
        defer { close(descriptor) }
        var fromDescriptor = try JSONElementReader(fileDescriptor: descriptor, at: "/items")
        #expect(readAll(&fromDescriptor).texts == Self.wholeItems)

        #expect(throws: (any Error).self) { try JSONElementReader(contentsOf: url.appendingPathExtension("missing")) }
    }
}

extension StreamElementReaderTests {
    /// Read as concatenated values, every JSONTestSuite case gives the same values and
    /// the same error however it is split: where a syntax error is reported does not
    /// depend on the chunks.
    @Test(.enabled(if: SharedData.isAvailable, SharedData.unavailableReason))
    func conformanceCasesReadAsValuesAgreeAtEverySplit() throws {
        for name in SharedData.conformanceFiles {
            let bytes = try SharedData.conformanceBytes(name)
            guard bytes.count <= 4096 else { continue }
            let whole = readElements(bytes, at: .values)
            for split in 0...bytes.count {
                let streamed = readElements([bytes[..<split], bytes[split...]], at: .values)
                #expect(streamed.texts == whole.texts && streamed.error == whole.error,
                        "\(name) split at \(split): \(String(describing: streamed.error)) vs \(String(describing: whole.error))")
            }
        }
    }
}

extension StreamElementReaderTests {
    static let corpusTargets: [(file: String, pointer: String)] = [
        ("twitter.json", "/statuses"), ("twitterescaped.json", "/statuses"), ("citm_catalog.json", "/performances"),
        ("canada.json", "/features/0/geometry/coordinates/0"), ("github_events.json", ""), ("random.json", "/result"),
        ("mesh.json", "/positions"), ("instruments.json", "/patterns"), ("numbers.json", ""),
    ]

    /// The elements of a large array in a corpus file, read in chunks of several sizes,
    /// are the array's elements in the whole parse, each as its own whole parse.
    @Test(.enabled(if: SharedData.isAvailable, SharedData.unavailableReason), arguments: corpusTargets)
    func elementsOfCorpusArrays(_ file: String, _ pointer: String) throws {
        let corpus = try SharedData.corpusDocument(file)
        let elements = try #require(corpus.document.root[pointer: pointer]?.array)
        let expected = elements.map { String(decoding: $0.rawJSON, as: UTF8.self) }
        for period in [997, 65_536] {
            let outcome = readElements(chunks(of: corpus.bytes, first: period / 3, period: period), at: .pointer(pointer))
            #expect(outcome.error == nil)
            #expect(outcome.texts == expected, "\(file) \(pointer) in \(period)-byte chunks")
            #expect(outcome.records.map(\.offset) == elements.map(\.byteRange.lowerBound))
            #expect(eachRecordIsItsOwnWholeParse(outcome))
        }
    }
}

extension StreamElementReaderTests {
    /// A reader works out the line and column where it drops bytes back from the end of
    /// what it holds: on one long line of multi-byte characters, on lines of one
    /// element each, and where a record's lines follow a long line, every read size
    /// gives the records' lines and the error's place as the whole parse does.
    @Test func linesAndColumnsAfterDropsOnLongAndShortLines() throws {
        let long = (0..<300).map { #"{"é": "\#($0) ü😀"}"# }.joined(separator: ",")
        let multi = (0..<40).map { "{\n  \"n\": \($0)\n}" }.joined(separator: ",")
        let texts = [
            "[\(long), {\"bad\": tru}]",
            "[\(long),\n\(multi), {\"bad\": tru}]",
            "[\(long), \(multi),\n\(long), [1, 2, tru]]",
            "[\(multi), \(long), {\"é\": tru}]",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            let whole = try #require(parseError(bytes))
            for readSize in [7, 64, 1000] {
                let outcome = readElements(chunks(of: bytes, first: 0, period: readSize), at: "", .with(readSize: readSize))
                #expect(outcome.error == whole, "read size \(readSize): \(String(describing: outcome.error)) vs \(whole)")
                #expect(outcome.records.allSatisfy { $0.line == bytes[..<$0.offset].count(where: { $0 == UInt8(ascii: "\n") }) + 1 })
            }
        }
    }
}
