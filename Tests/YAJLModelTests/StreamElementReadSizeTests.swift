import Testing
@testable import YAJLModel

/// An element stream gives the same records and the same error (kind, wording, offset, line
/// and column) at every read size as read whole: where the reads end changes nothing a user sees.
@Suite struct StreamElementReadSizeTests {
    /// Valid and invalid element streams around the places where a read may end: after a
    /// number (complete only at the next byte), a literal, a container, a separator, and in
    /// white space, including a form feed or vertical tab (not JSON white space) before and
    /// after an error that the next token shows.
    static let handWritten: [String] = [
        "[123e-12false00000", "[1 2]", "[true false]", "[1 ,]", "[1,]", "[{} 2]", "[[1],]", "[[1] [2]]",
        "[1, {\"a\": [2]} \"x\"]", "[\"a\"\"b\"]", "[-]", "[1.]", "[1e+]", "[01]", "[nul]", "[1, 2",
        "[{\"a\": 1 \"b\": 2}]", "[{\"a\": 1\u{0C}\"b\": 2}]", "[{\"a\": 1 \n\u{0B}\n \"b\": 2}]",
        "{\n\"id\": 1\u{0C}\n\"name\": 2}", "[{\"a\": 1\u{0C},\"b\": 2}]", "[{\"a\": 1\u{0C}}]", "[{\"a\": 1\u{0C} x}]",
        "[{\"a\": 1\u{0C}", "[{\"a\": 1\u{0C}  ", "[{\"a\" \u{0C}: 1}]", "[{\"a\": \u{0C}1}]", "[1\u{0C}2]", "[1,\u{0C}]",
        "[\u{0C}1]", "[1]\u{0C}", "[1] x", "[1]]", "[{\"a\": [1, 2 3]}]", "[\"\\u12\"]", "[\"a\u{01}\"]",
        "  [ 1 ,\n 2 ,\r\n\t{\"k\" : [ true , null ] } ] ", "{\"a\": [1]\n6}", "[{\"a\": 1\n\n  2}]", "{\"a\": 1 \n x}",
    ]

    static func elementStreams() throws -> [(name: String, bytes: [UInt8])] {
        var streams = handWritten.map { (name: $0.debugDescription, bytes: Array($0.utf8)) }
        guard SharedData.isAvailable else { return streams }
        for name in SharedData.conformanceFiles {
            let bytes = try SharedData.conformanceBytes(name)
            guard bytes.count <= 256 else { continue }
            streams.append((name, bytes))  // an array's elements, or an error that it is none
            streams.append(("[\(name)]", Array("[".utf8) + bytes + Array("]".utf8)))  // one element
        }
        return streams
    }

    @Test func everyReadSizeGivesTheWholeReadsRecordsAndError() throws {
        for stream in try Self.elementStreams() {
            let whole = readElements(stream.bytes)
            for size in 1...stream.bytes.count + 1 {
                let read = readElements(pieces(stream.bytes, size), at: "", .with(readSize: size))
                #expect(read.texts == whole.texts && read.records.map(\.offset) == whole.records.map(\.offset),
                        "\(stream.name) in reads of \(size): \(read.texts) vs \(whole.texts)")
                #expect(read.error == whole.error,
                        "\(stream.name) in reads of \(size): \(String(describing: read.error)) vs \(String(describing: whole.error))")
            }
        }
    }
}
