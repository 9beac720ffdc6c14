import Foundation
import Testing
@testable import YAJLModel

@Suite("Encoding in chunks: every corpus file's elements against the whole-document encode",
       .enabled(if: SharedData.isAvailable, SharedData.unavailableReason))
struct StreamWritingCorpusTests {
    /// The file's elements: its root array's, or its root object's member values.
    static func elements(of root: JSONValue) -> [JSONValue] {
        root.array.map(Array.init) ?? root.object.map { $0.map(\.value) } ?? [root]
    }

    /// The root object as an envelope around its first array member, if it has one.
    static func envelope(of root: JSONValue, sortedKeys: Bool) -> Envelope<JSONValue>? {
        guard let members = root.object.map(Array.init),
            let index = members.firstIndex(where: { $0.value.kind == .array }), let array = members[index].value.array
        else { return nil }
        let key = members[index].key
        let others = members.enumerated().filter { $0.offset != index }
        // Sorted, a member goes on the side of the array its key sorts to; unsorted, where it stands.
        func isBefore(_ member: (offset: Int, element: (key: String, value: JSONValue))) -> Bool {
            sortedKeys ? member.element.key.utf8.lexicographicallyPrecedes(key.utf8) : member.offset < index
        }
        return Envelope(
            before: others.filter(isBefore).map { ($0.element.key, $0.element.value) }, key: key, elements: Array(array),
            after: others.filter { !isBefore($0) }.map { ($0.element.key, $0.element.value) })
    }

    @Test(arguments: SharedData.corpusFiles, StreamWritingTests.formattings)
    func elementsMatchTheWholeArray(file: String, formatting: JSONEncoder.OutputFormatting) async throws {
        let root = try SharedData.corpusDocument(file).document.root
        let elements = Self.elements(of: root)
        let encoder = StreamWritingTests.encoder(formatting)
        let whole = [UInt8](try encoder.encode(elements))
        #expect(try streamed(encoder, elements, chunkSize: 4096) == whole)
        if formatting.isEmpty {
            #expect(try streamed(encoder, elements, chunkSize: 7) == whole)
            #expect(try await streamedAsync(encoder, elements, chunkSize: 4096) == whole)
        }
    }

    @Test(arguments: SharedData.corpusFiles, StreamWritingTests.formattings)
    func envelopesMatchTheWholeObject(file: String, formatting: JSONEncoder.OutputFormatting) throws {
        let root = try SharedData.corpusDocument(file).document.root
        guard let envelope = Self.envelope(of: root, sortedKeys: formatting.contains(.sortedKeys)) else { return }
        let encoder = StreamWritingTests.encoder(formatting)
        #expect(try streamed(encoder, envelope.elements, framing: envelope.framing, chunkSize: 4096) == [UInt8](try encoder.encode(envelope)))
    }

    @Test(arguments: SharedData.corpusFiles)
    func jsonLinesReadBackAsTheElements(file: String) throws {
        let elements = Self.elements(of: try SharedData.corpusDocument(file).document.root)
        let bytes = try streamed(YAJLEncoder(), elements, framing: .jsonLines, chunkSize: 4096)
        var reader = JSONLinesReader(chunks: [bytes])
        var read: [JSONValue] = []
        while let record = try reader.nextRecord() { read.append(record.value) }
        #expect(read == elements)
        #expect(bytes.filter { $0 == UInt8(ascii: "\n") }.count == elements.count)
    }

    @Test(arguments: [StreamWritingTests.Keys.useDefault, .snakeCase], StreamWritingTests.formattings)
    func twitterStatusesMatchTheWholeSearch(keys: StreamWritingTests.Keys, formatting: JSONEncoder.OutputFormatting) throws {
        let search = try YAJLDecoder().decode(TwitterSearch.self, from: SharedData.corpusBytes("twitter.json"))
        let encoder = StreamWritingTests.encoder(formatting, keys: keys)
        #expect(try streamed(encoder, search.statuses, chunkSize: 4096) == [UInt8](try encoder.encode(search.statuses)))
        // TwitterSearch's members in order: `statuses`, then `search_metadata` (before it, sorted).
        let framing: JSONOutputFraming = formatting.contains(.sortedKeys)
            ? .object(before: [("search_metadata", search.search_metadata)], key: "statuses", after: [])
            : .object(before: [], key: "statuses", after: [("search_metadata", search.search_metadata)])
        #expect(try streamed(encoder, search.statuses, framing: framing, chunkSize: 4096) == [UInt8](try encoder.encode(search)))
    }
}
