#if Hummingbird
import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import YAJLModel

/// Runs the example service (Examples/FeedIngest) as a process on 127.0.0.1, posts a
/// 100 MB body to it with an HTTP client, and checks the answers, the errors, and the
/// server's peak resident memory.
@Suite(.serialized) struct FeedIngestTests {
    /// The generated feed: readings `{"id": i, "value": i/4, "tags": […]}`, 100 MB of them.
    struct Feed {
        static let bodyBytes = 100 << 20
        static let chunkBytes = 64 << 10

        /// The text of reading `index`; element `broken` (if any) misses a comma.
        static func reading(_ index: Int, broken: Int? = nil) -> String {
            let comma = index == broken ? "" : ","
            return #"{"id": \#(index)\#(comma) "value": \#(Double(index) / 4), "tags": ["sensor", "unit-\#(index % 97)", "ok"]}"#
        }

        /// The feed's chunks, made as the client sends them, and what the server should answer.
        static func chunks(lines: Bool, totalBytes: Int = bodyBytes, broken: Int? = nil) -> (chunks: [ByteBuffer], count: Int, idSum: Int, valueSum: Double) {
            var chunks: [ByteBuffer] = []
            var pending = lines ? "" : #"{"source": "test", "readings": ["#
            var sent = 0, count = 0, idSum = 0, valueSum = 0.0
            while sent + pending.utf8.count < totalBytes {
                if !lines && count > 0 { pending += ",\n" }
                pending += reading(count, broken: broken) + (lines ? "\n" : "")
                idSum += count
                valueSum += Double(count) / 4
                count += 1
                if pending.utf8.count >= chunkBytes {
                    chunks.append(ByteBuffer(string: pending))
                    sent += pending.utf8.count
                    pending = ""
                }
            }
            pending += lines ? "" : "]}"
            chunks.append(ByteBuffer(string: pending))
            return (chunks, count, idSum, valueSum)
        }
    }

    /// The server process, and the port it listens on.
    final class Server: @unchecked Sendable {
        let process = Process()
        let port: Int

        init() throws {
            // The executable sits beside the test bundle in the build folder.
            let build = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            let candidates = [build, build.deletingLastPathComponent()].map { $0.appendingPathComponent("FeedIngest") }
            guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw ServerError.notBuilt(build.path)
            }
            process.executableURL = executable
            process.arguments = ["0"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // The first line says where it listens; reading ends if the process dies first.
            var text = Data()
            while !text.contains(UInt8(ascii: "\n")) {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                text += data
            }
            let line = String(decoding: text, as: UTF8.self)
            guard let portText = line.split(separator: ":").last?.split(separator: "\n").first, let port = Int(portText) else {
                process.terminate()
                throw ServerError.noPort(line)
            }
            self.port = port
        }

        /// The peak resident memory of the process so far (VmHWM), in bytes.
        var peakResidentBytes: Int? {
            guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
            else { return nil }
            return line.split(separator: " ").compactMap { Int($0) }.first.map { $0 * 1024 }
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }

        enum ServerError: Error {
            case notBuilt(String)
            case noPort(String)
        }
    }

    struct Answer {
        var status: Int
        var body: String
    }

