import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct StreamedTrack {
    var title: String
    var seconds: Int
}

/// `@JSONModel` values encoded in chunks: their kept bytes, as a whole encode writes them.
@Suite struct StreamWritingModelTests {
    /// Tracks read from one document, spaced oddly and with a member no property maps, and one changed.
    static func tracks() throws -> [StreamedTrack] {
        let document = try JSONDocument(parsing: #"""
            [{"title": "Blue / é",   "seconds": 185, "extra": {"x": [1, 2.50]}},
             {"seconds": 7, "title": "b"},
             {"title":"c","seconds":3}]
            """#)
        var tracks = try Array(try #require(document.root.array)).map { try StreamedTrack(json: $0) }
        tracks[1].seconds = 8
        return tracks
    }

    @Test(arguments: [JSONEncoder.OutputFormatting(), .sortedKeys, .prettyPrinted, [.prettyPrinted, .sortedKeys]])
    func modelsMatchTheWholeArray(formatting: JSONEncoder.OutputFormatting) throws {
        let encoder = YAJLEncoder()
        encoder.outputFormatting = formatting
        let tracks = try Self.tracks()
        var bytes: [UInt8] = []
        try encoder.encode(tracks, chunkSize: 5) { bytes += $0 }
        #expect(bytes == [UInt8](try encoder.encode(tracks)))
    }

    @Test func compactModelsWriteTheirKeptBytes() throws {
        let tracks = try Self.tracks()
        var bytes: [UInt8] = []
        try YAJLEncoder().encode(tracks, chunkSize: 3) { bytes += $0 }
        let expected = #"[{"title": "Blue / é",   "seconds": 185, "extra": {"x": [1, 2.50]}},"#
            + tracks[1].jsonString() + #",{"title":"c","seconds":3}]"#
        #expect(String(decoding: bytes, as: UTF8.self) == expected)

        var lines: [UInt8] = []
        try YAJLEncoder().encode(tracks, framing: .jsonLines, chunkSize: 3) { lines += $0 }
        #expect(String(decoding: lines, as: UTF8.self).split(separator: "\n").count == 3)
        #expect(String(decoding: lines, as: UTF8.self).hasPrefix(#"{"title": "Blue / é",   "seconds": 185, "extra": {"x": [1, 2.50]}}"#))
    }
}
