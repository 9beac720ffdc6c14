import Foundation
import Testing
@testable import YAJLModel
import CYAJLTree

@Suite struct StreamParserTests {
    /// Strings, escapes, surrogate pairs, multi-byte UTF-8, numbers and literals: the
    /// tokens a split can land inside.
    static let tricky = Array(#"""
        {"plain": "text", "escaped": "a\"b\\c\/d\n\u00e9\ud83d\ude00", "utf8": "é東😀",
         "numbers": [0, -1, 12.5e-3, 18446744073709551616, -0.0, 1E+2],
         "literals": [true, false, null], "empty": {}, "nested": [[], [{}], {"k": [1]}],
         "keys\u0041": {"\u00e9": 1, "é": 2}}
        """#.utf8)

    @Test func everySplitOfTrickyTextGivesTheWholeParse() throws {
        let whole = outcome { () throws(JSONError) in try JSONDocument(parsing: Self.tricky) }
        for split in 0...Self.tricky.count {
            let parts = [Self.tricky[..<split], Self.tricky[split...]]
            #expect(agree(outcome { () throws(JSONError) in try streamParse(parts) }, whole), "split at \(split)")
        }
        for period in 1...4 {
            #expect(agree(outcome { () throws(JSONError) in try streamParse(chunks(of: Self.tricky, first: 0, period: period)) }, whole))
        }
    }
}

extension StreamParserTests {
    /// Every byte offset of the small corpus files is a split point: one parse per
    /// phase `first` cuts the file every `period` bytes from there, so the `period`
    /// parses together split at each offset once (and inside long tokens more than
    /// once). The large files are cut at a sample of offsets, and in service-sized chunks.
    @Test(.enabled(if: SharedData.isAvailable, SharedData.unavailableReason), arguments: SharedData.corpusFiles)
    func corpusFilesSplitAnywhereGiveTheWholeParse(_ name: String) throws {
        let corpus = try SharedData.corpusDocument(name)
        let isSmall = corpus.bytes.count < 300_000
        let period = isSmall ? 16 : 1021
        for first in isSmall ? Array(0..<period) : [0, 1, 510] {
            let streamed = try streamParse(chunks(of: corpus.bytes, first: first, period: period))
            #expect(streamed.isIdentical(to: corpus.document), "\(name), first chunk \(first) bytes, then every \(period)")
        }
        #expect(try streamParse(chunks(of: corpus.bytes, first: 65_536, period: 65_536)).isIdentical(to: corpus.document))
    }

    /// Every JSONTestSuite case, split at every offset, is accepted or rejected as the
    /// whole-buffer parse does, with the same document or the same error.
    @Test(.enabled(if: SharedData.isAvailable, SharedData.unavailableReason))
    func everySplitOfEveryConformanceCaseAgrees() throws {
        for name in SharedData.conformanceFiles {
            let bytes = try SharedData.conformanceBytes(name)
            guard bytes.count <= 4096 else { continue }  // the deep-nesting cases are covered by period splits below
            let whole = outcome { () throws(JSONError) in try JSONDocument(parsing: bytes) }
            for split in 0...bytes.count {
                let streamed = outcome { () throws(JSONError) in try streamParse([bytes[..<split], bytes[split...]]) }
                #expect(agree(streamed, whole), "\(name) split at \(split): \(streamed) vs \(whole)")
            }
            for period in [1, 2, 3] {
                let streamed = outcome { () throws(JSONError) in try streamParse(chunks(of: bytes, first: 0, period: period)) }
                #expect(agree(streamed, whole), "\(name) in \(period)-byte chunks: \(streamed) vs \(whole)")
            }
        }
    }
}

extension StreamParserTests {
    /// A document larger than `StreamBuffer.mappingThreshold`: the buffer becomes a
    /// mapping, grows by remapping, and is handed over as the document's input.
    @Test func aLargeDocumentInAMappedBuffer() throws {
        let items = (0..<120_000).map { #"{"id": \#($0), "name": "item \#($0) \u00e9", "tags": ["a", "b"], "n": \#($0 % 97).5}"# }
        let bytes = Array(("{\"items\": [" + items.joined(separator: ",\n") + "]}").utf8)
        #expect(bytes.count > 2 * StreamBuffer.mappingThreshold)
        let whole = try JSONDocument(parsing: bytes)
        // Unsized, sized, and sized wrongly (too small, then too large).
        for expected in [nil, bytes.count, bytes.count / 3, bytes.count * 2] {
            let parser = JSONStreamParser(expectedByteCount: expected)
            for chunk in chunks(of: bytes, first: 1000, period: 65_536) { try parser.feed(chunk) }
            let streamed = try parser.finish()
            #expect(streamed.isIdentical(to: whole), "expected \(String(describing: expected))")
            #expect(streamed.root["items"]?[119_999]?["name"]?.string == "item 119999 é")
            // The parser starts over, with a small buffer again.
            try parser.feed(Array("[1]".utf8))
            #expect(try parser.finish().root[0]?.int == 1)
        }
    }

    /// A huge element makes an element reader's buffer a mapping too, from which
    /// the consumed bytes are dropped as from any other.
    @Test func aHugeElementInAMappedBuffer() throws {
        let huge = "[" + (0..<1_500_000).map { String($0 % 1000) }.joined(separator: ",") + "]"
        let text = Array("[1, \(huge), {\"after\": true}, 3]".utf8)
        #expect(text.count > StreamBuffer.mappingThreshold)
        var reader = try JSONElementReader(chunks: chunks(of: text, first: 0, period: 65_536))
        let outcome = readAll(&reader)
        #expect(outcome.error == nil)
        #expect(outcome.texts == ["1", huge, #"{"after": true}"#, "3"])
        #expect(outcome.records[1].value.count == 1_500_000)
        #expect(reader.engine.framer.buffer.capacity >= StreamBuffer.mappingThreshold)
    }
}

extension StreamParserTests {
    /// A node array that has to grow past 4 MiB becomes a mapping, in the whole-buffer
    /// parse (a document denser than its input's length predicted) as in a stream.
    @Test func aNodeArrayGrownPastFourMiB() throws {
        let count = 1_500_000
        let bytes = Array(("[" + String(repeating: "7,", count: count - 1) + "8]").utf8)
        let whole = try JSONDocument(parsing: bytes)
        #expect(Int(whole.tree.node_count) * MemoryLayout<yjm_node>.size > 4 << 20)
        #expect(whole.tree.nodes_mapped > 0)
        #expect(whole.root.count == count)
        #expect(whole.root[count - 1]?.int == 8 && whole.root[count / 2]?.int == 7)
        let parser = JSONStreamParser()
        for chunk in chunks(of: bytes, first: 0, period: 65_536) { try parser.feed(chunk) }
        let streamed = try parser.finish()
        #expect(streamed.tree.nodes_mapped > 0)
        #expect(streamed.isIdentical(to: whole))
    }
}