    static func post(_ chunks: [ByteBuffer], to path: String, port: Int, client: HTTPClient) async throws -> Answer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        let length = chunks.reduce(0) { $0 + $1.readableBytes }
        request.body = .stream(BufferSequence(buffers: chunks), length: .known(Int64(length)))
        let response = try await client.execute(request, timeout: .seconds(300))
        let body = try await response.body.collect(upTo: 1 << 20)
        return Answer(status: Int(response.status.code), body: String(buffer: body))
    }

    @Test func aHundredMegabytesInBoundedMemoryAndErrorsThatSayWhere() async throws {
        let server = try Server()
        defer { server.stop() }
        let client = HTTPClient.shared

        let feed = Feed.chunks(lines: false)
        let whole = try await Self.post(feed.chunks, to: "/readings", port: server.port, client: client)
        #expect(whole.status == 200, "\(whole.body)")
        let summary = try JSONDocument(parsing: whole.body).root
        #expect(summary["count"]?.int == feed.count && summary["idSum"]?.int == feed.idSum)
        #expect(summary["valueSum"]?.double == feed.valueSum)
        let peak = try #require(server.peakResidentBytes)
        #expect(peak < 64 << 20, "peak RSS \(peak >> 20) MiB for a \(Feed.bodyBytes >> 20) MiB body")
        print("FeedIngest: peak RSS \(peak >> 10) KiB after a \(Feed.bodyBytes >> 20) MiB body of \(feed.count) readings")

        let models = try await Self.post(Feed.chunks(lines: false, totalBytes: 4 << 20).chunks, to: "/readings/models", port: server.port, client: client)
        #expect(models.status == 200, "\(models.body)")
        let lines = Feed.chunks(lines: true, totalBytes: 8 << 20)
        let linesAnswer = try await Self.post(lines.chunks, to: "/readings/lines", port: server.port, client: client)
        #expect(try JSONDocument(parsing: linesAnswer.body).root["count"]?.int == lines.count, "\(linesAnswer.body)")

        // Cut short in the middle of an element: an end-of-input error at the cut.
        var truncated = Feed.chunks(lines: false, totalBytes: 10 << 20).chunks
        truncated[truncated.count - 1] = truncated[truncated.count - 1].getSlice(at: 0, length: 10) ?? ByteBuffer()
        let cutAt = truncated.reduce(0) { $0 + $1.readableBytes }
        let cut = try await Self.post(truncated, to: "/readings", port: server.port, client: client)
        #expect(cut.status == 400)
        #expect(cut.body.contains("unexpected end of input") && cut.body.contains(#""offset":\#(cutAt)"#), "\(cut.body)")

        // A syntax error in element 1000: a 400 that names its line, column and byte (yajl
        // points just past the first byte of the token it did not expect: `"value"`'s quote).
        let broken = Feed.chunks(lines: false, totalBytes: 1 << 20, broken: 1000)
        let text = broken.chunks.map { String(buffer: $0) }.joined()
        let badOffset = try #require(text.range(of: #"{"id": 1000 "value""#)).lowerBound.utf16Offset(in: text) + 13
        let syntax = try await Self.post(broken.chunks, to: "/readings", port: server.port, client: client)
        #expect(syntax.status == 400)
        #expect(syntax.body.contains("syntax error at line 1001, column 14 (byte \(badOffset))"), "\(syntax.body)")

        // And it goes on serving.
        let after = try await Self.post([ByteBuffer(string: #"{"readings": [\#(Feed.reading(5))]}"#)], to: "/readings", port: server.port, client: client)
        #expect(after.status == 200 && after.body.contains(#""count":1"#), "\(after.body)")
    }

    /// The export's reading `index` as the server writes it, compact.
    static func exported(_ index: Int) -> String {
        let value = JSONNumber(Double(index) / 4)?.text ?? ""
        return #"{"id":\#(index),"value":\#(value),"tags":["sensor","unit-\#(index % 97)","ok"]}"#
    }

    /// Whether the export test writes its full gigabyte (`YAJLMODEL_GIGABYTE_EXPORT=1 bash .ci/services`,
    /// about four minutes in a debug build); otherwise an eighth of it, which is still twice the
    /// memory bound, so a server that held the body would fail the test.
    static let gigabyteExport = ProcessInfo.processInfo.environment["YAJLMODEL_GIGABYTE_EXPORT"] == "1"

    @Test func aGigabyteExportInBoundedMemory() async throws {
        let server = try Server()
        defer { server.stop() }
        // About 60 bytes a reading: a little over 1 GiB, or over 128 MiB.
        let count = Self.gigabyteExport ? 18_000_000 : 2_250_000
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(server.port)/readings/export?count=\(count)")
        request.method = .GET
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(1800))
        #expect(response.status == .ok)
        var total = 0
        var head: [UInt8] = []
        var tail: [UInt8] = []
        for try await buffer in response.body {
            total += buffer.readableBytes
            if head.count < 256 { head += buffer.readableBytesView.prefix(256 - head.count) }
            tail = Array((tail + buffer.readableBytesView).suffix(256))
        }
        #expect(total > (Self.gigabyteExport ? 1 << 30 : 128 << 20), "\(total) bytes")
        #expect(String(decoding: head, as: UTF8.self).hasPrefix(#"{"readings":[\#(Self.exported(0)),\#(Self.exported(1))"#))
        #expect(String(decoding: tail, as: UTF8.self).hasSuffix(",\(Self.exported(count - 1))]}"))
        let peak = try #require(server.peakResidentBytes)
        #expect(peak < 64 << 20, "peak RSS \(peak >> 20) MiB for a \(total >> 20) MiB response")
        print("FeedIngest: peak RSS \(peak >> 10) KiB after a \(total >> 20) MiB export of \(count) readings")
    }
}
#endif
