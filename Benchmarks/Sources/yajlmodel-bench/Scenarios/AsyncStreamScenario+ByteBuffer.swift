import NIOCore
import YAJLModel
import YAJLModelNIO

// The same feed as ByteBuffers, as a SwiftNIO server (Hummingbird, Vapor) hands a
// request body over: read through YAJLModelNIO, which reads each buffer in place.
extension AsyncStreamScenario {
    static let elementsFromByteBuffers = "YAJLModel elements(of:), ByteBuffer chunks"
    static let linesFromByteBuffers = "YAJLModel JSON Lines records(of:), ByteBuffer chunks"

    static func byteBufferContenders(array: [[UInt8]], lines: [[UInt8]]) -> [Contender] {
        let arrayBuffers = array.map { ByteBuffer(bytes: $0) }
        let lineBuffers = lines.map { ByteBuffer(bytes: $0) }
        return [
            Contender(elementsFromByteBuffers, .yajlModel) {
                return {
                    try runBlocking {
                        var total = 0
                        for try await item in JSONElementReader.elements(of: ChunkSequence(chunks: arrayBuffers), at: "/items") {
                            total &+= 1 &+ (item["id"]?.int ?? 0)
                        }
                        return total
                    }
                }
            },
            Contender(linesFromByteBuffers, .yajlModel) {
                return {
                    try runBlocking {
                        var total = 0
                        for try await record in JSONLinesReader.records(of: ChunkSequence(chunks: lineBuffers)) {
                            total &+= 1 &+ (record.value["id"]?.int ?? 0)
                        }
                        return total
                    }
                }
            },
        ]
    }
}
