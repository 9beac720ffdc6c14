import Foundation
import Testing
@testable import YAJLModel

/// gzip as another implementation writes it: Python's `gzip` module, at every compression level
/// (0 stores the text), with a file name in the header, and members joined as `cat` joins them.
/// The files are in `Inputs/Gzip`, made by its `make.py`.
@Suite struct GzipPythonTests {
    static let inputs = SharedData.packageRoot.appendingPathComponent("Tests/YAJLModelTests/Inputs/Gzip")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: inputs.appendingPathComponent(name)))
    }

    func lines(_ bytes: [UInt8], chunk: Int) -> GzipOutcome {
        var reader = JSONLinesReader(chunks: pieces(bytes, chunk))
        return readAny(&reader)
    }

    @Test func everyLevelReadsAsItsText() async throws {
        let plain = lines(try Self.bytes("lines.jsonl"), chunk: 1 << 20)
        #expect(plain.texts.count == 200 && plain.error == nil)
        for level in 0...9 {
            let compressed = try Self.bytes("lines-\(level).jsonl.gz")
            for chunk in [1 << 20, 1000, 3] {
                let read = lines(compressed, chunk: chunk)
                #expect(read.error == nil, "level \(level), chunks of \(chunk)")
                #expect(read.texts == plain.texts && read.offsets == plain.offsets, "level \(level), chunks of \(chunk)")
            }
            var fromFile = try JSONLinesReader(contentsOf: Self.inputs.appendingPathComponent("lines-\(level).jsonl.gz"))
            #expect(readAny(&fromFile).texts == plain.texts, "level \(level), from the file")
        }
    }

    @Test func aNamedHeaderIsSkipped() throws {
        let url = Self.inputs.appendingPathComponent("array.json.gz")
        let compressed = try Self.bytes("array.json.gz")
        #expect(compressed[3] & 0x08 != 0, "FNAME is set")
        let plainText = try Self.bytes("array.json")
        #expect(try JSONDocument(contentsOf: url).isIdentical(to: try JSONDocument(parsing: plainText)))

        var plainReader = try JSONElementReader(chunks: [plainText[...]])
        let plain = readAny(&plainReader)
        #expect(plain.texts.count == 200)
        var reader = try JSONElementReader(contentsOf: url)
        let read = readAny(&reader)
        #expect(read.texts == plain.texts && read.offsets == plain.offsets && read.error == nil)
    }

    @Test func membersOfDifferentLevelsJoinedAsCatJoinsThem() throws {
        let plain = lines(try Self.bytes("lines.jsonl"), chunk: 1 << 20)
        let joined = try Self.bytes("lines-0.jsonl.gz") + Self.bytes("lines-9.jsonl.gz") + Self.bytes("lines-1.jsonl.gz")
        let read = lines(joined, chunk: 4096)
        #expect(read.error == nil)
        #expect(read.texts == plain.texts + plain.texts + plain.texts)
    }
}
