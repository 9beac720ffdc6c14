#if NIO
import NIOCore
import YAJLModel

/// A feed and what reading it gives, shared by the adapter tests.
enum ServiceFeed {
    struct Item: Codable, Equatable, Sendable {
        var id: Int
        var title: String
    }

    static let items = (0..<2500).map { Item(id: $0, title: "item \($0) \u{e9}\u{1F600}") }

    /// `{"title": "feed", "items": [...]}`.
    static let text: [UInt8] = {
        let encoded = items.map { #"{"id": \#($0.id), "title": "\#($0.title)"}"# }.joined(separator: ",\n  ")
        return Array(#"{"title": "feed", "items": [\#n  \#(encoded)\#n]}"#.utf8)
    }()

    /// The same items, one a line.
    static let lines: [UInt8] = Array(items.map { #"{"id": \#($0.id), "title": "\#($0.title)"}"# }.joined(separator: "\n").utf8)

    /// `bytes` cut into ByteBuffers of `size` bytes.
    static func buffers(_ bytes: [UInt8], size: Int) -> [ByteBuffer] {
        stride(from: 0, to: bytes.count, by: size).map { ByteBuffer(bytes: bytes[$0..<min($0 + size, bytes.count)]) }
    }
}

/// ByteBuffers handed out by an asynchronous sequence, as a request body does.
struct BufferSequence: AsyncSequence, Sendable {
    let buffers: [ByteBuffer]

    struct AsyncIterator: AsyncIteratorProtocol {
        let buffers: [ByteBuffer]
        var index = 0

        mutating func next() async -> ByteBuffer? {
            guard index < buffers.count else { return nil }
            defer { index += 1 }
            return buffers[index]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(buffers: buffers) }
}
#endif
