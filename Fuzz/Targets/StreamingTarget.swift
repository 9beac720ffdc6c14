import Foundation
import YAJLModel

extension FuzzTarget {
    /// Target 3. Feeding the input to a `JSONStreamParser` in chunks, split where the input's own
    /// bytes say, gives what the whole-buffer parse gives: the same verdict, the same error, and
    /// an equal tree with the same byte ranges.
    public static let streaming = FuzzTarget(
        name: "streaming",
        summary: "chunked parse at input-chosen split points equals the whole parse"
    ) { input throws(FuzzFailure) in
        let bytes = Array(input)
        let whole: Result<JSONDocument, JSONError>
        do throws(JSONError) { whole = .success(try JSONDocument(parsing: bytes)) } catch { whole = .failure(error) }

        // Chunk lengths from the input itself, so the fuzzer steers the splits too.
        let parser = JSONStreamParser()
        var chunked: Result<JSONDocument, JSONError>
        do throws(JSONError) {
            var offset = 0
            var step = 0
            while offset < bytes.count {
                let length = 1 + Int(bytes[(step * 7) % bytes.count]) % 13
                let end = min(bytes.count, offset + length)
                try parser.feed(bytes[offset..<end])
                offset = end
                step += 1
            }
            chunked = .success(try parser.finish())
        } catch {
            chunked = .failure(error)
        }

        switch (whole, chunked) {
        case (.success(let a), .success(let b)):
            try require(a.root == b.root, "the chunked parse gives another value")
            try require(a.root.byteRange == b.root.byteRange, "the chunked parse gives other byte ranges")
            try require(a.root.jsonData() == b.root.jsonData(), "the chunked parse writes other bytes")
        case (.failure(let a), .failure(let b)):
            try require(a == b, "the chunked parse fails otherwise: \(b), whole: \(a)")
        case (.success, .failure(let error)):
            throw FuzzFailure("the whole parse succeeds, the chunked one fails: \(error)")
        case (.failure(let error), .success):
            throw FuzzFailure("the chunked parse succeeds, the whole one fails: \(error)")
        }
    }
}
